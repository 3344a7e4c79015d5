package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"mime"
	"net/http"
	"net/http/httptest"
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
	if !f.markSent(in) {
		return rec
	}
	f.startDeadline(in)
	f.mu.Lock()
	in.overHTTP = true
	f.mu.Unlock()
	h.ServeHTTP(rec, SignedRequest(priv, in.Payload, time.Now()))
	at := time.Now()

	f.mu.Lock()
	defer f.mu.Unlock()
	in.overHTTP = false
	mediaType, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	switch {
	case rec.Code != http.StatusOK || mediaType != "application/json":
		f.problemLocked(ProblemBadRequest, nil, "%s: the bot answered HTTP %d with Content-Type %q, want 200 application/json",
			in.what, rec.Code, rec.Header().Get("Content-Type"))
	case in.response != nil:
		f.problemLocked(ProblemAlreadyAcknowledged, nil, "%s: answered over HTTP after a callback over REST", in.what)
	default:
		err := f.checkDeadlineLocked(in, at)
		if err == nil {
			err = f.applyCallbackLocked(in, rec.Body.Bytes(), nil, nil)
		}
		if e, ok := err.(*apiError); ok && e.kind != "" {
			f.problemLocked(e.kind, nil, "%s: HTTP answer: %v", in.what, e)
		}
	}
	f.broadcastLocked()
	return rec
}
