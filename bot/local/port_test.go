package local

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// TestChatMarkupReadsInTheTerminal: the chat's mentions are written as names (local ids are
// names), its dates in UTC, a relative one as its date (once where the text gives both), and the
// line that pings a post's players goes (nobody is notified at a terminal).
func TestChatMarkupReadsInTheTerminal(t *testing.T) {
	for _, c := range []struct {
		m    bot.Message
		want string
	}{
		{bot.Message{Text: "Table 1: <@ann>, <@!bob>"}, "Table 1: ann, bob"},
		{bot.Message{Text: "it ends <t:1772442000:f>."}, "it ends 2026-03-02 09:00 UTC."},
		{bot.Message{Text: "ends <t:1772614800:R>, see <#42>"}, "ends 2026-03-04 09:00 UTC, see 42"},
		{bot.Message{Text: "Turn deadline: <t:1772614800:f> (<t:1772614800:R>)."}, "Turn deadline: 2026-03-04 09:00 UTC."},
		{bot.Message{Text: "回合期限：<t:1772614800:f>（<t:1772614800:R>）。"}, "回合期限：2026-03-04 09:00 UTC。"},
		{bot.Message{Text: "Next: ann.\n<@ann>", Ping: []string{"ann"}}, "Next: ann."},
		{bot.Message{Text: "no markup < here >"}, "no markup < here >"},
	} {
		if got := text(c.m); got != c.want {
			t.Errorf("text(%q) = %q, want %q", c.m.Text, got, c.want)
		}
	}
}
