package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
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

// maxForwarded bounds the addresses of X-Forwarded-For that are read, from its end: a chain of
// proxies the host trusts is never that long, and a client's own additions are not read at all.
const maxForwarded = 16

// ClientAddress is a Config.ClientIP that tells clients apart by their address: the connection's
// peer, unless the peer is one of the host's reverse proxies (trusted): then the address its
// proxies found, read in X-Forwarded-For from its end, skipping the trusted proxies' own, up to
// the first address none of them has. What a client writes in the header before that is never
// read, so neither a client talking to the server directly nor one behind a proxy that appends
// to the header can choose the address it is counted under. Without trusted proxies the header is
// not read at all.
func ClientAddress(trusted []netip.Prefix) func(*http.Request) string {
	isTrusted := func(a netip.Addr) bool {
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return func(r *http.Request) string {
		peer := remoteIP(r)
		addr, err := netip.ParseAddr(peer)
		if err != nil || len(trusted) == 0 || !isTrusted(addr.Unmap()) {
			return peer
		}
		vals := r.Header.Values("X-Forwarded-For")
		for i, n := len(vals)-1, 0; i >= 0 && n < maxForwarded; i-- {
			rest := vals[i]
			for rest != "" && n < maxForwarded {
				part := rest
				if c := strings.LastIndexByte(rest, ','); c >= 0 {
					part, rest = rest[c+1:], rest[:c]
				} else {
					rest = ""
				}
				n++
				a, err := netip.ParseAddr(strings.TrimSpace(part))
				if err != nil {
					return addr.String() // a proxy wrote no address: the last one known
				}
				if addr = a.Unmap(); !isTrusted(addr) {
					return addr.String()
				}
			}
		}
		return addr.String() // every address is a trusted proxy's: the farthest one counts
	}
}

// ParseProxies reads the host's reverse proxies (--trusted-proxies): addresses or CIDR ranges,
// separated by commas or blanks; an empty list trusts none.
func ParseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an IP address nor a CIDR range (like 10.0.0.0/8, 192.168.1.2 or fd00::/8)", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
