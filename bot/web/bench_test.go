package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkCachedGamePage is a reader's view of a game between two moves: the page and its
// board, both cached.
func BenchmarkCachedGamePage(b *testing.B) {
	st := newSite(b, "")
	tb := playGame(b, "g1", "france", dealKey("bench"), []string{"ann", "bob", "cy"}, 30, nil)
	st.games.put(Game{Table: tb, Version: 1})
	page := st.gamePath(b, "g1")
	st.limit = newLimiter(1e9, 1<<30, st.cfg.Now)
	h := st.Handler()
	get := func(path string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != http.StatusOK {
			b.Fatalf("%s: %d", path, w.Code)
		}
	}
	get(page + "board/31.png?v=1")
	b.ResetTimer()
	for b.Loop() {
		get(page)
		get(page + "board/31.png?v=1")
	}
}
