package bot

import (
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The kinds of a turn's timers: its deadline, and its reminders (KindReminder with their number,
// reminder1 to reminder3), which come at half, three quarters and nine tenths of the deadline, each
// more pressing; the last also tells the table that the game is stalled.
const (
	KindDeadline = "deadline"
	KindReminder = "reminder"
)

var reminderAt = []float64{0.5, 0.75, 0.9}

// timersFor is the game's timer set after a change: a lobby its expiry; the running turn keeps its
// timers; a new turn gets a deadline and reminders (none for players who turned them off; none in
// quiet hours).
func (b *Host) timersFor(e *gameEntry, t *table.Table) []storage.Timer {
	if t.Status == table.Lobby {
		return b.lobbyTimers() // a change in the lobby: it expires that much later
	}
	if t.Status != table.Playing {
		return nil
	}
	if _, ai := t.AIToPlay(); ai {
		return b.aiTimers(t) // an AI seat plays within seconds: no deadline, no reminders
	}
	if old := e.table; old != nil && old.Status == table.Playing && old.Game.Turn == t.Game.Turn && old.Game.Current == t.Game.Current {
		return e.timers
	}
	cur, _ := t.Current()
	start, d := b.now(), t.TurnTime()
	deadline := start.Add(d)
	timers := []storage.Timer{{Kind: KindDeadline, UserID: cur.ID, At: deadline}}
	prefs, err := b.store.PlayerSettings(cur.ID)
	if err != nil {
		return timers
	}
	for _, fn := range b.hooks.turnTimers {
		timers = append(timers, fn(prefs, cur.ID, start)...)
	}
	if prefs.NoReminders {
		return timers
	}
	for n, frac := range reminderAt {
		at := Awake(prefs, start.Add(time.Duration(float64(d)*frac)))
		if at.Before(deadline) {
			timers = append(timers, storage.Timer{Kind: fmt.Sprintf("%s%d", KindReminder, n+1), UserID: cur.ID, At: at})
		}
	}
	return timers
}

// claimEvery is how often, with a shared store, a process looks for the moves a dead process
// left unannounced (outbox.go), when its timer loop ticks less often: their players wait for
// their answer meanwhile.
const claimEvery = 5 * time.Second

// StartTimers runs the deadline and reminder loop (Start does it for gateway mode).
func (b *Host) StartTimers() {
	if b.cfg.TimerEvery < 0 || b.timersRunning.Swap(true) {
		return
	}
	go func() {
		defer close(b.loopDone)
		tick := time.NewTicker(b.cfg.TimerEvery)
		defer tick.Stop()
		var claims <-chan time.Time
		if b.cfg.Shared && claimEvery < b.cfg.TimerEvery {
			t := time.NewTicker(claimEvery)
			defer t.Stop()
			claims = t.C
		}
		for {
			select {
			case <-b.stop:
				return
			case <-tick.C:
				b.tick()
			case <-claims:
				b.safely("announcing the moves left unannounced", func() { b.sayUnannounced(b.now()) })
			}
		}
	}()
}

// Now is the host's clock, which its timers and everything it dates read (a local table moves it).
func (b *Host) Now() time.Time { return b.now() }

// tick is one round of the timer loop: the due timers, then the moves whose process died before
// announcing them (outbox.go).
func (b *Host) tick() {
	now := b.now()
	b.safely("the timer loop", func() { b.FireTimers(now) })
	b.safely("announcing the moves left unannounced", func() { b.sayUnannounced(now) })
}

// safely runs one part of the timer loop. FireTimers recovers from a panic in the work on one
// game or one league; this is for the rest, so that the loop itself never stops.
func (b *Host) safely(what string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("panic in "+what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
	}()
	fn()
}

// FireTimers handles every timer due at now: a passed deadline applies the table's policy (as a
// move stored with the timer's id, so a restart never applies it twice); a reminder is sent and
// then marked done; an expired lobby closes. The timers of a game on hold wait until it resumes.
// Then the AI turns that found the queue full are offered again, and league games past their
// round's deadline are adjudicated (fireLeagues). It returns how many timers and adjudications it
// handled. The timers of a kind a feature fires itself (AddTimers) go to it together.
func (b *Host) FireTimers(now time.Time) int {
	due, err := b.store.DueTimers(now)
	if err != nil {
		b.log.Error("could not read the due timers", "err", err)
		return 0
	}
	batches := map[string][]storage.Timer{}
	for _, tm := range due {
		if _, ok := b.hooks.timers[tm.Kind]; ok {
			batches[tm.Kind] = append(batches[tm.Kind], tm) // handed over together below
			continue
		}
		e := b.running(tm.GameID)
		if e == nil {
			_ = b.store.CompleteTimer(tm)
			continue
		}
		b.fireOn(e, tm, now)
	}
	for _, kind := range slices.Sorted(maps.Keys(batches)) {
		b.hooks.timers[kind](batches[kind])
	}
	b.offerPendingAI()
	n := len(due)
	for _, fn := range b.hooks.tick {
		n += fn(now)
	}
	return n
}

// fireOn handles a timer of a game under its lock, at now (FireTimers' moment, which is the
// clock's in the timer loop); a panic puts the game on hold.
func (b *Host) fireOn(e *gameEntry, tm storage.Timer, now time.Time) {
	// A game busy right now (an AI thinking in it, a move) needs no rescue of its AI turn: the
	// timer stays due for a later tick, and the loop does not wait for the game.
	lock := b.lock
	if tm.Kind == KindAITurn {
		lock = b.tryLock
	}
	if !lock(e) {
		return
	}
	defer b.recoverGame(e, holdTimers)
	defer b.release(e)
	if e.hold != "" {
		return
	}
	b.fire(e, tm, now)
}

func (b *Host) fire(e *gameEntry, tm storage.Timer, now time.Time) {
	if tm.Kind == KindExpiry {
		b.expire(e, tm)
		return
	}
	t := e.table
	cur, playing := t.Current()
	if !playing || cur.ID != tm.UserID {
		_ = b.store.CompleteTimer(tm)
		return
	}
	if at := b.dueAt(e, tm); at.After(now) {
		return // the player's vacation stopped the clock: the timer stays due until then
	}
	if tm.Kind == KindAITurn {
		b.rescueAI(e)
		return
	}
	if tm.Kind == KindDeadline {
		reply := commands.TimeoutIn(t, t.Settings.Policy, b.GuildLocale(e.guild)) // its step keeps the autopilot's moves
		if !reply.OK {
			b.log.Error("the deadline policy was refused", "game", e.id, "reply", reply.Text)
			_ = b.store.CompleteTimer(tm)
			return
		}
		if err := b.commit(e, reply, "bot", tm.ID(), nil); err != nil {
			b.log.Error("could not store the deadline move", "game", e.id, "err", err)
			return
		}
		b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
		b.settle(e, false)
		return
	}
	if !b.laterReminderDue(e, tm, now) {
		b.remind(e, tm) // of several reminders due at once (after a vacation, a restart), the last alone is sent
	}
	if err := b.store.CompleteTimer(tm); err != nil {
		b.log.Error("could not mark a reminder as sent", "game", e.id, "err", err)
	}
	kept := e.timers[:0:0]
	for _, x := range e.timers {
		if x.Kind != tm.Kind || x.UserID != tm.UserID {
			kept = append(kept, x)
		}
	}
	e.timers = kept
}

// remind tells the current player (and, at the last reminder, the table) that the turn waits.
// Times are Discord timestamps, so every reader sees them in their own time zone.
func (b *Host) remind(e *gameEntry, tm storage.Timer) {
	t := e.table
	cur, _ := t.Current()
	deadline, began := b.turnDeadline(e), deadlineOf(e.timers).Add(-t.TurnTime())
	policy := map[string]string{table.PolicySkip: "skip", table.PolicyAuto: "auto"}[t.Settings.Policy]
	write := func(p *lang.Printer) string {
		a := lang.A{"Player": lang.Name(cur.Name), "Game": commands.WordsFor(p.Code()).MapTitle(t.Entry()), "Tile": fmt.Sprint(t.Game.Drawn),
			"When": Stamp(deadline, "R"), "Began": Stamp(began, "R")}
		switch strings.TrimPrefix(tm.Kind, KindReminder) {
		case "1":
			return p.T("reminder_first", a)
		case "2":
			return p.T("reminder_second_"+policy, a)
		}
		return p.T("reminder_last_"+policy, a)
	}
	if tm.Kind != KindReminder+"3" && b.remindByDM(e, tm, write) {
		return
	}
	p := b.publicPrinter(e)
	text := write(p)
	ping := b.Pingable([]string{cur.ID})
	content := text
	if len(ping) > 0 {
		content = MentionLine(ping) + " " + text
	}
	mute := [][]commands.Button{{{ID: commands.ComponentID(t, "mute"), Label: p.T("reminder_mute", nil), Style: commands.Secondary}}}
	b.sayAsync(e, e.place, "a reminder", Message{Cause: CauseOf("reminder", tm.ID()), Text: content, Buttons: mute, Ping: ping})
}

// laterReminderDue tells whether a later reminder of the same turn is due at now too.
func (b *Host) laterReminderDue(e *gameEntry, tm storage.Timer, now time.Time) bool {
	for _, x := range e.timers {
		if strings.HasPrefix(x.Kind, KindReminder) && x.Kind > tm.Kind && x.UserID == tm.UserID && !b.dueAt(e, x).After(now) {
			return true
		}
	}
	return false
}

// remindByDM sends the reminder tm by direct message to its player if they chose notify:dm,
// written by write in the player's own language, and reports whether it did. A refused DM makes
// the player one who is mentioned, starting with this reminder.
func (b *Host) remindByDM(e *gameEntry, tm storage.Timer, write func(*lang.Printer) string) bool {
	userID := tm.UserID
	prefs, err := b.store.PlayerSettings(userID)
	if err != nil || !prefs.TurnDMs() {
		return false
	}
	err = b.port.DM(userID, Message{Cause: CauseOf("reminder-dm", tm.ID()), Text: write(ownPrinter(prefs.Language, prefs.Locale)) + "\n" + b.ChannelLink(e.guild, e.place)})
	if err == nil {
		return true
	}
	if errors.Is(err, ErrDMsClosed) {
		b.DMsRefused(userID, prefs)
	} else {
		b.log.Warn("could not send a reminder by DM", "game", e.id, "err", err)
	}
	return false
}

// deadlineOf is the time of the deadline among a game's timers (zero if none).
func deadlineOf(timers []storage.Timer) time.Time {
	for _, x := range timers {
		if x.Kind == KindDeadline {
			return x.At
		}
	}
	return time.Time{}
}

// Stamp is a Discord timestamp: style R is relative ("in 3 hours"), f the full date and time,
// each shown in the reader's own time zone.
func Stamp(at time.Time, style string) string {
	return fmt.Sprintf("<t:%d:%s>", at.Unix(), style)
}

// deadlineLine tells the table when the running turn ends (at, zero if it has no deadline).
func deadlineLine(p *lang.Printer, t *table.Table, at time.Time) string {
	if t == nil || t.Status != table.Playing || at.IsZero() {
		return ""
	}
	a := lang.A{"At": Stamp(at, "f"), "In": Stamp(at, "R")}
	if t.Settings.Bank > 0 {
		cur, _ := t.Current()
		a["Player"] = lang.Name(cur.Name)
		return p.T("deadline_bank", a)
	}
	return p.T("deadline_turn", a)
}

// mute drops the clicking player's remaining reminders of this turn (the deadline stays).
func (b *Host) mute(p *lang.Printer, place string, u table.User, c commands.Component) string {
	e := b.entryAt(place)
	if e == nil {
		return p.T("bot_game_gone", nil)
	}
	if !b.lock(e) {
		return p.T("bot_game_gone", nil)
	}
	defer e.mu.Unlock()
	cur, ok := e.table.Current()
	if !ok || cur.ID != u.ID || c.Turn != e.table.Game.Turn {
		return p.T("mute_not_yours", nil)
	}
	var kept []storage.Timer
	for _, x := range e.timers {
		if !strings.HasPrefix(x.Kind, KindReminder) || x.UserID != u.ID {
			kept = append(kept, x)
		}
	}
	if err := b.store.SetTimers(e.id, kept); err != nil {
		b.log.Error("could not mute the reminders", "game", e.id, "err", err)
		return p.T("mute_failed", lang.A{"Why": storeProblem(err)})
	}
	e.timers = kept
	return p.T("muted", nil)
}

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
