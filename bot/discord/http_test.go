package discord

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestHTTPAnswersAreNeverEditedBeforeTheyExist: many HTTP interactions in a row, each answered and
// then edited with its text. The edit of @original must not reach Discord before the HTTP response
// that creates it; an edit that does is retried, so every answer arrives.
func TestHTTPAnswersAreNeverEditedBeforeTheyExist(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	handler := h.a.HTTPHandler(pub)
	alice := h.f.AddUser("alice")
	for n := range 30 {
		in := h.f.Slash(alice, h.f.General, "carc", fakediscord.SubCommand("status"))
		if rec := h.f.ServeInteraction(handler, priv, in); rec.Code != http.StatusOK {
			t.Fatalf("interaction %d: HTTP %d", n, rec.Code)
		}
		m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
		if err != nil {
			t.Fatalf("interaction %d: no answer: %v", n, err)
		}
		if !contains(m.Content, "not your turn") {
			t.Fatalf("interaction %d: %q", n, m.Content)
		}
	}
}

// TestLateHTTPAnswersBecomeEdits: when the first answer misses the HTTP response (the handler
// deferred on its own), it is not lost: a deferral is already done, and a message becomes the
// edit of the deferred answer.
func TestLateHTTPAnswersBecomeEdits(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	h.a.httpWait = 0
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	handler := h.a.HTTPHandler(pub)
	alice := h.f.AddUser("alice")
	in := h.f.Slash(alice, h.f.General, "carc", fakediscord.SubCommand("help"))
	h.f.ServeInteraction(handler, priv, in)
	m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil || !contains(m.Content, "Carcassonne Maps with Map-Chips") {
		t.Fatalf("a command deferred by the HTTP handler: %v %v", err, m)
	}
	h.b.Close() // the bot's first answer is now a message, not a deferral
	in = h.f.Slash(alice, h.f.General, "carc", fakediscord.SubCommand("help"))
	h.f.ServeInteraction(handler, priv, in)
	m, err = in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil || !contains(m.Content, "restarting") {
		t.Fatalf("a late message answer: %v %v", err, m)
	}
}

// countingReader is an endless body that counts what was read of it.
type countingReader struct{ n int64 }

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '{'
	}
	c.n += int64(len(p))
	return len(p), nil
}

// TestHTTPBodyIsBoundedBeforeTheSignature: an unsigned request of 256 MiB is refused after at most
// the limit is read, not after the whole body was held in memory; the server has timeouts.
func TestHTTPBodyIsBoundedBeforeTheSignature(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	body := &countingReader{}
	req, _ := http.NewRequest(http.MethodPost, "/", io.LimitReader(body, 256<<20))
	req.Header.Set("X-Signature-Timestamp", strconv.FormatInt(h.clock.Now().Unix(), 10))
	req.Header.Set("X-Signature-Ed25519", strings.Repeat("ab", ed25519.SignatureSize))
	w := &recorder{header: http.Header{}}
	h.a.HTTPHandler(pub).ServeHTTP(w, req)
	if w.code != http.StatusRequestEntityTooLarge || body.n > 2*maxBody {
		t.Fatalf("a 256 MiB body: HTTP %d after reading %d bytes", w.code, body.n)
	}
	small := bytes.NewReader([]byte(`{"type":1}`))
	req, _ = http.NewRequest(http.MethodPost, "/", small)
	w = &recorder{header: http.Header{}}
	h.a.HTTPHandler(pub).ServeHTTP(w, req)
	if w.code != http.StatusUnauthorized {
		t.Fatalf("an unsigned small request: HTTP %d", w.code)
	}
	srv := bot.NewHTTPServer(":0", nil)
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Fatalf("the interactions server lacks timeouts: %+v", srv)
	}
}

// TestHTTPHeadersAreCheckedBeforeTheBody: a request without a fresh timestamp or without a
// well-formed Ed25519 signature (128 hex digits) is refused before a byte of its body is read; one
// whose headers are well formed but whose signature is wrong is refused once the body is read.
func TestHTTPHeadersAreCheckedBeforeTheBody(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_800_000_000, 0)
	b := &Adapter{now: func() time.Time { return now }}
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	stamp := func(d time.Duration) string { return strconv.FormatInt(now.Add(d).Unix(), 10) }
	good := strings.Repeat("ab", ed25519.SignatureSize)
	for _, c := range []struct {
		name, timestamp, signature string
		readsBody                  bool
	}{
		{"no timestamp", "", good, false},
		{"a timestamp that is not a number", "soon", good, false},
		{"a timestamp in milliseconds", strconv.FormatInt(now.UnixMilli(), 10), good, false},
		{"a stale timestamp", stamp(-SignatureWindow - time.Second), good, false},
		{"a timestamp from the future", stamp(SignatureWindow + time.Second), good, false},
		{"no signature", stamp(0), "", false},
		{"a signature that is not hex", stamp(0), strings.Repeat("zz", ed25519.SignatureSize), false},
		{"a signature too short for Ed25519", stamp(0), good[2:], false},
		{"a signature too long for Ed25519", stamp(0), good + "ab", false},
		{"an odd number of hex digits", stamp(0), good + "a", false},
		{"a well-formed wrong signature", stamp(-time.Minute), good, true},
	} {
		body := &countingReader{}
		req, _ := http.NewRequest(http.MethodPost, "/", io.LimitReader(body, 1<<10))
		if c.timestamp != "" {
			req.Header.Set("X-Signature-Timestamp", c.timestamp)
		}
		if c.signature != "" {
			req.Header.Set("X-Signature-Ed25519", c.signature)
		}
		w := &recorder{header: http.Header{}}
		b.HTTPHandler(pub).ServeHTTP(w, req)
		if w.code != http.StatusUnauthorized || (body.n > 0) != c.readsBody {
			t.Errorf("%s: HTTP %d after reading %d bytes of the body", c.name, w.code, body.n)
		}
	}
}
