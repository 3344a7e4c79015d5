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
// work: the store answers, the chat's connection is up, it is not draining).
type Health struct {
	// Ticked is when the timer loop last ran a round (Store.LastTick), and TickEvery how often it
	// runs: the loop is stuck once it has missed three rounds.
	Ticked    func() time.Time
	TickEvery time.Duration
	// Store asks the store a question of no consequence: nil when it answers.
	Store func() error
	// Connected tells whether the chat's connection is up (the gateway's shards, or the
	// interactions listener), with what it found when it is not.
	Connected func() (bool, string)

	up       atomic.Bool
	draining atomic.Bool
	// The store is asked at most once a second, whoever polls /readyz.
	mu      sync.Mutex
	asked   time.Time
	lastErr error
}

// NewHealth is the health of a process that is starting: not ready until Up.
func NewHealth() *Health { return &Health{} }

// Up says the process has started: its games are loaded and it serves the chat.
func (h *Health) Up() { h.up.Store(true) }

// Drain makes /readyz false for good: the process is stopping (SIGTERM), and a load balancer
// sends it no more work while it finishes what it has.
func (h *Health) Drain() { h.draining.Store(true) }

// Draining tells whether Drain was called.
func (h *Health) Draining() bool { return h.draining.Load() }

// Alive is /healthz's check: nil, or what is wrong.
func (h *Health) Alive() error {
	if h.Ticked == nil || h.TickEvery <= 0 {
		return nil
	}
	limit := 3*h.TickEvery + 10*time.Second
	last := h.Ticked()
	if last.IsZero() {
		// Before the first round: the loop starts once the games are loaded and the chat
		// connected, which a slow start (retrying an unreachable Discord) may delay.
		return nil
	}
	if since := time.Since(last); since > limit {
		return fmt.Errorf("the timer loop last ran %s ago (every %s)", since.Round(time.Second), h.TickEvery)
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
	if h.Connected != nil {
		if ok, why := h.Connected(); !ok {
			return fmt.Errorf("not connected: %s", why)
		}
	}
	if h.Store != nil {
		h.mu.Lock()
		if time.Since(h.asked) >= time.Second {
			h.asked, h.lastErr = time.Now(), h.Store()
		}
		err := h.lastErr
		h.mu.Unlock()
		if err != nil {
			return fmt.Errorf("the store does not answer: %w", err)
		}
	}
	return h.Alive()
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
