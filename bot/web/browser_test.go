package web

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/browsertest"
)

// The browser tests drive headless Chromium (Debian's package chromium, which .ci/run installs)
// through the DevTools protocol, as a reader's browser would run the pages.

var shots = flag.String("web.shots", "", "save the browser tests' screenshots in this directory")

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	browsertest.Stop()
	os.Exit(code)
}

// tab opens a new tab of the shared headless Chromium (browsertest), skipped where there is none.
// Generous: the machine may be busy; a test that waits this long has failed anyway.
func tab(t *testing.T) context.Context { return browsertest.Tab(t, 90*time.Second) }

// do runs browser steps, failing the test with what was being done.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Do(t, ctx, what, steps...)
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	return browsertest.Eval[T](t, ctx, expr)
}

// waitFor polls a JavaScript condition until it holds.
func waitFor(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	browsertest.WaitFor(t, ctx, cond)
}

// shot saves a screenshot of the whole page under -web.shots. The window is made as tall as the
// page for it, and then given back its size: Chromium's capture beyond the window measures the
// board's frame (75vh) against a window of no height, and the board would be drawn at 0%.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *shots == "" {
		return
	}
	type size struct{ W, H, Page int64 }
	measure := func() size {
		return eval[size](t, ctx, `({W: window.innerWidth, H: window.innerHeight, Page: document.documentElement.scrollHeight})`)
	}
	was := measure()
	for range 3 { // the page's height may follow the window's (the board's frame is 75vh high)
		now := measure()
		if now.H >= now.Page {
			break
		}
		do(t, ctx, "make the window as tall as the page", chromedp.EmulateViewport(was.W, now.Page))
	}
	waitFor(t, ctx, `(() => { const v = document.getElementById("viewport"); return !v || +v.dataset.scale > 0; })()`)
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	do(t, ctx, "give the window back its size", chromedp.EmulateViewport(was.W, was.H))
	if err := os.WriteFile(filepath.Join(*shots, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// boardLoaded holds once the board picture shown is the one of position n, fully loaded.
func boardLoaded(n int) string {
	return fmt.Sprintf(`(() => { const v = document.getElementById("viewport"), i = document.getElementById("board");
		return i.complete && i.naturalWidth > 0 && (v.dataset.loaded || "").startsWith("board/%d.png"); })()`, n)
}

// The history slider moves the board to move N, and the log and the caption show move N.
func TestBrowserSliderShowsMoveN(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("slider"), []string{"ann", "bob", "cy"}, 12, nil)
	st.games.put(Game{Table: tb, Version: 3})
	ctx := tab(t)
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, boardLoaded(13))
	const n = 5
	do(t, ctx, "move the slider", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); })()`, n)))
	waitFor(t, ctx, boardLoaded(n))
	// Loaded is not shown: the board must have a frame and a scale to be seen in.
	waitFor(t, ctx, `document.getElementById("viewport").clientHeight > 100 && +document.getElementById("viewport").dataset.scale > 0.05`)
	if got := eval[string](t, ctx, `document.getElementById("poslabel").textContent`); got != "after move 5" {
		t.Errorf("caption %q, want after move 5", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("#log li[aria-current]").dataset.n`); got != "5" {
		t.Errorf("the log marks position %s, want 5", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("line").textContent`); !strings.HasPrefix(got, "5. ") {
		t.Errorf("the move's line is %q, want the line of move 5", got)
	}
	if got := eval[string](t, ctx, `location.search`); got != "?move=5" {
		t.Errorf("the address's query is %q, want ?move=5", got)
	}
	shot(t, ctx, "game-move5.png")
	do(t, ctx, "step back", chromedp.Click("#prev"))
	waitFor(t, ctx, boardLoaded(n-1))
	if got := eval[string](t, ctx, `document.getElementById("poslabel").textContent`); got != "after move 4" {
		t.Errorf("after the step back the caption is %q", got)
	}
}

// The zoom buttons change the board's scale, and the whole-board button brings it back.
func TestBrowserZoomChangesTheScale(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "taiwan", dealKey("zoom"), []string{"ann", "bob"}, 10, nil)
	st.games.put(Game{Table: tb, Version: 1})
	ctx := tab(t)
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, boardLoaded(11))
	scale := func() float64 { return eval[float64](t, ctx, `+document.getElementById("viewport").dataset.scale`) }
	fit := scale()
	do(t, ctx, "zoom in", chromedp.Click("#zoomin"), chromedp.Click("#zoomin"))
	if got := scale(); got < fit*1.5 {
		t.Errorf("two zooms in took the scale from %.3f to %.3f, want about %.3f", fit, got, fit*1.5625)
	}
	if got := eval[string](t, ctx, `document.getElementById("board").style.transform`); !strings.Contains(got, "scale(") {
		t.Errorf("the board's transform is %q", got)
	}
	shot(t, ctx, "game-zoomed.png")
	do(t, ctx, "zoom with the keyboard", chromedp.Focus("#viewport"), chromedp.KeyEvent("-"))
	if got := scale(); got >= fit*1.5625-1e-6 {
		t.Errorf("- left the scale at %.3f", got)
	}
	do(t, ctx, "show the whole board", chromedp.Click("#zoomfit"))
	if got := scale(); got < fit-1e-6 || got > fit+1e-6 {
		t.Errorf("whole board: scale %.3f, want %.3f", got, fit)
	}
}

// On a phone the page opens on the whole board: the picture fits in its frame, which fits the
// screen.
func TestBrowserPhoneShowsTheWholeBoard(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "greatbritain", dealKey("phone"), []string{"ann", "bob"}, 8, nil)
	st.games.put(Game{Table: tb, Version: 1})
	ctx := tab(t)
	do(t, ctx, "open the page on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, boardLoaded(9))
	type box struct{ L, T, R, B float64 }
	rect := func(id string) box {
		return eval[box](t, ctx, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
			return {L: r.left, T: r.top, R: r.right, B: r.bottom}; })()`, id))
	}
	vp, img := rect("viewport"), rect("board")
	const eps = 1.0
	if img.L < vp.L-eps || img.T < vp.T-eps || img.R > vp.R+eps || img.B > vp.B+eps {
		t.Errorf("the board %+v does not fit in its frame %+v", img, vp)
	}
	if vp.R > 390+eps || vp.L < -eps {
		t.Errorf("the board's frame %+v is wider than the phone", vp)
	}
	if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > 390+eps {
		t.Errorf("the page is %v pixels wide on a 390-pixel phone", w)
	}
	shot(t, ctx, "game-phone.png")
}

// The league page lists the standings, and the schedule links to each game's page.
func TestBrowserLeaguePageListsStandings(t *testing.T) {
	st := newSite(t, "")
	st.leagues["L1"] = sampleLeague(t)
	ctx := tab(t)
	path, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "open the league page", chromedp.Navigate(st.http.URL+path))
	rows := eval[[]string](t, ctx, `[...document.querySelectorAll("#standings tbody tr")].map(r => r.innerText.replace(/\s+/g, " ").trim())`)
	if len(rows) != 3 || !strings.HasPrefix(rows[0], "1 ") {
		t.Fatalf("standings rows %q", rows)
	}
	links := eval[int](t, ctx, `document.querySelectorAll(".schedule a[href*='/g/']").length`)
	if links == 0 {
		t.Errorf("the schedule links to no game's page")
	}
	shot(t, ctx, "league.png")
}

// A finished game's page offers the record and checks the deal's key against its commitment in
// the browser.
func TestBrowserFinishedGameChecksTheKey(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "classic", dealKey("finished"), []string{"ann", "bob"}, 0, nil)
	st.games.put(Game{Table: tb, Version: 9})
	ctx := tab(t)
	// The chart above the button arrives late, as on a busy server: its place is kept beforehand,
	// or the button would move away under the reader's pointer.
	release := st.hold(t, "/chart.png")
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, `document.body.dataset.ready === "true" && document.getElementById("check") !== null`)
	if h := eval[float64](t, ctx, `document.getElementById("chart").getBoundingClientRect().height`); h < 100 {
		t.Errorf("the chart keeps %v pixels before it arrives; the key's check would move", h)
	}
	before := eval[float64](t, ctx, `document.getElementById("check").getBoundingClientRect().top + window.scrollY`)
	release()
	waitFor(t, ctx, `document.getElementById("chart").complete && document.getElementById("chart").naturalWidth > 0`)
	if after := eval[float64](t, ctx, `document.getElementById("check").getBoundingClientRect().top + window.scrollY`); after != before {
		t.Errorf("the key's check moved from %v to %v when the chart arrived", before, after)
	}
	do(t, ctx, "check the key", chromedp.Click("#check"))
	if got := eval[string](t, ctx, `document.getElementById("checked").className`); got != "ok" {
		t.Errorf("the check says %q: %s", got, eval[string](t, ctx, `document.getElementById("checked").textContent`))
	}
	shot(t, ctx, "game-finished.png")
}
