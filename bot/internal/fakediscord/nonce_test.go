package fakediscord

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestAnEnforcedNonceCreatesOneMessage: Discord answers a message whose enforced nonce its author
// used in the past few minutes with the message that used it; without enforce_nonce, a nonce
// changes nothing; a nonce longer than 25 characters is refused.
func TestAnEnforcedNonceCreatesOneMessage(t *testing.T) {
	f := New(t)
	s := restSession(t, f)
	post := func(body map[string]any) (*discordgo.Message, error) {
		var m discordgo.Message
		resp, err := s.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(f.General.ID), body, "")
		if err == nil {
			err = discordgo.Unmarshal(resp, &m)
		}
		return &m, err
	}
	first, err := post(map[string]any{"content": "turn 3", "nonce": "abc-0", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := post(map[string]any{"content": "turn 3, again", "nonce": "abc-0", "enforce_nonce": true})
	if err != nil || again.ID != first.ID {
		t.Fatalf("the same enforced nonce: message %s (%v), want %s again", again.ID, err, first.ID)
	}
	if got := f.Nonce(first.ID); got != "abc-0" {
		t.Errorf("the message's nonce is %q, want abc-0", got)
	}
	if _, err := post(map[string]any{"content": "free", "nonce": "abc-0"}); err != nil {
		t.Fatal(err)
	}
	if n := len(f.Messages(f.General.ID)); n != 2 {
		t.Errorf("%d messages, want 2", n)
	}
	_, err = post(map[string]any{"content": "x", "nonce": "12345678901234567890123456", "enforce_nonce": true})
	if status, code := restCode(t, err); status != http.StatusBadRequest || code != 50035 {
		t.Errorf("a 26-character nonce: %d %d, want 400 50035", status, code)
	}
	expectProblem(t, f, ProblemContract)
}

// TestHeldPostsWaitAndDropWithTheirClient: a held channel's new messages wait for the release;
// one whose client gives up meanwhile is never created.
func TestHeldPostsWaitAndDropWithTheirClient(t *testing.T) {
	f := New(t)
	s := restSession(t, f)
	release := f.HoldPosts(f.General.ID)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	_, err := s.ChannelMessageSend(f.General.ID, "lost", discordgo.WithContext(ctx))
	cancel()
	if err == nil {
		t.Fatal("a held post returned before the release")
	}
	done := make(chan error, 1)
	go func() { _, err := s.ChannelMessageSend(f.General.ID, "kept"); done <- err }()
	select {
	case <-done:
		t.Fatal("a held post returned before the release")
	case <-time.After(50 * time.Millisecond):
	}
	release()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	ms := f.Messages(f.General.ID)
	if len(ms) != 1 || ms[0].Content != "kept" {
		t.Errorf("messages after the release: %d, want the one whose client waited", len(ms))
	}
}
