package local

import (
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// TestChatMarkupReadsInTheTerminal: the chat's mentions are written as names (local ids are
// names), its dates in UTC or, when relative, as how far they are from the table's clock, and the
// line that pings a post's players goes (nobody is notified at a terminal).
func TestChatMarkupReadsInTheTerminal(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		m    bot.Message
		want string
	}{
		{bot.Message{Text: "Table 1: <@ann>, <@!bob>"}, "Table 1: ann, bob"},
		{bot.Message{Text: "it ends <t:1772442000:f>."}, "it ends 2026-03-02 09:00 UTC."},
		{bot.Message{Text: "ends <t:1772614800:R>, see <#42>"}, "ends +2d, see 42"},
		{bot.Message{Text: "was due <t:1772436600:R>"}, "was due -1h30m"},
		{bot.Message{Text: "Next: ann.\n<@ann>", Ping: []string{"ann"}}, "Next: ann."},
		{bot.Message{Text: "no markup < here >"}, "no markup < here >"},
	} {
		if got := text(c.m, now); got != c.want {
			t.Errorf("text(%q) = %q, want %q", c.m.Text, got, c.want)
		}
	}
}
