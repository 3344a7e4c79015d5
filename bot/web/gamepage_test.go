package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// A running game's page shows the players, whose turn it is, the history with every finished
// move and the board of the turn being played.
func TestGamePageShowsARunningGame(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "france", dealKey("running"), []string{"ann", "bob"}, 6, nil)
	st.games.put(Game{Table: tb, Version: 1})
	path := st.gamePath(t, "g1")
	code, body, h := st.get(t, path)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	for _, want := range []string{"ann", "bob", `id="slider"`, `max="7"`, "after move 6", "now: move 7 is being played",
		`src="board/7.png?v=1&amp;lang=en"`, "To play:"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("CSP %q", h.Get("Content-Security-Policy"))
	}
	if strings.Contains(body, "<script>") || strings.Contains(body, "style=") {
		t.Errorf("inline script or style on the page")
	}
	if len(body) > 300<<10 {
		t.Errorf("the page is %d bytes", len(body))
	}
	code, png, h := st.get(t, path+"board/7.png?v=1")
	if code != http.StatusOK || h.Get("Content-Type") != "image/png" || !strings.HasPrefix(png, "\x89PNG") {
		t.Fatalf("board: status %d, %s", code, h.Get("Content-Type"))
	}
	if !strings.Contains(h.Get("Cache-Control"), "immutable") {
		t.Errorf("board cache %q", h.Get("Cache-Control"))
	}
}

// A running game's page offers to follow it in Discord: the exact command with the page's own
// address; a finished game's page does not.
func TestGamePageOffersTheFollowCommand(t *testing.T) {
	st := newSite(t, "/web")
	tb := playGame(t, "g1", "france", dealKey("running"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 1})
	path := st.gamePath(t, "g1")
	_, body, _ := st.get(t, path)
	if want := `<code id="followcommand" data-prefix="/player follow game:">/player follow game:` + path + `</code>`; !strings.Contains(body, want) || !strings.Contains(body, "Follow this game") {
		t.Fatalf("the page lacks %q", want)
	}
	over := playGame(t, "g2", "france", dealKey("over"), []string{"ann", "bob"}, 0, nil)
	st.games.put(Game{Table: over, Version: 1})
	if _, body, _ := st.get(t, st.gamePath(t, "g2")); strings.Contains(body, "followcommand") {
		t.Fatalf("a finished game's page offers to follow it")
	}
}

// CheckGameLink reads a game page's link as the page checks it: the whole address, its path, or
// the address in angle brackets open the game; a forged token, a link of another game's page and
// a revoked link do not; the link given out after a revoke tells its generation.
func TestAGamePageLinkIsCheckedAsThePageChecksIt(t *testing.T) {
	st := newSite(t, "/web")
	path := st.gamePath(t, "g1")
	for _, link := range []string{"https://carc.example.org" + path, path, "<https://carc.example.org" + path + "?move=3>", " " + path + "board/2.png "} {
		if id, gen, err := st.CheckGameLink(link); err != nil || id != "g1" || gen != 0 {
			t.Errorf("%q: game %q, %v", link, id, err)
		}
	}
	other := st.gamePath(t, "g2")
	forged := strings.Replace(path, "g1", "g2", 1)
	swapped := path[:strings.LastIndex(path[:len(path)-1], "/")+1] + other[strings.LastIndex(other[:len(other)-1], "/")+1:]
	for _, link := range []string{forged, swapped, "https://carc.example.org/web/g/g1/", "g1", "not a link"} {
		if id, _, err := st.CheckGameLink(link); !BadLink(err) {
			t.Errorf("%q opens game %q (%v)", link, id, err)
		}
	}
	st.links.revoke("g1")
	if _, _, err := st.CheckGameLink(path); !BadLink(err) {
		t.Fatalf("a revoked link still opens the game: %v", err)
	}
	if _, gen, err := st.CheckGameLink(st.gamePath(t, "g1")); err != nil || gen != 1 {
		t.Fatalf("the new link: generation %d, %v; want 1", gen, err)
	}
}

// The follow box shows the values to type as they are typed (when:end, to:thread, with the
// option's name as the reader's Discord shows it), with the reader's words for them beside them,
// never a choice's label as if it were a value (#48).
func TestTheFollowBoxShowsTheValuesToTypeBesideTheReadersWords(t *testing.T) {
	st := newSite(t, "/web")
	tb := playGame(t, "g1", "france", dealKey("running"), []string{"ann", "bob"}, 4, nil)
	st.games.put(Game{Table: tb, Version: 1})
	_, body, _ := st.get(t, withLang(st.gamePath(t, "g1"), "de"))
	de := lang.For("de")
	end := de.Option("player follow when") + ":end"
	label := de.T(lang.Default.First(lang.ChoiceIDs([]string{"player", "follow", "when"}, "end")), nil)
	if want := "<code>" + end + "</code> (" + label + ")"; !strings.Contains(body, want) {
		t.Errorf("the German follow box lacks %q", want)
	}
	if strings.Contains(body, "<code>"+de.Option("player follow when")+":"+label+"</code>") {
		t.Errorf("the German follow box shows the label %q as the value to type", label)
	}
}
