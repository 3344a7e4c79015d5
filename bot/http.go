package bot

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// SignatureWindow bounds how old (or how far in the future) a signed request may be: a replayed
// request is refused even with a valid signature.
const SignatureWindow = 5 * time.Minute

// HTTPHandler serves Discord's HTTP interactions (the Interactions Endpoint URL): every request's
// Ed25519 signature and timestamp are checked, PING is answered, and everything else goes through
// the same handling as gateway interactions. The first answer is written as the HTTP response;
// the rest goes through the REST session.
func (b *Bot) HTTPHandler(pub ed25519.PublicKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts, err := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
		if err != nil || b.now().Sub(time.Unix(ts, 0)).Abs() > SignatureWindow || !discordgo.VerifyInteraction(r, pub) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
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
		first := make(chan *discordgo.InteractionResponse, 1)
		go b.Handle(&i, httpResponder(first))
		select {
		case resp := <-first:
			writeJSON(w, resp)
		case <-time.After(2500 * time.Millisecond):
			writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
		}
	})
}

// httpResponder hands the first answer to the waiting HTTP handler.
type httpResponder chan *discordgo.InteractionResponse

func (h httpResponder) respond(r *discordgo.InteractionResponse) error {
	select {
	case h <- r:
		return nil
	default:
		return errors.New("this interaction was already answered")
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
