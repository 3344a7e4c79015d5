package bot

import (
	"errors"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// answer is what the player who acted is told privately once the game's lock is released.
type answer struct {
	text string
	png  []byte
	alt  string // what png shows, for a screen reader
	// shown is a read-only reply whose picture png is drawn once the game's lock is released.
	shown   *commands.Reply
	file    *commands.File
	buttons [][]commands.Button
	sel     *commands.Select
	status  bool // append the player's games across every server (takes each game's lock in turn)
	stale   bool // the clicked message's buttons can never work again
	refused bool // what was asked was refused, wholly or in part
	// unsaid is the move whose announcement is cleared once this answer is given (outbox.go).
	unsaid uint64
}

// action is what a player's interaction asks of a game: its command or click, run against the
// game's table.
type action struct {
	do func(t *table.Table) commands.Reply
	// status marks /carc status: the player's games across every server join the answer.
	status bool
	// reader is the language of the acting player, whom the answer is for (English when nil).
	reader *lang.Printer
	// sideEffects marks an action that does more than read the table it is given (it reads the
	// store, revokes links): it is never run on an earlier table to tell a retry (commit.go).
	sideEffects bool
	// from is the interaction that asked for it, acknowledged already: a move it makes is
	// answered through it, by another process if this one dies first (outbox.go).
	from *Interaction
}

// commandAction is the action of a slash command, run as its route says (tableCmd).
func (b *Host) commandAction(e *gameEntry, in commands.Input, c tableCmd) action {
	return action{do: func(t *table.Table) commands.Reply {
		if c.before != nil {
			if r := c.before(e, t, &in); r != nil {
				return *r
			}
		}
		r := commands.Handle(t, b.tableInput(e.guild, t, in))
		if c.after != nil && r.OK {
			c.after(e, t, in, &r)
		}
		return r
	}, status: c.status, reader: reader(in), sideEffects: c.before != nil || c.after != nil}
}

// readRecord gives /carc export the game's record, which it reads from the store under the
// game's lock, so that it holds every step of the table it is run on.
func (b *Host) readRecord(e *gameEntry, t *table.Table, in *commands.Input) *commands.Reply {
	steps, err := b.record(e.id)
	if err != nil {
		b.log.Error("could not read a game's record", "game", e.id, "err", err)
		return &commands.Reply{Text: reader(*in).T("export_unread", lang.A{"Why": storeProblem(err)}), Ephemeral: true, Table: t}
	}
	in.Record = steps
	return nil
}

// boardLinks revokes the links to the game's page when /carc board asks, and adds the link to
// it.
func (b *Host) boardLinks(e *gameEntry, t *table.Table, in commands.Input, r *commands.Reply) {
	if in.Options["revoke"] == "true" {
		r.Text = b.revokeGameLinks(reader(in), t)
	}
	if line := b.web.Load().GameLinkLine(b.replyPrinter(e, *r), r.Table); line != "" {
		r.Text += "\n" + line
	}
}

// record reads a game's record from the store: its steps and when each was made.
func (b *Host) record(id string) ([]record.Stored, error) {
	rec, err := b.store.Game(id)
	if err != nil {
		return nil, err
	}
	moves, err := b.store.Moves(id)
	if err != nil {
		return nil, err
	}
	steps, err := DecodeRecord(rec.Setup, moves)
	if err != nil {
		return nil, err
	}
	out := make([]record.Stored, len(steps))
	for i, s := range steps {
		out[i] = record.Stored{Step: s, At: rec.Created}
		if i > 0 {
			out[i].At = moves[i-1].Time
		}
	}
	return out, nil
}

// click is the action of a button or a select.
func click(u table.User, id string, values []string, langs commands.Langs) action {
	return action{do: func(t *table.Table) commands.Reply { return commands.HandleComponentIn(t, u, id, values, langs) },
		reader: lang.For(lang.Private(langs.Language, langs.Locale))}
}

// run applies one action to a game, calls applied, and then answers the player. The game's lock
// is held only while the action is applied, stored and announced; nothing done under it takes
// another game's lock, so /carc status in a game's channel cannot wait on itself.
func (b *Host) run(to *Interaction, e *gameEntry, act action, u table.User, applied ...func()) {
	act.from = to
	a := b.apply(e, act, u, to.ID)
	for _, f := range applied {
		f() // before the answer, which may bring the player's next command
	}
	if a.status {
		a.text += "\n" + b.yourTurns(act.reader, u)
	}
	b.answer(to, Message{Text: a.text, Files: append(BoardFile(a.png, a.alt), docFile(a.file)...), Buttons: a.buttons, Select: a.sel, Stale: a.stale,
		Refused: a.refused})
	b.said(e.id, a.unsaid)
}

// apply runs one action under the game's lock: a refused or read-only input changes nothing; an
// accepted change is stored (fsynced) before anything is said, then announced in the channel. A
// change that ends the game is answered once its end is posted, after the lock is released.
func (b *Host) apply(e *gameEntry, act action, u table.User, interaction string) answer {
	if act.reader == nil {
		act.reader = lang.For(lang.English)
	}
	a, p := b.applyLocked(e, act, u, interaction)
	if a.shown != nil {
		a.png = b.picture(a.shown.Pictured(), *a.shown)
		a.alt = commands.PictureAlt(a.shown.Pictured(), *a.shown)
	}
	if p == nil || p.wait() == nil {
		return a
	}
	switch {
	case p.unconfirmed():
		return answer{text: act.reader.T("bot_post_unconfirmed", nil)} // posted again later: not cleared
	case p.end:
		return answer{text: act.reader.T("bot_end_unposted", lang.A{"Why": postProblem(e.place, p.err)}), unsaid: a.unsaid}
	}
	return answer{text: act.reader.T("bot_unseen", lang.A{"Why": postProblem(e.place, p.err)}), unsaid: a.unsaid}
}

// applyLocked is apply's work under the game's lock: the answer, and the posting that announces
// a change, which is done once the lock is released.
func (b *Host) applyLocked(e *gameEntry, act action, u table.User, interaction string) (answer, *posting) {
	if !b.lock(e) {
		return b.over(e.id, act, u), nil
	}
	defer b.release(e)
	e.acting = act.from
	defer func() { e.acting = nil }()
	if b.cfg.Acting != nil && act.from != nil && act.from.ID != "" {
		defer b.cfg.Acting(e.id, act.from.ID)()
	}
	var reply commands.Reply
	for try := 0; ; try++ {
		reply = act.do(e.table)
		if !reply.OK || !reply.Changed {
			break
		}
		err := b.commit(e, reply, u.ID, interaction, &act)
		if err == nil {
			break
		}
		if errors.Is(err, errAlreadyApplied) {
			// The same interaction, delivered again: applied by this process or another, whose
			// move the board shows.
			if err := b.ready(e); err != nil {
				return b.commitError(e, act, u, err), nil
			}
			return b.alreadyMade(e, act), nil
		}
		if errors.Is(err, storage.ErrFinished) {
			// A twin of this action, or another move, ended the game in another process.
			b.forget(e)
			return b.over(e.id, act, u), nil
		}
		if !errors.Is(err, storage.ErrConflict) || try == conflictRetries {
			return b.commitError(e, act, u, err), nil
		}
		// Another process moved the game on since this one loaded it: the action is run again
		// on the stored state, which may refuse it (it is not the player's turn any more).
		if err := b.ready(e); err != nil {
			return b.commitError(e, act, u, err), nil
		}
	}
	if !reply.OK && b.madeAlready(e, act, u) {
		return b.alreadyMade(e, act), nil
	}
	if !reply.OK || !reply.Changed {
		status := act.status
		if problem := e.posts.lastProblem(); status && problem.ID != "" {
			reply.Text += "\n" + act.reader.T("post_problem_status", lang.A{"Why": problem})
		}
		buttons := reply.Buttons
		if status {
			p := b.replyPrinter(e, reply)
			if line := deadlineLine(p, e.table, b.turnDeadline(e)); line != "" {
				reply.Text += "\n" + line
			}
			for _, line := range b.statusLines(p, e) {
				reply.Text += "\n" + line
			}
		}
		if status {
			buttons = b.withOwnPlayButton(act.reader, e.table, u, buttons)
		}
		if line := holdLine(act.reader, e); status && line != "" {
			reply.Text += "\n" + line
			buttons = append(slices.Clone(buttons), resumeButton(act.reader, e.table)...)
		}
		return answer{text: reply.Text, shown: &reply, file: reply.File, buttons: buttons, sel: reply.Select, status: status,
			stale: reply.Stale, refused: !reply.OK}, nil
	}
	p := b.post(e, reply)
	unsaid := e.unsaid // cleared by run, once the player is answered
	e.unsaid, e.answering = 0, false
	b.settle(e, true)
	// answerLine: a part of the command that was refused (it turned over something hidden) is
	// told to the player alone, with where the turn stands.
	return answer{text: answerLine(act.reader, reply), unsaid: unsaid, refused: reply.Refused != ""}, p
}

// settle follows a change to a game (e.mu held): a table no person plays at any more ends at once
// (AI seats never play alone), else an AI seat to play is offered to the AI's queue (aiturns.go).
// waiting says that a person has just played and waits for the AI.
func (b *Host) settle(e *gameEntry, waiting bool) {
	if e.table.Unattended() {
		b.endUnattended(e)
		return
	}
	if _, ok := e.table.AIToPlay(); ok {
		b.scheduleAI(e, waiting)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// newGame opens a table: in this channel, or in a new thread of it. It checks the bot's
// permissions first and draws the secret deal key, kept in the record so that it replays exactly.
func (b *Host) newGame(req *Request, in commands.Input) {
	to := req.Interaction
	if req.Guild == "" {
		b.refuse(to, reader(in).T("new_in_dm", nil))
		return
	}
	thread := in.Options["thread"] == "true"
	if thread && req.Where.Thread() {
		b.refuse(to, reader(in).T("bot_thread_in_thread", nil))
		return
	}
	if missing := req.Where.Missing(thread); missing != "" {
		b.refuse(to, reader(in).T("bot_missing_permissions", lang.A{"Missing": missing}))
		return
	}
	if _, chosen := in.Options["seed"]; chosen && !b.cfg.Local {
		// The chat does not offer the option; a seed chosen by a player would make the deal knowable.
		b.refuse(to, reader(in).T("bot_seed_local", nil))
		return
	}
	release, refusal := b.reserveSeat(reader(in), req.Guild, in.User.ID, true)
	if refusal != "" {
		b.refuse(to, refusal)
		return
	}
	defer release()
	if !b.cfg.Local {
		// The local table deals from the game's seed, which a script chooses to replay a deal.
		key, err := b.cfg.Deal()
		if err != nil {
			b.log.Error("could not draw a deal key", "err", err)
			b.refuse(to, reader(in).T("bot_deal_failed", nil))
			return
		}
		in.Secret = key
	}
	in.Table, in.Channel = "g"+req.ID, req.Place
	if b.cfg.Local {
		in.Table = "local-" + req.ID // the terminal's games, as bot play lists them
	}
	here := b.entryAt(req.Place)
	var current *table.Table
	if here != nil && !thread {
		current = here.table
	}
	dry := commands.Handle(current, in)
	if !dry.OK {
		b.refuse(to, dry.Text)
		return
	}
	rec := storage.GameRecord{ID: in.Table, ChannelID: req.Place, Guild: req.Guild, Created: b.now()}
	if thread {
		th, err := b.port.OpenThread(req.Place, threadName(dry.Table, in.User.Name))
		if err != nil {
			b.log.Warn("could not open a game's thread", "channel", req.Place, "err", err)
			b.refuse(to, reader(in).T("new_no_thread", nil))
			return
		}
		in.Channel, rec.ThreadID = th, th
	}
	reply := commands.Handle(current, in)
	t := reply.Table
	if !reply.OK || reply.Step == nil {
		b.refuse(to, reply.Text)
		return
	}
	enc, err := encode(t, *reply.Step)
	if err == nil {
		rec.Setup, rec.Players, rec.Status = enc.step, seatIDs(t), storage.StatusLobby
		err = b.store.CreateGame(rec, enc.snap, enc.hash)
	}
	if err != nil {
		b.log.Error("could not store a new game", "game", rec.ID, "err", err)
		b.refuse(to, reader(in).T("new_unsaved", lang.A{"Why": storeProblem(err)}))
		return
	}
	e := &gameEntry{id: rec.ID, place: in.Channel, guild: rec.Guild, table: t}
	e.mu.Lock()
	b.remember(e)
	b.track(e, e.table.People())
	release() // the table counts now
	b.keepLobbyExpiry(e)
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
	b.release(e)
	opened := reader(in).T("new_opened_here", nil)
	if thread {
		opened = reader(in).T("new_opened_thread", lang.A{"Thread": in.Channel})
	}
	b.answerText(to, opened)
}

// threadName names a game's thread after its map (the default map when none was chosen) and
// its creator.
func threadName(t *table.Table, creator string) string {
	title := "Carcassonne"
	if t != nil {
		title += ": " + t.Entry().Title
	}
	return commands.Truncate(title+" by "+creator, 90)
}
