package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestAReplayIsTheSameRequestAndNoCallback: ReplayInteraction sends the very request that was
// signed first (same timestamp, same signature, same body), returns the bot's answer, and leaves
// the interaction's first answer as it was.
func TestAReplayIsTheSameRequestAndNoCallback(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	alice := f.AddUser("alice")
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	var mu sync.Mutex
	var seen [][3]string
	answer := `{"type":4,"data":{"content":"first"}}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if !discordgo.VerifyInteraction(r, pub) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		mu.Lock()
		seen = append(seen, [3]string{r.Header.Get("X-Signature-Timestamp"), r.Header.Get("X-Signature-Ed25519"), string(body)})
		a := answer
		answer = `{"type":4,"data":{"content":"second","flags":64}}`
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(a))
	}))
	defer srv.Close()
	ctx := testContext(t)
	in := f.Slash(alice, f.General, "render", StringArg("text", "x"))
	if _, err := f.ReplayInteraction(ctx, srv.URL, priv, in); err == nil {
		t.Fatal("an interaction never sent was replayed")
	}
	if err := f.PostInteraction(ctx, srv.URL, priv, in); err != nil {
		t.Fatal(err)
	}
	got, err := f.ReplayInteraction(ctx, srv.URL, priv, in)
	if err != nil || got.Status != http.StatusOK || got.Type != 4 || got.Content != "second" || got.Flags != 64 {
		t.Fatalf("the replay's answer: %+v, %v", got, err)
	}
	if len(seen) != 2 || seen[0] != seen[1] {
		t.Fatalf("the replay differs from the first delivery: %q", seen)
	}
	if m, err := in.WaitOriginal(ctx, nil); err != nil || m.Content != "first" || m.Version != 0 {
		t.Fatalf("the first answer after the replay: %+v, %v", m, err)
	}
	if problems := f.Problems(); len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
}

// TestADroppedAnswerStillMadeTheMessage: a post whose answer DropAnswers loses fails at the
// client, yet its message exists, and its nonce finds it.
func TestADroppedAnswerStillMadeTheMessage(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := restSession(t, f)
	f.DropAnswers(f.General.ID, 1)
	body := map[string]any{"content": "turn 3", "nonce": "turn-3", "enforce_nonce": true}
	if _, err := s.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(f.General.ID), body, ""); err == nil {
		t.Fatal("the post whose answer was dropped succeeded")
	}
	if n := len(f.Messages(f.General.ID)); n != 1 {
		t.Fatalf("%d messages after the dropped answer, want the one made", n)
	}
	resp, err := s.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(f.General.ID), body, "")
	var m discordgo.Message
	if err == nil {
		err = discordgo.Unmarshal(resp, &m)
	}
	if err != nil || m.ID != f.Messages(f.General.ID)[0].ID || len(f.Messages(f.General.ID)) != 1 {
		t.Fatalf("the post sent again: %+v, %v; want the message made first", m, err)
	}
}

// TestARequestCutShortIsNeverReceived: a client killed while sending its request (its body shorter
// than it said) made no message and is no problem of the bot's: Discord never got the request.
func TestARequestCutShortIsNeverReceived(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	addr := strings.TrimPrefix(f.URL(), "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"content":"cut short"}`
	fmt.Fprintf(conn, "POST /api/v9/channels/%s/messages HTTP/1.1\r\nHost: %s\r\nAuthorization: Bot %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		f.General.ID, addr, f.Token, len(body)+100, body)
	conn.(*net.TCPConn).CloseWrite()
	_, _ = io.ReadAll(conn) // the server is done with the request
	if n := len(f.Messages(f.General.ID)); n != 0 {
		t.Fatalf("%d messages from a request cut short", n)
	}
	if problems := f.Problems(); len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
}
