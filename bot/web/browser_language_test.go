package web

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// browserLanguage makes the tab's browser ask for pages in accept, as a reader's browser set to
// that language does.
func browserLanguage(t *testing.T, ctx context.Context, accept string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatalf("enable the network domain: %v", err)
	}
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": accept}}); err != nil {
		t.Fatalf("set Accept-Language: %v", err)
	}
}

// shownWords is every word the page shows or speaks: its visible text, and the titles, labels and
// alternative texts of its elements.
const shownWords = `[document.body.innerText,
	...[...document.querySelectorAll("[title],[aria-label],[alt]")].map(e => [e.title, e.getAttribute("aria-label"), e.alt].filter(Boolean).join(" "))].join("\n")`

// controls reads what the page's controls say.
const controls = `(() => { const $ = (id) => document.getElementById(id);
	return {
		zoomIn: $("zoomin").getAttribute("aria-label"), zoomInTitle: $("zoomin").title,
		zoomOut: $("zoomout").getAttribute("aria-label"), fit: $("zoomfit").textContent, fitTitle: $("zoomfit").title,
		prev: $("prev").getAttribute("aria-label"), next: $("next").getAttribute("aria-label"), slider: $("slider").getAttribute("aria-label"),
		viewport: $("viewport").getAttribute("aria-label"), level: $("zoomlevel").textContent, alt: $("board").alt,
		pos: $("poslabel").textContent, copy: $("copyfollow") ? $("copyfollow").textContent : "",
		follow: $("follow") ? $("follow").querySelector("h2").textContent : "", time: document.querySelector("time") ? document.querySelector("time").textContent : "",
	}; })()`

type controlWords struct {
	ZoomIn, ZoomInTitle, ZoomOut, Fit, FitTitle, Prev, Next, Slider, Viewport, Level, Alt, Pos, Copy, Follow, Time string
}

// wantControls are the words of the controls in language code at position label.
func wantControls(code, label string) controlWords {
	p := lang.For(code)
	return controlWords{ZoomIn: p.T("web_zoom_in", nil), ZoomInTitle: p.T("web_zoom_in", nil) + " (+)", ZoomOut: p.T("web_zoom_out", nil),
		Fit: p.T("web_whole_board", nil), FitTitle: p.T("web_whole_board_title", nil) + " (0)", Prev: p.T("web_prev", nil),
		Next: p.T("web_next", nil), Slider: p.T("web_slider", nil), Viewport: p.T("web_viewport", nil),
		Alt: p.T("web_board_alt", lang.A{"Position": label}), Pos: label, Copy: p.T("web_copy", nil), Follow: p.T("web_follow", nil)}
}

// readerGame is a running game of three on the map of France with a deadline, for the pages read
// in a language.
func readerGame(t *testing.T, st *site) *table.Table {
	t.Helper()
	tb := playGame(t, "g1", "france", dealKey("reader"), []string{"Anna", "Björn", "陳"}, 12, nil)
	st.games.put(Game{Table: tb, Version: 2, Deadline: time.Date(2026, 11, 28, 18, 30, 0, 0, time.UTC)})
	return tb
}

// A German browser gets the game's page in German: every control's words, the position the slider
// shows, the zoom level and the deadline in German's convention, the follow box, and no English
// catalogue string anywhere the reader sees or hears.
func TestBrowserAGermanReaderSeesAGermanGamePage(t *testing.T) {
	st := newSite(t, "")
	tb := readerGame(t, st)
	ctx := tab(t)
	browserLanguage(t, ctx, "de-DE,de;q=0.9,en;q=0.4")
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, boardLoaded(13))
	waitFor(t, ctx, `document.body.dataset.ready === "true"`)
	de := lang.For("de")
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "de" {
		t.Fatalf("<html lang=%q>, want de", got)
	}
	do(t, ctx, "move the slider", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.getElementById("slider"); s.value = 5; s.dispatchEvent(new Event("input")); })()`))
	waitFor(t, ctx, boardLoaded(5))
	got := eval[controlWords](t, ctx, controls)
	want := wantControls("de", de.T("web_pos_after", lang.A{"Move": 5}))
	if !regexp.MustCompile(`^\d+\x{a0}%$`).MatchString(got.Level) {
		t.Errorf("the zoom level %q is not written as German writes a percentage", got.Level)
	}
	// Intl's German medium date: 28.11.2026, in the reader's time zone.
	if !regexp.MustCompile(`^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$`).MatchString(got.Time) {
		t.Errorf("the deadline %q is not written as German writes a date", got.Time)
	}
	got.Level, got.Time = "", ""
	if got != want {
		t.Errorf("the controls say\n%+v\nwant\n%+v", got, want)
	}
	if got := eval[string](t, ctx, `location.search`); got != "?move=5" {
		t.Errorf("the address after the slider is %q: a language the browser chose is not written into it", got)
	}
	do(t, ctx, "copy the follow command", chromedp.Click("#copyfollow"))
	waitFor(t, ctx, `document.getElementById("copied").textContent !== ""`)
	if got := eval[string](t, ctx, `document.getElementById("copied").textContent`); got != de.T("web_copied", nil) && got != de.T("web_copy_failed", nil) {
		t.Errorf("the copy button says %q", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("followcommand").textContent`); !strings.HasPrefix(got, de.Command("player follow")+" ") ||
		!strings.Contains(got, " "+de.Option("player follow game")+":"+st.http.URL+"/g/g1/") {
		t.Errorf("the follow command %q does not name the option as a German Discord shows it", got)
	}
	english := langtest.For(t, "de", "web_")
	for _, f := range englishIn(english, eval[string](t, ctx, shownWords), mapSentences(t, tb)) {
		t.Errorf("the German page shows English: %s", f)
	}
	shot(t, ctx, "web-de.png")
}

// A German reader checks a finished game's deal: the check's verdict is German, for a key that
// matches and for one that does not.
func TestBrowserTheKeysCheckSpeaksTheReadersLanguage(t *testing.T) {
	st := newSite(t, "")
	st.games.put(Game{Table: playGame(t, "g1", "classic", dealKey("german key"), []string{"Anna", "Björn"}, 0, nil), Version: 4})
	ctx := tab(t)
	browserLanguage(t, ctx, "de")
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, `document.body.dataset.ready === "true" && document.getElementById("check") !== null`)
	de := lang.For("de")
	if got := eval[string](t, ctx, `document.getElementById("check").textContent`); got != de.T("web_check", nil) {
		t.Errorf("the check's button says %q", got)
	}
	do(t, ctx, "check the key", chromedp.Click("#check"))
	if got := eval[string](t, ctx, `document.getElementById("checked").textContent`); got != de.T("web_check_ok", nil) {
		t.Errorf("the check of the right key says %q, want %q", got, de.T("web_check_ok", nil))
	}
	shot(t, ctx, "web-de-finished.png")
	do(t, ctx, "change the key and check again", chromedp.Evaluate[chromedp.Void](`document.getElementById("key").textContent = "00"`),
		chromedp.Click("#check"))
	got := eval[string](t, ctx, `document.getElementById("checked").textContent`)
	hash := regexp.MustCompile(`[0-9a-f]{64}`).FindString(got)
	if hash == "" || got != de.T("web_check_bad", lang.A{"Hash": hash}) {
		t.Errorf("the check of a wrong key says %q", got)
	}
}

// A reader who chooses Traditional Chinese on the page keeps it while stepping through the game:
// the controls are Chinese, the address keeps lang=zh-TW, and no English catalogue string shows.
func TestBrowserTraditionalChineseIsKeptWhileStepping(t *testing.T) {
	st := newSite(t, "")
	tb := readerGame(t, st)
	ctx := tab(t)
	browserLanguage(t, ctx, "en-US,en;q=0.9")
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+st.gamePath(t, "g1")))
	waitFor(t, ctx, `document.body.dataset.ready === "true"`)
	// The switcher's link, followed as the browser resolves it (a click's navigation would pull the
	// page out from under the test's next question).
	link := eval[string](t, ctx, `document.querySelector('nav.languages a[hreflang="zh-TW"]').href`)
	do(t, ctx, "choose Traditional Chinese", chromedp.Navigate(link))
	waitFor(t, ctx, `document.documentElement.lang === "zh-TW" && document.body.dataset.ready === "true"`)
	waitFor(t, ctx, boardLoaded(13))
	do(t, ctx, "step back", chromedp.Click("#prev"))
	waitFor(t, ctx, boardLoaded(12))
	zh := lang.For("zh-TW")
	got := eval[controlWords](t, ctx, controls)
	got.Level, got.Time = "", ""
	if want := wantControls("zh-TW", zh.T("web_pos_after", lang.A{"Move": 12})); got != want {
		t.Errorf("the controls say\n%+v\nwant\n%+v", got, want)
	}
	if got := eval[string](t, ctx, `location.search`); got != "?move=12&lang=zh-TW" {
		t.Errorf("the address after a step is %q: the language chosen on the page is lost", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("board").getAttribute("src")`); !strings.HasSuffix(got, "&lang=zh-TW") {
		t.Errorf("the board %q is not drawn in Chinese", got)
	}
	english := langtest.For(t, "zh-TW", "web_")
	for _, f := range englishIn(english, eval[string](t, ctx, shownWords), mapSentences(t, tb)) {
		t.Errorf("the Chinese page shows English: %s", f)
	}
	do(t, ctx, "back to the last move", chromedp.Click("#next"))
	waitFor(t, ctx, boardLoaded(13))
	shot(t, ctx, "web-zh-TW.png")
}
