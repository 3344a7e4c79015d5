package web

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// fakePlays takes the play pages' moves and keeps them; the host's own (bot.Host.PlayFromPage)
// is tested with the whole bot in bot/discord.
type fakePlays struct {
	mu    sync.Mutex
	moves []PageMove
}

func (f *fakePlays) PlayFromPage(m PageMove) PageAnswer {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.moves = append(f.moves, m)
	return PageAnswer{Moved: true, Text: "ok"}
}

// playSite is a site that serves play pages to plays.
func playSite(t *testing.T, plays Plays) *site {
	return newSite(t, "", func(c *Config) { c.Plays = plays })
}

// playPath is the play link of the player to move in tb.
func (st *site) playPath(t *testing.T, tb *table.Table, seat int) string {
	t.Helper()
	p, err := st.PlayPath(Play{Game: tb.ID, Seat: seat, User: tb.Seats[seat].ID, Turn: tb.Game.Turn, Expires: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Before the end, nothing the play page shows its player depends on what is hidden: two games
// that differ only in the stack's order and the face-down chips' values give byte-identical play
// pages, boards, tiles, placements and previews (with their spots and chip actions) for the
// player to move, in every language.
func TestPlayPagesAreTheSameWhateverIsHidden(t *testing.T) {
	for _, mapID := range []string{"france", "greatbritain", "iberia", "taiwan"} {
		t.Run(mapID, func(t *testing.T) {
			t.Parallel() // each map's twins have sites of their own
			a, b := twins(t, mapID, 6)
			sa, sb := playSite(t, &fakePlays{}), playSite(t, &fakePlays{})
			sa.games.put(Game{Table: a, Version: 5})
			sb.games.put(Game{Table: b, Version: 5})
			pa, pb := sa.playPath(t, a, a.Game.Current), sb.playPath(t, b, b.Game.Current)
			if pa != pb {
				t.Fatalf("the twins' play links differ: %s and %s", pa, pb)
			}
			squares := commands.PageSquares(lang.For(lang.English), a)
			for _, code := range lang.Codes() {
				same := func(what string) string {
					t.Helper()
					ca, ba, _ := sa.get(t, pa+what)
					cb, bb, _ := sb.get(t, pb+what)
					if ca != http.StatusOK || cb != http.StatusOK {
						t.Fatalf("%s: status %d and %d: %s", what, ca, cb, ba)
					}
					if ba != bb {
						t.Fatalf("%s differs between the twins", what)
					}
					return ba
				}
				page := same("?lang=" + code)
				same("board.png?v=5&lang=" + code)
				if len(squares) > 0 {
					if !strings.Contains(page, `class="sq"`) {
						t.Fatalf("the play page offers no square: %s", page)
					}
					same("tile.png?v=5")
				}
				for _, sq := range squares {
					for _, rot := range sq.Rotations {
						same(fmt.Sprintf("placement?square=%s&rotation=%s&v=5&lang=%s", sq.Square, rot, code))
						if code == lang.English {
							same(fmt.Sprintf("preview/%s-%s.png?v=5&lang=%s", sq.Square, rot, code))
						}
					}
				}
			}
		})
	}
}

// A play link opens only the game, seat and person it was made for, and a revocation of the
// game's links ends it: an altered link, another seat's, or a link after the seat changed hands
// opens nothing, alike.
func TestPlayLinkIsBoundToItsPlayer(t *testing.T) {
	st := playSite(t, &fakePlays{})
	tb := playGame(t, "g1", "france", dealKey("bound"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 3})
	cur := tb.Game.Current
	good := st.playPath(t, tb, cur)
	if code, body, _ := st.get(t, good); code != http.StatusOK || !strings.Contains(body, `data-mode="place"`) {
		t.Fatalf("the player's own link: status %d\n%s", code, body)
	}
	parts := strings.Split(strings.Trim(good, "/"), "/")
	fields := strings.Split(parts[2], ".")
	other := append([]string(nil), fields...)
	other[1] = fmt.Sprint(1 - cur)
	later := append([]string(nil), fields...)
	later[3] = fmt.Sprint(time.Now().Add(48 * time.Hour).Unix())
	for name, path := range map[string]string{
		"the other seat's":                   "/p/g1/" + strings.Join(other, ".") + "/",
		"a later expiry's":                   "/p/g1/" + strings.Join(later, ".") + "/",
		"another game's":                     "/p/g2/" + parts[2] + "/",
		"a game link's token as a play link": "/p/g1/0." + fields[4] + "/",
	} {
		if code, _, _ := st.get(t, path); code != http.StatusNotFound {
			t.Errorf("%s link: status %d, want 404", name, code)
		}
	}
	seated := tb.Clone()
	seated.Seats[cur].ID = "someone-else"
	st.games.put(Game{Table: seated, Version: 3})
	if code, _, _ := st.get(t, good); code != http.StatusNotFound {
		t.Errorf("the link after its seat changed hands: status %d, want 404", code)
	}
	st.games.put(Game{Table: tb, Version: 3})
	st.links.revoke("g1")
	if code, _, _ := st.get(t, good); code != http.StatusNotFound {
		t.Errorf("the link after a revocation: status %d, want 404", code)
	}
}

// A move needs the page's token for the position it showed, a key, and the player's rate; each
// refusal is a page in the page's language (all seven), and nothing reaches the host.
func TestPlayMoveRefusalsInEveryLanguage(t *testing.T) {
	plays := &fakePlays{}
	// Room for the refusals and a move, and no more.
	const burst = 7*5 + 1 + 4
	st := newSite(t, "", func(c *Config) { c.Plays, c.PlayRate, c.PlayBurst = plays, 0.0001, burst })
	tb := playGame(t, "g1", "france", dealKey("refusals"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 3})
	path := st.playPath(t, tb, tb.Game.Current)
	post := func(query string, form url.Values) (int, string, http.Header) {
		t.Helper()
		res, err := http.PostForm(st.http.URL+path+"move"+query, form)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, string(body), res.Header
	}
	token := st.cfg.Signer.pageToken(strings.Split(strings.Trim(path, "/"), "/")[2], 3)
	for _, code := range lang.Codes() {
		pr := lang.For(code)
		for _, c := range []struct {
			name   string
			form   url.Values
			status int
			id     string
		}{
			{"no token", url.Values{"v": {"3"}, "k": {"0123456789abcdef"}, "square": {"A1"}}, http.StatusForbidden, "web_err_play_token"},
			{"another position's token", url.Values{"t": {token}, "v": {"2"}, "k": {"0123456789abcdef"}, "square": {"A1"}}, http.StatusForbidden, "web_err_play_token"},
			{"no key", url.Values{"t": {token}, "v": {"3"}, "square": {"A1"}}, http.StatusBadRequest, "web_err_play_key"},
			{"nothing to play", url.Values{"t": {token}, "v": {"3"}, "k": {"0123456789abcdef"}}, http.StatusBadRequest, "web_err_play_empty"},
			{"a button of another game", url.Values{"t": {token}, "v": {"3"}, "k": {"0123456789abcdef"}, "click": {"carc:g2:5:draw"}}, http.StatusBadRequest, "web_err_play_click"},
		} {
			status, body, h := post("?lang="+code, c.form)
			if status != c.status || h.Get("Content-Language") != code || !strings.Contains(html.UnescapeString(body), pr.T(c.id, nil)) {
				t.Errorf("%s, %s: status %d (want %d), language %q:\n%s", code, c.name, status, c.status, h.Get("Content-Language"), body)
			}
		}
	}
	if len(plays.moves) != 0 {
		t.Errorf("refused moves reached the host: %+v", plays.moves)
	}
	status, _, _ := post("", url.Values{"t": {token}, "v": {"3"}, "k": {"0123456789abcdef"}, "square": {"A1"}, "rotation": {"90"}, "meeple": {"city:N"}})
	if status != http.StatusOK || len(plays.moves) != 1 {
		t.Fatalf("a well-formed move: status %d, moves %+v", status, plays.moves)
	}
	got := plays.moves[0]
	if got.Seat != tb.Game.Current || got.User != tb.Seats[tb.Game.Current].ID || got.Version != 3 || len(got.Inputs) != 1 ||
		got.Inputs[0].String() != "/place meeple:city:N rotation:90 square:A1" {
		t.Errorf("the move the host was given: %+v", got)
	}
	for range 5 {
		status, _, _ = post("", url.Values{"t": {token}, "v": {"3"}, "k": {"0123456789abcdef"}, "square": {"A1"}})
	}
	if status != http.StatusTooManyRequests {
		t.Errorf("a flood of moves from one player: status %d, want 429", status)
	}
}

// A play link lives until its turn ends or its time runs out: after either its page only watches
// (saying why), and a move sent with it after its time is refused as expired.
func TestPlayLinkEndsWithItsTurnOrItsTime(t *testing.T) {
	plays := &fakePlays{}
	st := playSite(t, plays)
	tb := playGame(t, "g1", "france", dealKey("expiry"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 3})
	cur := tb.Game.Current
	old, err := st.PlayPath(Play{Game: "g1", Seat: cur, User: tb.Seats[cur].ID, Turn: tb.Game.Turn, Expires: time.Now().Add(-time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	code, body, _ := st.get(t, old)
	if code != http.StatusOK || !strings.Contains(body, `data-mode="over"`) || !strings.Contains(body, "This link has expired") || strings.Contains(body, `class="sq"`) {
		t.Fatalf("an expired link: status %d\n%s", code, body)
	}
	token := st.cfg.Signer.pageToken(strings.Split(strings.Trim(old, "/"), "/")[2], 3)
	res, err := http.PostForm(st.http.URL+old+"move", url.Values{"t": {token}, "v": {"3"}, "k": {"0123456789abcdef"}, "square": {"A1"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusGone || len(plays.moves) != 0 {
		t.Errorf("a move with an expired link: status %d, %d moves", res.StatusCode, len(plays.moves))
	}
	other, err := st.PlayPath(Play{Game: "g1", Seat: cur, User: tb.Seats[cur].ID, Turn: tb.Game.Turn - 1, Expires: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if code, body, _ := st.get(t, other); code != http.StatusOK || !strings.Contains(body, "This link plays no more") || strings.Contains(body, `class="sq"`) {
		t.Errorf("the link of an earlier turn: status %d\n%s", code, body)
	}
}

// The play page's script asks the game's version now and then, to tell a page whose game moved
// on meanwhile: the version follows the game's.
func TestPlayPageVersionFollowsTheGame(t *testing.T) {
	st := playSite(t, &fakePlays{})
	tb := playGame(t, "g1", "france", dealKey("version"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 3})
	path := st.playPath(t, tb, tb.Game.Current)
	if code, body, h := st.get(t, path+"version"); code != http.StatusOK || body != "3" || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("version: status %d, %q, %q", code, body, h.Get("Cache-Control"))
	}
	st.games.put(Game{Table: tb, Version: 4})
	if _, body, _ := st.get(t, path+"version"); body != "4" {
		t.Errorf("after a move the version is %q, want 4", body)
	}
	// A square tapped on the page of version 3 is answered as stale, in the page's language.
	sq := commands.PageSquares(lang.For(lang.English), tb)[0]
	code, body, _ := st.get(t, fmt.Sprintf("%splacement?square=%s&rotation=%s&v=3&lang=fr", path, sq.Square, sq.Rotations[0]))
	if code != http.StatusConflict || !strings.Contains(html.UnescapeString(body), lang.For("fr").T("web_err_play_stale", nil)) {
		t.Errorf("a placement asked by a page of an earlier version: status %d\n%s", code, body)
	}
	if code, _, _ := st.get(t, "/p/g1/0.0.0.0.AAAAAAAAAAAAAAAAAAAAAA/version"); code != http.StatusNotFound {
		t.Errorf("a forged link's version: status %d, want 404", code)
	}
}
