package fakediscord

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// RewriteTransport sends every request to Target, whatever its scheme and
// host, keeping the path and query. discordgo sends all REST traffic through
// Session.Client, so a client with this transport points a session at the
// fake without touching discordgo's global Endpoint variables, which keeps
// tests parallel. Because every host is rewritten, nothing can leak to the
// real Discord: a URL the fake does not serve becomes a ProblemUnhandledRoute.
type RewriteTransport struct {
	Target *url.URL
	Base   http.RoundTripper // nil means http.DefaultTransport
}

// RoundTrip implements http.RoundTripper.
func (t *RewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = t.Target.Scheme, t.Target.Host, t.Target.Host
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r2)
}

// HTTPClient returns a client whose requests all go to the fake. Its timeout
// is shorter than discordgo's 20 s default, so a hung request fails the test
// quickly.
func (f *Fake) HTTPClient() *http.Client {
	target, _ := url.Parse(f.srv.URL) // httptest URLs always parse
	return &http.Client{Timeout: 10 * time.Second, Transport: &RewriteTransport{Target: target}}
}

// LoopbackDialer returns a websocket dialer that refuses any host that is
// not a loopback address. The gateway URL comes from the REST answer, so
// with RewriteTransport it is the fake's; the dialer is the tripwire that
// turns a mistake (a session without the rewriting client, a hard-coded
// gateway) into an immediate, named error instead of a connection to Discord.
func LoopbackDialer() *websocket.Dialer {
	d := &net.Dialer{Timeout: 5 * time.Second}
	return &websocket.Dialer{
		HandshakeTimeout: 5 * time.Second,
		NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
				return nil, fmt.Errorf("fakediscord: refusing to dial %s: tests may only reach loopback addresses", addr)
			}
			return d.DialContext(ctx, network, addr)
		},
	}
}

// Session returns a discordgo session for the bot, configured for the fake
// and not yet opened: REST goes through HTTPClient, the gateway through
// LoopbackDialer, the token has its "Bot " prefix, payload compression is
// off (the fake sends text frames), reconnecting is off (the fake does not
// implement RESUME, and a reconnect loop would outlive the test), and the
// intents are GUILDS (for GUILD_CREATE) and DIRECT_MESSAGES. The test or the
// bot may change any of this before Open.
//
// The session is closed in t.Cleanup, before the fake since New registered
// its cleanup first. Closing an opened session takes one second (discordgo
// sleeps), so tests that open sessions should run in parallel.
func (f *Fake) Session(t testing.TB) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + f.Token)
	if err != nil { // discordgo.New never fails in v0.29.0
		t.Fatalf("fakediscord: discordgo.New: %v", err)
	}
	s.Client = f.HTTPClient()
	s.Dialer = LoopbackDialer()
	s.ShouldReconnectOnError = false
	s.Identify.Compress = false
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	t.Cleanup(func() { s.Close() })
	return s
}
