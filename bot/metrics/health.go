package metrics

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Health answers /healthz (the process is alive and its loops tick) and /readyz (it can take
// work: the store answers, the chat's connection is up, it is not draining). Its checks are
// given while the process starts, as what they check is made (Watch), and its listener already
// answers meanwhile.
type Health struct {
	up       atomic.Bool
	draining atomic.Bool

	mu sync.Mutex
	// ticked is when the timer loop last ran a round (Store.LastTick), and tickEvery how often it
	// runs: the loop is stuck once it has missed three rounds.
	ticked    func() time.Time
	tickEvery time.Duration
	// store asks the store a question of no consequence: nil when it answers. It is asked at
	// most once a second, whoever polls /readyz.
	store   func() error
	asked   time.Time
	lastErr error
	// connected tells whether the chat's connection is up (the gateway's shards, or the
	// interactions listener), with what it found when it is not.
	connected func() (bool, string)
}

// WatchLoop has /healthz check that the timer loop, which runs every every, last ran (ticked)
// within three rounds.
func (h *Health) WatchLoop(ticked func() time.Time, every time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ticked, h.tickEvery = ticked, every
}

// WatchStore has /readyz ask the store with ask, which returns nil when the store answers.
func (h *Health) WatchStore(ask func() error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.store, h.asked = ask, time.Time{}
}

// WatchChat has /readyz check the chat's connection with connected.
func (h *Health) WatchChat(connected func() (bool, string)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.connected = connected
}

// NewHealth is the health of a process that is starting: not ready until Up.
func NewHealth() *Health { return &Health{} }

// Up says the process has started: its games are loaded and it serves the chat.
func (h *Health) Up() { h.up.Store(true) }

// Drain makes /readyz false for good: the process is stopping (SIGTERM), and a load balancer
// sends it no more work while it finishes what it has.
func (h *Health) Drain() { h.draining.Store(true) }

// Started tells whether Up was called.
func (h *Health) Started() bool { return h.up.Load() }

// Draining tells whether Drain was called.
func (h *Health) Draining() bool { return h.draining.Load() }

// Alive is /healthz's check: nil, or what is wrong.
func (h *Health) Alive() error {
	h.mu.Lock()
	ticked, every := h.ticked, h.tickEvery
	h.mu.Unlock()
	if ticked == nil || every <= 0 {
		return nil
	}
	limit := 3*every + 10*time.Second
	last := ticked()
	if last.IsZero() {
		// Before the first round: the loop starts once the games are loaded and the chat
		// connected, which a slow start (retrying an unreachable Discord) may delay.
		return nil
	}
	if since := time.Since(last); since > limit {
		return fmt.Errorf("the timer loop last ran %s ago (every %s)", since.Round(time.Second), every)
	}
	return nil
}

// Ready is /readyz's check: nil, or why the process takes no work.
func (h *Health) Ready() error {
	if h.draining.Load() {
		return fmt.Errorf("draining: the process is stopping")
	}
	if !h.up.Load() {
		return fmt.Errorf("starting: the games are being loaded, or the database or Discord reached")
	}
	h.mu.Lock()
	connected := h.connected
	h.mu.Unlock()
	if connected != nil {
		if ok, why := connected(); !ok {
			return fmt.Errorf("not connected: %s", why)
		}
	}
	if err := h.askStore(); err != nil {
		return fmt.Errorf("the store does not answer: %w", err)
	}
	return h.Alive()
}

// askStore asks the store, at most once a second: nil when it answers, or when nothing asks it.
func (h *Health) askStore() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.store != nil && time.Since(h.asked) >= time.Second {
		h.asked, h.lastErr = time.Now(), h.store()
	}
	return h.lastErr
}

// Serve answers a check: 200 and "ok", or 503 and what is wrong.
func serveCheck(check func() error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := check(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, strings.TrimSpace(err.Error()))
			return
		}
		fmt.Fprintln(w, "ok")
	}
}

// Mux serves /metrics, /healthz and /readyz: the monitoring's own listener (--metrics), never the
// public pages' or the interactions'.
func (m *Metrics) Mux(h *Health) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.Handle("GET /healthz", serveCheck(h.Alive))
	mux.Handle("GET /readyz", serveCheck(h.Ready))
	return mux
}
