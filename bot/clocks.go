package bot

import (
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A turn's clock stops while its player is away (a vacation: package bot/vacation), at a table
// that allows it (the table option vacations, on unless a table or a league turns it off), for the
// periods a feature says (OnClockStops). A turn's deadline and reminders come later by the time
// those periods overlapped the turn. The stored timers keep the times the turn began with; the
// stopped time is computed from the periods when a timer comes due, so a restart, a vacation
// booked mid-turn or one cancelled early all come out right. A stop is spent as it runs, not when
// it is booked: a time bank keeps, at the end of a turn, only the time the stops stopped the
// clock so far (ranBy).

// OnClockStops has fn tell the periods that stop user's clocks in guild's games, in time order
// and never overlapping (one feature gives them: the last to ask is asked).
func (b *Host) OnClockStops(fn func(guild, user string) ([]storage.Vacation, error)) {
	b.hooks.clockStops = fn
}

// OnStatus has fn add lines to what /carc status tells of a game (t, in guild), in p's language.
func (b *Host) OnStatus(fn func(p *lang.Printer, t *table.Table, guild string) []string) {
	b.hooks.status = append(b.hooks.status, fn)
}

// stoppedUntil is when a timer set for at, in a turn that began at turnStart, comes due once the
// time the periods vs overlapped the turn is added: each period that begins before the (moved)
// time pushes it by its length within the turn.
func stoppedUntil(vs []storage.Vacation, turnStart, at time.Time) time.Time {
	for _, v := range vs {
		if !v.From.Before(at) {
			break
		}
		start := v.From
		if start.Before(turnStart) {
			start = turnStart
		}
		if v.To.After(start) {
			at = at.Add(v.To.Sub(start))
		}
	}
	return at
}

// dueAt is when a timer of the running turn really comes due: later than its time by the periods
// that stop its player's clock, at a table that allows them.
func (b *Host) dueAt(e *gameEntry, tm storage.Timer) time.Time {
	vs, turnStart, ok := b.turnStops(e, tm)
	if !ok {
		return tm.At
	}
	return stoppedUntil(vs, turnStart, tm.At)
}

// turnStops are the periods that stop the clock of tm, a timer of the running turn at e's table
// (its player's, as its server counts them), and when the turn began; ok is false when none can.
func (b *Host) turnStops(e *gameEntry, tm storage.Timer) (vs []storage.Vacation, turnStart time.Time, ok bool) {
	t := e.table
	if b.hooks.clockStops == nil || t.Settings.NoVacations || tm.UserID == "" || !clocked(tm.Kind) {
		return nil, time.Time{}, false
	}
	deadline := deadlineOf(e.timers)
	if deadline.IsZero() {
		return nil, time.Time{}, false
	}
	vs, err := b.hooks.clockStops(e.guild, tm.UserID)
	if err != nil {
		b.log.Warn("could not read what stops a player's clock", "guild", e.guild, "user", tm.UserID, "err", err)
		return nil, time.Time{}, false
	}
	return vs, deadline.Add(-t.TurnTime()), len(vs) > 0
}

// turnDeadline is when the running turn really ends (zero if it has no deadline).
func (b *Host) turnDeadline(e *gameEntry) time.Time {
	for _, x := range e.timers {
		if x.Kind == KindDeadline {
			return b.dueAt(e, x)
		}
	}
	return time.Time{}
}

// spentDeadline is the running turn's deadline moved only by the stopped time that has run by
// now: what the player's clock has left at the end of a turn (zero if it has no deadline).
func (b *Host) spentDeadline(e *gameEntry, now time.Time) time.Time {
	for _, x := range e.timers {
		if x.Kind != KindDeadline {
			continue
		}
		vs, turnStart, ok := b.turnStops(e, x)
		if !ok {
			return x.At
		}
		return stoppedUntil(ranBy(vs, now), turnStart, x.At)
	}
	return time.Time{}
}

// ranBy is what of the periods vs (in time order) has run by now.
func ranBy(vs []storage.Vacation, now time.Time) []storage.Vacation {
	var out []storage.Vacation
	for _, v := range vs {
		if !v.From.Before(now) {
			break
		}
		if now.Before(v.To) {
			v.To = now
		}
		out = append(out, v)
	}
	return out
}

// statusLines are the lines the features add to /carc status about game e, in p's language.
func (b *Host) statusLines(p *lang.Printer, e *gameEntry) []string {
	var out []string
	for _, fn := range b.hooks.status {
		out = append(out, fn(p, e.table, e.guild)...)
	}
	return out
}

// clocked tells whether a timer of this kind runs on the turn's clock: its deadline and reminders.
func clocked(kind string) bool { return kind == KindDeadline || strings.HasPrefix(kind, KindReminder) }

// clockEvent is the clock event that ends a turn at a table with time banks (deadline:bank): the
// seat that moved keeps what was left of its bank when the turn ended (nothing, if its deadline
// passed), the vacations counting only as far as they ran, plus the table's increment. It is written into the step that ends the turn, so the
// record replays the banks exactly. t is the table after the step, e still holds the turn before.
func (b *Host) clockEvent(e *gameEntry, t *table.Table) (table.Event, bool) {
	old := e.table
	if t.Settings.Bank == 0 || old == nil || old.Status != table.Playing || t.Status != table.Playing ||
		t.Game.Turn <= old.Game.Turn || len(t.Banks) != len(t.Seats) {
		return table.Event{}, false
	}
	now := b.now()
	deadline := b.spentDeadline(e, now) // with the vacation time that stopped the clock so far
	if deadline.IsZero() {
		return table.Event{}, false // no clock ran (an AI seat's turn)
	}
	left := max(deadline.Sub(now), 0)
	return table.Clock(old.Game.Current, left+t.Settings.Increment), true
}
