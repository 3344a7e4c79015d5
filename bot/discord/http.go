package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// SignatureWindow bounds how old (or how far in the future) a signed request may be: a replayed
// request is refused even with a valid signature.
const SignatureWindow = 5 * time.Minute

// maxBody bounds an interaction request. Discord's are a few kilobytes. The body is read only
// once the signature headers are well formed and fresh, and the limit is applied before the
// signature is checked, so an unsigned flood cannot make the bot allocate.
const maxBody = 1 << 20

// firstAnswerWithin is how long the HTTP handler waits for the first answer before it defers the
// interaction itself, within Discord's three seconds.
const firstAnswerWithin = 2500 * time.Millisecond

// HTTPHandler serves Discord's HTTP interactions (the Interactions Endpoint URL): every request's
// timestamp and signature header are checked before its body is read, the body is bounded, its
// Ed25519 signature checked, PING is answered, and everything else goes through the same handling
// as gateway interactions. The first answer is written as the HTTP response; the rest goes through
// the REST session, and nothing edits the answer before the HTTP response carrying it is written.
func (a *Adapter) HTTPHandler(pub ed25519.PublicKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stamp, sig, ok := a.signatureHeaders(r)
		if !ok {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		if !ed25519.Verify(pub, append([]byte(stamp), body...), sig) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		if i.Type == discordgo.InteractionPing {
			writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
			return
		}
		x := newExchange(a, &i)
		go a.Handle(&i, x)
		writeJSON(w, x.first(a.httpWait))
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		x.written()
	})
}

// signatureHeaders reads the signature of a request and its timestamp, and refuses a request
// without them, with a timestamp outside SignatureWindow or with a signature that is not an Ed25519
// signature in hex, before a byte of its body is read.
func (a *Adapter) signatureHeaders(r *http.Request) (stamp string, sig []byte, ok bool) {
	stamp = r.Header.Get("X-Signature-Timestamp")
	ts, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil || a.now().Sub(time.Unix(ts, 0)).Abs() > SignatureWindow {
		return "", nil, false
	}
	h := r.Header.Get("X-Signature-Ed25519")
	if len(h) != 2*ed25519.SignatureSize {
		return "", nil, false
	}
	sig, err = hex.DecodeString(h)
	return stamp, sig, err == nil
}

// exchange is one HTTP interaction: the handler goroutine's first answer travels to the HTTP
// response, and the goroutine waits until that response is written before it goes on (to edit the
// answer, say). If the answer comes too late, the HTTP response defers the interaction instead,
// and the late answer becomes an edit of the deferred message.
type exchange struct {
	a    *Adapter
	i    *discordgo.Interaction
	mu   sync.Mutex
	sent bool // an answer was handed over, or the handler deferred on its own
	late bool // the handler deferred on its own: answers become edits
	ch   chan *discordgo.InteractionResponse
	done chan struct{} // closed once the HTTP response is written
}

func newExchange(a *Adapter, i *discordgo.Interaction) *exchange {
	return &exchange{a: a, i: i, ch: make(chan *discordgo.InteractionResponse, 1), done: make(chan struct{})}
}

// first waits up to d for the first answer; past it, the interaction is deferred (privately).
func (x *exchange) first(d time.Duration) *discordgo.InteractionResponse {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case r := <-x.ch:
		return r
	case <-t.C:
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.sent {
		// The answer was handed over as the timer fired.
		return <-x.ch
	}
	x.sent, x.late = true, true
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
}

func (x *exchange) written() { close(x.done) }

// respond hands the first answer to the HTTP response and returns once it is written.
func (x *exchange) respond(r *discordgo.InteractionResponse) error {
	x.mu.Lock()
	if x.sent && !x.late {
		x.mu.Unlock()
		return errors.New("this interaction was already answered")
	}
	late := x.late
	if !late {
		x.sent = true
		x.ch <- r
	}
	x.mu.Unlock()
	<-x.done
	if late {
		return x.lateAnswer(r)
	}
	return nil
}

// lateAnswer turns an answer that missed the HTTP response into what it would have done to the
// deferred message the handler sent instead.
func (x *exchange) lateAnswer(r *discordgo.InteractionResponse) error {
	switch r.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate:
		return nil // already deferred: the handler's later edits fill it in
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		text := ""
		if r.Data != nil {
			text = r.Data.Content
		}
		x.a.editOriginal(x.i, text)
		return nil
	}
	return errors.New("the answer came after Discord's deadline")
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
