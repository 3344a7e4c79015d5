package discord

import (
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// APIClient is an HTTP client that sends every request meant for Discord's REST API to
// base instead, keeping its path and query: a REST proxy that shares one bot's rate limits
// between its processes (nirn-proxy, say), or a stand-in for Discord in tests. The gateway's
// address comes from GET /gateway through it.
func APIClient(base string) (*http.Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("discord API %q: want the address of a proxy or stand-in for https://discord.com, as http://127.0.0.1:8080 (scheme and host, no path)", base)
	}
	return &http.Client{Timeout: 20 * time.Second, Transport: &rewriteHost{target: u}}, nil
}

// rewriteHost sends a request to target's scheme and host.
type rewriteHost struct{ target *url.URL }

func (t *rewriteHost) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = t.target.Scheme, t.target.Host, t.target.Host
	return http.DefaultTransport.RoundTrip(r2)
}
