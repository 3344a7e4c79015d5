package web

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// limiter is a token bucket per client: each client may make burst requests at once and rate a
// second after that. Clients idle long enough to have a full bucket are forgotten, so the table
// stays small under a flood of addresses.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	now     func() time.Time
	clients map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: now, clients: map[string]*bucket{}}
}

// allow takes a token from client's bucket; when there is none it says how long until there is.
func (l *limiter) allow(client string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.swept) > time.Minute {
		l.sweep(now)
	}
	b, ok := l.clients[client]
	if !ok {
		b = &bucket{tokens: l.burst, at: now}
		l.clients[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// sweep forgets the clients whose bucket has filled up again.
func (l *limiter) sweep(now time.Time) {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.clients {
		if now.Sub(b.at) > full {
			delete(l.clients, k)
		}
	}
	l.swept = now
}

// remoteIP is the address of the connection's peer: the client, or the host's reverse proxy.
func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// ForwardedFor is a ClientIP for a server behind the host's reverse proxy: the last address of
// X-Forwarded-For, the one the proxy itself appended, else the peer's address.
func ForwardedFor(r *http.Request) string {
	vals := r.Header.Values("X-Forwarded-For")
	if len(vals) == 0 {
		return remoteIP(r)
	}
	last := vals[len(vals)-1]
	for i := len(last) - 1; i >= 0; i-- {
		if last[i] == ',' {
			last = last[i+1:]
			break
		}
	}
	if ip := net.ParseIP(strings.TrimSpace(last)); ip != nil {
		return ip.String()
	}
	return remoteIP(r)
}
