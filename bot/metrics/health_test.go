package metrics

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestHealthAndReadiness: /healthz fails once the timer loop missed three rounds; /readyz fails
// until the process has started, while the store does not answer, while the chat's connection is down, and for good once the
// process drains, whatever else holds.
func TestHealthAndReadiness(t *testing.T) {
	ticked := time.Now()
	storeErr := error(nil)
	connected := true
	h := NewHealth()
	h.WatchLoop(func() time.Time { return ticked }, 30*time.Second)
	h.WatchStore(func() error { return storeErr })
	h.WatchChat(func() (bool, string) { return connected, "0 of 1 gateway shards connected" })
	mux := New(nil).Mux(h)
	get := func(path string) (int, string) {
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		return w.Code, strings.TrimSpace(w.Body.String())
	}
	check := func(what, path string, code int, body string) {
		t.Helper()
		if c, b := get(path); c != code || !strings.Contains(b, body) {
			t.Errorf("%s: %s = %d %q, want %d %q", what, path, c, b, code, body)
		}
	}
	check("a process starting", "/readyz", 503, "starting")
	check("a process starting", "/healthz", 200, "ok")
	h.Up()
	check("a process that ticks", "/healthz", 200, "ok")
	check("a process that ticks", "/readyz", 200, "ok")
	ticked = time.Now().Add(-2 * time.Minute)
	check("a loop that missed three rounds", "/healthz", 503, "timer loop last ran")
	check("a loop that missed three rounds", "/readyz", 503, "timer loop last ran")
	ticked = time.Now()
	connected = false
	check("a shard down", "/readyz", 503, "0 of 1 gateway shards")
	check("a shard down", "/healthz", 200, "ok")
	connected = true
	storeErr = errors.New("cannot reach the database server")
	h.WatchStore(func() error { return storeErr }) // asked again at once
	check("a store that does not answer", "/readyz", 503, "the store does not answer")
	storeErr = nil
	h.WatchStore(func() error { return storeErr })
	check("all well", "/readyz", 200, "ok")
	h.Drain()
	check("draining", "/readyz", 503, "draining")
	check("draining", "/healthz", 200, "ok")
	if c, b := get("/metrics"); c != 200 || !strings.Contains(b, "carcassonne_build_info") {
		t.Errorf("/metrics: %d, without carcassonne_build_info", c)
	}
}
