package web

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// versionedGames is a source that knows its games' versions without reading them, and counts
// how often a whole game is read.
type versionedGames struct {
	*memGames
	reads atomic.Int64
}

func (v *versionedGames) WebGame(id string) (Game, error) {
	v.reads.Add(1)
	return v.memGames.WebGame(id)
}

func (v *versionedGames) WebVersion(id string) (uint64, error) {
	g, err := v.memGames.WebGame(id)
	return g.Version, err
}

// A game page's version is the game's, behind the page's own link, never cached; a source that
// knows versions answers it without the game being read.
func TestGamePageVersionIsTheGamesAndCostsNoRead(t *testing.T) {
	var src *versionedGames
	st := newSite(t, "", func(c *Config) {
		src = &versionedGames{memGames: c.Games.(*memGames)}
		c.Games = src
	})
	tb := playGame(t, "g1", "benelux", dealKey("version"), []string{"ann", "bob"}, 3, nil)
	st.games.put(Game{Table: tb, Version: 7})
	path := st.gamePath(t, "g1")
	if code, body, h := st.get(t, path+"version"); code != http.StatusOK || body != "7" || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("version: status %d, %q, Cache-Control %q", code, body, h.Get("Cache-Control"))
	}
	st.games.put(Game{Table: tb, Version: 8})
	if _, body, _ := st.get(t, path+"version"); body != "8" {
		t.Errorf("after a move the version is %q, want 8", body)
	}
	if n := src.reads.Load(); n != 0 {
		t.Errorf("asking the version read the whole game %d times", n)
	}
	if code, _, _ := st.get(t, path+"version?x=1"); code != http.StatusBadRequest {
		t.Errorf("an unknown query: status %d, want 400", code)
	}
	for _, bad := range []string{"/g/g1/0.0.0.0.AAAAAAAAAAAAAAAAAAAAAA/version", strings.Replace(path, "g1", "g2", 1) + "version"} {
		if code, _, _ := st.get(t, bad); code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", bad, code)
		}
	}
	st.links.revoke("g1")
	if code, _, _ := st.get(t, path+"version"); code != http.StatusNotFound {
		t.Errorf("a revoked link's version: status %d, want 404", code)
	}
}

// followSite is a site whose game pages ask for their game's version every 100 ms at first.
func followSite(t *testing.T) *site {
	return newSite(t, "", func(c *Config) { c.GamePoll = 100 * time.Millisecond })
}

// An open game page follows the game: a move made by the host appears on it without a reload
// (board, caption, scores, history, whose turn), and the page stops asking once the game is over.
func TestBrowserGamePageFollowsEachMove(t *testing.T) {
	st := followSite(t)
	names := []string{"ann", "bob", "cy"}
	key := dealKey("follow")
	at4 := playGame(t, "g1", "france", key, names, 4, nil)
	st.games.put(Game{Table: at4, Version: 1})
	ctx := tab(t)
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, `document.body.dataset.ready === "true"`)
	waitFor(t, ctx, boardLoaded(5))
	// A mark on the page: a reload would lose it.
	do(t, ctx, "mark the page", chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`))

	at6 := playGame(t, "g1", "france", key, names, 6, nil)
	st.games.put(Game{Table: at6, Version: 2})
	waitFor(t, ctx, `document.querySelectorAll("#log li").length === 8`)
	waitFor(t, ctx, boardLoaded(7))
	if !eval[bool](t, ctx, `window.notReloaded === true`) {
		t.Fatal("the page was reloaded")
	}
	if got := eval[string](t, ctx, `document.getElementById("slider").max + "/" + document.getElementById("slider").value`); got != "7/7" {
		t.Errorf("the slider is at %s, want 7/7 (a reader at the last move follows the game)", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("poslabel").textContent`); got != "now (move 7)" && !strings.Contains(got, "7") {
		t.Errorf("the caption says %q, want the position being played, move 7", got)
	}
	want := at6.Game.View(false)
	if got := eval[string](t, ctx, `document.getElementById("turn").textContent`); !strings.Contains(got, want.Players[want.Current].Name) {
		t.Errorf("whose turn: %q, want %s", got, want.Players[want.Current].Name)
	}
	var scores []string
	for _, p := range want.Players {
		scores = append(scores, fmt.Sprint(p.Score))
	}
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#scores td.score")].map((td) => td.textContent).join(",")`); got != strings.Join(scores, ",") {
		t.Errorf("the scores show %s, want %s", got, strings.Join(scores, ","))
	}
	if eval[bool](t, ctx, `!document.getElementById("newmove").hidden`) {
		t.Error("a reader following the game is offered the new move as if they were elsewhere")
	}
	if got := eval[string](t, ctx, `document.getElementById("board").getAttribute("src")`); !strings.Contains(got, "v=2") {
		t.Errorf("the board is drawn from version %q, want 2", got)
	}
	shot(t, ctx, "game-followed.png")

	// A reader exploring the history stays where they are, and is offered the new move.
	do(t, ctx, "go back to move 3", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.getElementById("slider"); s.value = 3; s.dispatchEvent(new Event("input")); })()`))
	waitFor(t, ctx, boardLoaded(3))
	scroll := eval[float64](t, ctx, `document.getElementById("log").scrollTop`)
	at8 := playGame(t, "g1", "france", key, names, 8, nil)
	st.games.put(Game{Table: at8, Version: 3})
	waitFor(t, ctx, `document.querySelectorAll("#log li").length === 10`)
	waitFor(t, ctx, `!document.getElementById("newmove").hidden`)
	if got := eval[string](t, ctx, `document.getElementById("slider").value + " " + document.getElementById("poslabel").textContent + " " + document.querySelector("#log li[aria-current]").dataset.n`); got != "3 after move 3 3" {
		t.Errorf("while exploring, the page shows %q, want position 3 still", got)
	}
	if !strings.Contains(eval[string](t, ctx, `document.getElementById("board").getAttribute("src")`), "board/3.png") {
		t.Error("the board left position 3 while the reader explored it")
	}
	if got := eval[float64](t, ctx, `document.getElementById("log").scrollTop`); got != scroll {
		t.Errorf("the history's scroll moved from %v to %v", scroll, got)
	}
	do(t, ctx, "show the new move", chromedp.Click("#shownew"))
	waitFor(t, ctx, boardLoaded(9))
	if !eval[bool](t, ctx, `document.getElementById("newmove").hidden`) {
		t.Error("the offer of the new move stays after it is shown")
	}

	// The end: the page shows the result and the record, and asks no more.
	end := playGame(t, "g1", "france", key, names, 0, nil)
	st.games.put(Game{Table: end, Version: 4})
	waitFor(t, ctx, `document.body.dataset.over === "true" && document.getElementById("result") !== null && document.getElementById("record") !== null`)
	if !eval[bool](t, ctx, `window.notReloaded === true`) {
		t.Fatal("the page was reloaded at the end")
	}
	if eval[bool](t, ctx, `document.getElementById("followcommand") !== null`) {
		t.Error("a finished game's page still offers to follow it")
	}
}
