package discord

import (
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestAGermanTablesRemindersAndDeadlinesAreGerman: at a table whose language is German, the
// reminders, the turn's deadline line and the missed deadline are written in German, and no
// English of them reaches the channel.
func TestAGermanTablesRemindersAndDeadlinesAreGerman(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	_, _, ch := openGame(h, "france", 11, fakediscord.StringArg("language", "de"))
	count := func(sub string) int {
		n := 0
		for _, m := range h.posts(ch.ID) {
			if contains(m.Content, sub) {
				n++
			}
		}
		return n
	}
	if count("Zugfrist: <t:") == 0 {
		t.Error("the turn's deadline line is not German")
	}
	h.clock.Add(25 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if count("du bist am Zug in") != 1 {
		t.Error("no German first reminder")
	}
	h.clock.Add(24 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if count("hat die Zugfrist verstreichen lassen") != 1 {
		t.Error("no German note of the missed deadline")
	}
	for _, en := range []string{"it is your turn", "Turn deadline", "let the turn deadline pass", "your turn is still waiting", "The table is waiting"} {
		if n := count(en); n > 0 {
			t.Errorf("%d posts in English: %q", n, en)
		}
	}
}
