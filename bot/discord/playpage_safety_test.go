package discord

import (
	"context"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/browsertest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
)

// playHarness is a harness serving its pages (play pages included) at their public address,
// with a game of mapID open between alice and bob.
func playHarness(t *testing.T, mapID string) (*harness, *fakediscord.User, *fakediscord.User, *fakediscord.Channel) {
	t.Helper()
	h := newHarness(t)
	h.noPictures()
	h.configure = func(c *bot.Config) { c.WebRate, c.WebBurst, c.WebPlayPoll = 1000, 1000, 300*time.Millisecond }
	h.start()
	pageSite(t, h)
	alice, bob, ch := openGame(h, mapID, 5)
	return h, alice, bob, ch
}

// toMove is the player to move in ch, and the other.
func toMove(h *harness, ch *fakediscord.Channel, alice, bob *fakediscord.User) (*fakediscord.User, *fakediscord.User) {
	h.t.Helper()
	if cur, _ := h.table(ch.ID).Current(); cur.ID == bob.ID {
		return bob, alice
	}
	return alice, bob
}

// typePlace types the first legal placement, without a meeple, as u.
func typePlace(t *testing.T, h *harness, u *fakediscord.User, ch *fakediscord.Channel) {
	t.Helper()
	g := h.table(ch.ID).Game
	p := g.LegalPlacements(g.Drawn)[0]
	if m := h.slash(u, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none")); !contains(m.Content, "Done") {
		t.Fatalf("%s's /place: %s", u.Username, m.Content)
	}
}

// pageForm is what the play page at link posts with a move: its token, version and a key.
func pageForm(t *testing.T, ctx context.Context, link string) url.Values {
	t.Helper()
	browsertest.Do(t, ctx, "open the play link", chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true"`)
	v := browsertest.Eval[[]string](t, ctx, `[document.getElementById("move").dataset.token, document.getElementById("move").dataset.version]`)
	return url.Values{"t": {v[0]}, "v": {v[1]}, "k": {"k-" + strings.Repeat("7", 20)}}
}

// postMove sends a play page's move as its script does, and returns the status.
func postMove(t *testing.T, link string, form url.Values) int {
	t.Helper()
	res, err := http.PostForm(link+"move", form)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

// Only the player to move gets a link, privately; a link of a turn that is over, the player's
// own or another's, only watches: its page offers nothing to play and a move sent with it is
// refused, and nothing moves.
func TestPlayPageOnlyThePlayerToMoveMoves(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	first, second := toMove(h, ch, alice, bob)
	msg, id := turnMessage(t, h, ch.ID)
	if ans := h.click(second, msg, id); !ans.Ephemeral() || playLinkRE.MatchString(ans.Content) || !contains(ans.Content, first.Username) {
		t.Fatalf("the player who is not to move asked for a link: %s", ans.Content)
	}
	link := playLink(t, h, first, ch.ID)
	ctx := browsertest.Tab(t, 3*time.Minute)
	form := pageForm(t, ctx, link)
	typePlace(t, h, first, ch) // the turn is played in Discord instead
	moves := int(h.game(ch.ID).Seq)
	browsertest.Do(t, ctx, "reload the old link", chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true"`)
	if mode := browsertest.Eval[string](t, ctx, `document.body.dataset.mode`); mode != "over" ||
		browsertest.Eval[int](t, ctx, `document.querySelectorAll("#squares .sq, button.act").length`) != 0 {
		t.Errorf("the link of a turn that is over shows mode %q with something to play", mode)
	}
	g := h.table(ch.ID).Game
	p := g.LegalPlacements(g.Drawn)[0]
	form.Set("square", p.Square.String())
	form.Set("rotation", p.Rotation.String())
	if status := postMove(t, link, form); status != http.StatusConflict {
		t.Errorf("a move with the link of %s's turn, now %s's: status %d, want 409", first.Username, second.Username, status)
	}
	if got := int(h.game(ch.ID).Seq); got != moves {
		t.Errorf("the old link moved the game: %d moves, %d before", got, moves)
	}
}

// A page drawn before an undo says so when the player acts on it, and shows the position as it
// is now: the turn it was for is no longer being played.
func TestPlayPageStaleAfterUndo(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	first, second := toMove(h, ch, alice, bob)
	typePlace(t, h, first, ch)
	link := playLink(t, h, second, ch.ID)
	ctx := browsertest.Tab(t, 3*time.Minute)
	browsertest.Do(t, ctx, "open the play link", chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true" && document.body.dataset.mode === "place"`)
	if m := h.slash(first, ch, "turn", fakediscord.SubCommand("undo")); !contains(m.Content, "Done") {
		t.Fatalf("/turn undo: %s", m.Content)
	}
	posts := h.posts(ch.ID)
	req := posts[len(posts)-1]
	yes := ""
	for _, b := range req.Buttons() {
		if strings.HasSuffix(b.CustomID, ":undo:yes") {
			yes = b.CustomID
		}
	}
	h.click(second, req, yes)
	if now, _ := h.table(ch.ID).Current(); now.ID != first.ID {
		t.Fatalf("the undo did not pass: %s is to move", now.Name)
	}
	// Untouched, the page finds out by itself (it asks the game's version now and then).
	browsertest.WaitFor(t, ctx, `document.getElementById("said").textContent.includes("Someone moved meanwhile")`, pageState)
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true" && document.body.dataset.mode === "over"`, pageState)
}

// A confirm sent twice (a double tap, a retry of the same page's move) moves once; both are told
// it was made.
func TestPlayPageDoubleSubmitMovesOnce(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	u, _ := toMove(h, ch, alice, bob)
	link := playLink(t, h, u, ch.ID)
	ctx := browsertest.Tab(t, 3*time.Minute)
	form := pageForm(t, ctx, link)
	g := h.table(ch.ID).Game
	p := g.LegalPlacements(g.Drawn)[0]
	form.Set("square", p.Square.String())
	form.Set("rotation", p.Rotation.String())
	form.Set("meeple", "none")
	moves := int(h.game(ch.ID).Seq)
	posts := len(h.posts(ch.ID))
	var wg sync.WaitGroup
	status := make([]int, 3)
	for i := range status {
		wg.Go(func() { status[i] = postMove(t, link, form) })
	}
	wg.Wait()
	for i, s := range status {
		if s != http.StatusOK {
			t.Errorf("send %d of the same move: status %d, want 200", i+1, s)
		}
	}
	if got := int(h.game(ch.ID).Seq); got != moves+1 {
		t.Errorf("the same move sent three times made %d moves", got-moves)
	}
	h.waitFor(func() bool { return len(h.posts(ch.ID)) >= posts+1 })
	time.Sleep(100 * time.Millisecond)
	if got := len(h.posts(ch.ID)); got != posts+1 {
		t.Errorf("the same move sent three times was announced %d times", got-posts)
	}
	// In the page, a second tap on Confirm while the first is sent sends nothing more.
	nu, _ := toMove(h, ch, alice, bob)
	link = playLink(t, h, nu, ch.ID)
	browsertest.Do(t, ctx, "open the next player's link", chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true"`)
	browsertest.Do(t, ctx, "tap a square", chromedp.Click(`#squares .sq`, chromedp.NodeVisible))
	browsertest.WaitFor(t, ctx, `!!document.body.dataset.placement`, pageState)
	moves = int(h.game(ch.ID).Seq)
	browsertest.Do(t, ctx, "double-tap Confirm", chromedp.Evaluate[chromedp.Void](`(() => { const f = document.getElementById("move"); f.requestSubmit(); f.requestSubmit(); })()`))
	browsertest.WaitFor(t, ctx, `document.body.dataset.answer === "200"`, pageState)
	if got := int(h.game(ch.ID).Seq); got != moves+1 {
		t.Errorf("a double tap on Confirm made %d moves", got-moves)
	}
}

// On a phone (390 pixels wide) a turn is played by touch: the page fits the screen, the legal
// squares are large enough to tap, and tapping a square, turning the tile, picking a meeple spot
// and confirming plays the turn. With CARC_PLAY_SHOTS set to a directory, the steps' screenshots
// are saved there.
func TestPlayPageOnAPhone(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	// A few turns in, so that the tile meets others.
	for range 4 {
		u, _ := toMove(h, ch, alice, bob)
		typePlace(t, h, u, ch)
	}
	u, _ := toMove(h, ch, alice, bob)
	link := playLink(t, h, u, ch.ID)
	ctx := browsertest.Tab(t, 3*time.Minute)
	dir := os.Getenv("CARC_PLAY_SHOTS")
	shot := func(name string) {
		if dir != "" {
			browsertest.Screenshot(t, ctx, filepath.Join(dir, name))
		}
	}
	browsertest.Do(t, ctx, "open the link on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true" && document.getElementById("playboard").complete`)
	if w := browsertest.Eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > 391 {
		t.Errorf("the play page is %v pixels wide on a 390-pixel phone", w)
	}
	if side := browsertest.Eval[float64](t, ctx, `document.querySelector("#squares .sq").getBoundingClientRect().width`); side < 40 {
		t.Errorf("a legal square is %v pixels wide: too small to tap", side)
	}
	browsertest.Do(t, ctx, "tap the first legal square", chromedp.Tap(`#squares .sq`, chromedp.NodeVisible))
	browsertest.WaitFor(t, ctx, `!!document.body.dataset.placement && document.getElementById("preview").complete`, pageState)
	browsertest.Do(t, ctx, "show the board", chromedp.ScrollIntoView(`#playport`))
	shot("1-square-chosen.png")
	if browsertest.Eval[int](t, ctx, `document.querySelector("#squares .sq[aria-pressed=true]").dataset.rotations.split(" ").length`) > 1 {
		before := browsertest.Eval[string](t, ctx, `document.body.dataset.placement`)
		browsertest.Do(t, ctx, "turn the tile", chromedp.Tap(`#rotate`, chromedp.NodeVisible))
		browsertest.WaitFor(t, ctx, `!!document.body.dataset.placement && document.body.dataset.placement !== "`+before+`" && document.getElementById("preview").complete`, pageState)
	}
	browsertest.Do(t, ctx, "show the tile", chromedp.ScrollIntoView(`#tilebox`))
	shot("2-rotated.png")
	if browsertest.Eval[int](t, ctx, `document.querySelectorAll("#spotlist input").length`) > 1 {
		browsertest.Do(t, ctx, "pick spot 1", chromedp.Tap(`#spot0`, chromedp.NodeVisible))
	}
	browsertest.Do(t, ctx, "show the spots", chromedp.ScrollIntoView(`#confirm`))
	shot("3-meeple-spots.png")
	moves := int(h.game(ch.ID).Seq)
	browsertest.Do(t, ctx, "confirm", chromedp.Tap(`#confirm`, chromedp.NodeVisible))
	browsertest.WaitFor(t, ctx, `document.body.dataset.answer === "200"`, pageState)
	shot("4-confirmed.png")
	if got := int(h.game(ch.ID).Seq); got != moves+1 {
		t.Errorf("confirming on the phone made %d moves", got-moves)
	}
}

// The turn DM and /carc status offer "Play on the page" to the player to move; a click on it in
// the DM answers with their own link, privately.
func TestPlayLinkFromTheTurnDMAndStatus(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	first, second := toMove(h, ch, alice, bob)
	if got := chooseNotify(h, second, ch, "dm"); !contains(got, "pings: dm") {
		t.Fatalf("/player settings notify:dm: %s", got)
	}
	typePlace(t, h, first, ch)
	h.b.FireTimers(h.clock.Now())
	got := dms(h, second)
	dm := got[len(got)-1]
	id := ""
	for _, b := range dm.Buttons() {
		if strings.Contains(b.CustomID, ":"+web.PlayLinkVerb) {
			id = b.CustomID
		}
	}
	if id == "" {
		t.Fatalf("the turn DM offers no %q: %s %+v", "Play on the page", dm.Content, dm.Buttons())
	}
	if ans := h.click(second, dm, id); !playLinkRE.MatchString(ans.Content) {
		t.Errorf("the DM's button answered %q", ans.Content)
	}
	status := h.slash(second, ch, "carc", fakediscord.SubCommand("status"))
	if !slices.ContainsFunc(status.Buttons(), func(b fakediscord.Component) bool { return strings.Contains(b.CustomID, ":"+web.PlayLinkVerb) }) {
		t.Errorf("/carc status offers the player to move no %q: %+v", "Play on the page", status.Buttons())
	}
	status = h.slash(first, ch, "carc", fakediscord.SubCommand("status"))
	if slices.ContainsFunc(status.Buttons(), func(b fakediscord.Component) bool { return strings.Contains(b.CustomID, ":"+web.PlayLinkVerb) }) {
		t.Errorf("/carc status offers %q to a player who is not to move", "Play on the page")
	}
}

// A move the rules refuse is refused on the page as in Discord: the same explanation, nothing
// moved, and the page may send another.
func TestPlayPageRefusedMoveExplainsItself(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch := playHarness(t, "france")
	u, _ := toMove(h, ch, alice, bob)
	link := playLink(t, h, u, ch.ID)
	ctx := browsertest.Tab(t, 3*time.Minute)
	form := pageForm(t, ctx, link)
	form.Set("square", "A1")
	form.Set("rotation", "0")
	form.Set("meeple", "none")
	typed := h.slash(u, ch, "place", fakediscord.StringArg("square", "A1"), fakediscord.StringArg("rotation", "0"), fakediscord.StringArg("meeple", "none"))
	seq := h.game(ch.ID).Seq
	res, err := http.PostForm(link+"move", form)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("an illegal square: status %d, want 422", res.StatusCode)
	}
	why, _, _ := strings.Cut(typed.Content, "\n")
	if !strings.Contains(html.UnescapeString(string(body)), why) {
		t.Errorf("the page's refusal does not say what Discord says (%q):\n%s", why, body)
	}
	if got := h.game(ch.ID).Seq; got != seq {
		t.Errorf("a refused move changed the game: seq %d, was %d", got, seq)
	}
}
