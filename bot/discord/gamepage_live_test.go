package discord

import (
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/browsertest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// A game's page open in a browser follows the game: a move the host makes (typed in Discord)
// appears on it without a reload, with the new position's board, scores, history and whose turn
// it is; the version it asks for is the game's.
func TestAnOpenGamePageShowsTheHostsMovesWithoutReload(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.configure = func(c *bot.Config) { c.WebRate, c.WebBurst, c.WebGamePoll = 1000, 1000, 100*time.Millisecond }
	h.start()
	srv := pageSite(t, h)
	alice, bob, ch := openGame(h, "france", 5)
	found := regexp.MustCompile(`<(` + regexp.QuoteMeta(srv.URL) + `/web/g/[^>]+)>`).FindStringSubmatch(
		h.slash(alice, ch, "carc", fakediscord.SubCommand("board")).Content)
	if found == nil {
		t.Fatal("/carc board has no link to the page")
	}
	link := found[1]
	version := func() string {
		t.Helper()
		res, err := http.Get(link + "version")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return string(body)
	}
	if got, want := version(), strconv.FormatUint(h.game(ch.ID).Seq, 10); got != want {
		t.Errorf("the page's version is %q, the game's %s", got, want)
	}

	ctx := browsertest.Tab(t, 3*time.Minute)
	browsertest.Do(t, ctx, "open the game's page", chromedp.Navigate(link))
	browsertest.WaitFor(t, ctx, `document.body.dataset.ready === "true"`)
	browsertest.Do(t, ctx, "mark the page", chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`))
	before := browsertest.Eval[int](t, ctx, `document.querySelectorAll("#log li").length`)
	first, second := toMove(h, ch, alice, bob)
	typePlace(t, h, first, ch)
	if now, _ := h.table(ch.ID).Current(); now.ID != second.ID {
		t.Fatalf("after %s's move %s is to play", first.Username, now.Name)
	}
	if got, want := version(), strconv.FormatUint(h.game(ch.ID).Seq, 10); got != want {
		t.Errorf("after the move the page's version is %q, the game's %s", got, want)
	}
	browsertest.WaitFor(t, ctx, `document.querySelectorAll("#log li").length === `+strconv.Itoa(before+1))
	browsertest.WaitFor(t, ctx, `document.getElementById("turn").textContent.includes(`+strconv.Quote(second.Username)+`)`)
	if !browsertest.Eval[bool](t, ctx, `window.notReloaded === true`) {
		t.Fatal("the page was reloaded")
	}
	if got := browsertest.Eval[string](t, ctx, `document.getElementById("slider").value + "/" + document.getElementById("slider").max`); got != strconv.Itoa(before)+"/"+strconv.Itoa(before) {
		t.Errorf("the slider is at %s, want the new last position %d", got, before)
	}
	line := browsertest.Eval[string](t, ctx, `document.querySelector("#log li[data-n='`+strconv.Itoa(before-1)+`']").textContent`)
	if !strings.Contains(line, first.Username) {
		t.Errorf("the history's line of the move played is %q, without %s", line, first.Username)
	}
	browsertest.WaitFor(t, ctx, `document.getElementById("board").getAttribute("src").startsWith("board/`+strconv.Itoa(before)+`.png?v=`+strconv.FormatUint(h.game(ch.ID).Seq, 10)+`")`)
}
