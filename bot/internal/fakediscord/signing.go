package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"time"
)

// SignedRequest is the POST Discord makes to an Interactions Endpoint URL:
// body signed with priv as Discord signs it (ed25519 over the timestamp
// followed by the body), in the X-Signature-Ed25519 (hex) and
// X-Signature-Timestamp (Unix seconds) headers. It is a server-side request
// for handler.ServeHTTP; to send it over a socket, set URL and clear
// RequestURI.
func SignedRequest(priv ed25519.PrivateKey, body []byte, ts time.Time) *http.Request {
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(priv, append([]byte(stamp), body...))
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
	return r
}

// ServeInteraction delivers in to a bot in HTTP-interactions mode: it
// signs the interaction object with priv, serves it to h, and takes h's
// answer as the interaction's callback, with the same checks and deadline
// as a callback over REST. The bot's later edits and followups go to the
// fake over REST as usual, so WaitResponse, WaitOriginal and WaitFollowup
// work the same in both modes. The recorder holds h's raw answer.
func (f *Fake) ServeInteraction(h http.Handler, priv ed25519.PrivateKey, in *Interaction) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	if !f.beginHTTP(in) {
		return rec
	}
	h.ServeHTTP(rec, SignedRequest(priv, in.Payload, time.Now()))
	f.finishHTTP(in, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes())
	return rec
}

// PostInteraction is ServeInteraction over a socket: Discord's POST to the
// Interactions Endpoint URL endpoint of a bot running in another process.
// When the POST fails (the process is down, or died before it answered),
// the interaction fails as on Discord ("This interaction failed"): its
// waits return at once with the returned error, and no problem is recorded,
// since only the test knows whether the process was meant to be down.
func (f *Fake) PostInteraction(ctx context.Context, endpoint string, priv ed25519.PrivateKey, in *Interaction) error {
	if !f.beginHTTP(in) {
		f.mu.Lock()
		defer f.mu.Unlock()
		return in.err
	}
	r := SignedRequest(priv, in.Payload, time.Now()).WithContext(ctx)
	u, err := url.Parse(endpoint)
	if err != nil {
		return f.undelivered(in, err)
	}
	r.URL, r.RequestURI, r.Host = u, "", u.Host
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return f.undelivered(in, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return f.undelivered(in, err)
	}
	f.finishHTTP(in, resp.StatusCode, resp.Header.Get("Content-Type"), body)
	return nil
}

// undelivered fails an interaction whose POST got no answer.
func (f *Fake) undelivered(in *Interaction, err error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	in.overHTTP = false
	in.expired = true // the user saw it fail; no deadline problem on top
	if in.timer != nil {
		in.timer.Stop()
	}
	in.err = fmt.Errorf("fakediscord: %s: the interactions endpoint did not answer: %w", in.what, err)
	f.broadcastLocked()
	return in.err
}

// beginHTTP marks in as sent over HTTP and starts its deadline.
func (f *Fake) beginHTTP(in *Interaction) bool {
	if !f.markSent(in) {
		return false
	}
	f.startDeadline(in)
	f.mu.Lock()
	in.overHTTP = true
	f.mu.Unlock()
	return true
}

// finishHTTP takes the bot's HTTP answer as the interaction's callback.
func (f *Fake) finishHTTP(in *Interaction, code int, contentType string, body []byte) {
	at := time.Now()
	f.mu.Lock()
	defer f.mu.Unlock()
	in.overHTTP = false
	mediaType, _, _ := mime.ParseMediaType(contentType)
	switch {
	case code != http.StatusOK || mediaType != "application/json":
		f.problemLocked(ProblemBadRequest, nil, "%s: the bot answered HTTP %d with Content-Type %q, want 200 application/json",
			in.what, code, contentType)
	case in.response != nil:
		f.problemLocked(ProblemAlreadyAcknowledged, nil, "%s: answered over HTTP after a callback over REST", in.what)
	default:
		// The answer is the callback Discord would otherwise take over REST, and is held to the
		// same operation of its description.
		err := checkContract(&Request{Method: http.MethodPost, Path: api + "/interactions/" + in.ID + "/" + in.Token + "/callback",
			Header: http.Header{"Content-Type": {contentType}}, Body: body})
		if err == nil {
			err = f.checkDeadlineLocked(in, at)
		}
		if err == nil {
			err = f.applyCallbackLocked(in, body, nil, nil)
		}
		if e, ok := err.(*apiError); ok && e.kind != "" {
			f.problemLocked(e.kind, nil, "%s: HTTP answer: %v", in.what, e)
		}
	}
	f.broadcastLocked()
}
