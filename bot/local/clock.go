package local

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"strings"
	"time"
)

// clockDirective moves the host's clock on, by a duration (+2d, +3h, +90m) or to a moment
// (2026-12-01T10:00Z), and fires the timers that came due, as the timer loop would: deadlines,
// reminders, lobbies that expire, vacations that end, league rounds' deadlines. What they post is
// printed, and the AI seats left to play at the table's place play.
func (t *Table) clockDirective(n int, args []string, _ string) error {
	if len(args) != 1 {
		return malformed(n, "clock", "write !clock +2d (on by a duration) or !clock 2026-12-01T10:00Z (to a moment)")
	}
	now := t.clock.now()
	to, err := clockTarget(now, args[0])
	if err != nil {
		return malformed(n, "clock", "%v", err)
	}
	if to.Before(now) {
		return malformed(n, "clock", "the clock only moves on: it is %s already", now.UTC().Format(time.RFC3339))
	}
	t.clock.move(to.Sub(now))
	fired := t.Host.FireTimers(to)
	text := fmt.Sprintf("(It is %s: %d timers came due.)", to.UTC().Format("2006-01-02 15:04 UTC"), fired)
	if err := t.emit(inputLine{Line: n, User: "clock", Input: "!clock " + args[0], OK: true, Reply: text}, text); err != nil {
		return err
	}
	said := t.said()
	// What the timers said is what an !expect reply after !clock reads.
	all := t.everything(said)
	t.last = &script.Answer{Accepted: true, Reply: all, Said: all}
	if err := t.print(n, said, nil); err != nil {
		return err
	}
	if err := t.playAIs(n); err != nil {
		return err
	}
	return t.follow(n, said)
}

// clockTarget is the moment a !clock argument names from now.
func clockTarget(now time.Time, arg string) (time.Time, error) {
	if rest, ok := strings.CutPrefix(arg, "+"); ok {
		d, err := commands.ParseDays(rest)
		if err != nil {
			return time.Time{}, err
		}
		return now.Add(d), nil
	}
	for _, layout := range []string{"2006-01-02T15:04Z07:00", time.RFC3339, "2006-01-02"} {
		if at, err := time.Parse(layout, arg); err == nil {
			return at, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither +DURATION (like +2d or +90m) nor a moment (like 2026-12-01T10:00Z)", arg)
}
