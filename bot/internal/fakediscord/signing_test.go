package fakediscord

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestSignedRequestVerifiesAsDiscords(t *testing.T) {
	t.Parallel()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`)
	if !discordgo.VerifyInteraction(SignedRequest(priv, body, time.Now()), pub) {
		t.Error("a signed request does not verify")
	}
	tampered := SignedRequest(priv, body, time.Now())
	tampered.Header.Set("X-Signature-Timestamp", "1")
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	for name, r := range map[string]*http.Request{
		"changed timestamp": tampered,
		"other key":         SignedRequest(otherKey, body, time.Now()),
	} {
		if discordgo.VerifyInteraction(r, pub) {
			t.Errorf("%s verifies", name)
		}
	}
}

// TestHTTPInteractionDeferredThenEdited is the HTTP-interactions mode: the
// bot answers type 5 in the HTTP response, then fills the response in over
// REST with a session that is never opened.
func TestHTTPInteractionDeferredThenEdited(t *testing.T) {
	t.Parallel()
	f := New(t)
	rest := restSession(t, f)
	alice := f.AddUser("alice")
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	var received discordgo.Interaction
	bot := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !discordgo.VerifyInteraction(r, pub) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &received); err != nil {
			t.Errorf("decoding the interaction: %v", err)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":5}`))
	})

	in := f.Slash(alice, f.General, "render", StringArg("text", "over http"))
	if rec := f.ServeInteraction(bot, priv, in); rec.Code != http.StatusOK {
		t.Fatalf("bot answered %d", rec.Code)
	}
	ctx := testContext(t)
	if resp, err := in.WaitResponse(ctx); err != nil || resp.Type != CallbackDeferredMessage || resp.Request != nil {
		t.Fatalf("HTTP answer: %+v, %v", resp, err)
	}
	content := "rendered over http"
	if _, err := rest.InteractionResponseEdit(&received, &discordgo.WebhookEdit{
		Content: &content, Files: []*discordgo.File{pngFile(t, 16, 16)},
	}); err != nil {
		t.Fatal(err)
	}
	m, err := in.WaitOriginal(ctx, func(m *Message) bool { return !m.Loading() })
	if err != nil || m.Content != content || len(m.Attachments) != 1 {
		t.Errorf("original after the edit: %+v, %v", m, err)
	}
}

// TestPostInteractionOverASocket: PostInteraction delivers to a bot listening in another process
// (here a server on loopback) and takes its answer; to an endpoint that is down, the interaction
// fails at once, without a deadline problem.
func TestPostInteractionOverASocket(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	alice := f.AddUser("alice")
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !discordgo.VerifyInteraction(r, pub) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":4,"data":{"content":"over a socket"}}`))
	}))
	ctx := testContext(t)
	in := f.Slash(alice, f.General, "render", StringArg("text", "x"))
	if err := f.PostInteraction(ctx, srv.URL+"/interactions", priv, in); err != nil {
		t.Fatal(err)
	}
	if m, err := in.WaitOriginal(ctx, nil); err != nil || m.Content != "over a socket" {
		t.Fatalf("answer %+v, %v", m, err)
	}
	srv.Close()
	down := f.Slash(alice, f.General, "render", StringArg("text", "x"))
	if err := f.PostInteraction(ctx, srv.URL+"/interactions", priv, down); err == nil {
		t.Fatal("a POST to a closed endpoint succeeded")
	}
	if _, err := down.WaitResponse(ctx); err == nil || !strings.Contains(err.Error(), "did not answer") {
		t.Errorf("WaitResponse = %v, want the delivery error", err)
	}
}
