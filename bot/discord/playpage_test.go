package discord

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/browsertest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// The browser tests of the play page drive headless Chromium (browsertest) against the whole bot:
// the fake Discord, the host and its pages on one HTTP server, as cmd/bot serves them.

var playLinkRE = regexp.MustCompile(`<(http://[^>]+/p/[^>]+/)>`)

// pageSite serves a harness's pages beside its HTTP interactions, at the address its links name.
func pageSite(t *testing.T, h *harness) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	var handler http.Handler = http.NotFoundHandler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hd := handler
		mu.Unlock()
		hd.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	pages, err := h.b.Web(bot.WebPath, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	mu.Lock()
	handler = bot.WithWeb(h.a.HTTPHandler(pub), pages)
	mu.Unlock()
	return srv
}

// turnMessage is the last message of the channel with the button "Play on the page", and the
// button's id.
func turnMessage(t *testing.T, h *harness, ch string) (*fakediscord.Message, string) {
	t.Helper()
	posts := h.posts(ch)
	for i := len(posts) - 1; i >= 0; i-- {
		for _, b := range posts[i].Buttons() {
			if strings.Contains(b.CustomID, ":"+web.PlayLinkVerb) {
				return posts[i], b.CustomID
			}
		}
	}
	last := posts[len(posts)-1]
	t.Fatalf("no message of %s offers %q; the last: %s %+v", ch, "Play on the page", last.Content, last.Buttons())
	return nil, ""
}

// playLink clicks "Play on the page" as u and reads the link of the private answer.
func playLink(t *testing.T, h *harness, u *fakediscord.User, ch string) string {
	t.Helper()
	msg, id := turnMessage(t, h, ch)
	ans := h.click(u, msg, id)
	if !ans.Ephemeral() {
		t.Fatalf("the play link was not answered privately: %s", ans.Content)
	}
	found := playLinkRE.FindStringSubmatch(ans.Content)
	if found == nil {
		t.Fatalf("the answer to %q has no play link: %s", "Play on the page", ans.Content)
	}
	return found[1]
}

// openLink opens a play link in the tab, and waits for its page to be ready. The page of the
// player's previous move reloads itself a moment after its answer (the tab leaves it at once, but
// a busy machine may be slower than the reload): a navigation that reload crosses is made again.
func openLink(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	ready := `document.body && document.body.dataset.ready === "true" && location.href === ` + strconv.Quote(link)
	for try := 0; try < 5; try++ {
		err := chromedp.Do(ctx, chromedp.Navigate(link))
		// The page checks itself every few milliseconds, five seconds at most; a reload crossing
		// the wait ends it early, and it is waited for again.
		for until := time.Now().Add(5 * time.Second); err == nil && time.Now().Before(until); {
			ok, err := chromedp.Run(ctx, chromedp.Poll[bool](ready, chromedp.WithPollingInterval(5*time.Millisecond),
				chromedp.WithPollingTimeout(max(time.Until(until), time.Millisecond))))
			if err == nil && ok {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	t.Fatalf("the play link %s did not open: %s", link, browsertest.Eval[string](t, ctx, pageState))
}

// pageState shows what the play page says, for a test that waited in vain.
const pageState = `JSON.stringify({url: location.href, mode: document.body.dataset.mode, turn: (document.getElementById("turn") || {}).textContent,
	said: (document.getElementById("said") || {}).textContent, chosen: (document.getElementById("chosen") || {}).textContent,
	placement: document.body.dataset.placement, answer: document.body.dataset.answer})`

// pageTurn is what a turn played on the page chose, as the typed game replays it.
type pageTurn struct {
	Mode                            string
	Square, Rotation, Meeple, Click string
	Value                           string
	Chips                           []string
}

// playPageTurn plays the turn the page at link shows with clicks and keys only: on a placement,
// the first legal square (nearest the last move), turned once with R where it may turn, the
// first meeple spot on even turns (key 1), the first chip action on turns divisible by three,
// then Enter; at another step, the first action button on turns divisible by three, else the
// step's main button.
func playPageTurn(t *testing.T, ctx context.Context, link string, turn int) pageTurn {
	t.Helper()
	openLink(t, ctx, link)
	var pt pageTurn
	pt.Mode = browsertest.Eval[string](t, ctx, `document.body.dataset.mode`)
	switch pt.Mode {
	case "place":
		browsertest.Do(t, ctx, "tap the first legal square", chromedp.Click(`#squares .sq`, chromedp.NodeVisible))
		browsertest.WaitFor(t, ctx, `!!document.body.dataset.placement`, pageState)
		if turn%4 == 1 {
			browsertest.Do(t, ctx, "move to the next legal square with an arrow", chromedp.KeyEvent(kb.ArrowRight))
			browsertest.WaitFor(t, ctx, `!!document.body.dataset.placement`, pageState)
		}
		if label := browsertest.Eval[string](t, ctx, `document.getElementById("chosen").textContent`); !strings.HasPrefix(label, "Tile ") {
			t.Fatalf("the placement is read to a screen reader as %q", label)
		}
		if browsertest.Eval[int](t, ctx, `document.querySelector("#squares .sq[aria-pressed=true]").dataset.rotations.split(" ").length`) > 1 {
			before := browsertest.Eval[string](t, ctx, `document.body.dataset.placement`)
			browsertest.Do(t, ctx, "turn the tile with R", chromedp.KeyEvent("r"))
			browsertest.WaitFor(t, ctx, fmt.Sprintf(`!!document.body.dataset.placement && document.body.dataset.placement !== %q`, before), pageState)
		}
		if turn%2 == 0 && browsertest.Eval[int](t, ctx, `document.querySelectorAll("#spotlist input").length`) > 1 {
			browsertest.Do(t, ctx, "pick spot 1", chromedp.KeyEvent("1"))
		}
		if turn%3 == 0 && browsertest.Eval[int](t, ctx, `document.querySelectorAll("#chiplist input").length`) > 0 {
			browsertest.Do(t, ctx, "tick the first chip action", chromedp.Click(`#chiplist input`, chromedp.NodeVisible))
		}
		sel := browsertest.Eval[[]string](t, ctx, `[document.body.dataset.placement, (document.querySelector("#spotlist input:checked") || {value: "none"}).value]`)
		pt.Square, pt.Rotation, _ = strings.Cut(sel[0], " ")
		pt.Meeple = sel[1]
		pt.Chips = browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll("#chiplist input:checked")].map(x => x.value)`)
		browsertest.Do(t, ctx, "confirm with Enter", chromedp.Focus(`#confirm`), chromedp.KeyEvent("\r"))
	case "buttons":
		pick := `document.querySelector("button.act.primary:not([data-value])") || document.querySelector("button.act:not([data-value])")`
		if turn%3 == 0 {
			pick = `document.querySelector("button.act[data-click*=':act:']:not([data-value])") || ` + pick
		}
		pick += ` || document.querySelector("button.act")`
		got := browsertest.Eval[[]string](t, ctx, `(b => [b.dataset.click, b.dataset.value || ""])(`+pick+`)`)
		pt.Click, pt.Value = got[0], got[1]
		sel := fmt.Sprintf(`button.act[data-click=%q]`, pt.Click)
		if pt.Value != "" {
			sel = fmt.Sprintf(`button.act[data-click=%q][data-value=%q]`, pt.Click, pt.Value)
		}
		browsertest.Do(t, ctx, "click "+pt.Click, chromedp.Click(sel, chromedp.NodeVisible))
	default:
		t.Fatalf("the play link of the player to move shows mode %q: %s", pt.Mode, browsertest.Eval[string](t, ctx, `document.getElementById("turn").textContent`))
	}
	browsertest.WaitFor(t, ctx, `document.body.dataset.answer !== undefined`, pageState)
	if got := browsertest.Eval[string](t, ctx, `document.body.dataset.answer`); got != "200" {
		t.Fatalf("turn %d (%+v): the move was answered %s: %s", turn, pt, got, browsertest.Eval[string](t, ctx, `document.getElementById("said").textContent`))
	}
	// The page reloads itself a moment after a move; the tab leaves it at once, so that the
	// reload never crosses the next link's opening.
	browsertest.Do(t, ctx, "leave the page", chromedp.Navigate("about:blank"))
	return pt
}

// typeTurn makes the same turn in the typed game: the /place (and /meeple) the page stands for,
// or the command a button stands for.
func typeTurn(t *testing.T, h *harness, u *fakediscord.User, ch *fakediscord.Channel, pt pageTurn, keepOpen bool) {
	t.Helper()
	if pt.Mode == "place" {
		args := []fakediscord.Arg{fakediscord.StringArg("square", pt.Square), fakediscord.StringArg("rotation", pt.Rotation)}
		if len(pt.Chips) > 0 {
			args = append(args, fakediscord.StringArg("chips", strings.Join(pt.Chips, "; ")))
		}
		if !keepOpen {
			args = append(args, fakediscord.StringArg("meeple", pt.Meeple))
		}
		h.slash(u, ch, "place", args...)
		if keepOpen {
			h.slash(u, ch, "meeple", fakediscord.StringArg("spot", pt.Meeple))
		}
		return
	}
	c, err := commands.ParseComponentID(pt.Click)
	if err != nil {
		t.Fatal(err)
	}
	switch c.Verb {
	case "draw":
		h.slash(u, ch, "turn", fakediscord.SubCommand("draw"))
	case "pass":
		h.slash(u, ch, "turn", fakediscord.SubCommand("pass"))
	case "spot":
		h.slash(u, ch, "meeple", fakediscord.StringArg("spot", c.Arg))
	default:
		// A chip action's button or menu: the same of the typed game's turn message.
		id := commands.ComponentID(h.table(ch.ID), c.Verb)
		if c.Arg != "" {
			id = commands.ComponentID(h.table(ch.ID), c.Verb, c.Arg)
		}
		posts := h.posts(ch.ID)
		if pt.Value == "" {
			h.click(u, posts[len(posts)-1], id)
			return
		}
		in := h.f.SendSelect(u, posts[len(posts)-1], id, pt.Value)
		if _, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() && m.Version > 0 || !m.Ephemeral() }); err != nil {
			t.Fatalf("choose %s in %s: %v", pt.Value, id, err)
		}
	}
}

// recordEvents are the events of a game's stored record, step by step (the typed game's table
// and the page's have different ids, which no event of a move names).
func recordEvents(t *testing.T, h *harness, id string) []string {
	t.Helper()
	rec, err := h.store.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := h.store.Moves(id)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := bot.DecodeRecord(rec.Setup, moves)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range steps {
		data, err := json.Marshal(s.Events)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.ReplaceAll(string(data), id, "GAME"))
	}
	return out
}

// playWholeGameOnThePage plays a two-player game of mapID on the page, each player through their
// own link by clicks and keys, and the same game typed in another bot; the stored records match.
func playWholeGameOnThePage(t *testing.T, mapID string, extra ...fakediscord.Arg) {
	h, typed := newHarness(t), newHarness(t)
	for _, x := range []*harness{h, typed} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		t.Cleanup(cancel)
		x.ctx = ctx
		x.noPictures()
		// Both players' browsers come from one address, faster than people play.
		x.configure = func(c *bot.Config) { c.WebRate, c.WebBurst, c.WebPlayRate, c.WebPlayBurst = 1000, 1000, 1000, 1000 }
		x.start()
	}
	site := pageSite(t, h)
	_ = site
	alice, bob, ch := openGame(h, mapID, 11, extra...)
	talice, tbob, tch := openGame(typed, mapID, 11, extra...)
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	twins := map[string]*fakediscord.User{alice.ID: talice, bob.ID: tbob}
	tabs := map[string]context.Context{alice.ID: browsertest.Tab(t, 10*time.Minute), bob.ID: browsertest.Tab(t, 10*time.Minute)}
	tb := h.table(ch.ID)
	id, tid := tb.ID, typed.table(tch.ID).ID
	keepOpen := commands.PageKeepsTurnOpen(tb)
	for turn := 0; ; turn++ {
		tb := h.table(ch.ID)
		if tb == nil {
			break
		}
		cur, _ := tb.Current()
		u := users[cur.ID]
		pt := playPageTurn(t, tabs[cur.ID], playLink(t, h, u, ch.ID), turn)
		typeTurn(t, typed, twins[cur.ID], tch, pt, keepOpen)
		if turn > 400 {
			t.Fatal("the game does not end")
		}
	}
	if typed.table(tch.ID) != nil {
		t.Fatal("the typed game goes on where the page's ended")
	}
	page, want := recordEvents(t, h, id), recordEvents(t, typed, tid)
	if len(page) != len(want) {
		t.Fatalf("the page's record has %d steps, the typed game's %d", len(page), len(want))
	}
	for i := range page {
		if i > 0 && page[i] != want[i] { // step 0 opens the table, with its own id
			t.Fatalf("step %d differs:\npage:  %s\ntyped: %s", i, page[i], want[i])
		}
	}
}

// A whole game played on the page, by each player through their own link with clicks and keys
// only, is the same game typed as commands: the stored records are the same move for move.
func TestPlayPageWholeGame(t *testing.T) {
	t.Parallel()
	playWholeGameOnThePage(t, "france")
}

// With CARC_SOAK set, every map and the classic table with both expansions' rules.
func TestPlayPageWholeGameEveryMap(t *testing.T) {
	if os.Getenv("CARC_SOAK") == "" {
		t.Skip("every map's whole game on the page runs with CARC_SOAK set (.ci/run sets it)")
	}
	for _, c := range []struct {
		name  string
		extra []fakediscord.Arg
	}{
		{"taiwan", nil}, {"greatbritain", nil}, {"benelux", nil}, {"iberia", nil}, {"france", nil},
		{"classic", []fakediscord.Arg{fakediscord.StringArg("expansions", "all"), fakediscord.StringArg("rules", "ic,tb")}},
	} {
		t.Run(c.name, func(t *testing.T) { playWholeGameOnThePage(t, c.name, c.extra...) })
	}
}
