package discord

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestLongAnswersArriveWhole: a private answer longer than a Discord message (the standings of a
// league of 45 members) goes on in private followups: every member's line arrives, each part
// shows its piece of the table as a code block, and the picture comes with the last part.
func TestLongAnswersArriveWhole(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var names []string
	for n := range 45 {
		names = append(names, fmt.Sprintf("member%02d", n+1))
	}
	r := newLeagueRun(h, "Cup", names)
	in := h.f.SendSlash(r.members[0], h.f.General, "league", fakediscord.SubCommand("standings"))
	first, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		t.Fatal(err)
	}
	parts := []*fakediscord.Message{first}
	for n := 0; ; n++ {
		last := parts[len(parts)-1]
		if len(last.Attachments) > 0 {
			break
		}
		if n > 5 {
			t.Fatalf("no part of the standings carries the picture after %d parts", len(parts))
		}
		next, err := in.WaitFollowup(h.ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, next)
	}
	if len(parts) < 2 {
		t.Fatalf("the standings of 45 members came in one message of %d characters: the test checks nothing", utf8.RuneCountInString(first.Content))
	}
	var all strings.Builder
	for i, p := range parts {
		if !p.Ephemeral() || utf8.RuneCountInString(p.Content) > 2000 || strings.Count(p.Content, "```") != 2 {
			t.Errorf("part %d: private %v, %d characters, %d code fences:\n%s", i+1, p.Ephemeral(), utf8.RuneCountInString(p.Content), strings.Count(p.Content, "```"), p.Content)
		}
		all.WriteString(p.Content + "\n")
	}
	for _, name := range names {
		if !strings.Contains(all.String(), "  "+name+" ") {
			t.Errorf("%s has no line in the standings", name)
		}
	}
	if !strings.Contains(all.String(), "Ties: score difference, head-to-head, wins.") {
		t.Error("the standings' last line did not arrive")
	}
}
