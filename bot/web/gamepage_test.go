package web

import (
	"net/http"
	"strings"
	"testing"
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
		`src="board/7.png?v=1"`, "To play:"} {
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
