package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The ratings are listed best first, whatever order the store gives them in (#48).
func TestTheLeaguePageSortsTheRatingsByRating(t *testing.T) {
	st := newSite(t, "")
	l := sampleLeague(t)
	l.Ratings = []Rating{{Name: "low", Rating: 1.5, Games: 3}, {Name: "top", Rating: 9.25, Games: 3}, {Name: "mid", Rating: 4, Games: 3}}
	st.leagues["L1"] = l
	path, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := st.get(t, path)
	top, mid, low := strings.Index(body, "<bdi>top</bdi>"), strings.Index(body, "<bdi>mid</bdi>"), strings.Index(body, "<bdi>low</bdi>")
	if top < 0 || !(top < mid && mid < low) {
		t.Errorf("the ratings are not sorted best first: top at %d, mid at %d, low at %d", top, mid, low)
	}
}

// A league game's page links to its league's page, in the reader's language (#48).
func TestALeagueGamesPageLinksItsLeague(t *testing.T) {
	st := newSite(t, "")
	st.leagues["L1"] = sampleLeague(t)
	tb := playGame(t, "g1", "france", dealKey("league"), []string{"ann", "bob"}, 4, nil)
	tb.League = &table.LeagueGame{ID: "L1", Name: "Spring", Season: 2}
	st.games.put(Game{Table: tb, Version: 1})
	league, err := st.LeaguePath("L1")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := st.get(t, withLang(st.gamePath(t, "g1"), "de"))
	if want := `<p id="league"><a href="` + league + `?lang=de">Eine Partie von Spring, Saison 2</a></p>`; !strings.Contains(body, want) {
		t.Errorf("the page lacks %s", want)
	}
	other := playGame(t, "g2", "france", dealKey("friendly"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: other, Version: 1})
	if _, body, _ := st.get(t, st.gamePath(t, "g2")); strings.Contains(body, `id="league"`) {
		t.Errorf("a friendly's page links to a league")
	}
}

// When the slider moves, the language links open the same board in another language; and the
// "to play" tag never breaks across lines (#48).
func TestBrowserTheLanguageLinksFollowTheSlider(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("slider"), []string{"ann", "bob", "cy"}, 12, nil)
	st.games.put(Game{Table: tb, Version: 3})
	ctx := tab(t)
	do(t, ctx, "open the page", chromedp.Navigate(st.http.URL+withLang(st.gamePath(t, "g1"), "de")))
	waitFor(t, ctx, boardLoaded(13))
	do(t, ctx, "move the slider", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.getElementById("slider"); s.value = 5; s.dispatchEvent(new Event("input")); })()`))
	links := eval[[]string](t, ctx, `[...document.querySelectorAll(".languages a[hreflang]")].map(a => a.getAttribute("href"))`)
	if len(links) < 5 {
		t.Fatalf("language links %q", links)
	}
	for _, l := range links {
		if !strings.Contains(l, "move=5") || !strings.Contains(l, "lang=") {
			t.Errorf("the language link %q does not open move 5", l)
		}
	}
	if got := eval[string](t, ctx, `getComputedStyle(document.querySelector(".tag")).whiteSpace`); got != "nowrap" {
		t.Errorf("the to-play tag may break: white-space %s", got)
	}
	fr := eval[string](t, ctx, `document.querySelector('.languages a[hreflang="fr"]').getAttribute("href")`)
	do(t, ctx, "follow the French link", chromedp.Navigate(st.http.URL+fr))
	waitFor(t, ctx, `document.documentElement.lang === "fr"`)
	if got := eval[string](t, ctx, `document.querySelector("#log li[aria-current]").dataset.n`); got != fmt.Sprint(5) {
		t.Errorf("the French page opens on position %s, want 5", got)
	}
}

// A finished game's page offers its JCloisterZone file only where one can be written: a classic
// game dealt the expansions' tiles has none (JCloisterZone cannot replay its deal), so the page
// shows no link that would lead to a refusal; a classic game of the base tiles has one (#48).
func TestTheJCloisterZoneDownloadIsOfferedOnlyWhereItCanBeWritten(t *testing.T) {
	st := newSite(t, "")
	base := playGame(t, "g1", "classic", dealKey("jcz"), []string{"ann", "bob"}, 0, nil)
	more := playGameWith(t, "g2", map[string]string{"map": "classic", "tiles": "90"}, dealKey("jcz"), []string{"ann", "bob"}, 0, nil)
	st.games.put(Game{Table: base, Version: 1})
	st.games.put(Game{Table: more, Version: 1})
	for _, c := range []struct {
		id    string
		offer bool
	}{{"g1", true}, {"g2", false}} {
		_, body, _ := st.get(t, st.gamePath(t, c.id))
		if got := strings.Contains(body, `href="game.jcz"`); got != c.offer {
			t.Errorf("%s: the JCloisterZone link offered %v, want %v", c.id, got, c.offer)
		}
		code, _, _ := st.get(t, st.gamePath(t, c.id)+"game.jcz")
		if (code == 200) != c.offer {
			t.Errorf("%s: the file answers %d", c.id, code)
		}
	}
}
