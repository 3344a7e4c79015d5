package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// On a 390-pixel phone the league page fits the screen in every language: the standings' table
// (whose German and Dutch column names are long words) is no wider than the phone, nor is the
// page (#48). The Dutch and German pages are photographed (-web.shots).
func TestBrowserTheLeaguePageFitsAPhoneInEveryLanguage(t *testing.T) {
	st := newSite(t, "")
	st.leagues["L1"] = sampleLeague(t)
	path, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	do(t, ctx, "a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	for _, code := range lang.Codes() {
		do(t, ctx, "open the league page in "+code, chromedp.Navigate(st.http.URL+withLang(path, code)))
		type widths struct{ Page, Standings, Ratings float64 }
		w := eval[widths](t, ctx, `(() => { const r = id => { const e = document.getElementById(id); return e ? e.getBoundingClientRect().right : 0; };
			return {Page: document.documentElement.scrollWidth, Standings: r("standings"), Ratings: r("ratings")}; })()`)
		const eps = 1.0
		if w.Page > 390+eps || w.Standings > 390+eps || w.Ratings > 390+eps {
			t.Errorf("%s: on a 390-pixel phone the page is %v pixels wide, the standings end at %v, the ratings at %v", code, w.Page, w.Standings, w.Ratings)
		}
		if code == "de" || code == "nl" {
			shot(t, ctx, fmt.Sprintf("league-phone-%s.png", code))
		}
	}
}
