package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// An accepted change is stored before anything is said: its step, the table's snapshot, its timers
// and its announcement in one transaction of the store (commit). A change whose transaction's fate
// is unknown, or that comes again, is recognised as the move made already, not made twice.

// conflictRetries bounds how often an action is run again on a game another process moved on
// meanwhile (storage.ErrConflict).
const conflictRetries = 3

// errAlreadyApplied reports an interaction the store has seen before (a retry).
var errAlreadyApplied = errors.New("this action was already applied")

// commit stores an accepted change (its step) in one transaction with the new snapshot and timers,
// then makes it the game's state in memory. Nothing is announced before it returns.
func (b *Host) commit(e *gameEntry, reply commands.Reply, actor, interaction string, from *action) error {
	t := reply.Table
	if reply.Step == nil {
		return errors.New("a change without its step")
	}
	if ev, ok := b.clockEvent(e, t); ok {
		if _, _, err := table.Apply(t, actor, ev); err != nil {
			return fmt.Errorf("set the time bank: %w", err)
		}
		reply.Step.Events = append(reply.Step.Events, ev)
	}
	enc, err := encode(t, *reply.Step)
	if err != nil {
		return err
	}
	timers := b.timersFor(e, t)
	// A move committed before and not announced (a league game's opening joins its players in
	// several steps, and announces the last) is superseded by this one's announcement.
	b.said(e.id, e.unsaid)
	e.unsaid, e.answering = 0, false
	c := storage.Commit{GameID: e.id, ExpectSeq: e.seq, Snapshot: enc.snap, Hash: enc.hash, Status: status(t), Players: seatIDs(t), Timers: timers,
		Move: storage.Move{Actor: actor, Data: enc.step, Time: b.now(), InteractionID: interaction}, Announce: b.announcement(e, reply, from)}
	ended := c.Status.Terminal()
	if ended {
		c.Standings, c.Result = standings(t), b.gameResult(e.id, t)
		if c.Result != nil && c.Result.Adjudicated {
			placed(t, c.Standings, c.Result.Places)
		}
	}
	applied, err := b.store.AppendMove(c)
	if err != nil && errors.Is(err, storage.ErrUnavailable) && b.committedAnyway(e.id, interaction, e.seq+1) {
		applied, err = true, nil
	}
	if err != nil {
		return err
	}
	if !applied {
		return errAlreadyApplied
	}
	e.table, e.seq, e.timers = t, e.seq+1, timers
	e.unsaid, e.answering = e.seq, c.Announce.Token != ""
	e.madeLast(c.Move, e.seq)
	if people := t.People(); !slices.Equal(people, e.players) { // joined, left, resigned or ended
		b.track(e, people)
	}
	if ended {
		b.forget(e)
		if t.Adjudicated != "" {
			// Only its league adjudicates a game (Host.Adjudicate), holding the lock its
			// OnGameEnd takes, and goes on to its next round itself.
			return nil
		}
		for _, fn := range b.hooks.gameEnd {
			fn(e.id)
		}
	}
	return nil
}

// encoded is what the store keeps of one accepted step: the step, and the table's snapshot and
// hash after it.
type encoded struct {
	step, snap []byte
	hash       string
}

func encode(t *table.Table, s table.Step) (encoded, error) {
	step, err := json.Marshal(s)
	if err != nil {
		return encoded{}, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return encoded{}, err
	}
	return encoded{step, snap, table.SnapshotHash(snap)}, nil
}

func status(t *table.Table) storage.Status {
	switch t.Status {
	case table.Playing:
		return storage.StatusPlaying
	case table.Finished:
		return storage.StatusFinished
	case table.Abandoned:
		return storage.StatusAbandoned
	}
	return storage.StatusLobby
}

func seatIDs(t *table.Table) []string {
	ids := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		ids[i] = u.ID
	}
	return ids
}

// standings ranks the seats by score; equal scores share a rank.
func standings(t *table.Table) []storage.Standing {
	if t.Game == nil {
		return nil
	}
	out := make([]storage.Standing, len(t.Seats))
	for i, u := range t.Seats {
		out[i] = storage.Standing{UserID: u.ID, Score: t.Game.Players[i].Score}
	}
	sort.SliceStable(out, func(a, c int) bool { return out[a].Score > out[c].Score })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Score == out[i-1].Score {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// commitError answers a change the store did not take.
func (b *Host) commitError(e *gameEntry, act action, u table.User, err error) answer {
	if errors.Is(err, errGameOver) {
		b.forget(e)
		return b.over(e.id, act, u)
	}
	b.log.Error("could not store a move", append(interactionAttr(act.from), "game", e.id, "err", err)...)
	return answer{text: act.reader.T("move_unsaved", lang.A{"Why": storeProblem(err)}), refused: true}
}

// storeProblem is what a failed call of the store means to the people playing, as the message of
// its kind (storage.ProblemOf), written in the language of the message that tells it: never the
// server's paths or system errors, which the caller logs for the host.
func storeProblem(err error) msg.Message {
	return msg.Message{ID: "store_" + string(storage.ProblemOf(err))}
}

// A player whose move went through but whose answer never came (its process died, Discord said
// "The application did not respond") sends it again: the same command, a new interaction. On the
// game as it now stands it would be refused ("it is not your turn"), which reads as if the move
// was lost. So a refused command is checked against the player's own last move: if it is that
// move again, they are told that it went through and shown the board, and nothing changes.

// RetryWithin bounds how old a player's last move may be for a refused command to count as its
// retry: the life of an interaction's token, after which nobody is still waiting for its answer.
const RetryWithin = tokenLife

// madeAlready tells whether act, refused on the game as it stands, is the move u made last in
// it: run on the table before that move, it makes the same events (the clock's aside). Most
// refusals are not retries (a wrong square, another player's turn): when the entry knows its
// last move, a refused user who did not make it, or made it too long ago, is told so without
// reading the log.
func (b *Host) madeAlready(e *gameEntry, act action, u table.User) bool {
	if e.seq == 0 || u.ID == "" || act.sideEffects || b.cfg.Local {
		// The local table answers every command as it runs it: nothing is sent again.
		return false
	}
	if e.lastSeq == e.seq && !b.mayRetry(e.lastActor, e.lastAt, u) {
		return false
	}
	moves, err := b.store.Moves(e.id)
	if err != nil || uint64(len(moves)) != e.seq {
		return false
	}
	last := moves[len(moves)-1]
	e.madeLast(last, e.seq)
	if !b.mayRetry(last.Actor, last.Time, u) {
		return false
	}
	var made table.Step
	if json.Unmarshal(last.Data, &made) != nil {
		return false
	}
	before, err := b.tableAfter(e.id, moves[:len(moves)-1])
	if err != nil {
		return false
	}
	again := act.do(before)
	if !again.OK || !again.Changed || again.Step == nil {
		return false
	}
	a, err1 := json.Marshal(withoutClock(again.Step.Events))
	m, err2 := json.Marshal(withoutClock(made.Events))
	return err1 == nil && err2 == nil && string(a) == string(m)
}

// mayRetry tells whether a refused command of u may be the retry of a move actor made at at.
func (b *Host) mayRetry(actor string, at time.Time, u table.User) bool {
	return actor == u.ID && b.now().Sub(at) <= RetryWithin
}

// madeLast records the game's move at log position seq (madeAlready).
func (e *gameEntry) madeLast(m storage.Move, seq uint64) {
	e.lastActor, e.lastAt, e.lastSeq = m.Actor, m.Time, seq
}

// withoutClock drops the time bank's events, which commit adds to a move by the clock.
func withoutClock(events []table.Event) []table.Event {
	return slices.DeleteFunc(slices.Clone(events), func(ev table.Event) bool { return ev.Kind == table.KindClock })
}

// alreadyMade is the answer to a move made already: that it went through, with the board.
func (b *Host) alreadyMade(e *gameEntry, act action) answer {
	p := act.reader
	if p == nil {
		p = reader(commands.Input{})
	}
	shown := commands.Reply{Table: e.table, Image: commands.BoardImage}
	return answer{text: p.T("pg_already_made", nil), png: b.picture(e.table, shown), alt: commands.PictureAlt(e.table, shown)}
}

// over answers an action on a game that could not be taken up here: it ended meanwhile (its last
// move made by a twin of this action, on another process or this one), or could not be loaded. A
// retry of the game's last move, its end included, is told that it went through, as any move is;
// any other action that the game is over; while the database cannot say, that nothing was done.
func (b *Host) over(id string, act action, u table.User) answer {
	f, err := b.ended(id)
	switch {
	case err != nil:
		return answer{text: act.reader.T("bot_not_taken", lang.A{"Why": storeProblem(err)}), refused: true}
	case f == nil:
		return answer{text: act.reader.T("game_gone", nil), refused: true}
	case b.madeAlready(f, act, u):
		return b.alreadyMade(f, act)
	}
	return answer{text: act.reader.T("move_game_over", nil), refused: true}
}

// ended loads a game that is over, read-only (see finished); nil when it is not over or does not
// load, and an error when the store cannot be read.
func (b *Host) ended(id string) (*gameEntry, error) {
	rec, err := b.store.Game(id)
	if isNotFound(err) {
		return nil, nil
	}
	if err != nil || !rec.Status.Terminal() {
		return nil, err
	}
	snap, err := b.store.Snapshot(id)
	if err != nil {
		return nil, err
	}
	t, err := table.Load(snap.State)
	if err != nil {
		b.log.Error("a finished game does not load; run bot verify", "game", id, "err", err)
		return nil, nil
	}
	return &gameEntry{id: rec.ID, place: rec.Place(), guild: rec.Guild, table: t, seq: snap.Seq}, nil
}

// retryAfterEnd answers a command or click in a channel whose game is over when it is a retry of
// that game's last move (its answer was lost, and the player sent it again): ok false otherwise.
func (b *Host) retryAfterEnd(place string, act action, u table.User) (answer, bool) {
	f := b.finished(place)
	if f == nil || !b.madeAlready(f, act, u) {
		return answer{}, false
	}
	return b.alreadyMade(f, act), true
}

// unknownCommitFor bounds how long a move whose commit lost its database connection waits to
// learn whether the server committed it: a server's restart.
const unknownCommitFor = 15 * time.Second

// committedAnyway tells whether the move of interaction is entry seq of a game's log although its
// commit failed: the connection was lost around COMMIT (the server restarted), after the server
// had made it durable. Such a move is the game's: it is announced and its player answered like
// any other, rather than told it failed. While the database cannot be read it waits (holding the
// game's lock, as the move would), up to unknownCommitFor; then the move counts as not made, and
// its announcement, if it was made after all, is said later (outbox.go).
func (b *Host) committedAnyway(game, interaction string, seq uint64) bool {
	for deadline := time.Now().Add(unknownCommitFor); ; {
		moves, err := b.store.Moves(game)
		if err == nil {
			stored := uint64(len(moves)) >= seq && moves[seq-1].InteractionID == interaction
			if stored {
				b.log.Warn("a move whose commit lost its database connection was committed", "game", game, "seq", seq)
			}
			return stored
		}
		if time.Now().After(deadline) || b.closing.Load() {
			return false
		}
		time.Sleep(250 * time.Millisecond)
	}
}
