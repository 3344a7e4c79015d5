package metrics

import (
	"net/http"
	"strconv"
	"strings"
)

// Transport counts the Discord REST requests made through it by method, route and status, and
// the ones that will be sent again (discordgo retries a 429 after its reset, and a 502).
type Transport struct {
	next http.RoundTripper
	m    *Metrics
}

// Transport wraps next (nil: http.DefaultTransport) for a Discord session's HTTP client.
func (m *Metrics) Transport(next http.RoundTripper) *Transport {
	if next == nil {
		next = http.DefaultTransport
	}
	return &Transport{next: next, m: m}
}

func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	status := "error"
	if err == nil {
		status = strconv.Itoa(resp.StatusCode)
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusBadGateway {
			t.m.retries.WithLabelValues(status).Inc()
		}
	}
	t.m.discord.WithLabelValues(r.Method, Route(r.URL.Path), status).Inc()
	return resp, err
}

// Route is a Discord API path with what varies taken out: every id (a snowflake) becomes {id},
// an interaction's or a webhook's token {token}, an emoji or a reaction {emoji}; what is left
// names the route, a few dozen at most. The API's version prefix goes.
func Route(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	out := make([]string, 0, len(parts))
	for i, p := range parts {
		switch {
		case p == "api" || (strings.HasPrefix(p, "v") && isDigits(p[1:]) && len(out) <= 1):
			continue
		case isDigits(p) && p != "":
			out = append(out, "{id}")
		case i > 0 && (parts[i-1] == "reactions" || parts[i-1] == "emojis"):
			out = append(out, "{emoji}")
		case i > 0 && isDigits(parts[i-1]) && (hasPrev(parts, i, "webhooks") || hasPrev(parts, i, "interactions")):
			out = append(out, "{token}")
		default:
			out = append(out, p)
		}
	}
	return "/" + strings.Join(out, "/")
}

// hasPrev tells whether parts[i-2] is word: the route's element two before, as in
// webhooks/{id}/{token}.
func hasPrev(parts []string, i int, word string) bool { return i >= 2 && parts[i-2] == word }

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
