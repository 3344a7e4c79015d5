package bot

import (
	"errors"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// What only the local table (Config.Local: bot play, table scripts) may do to a game, by Go code:
// no route reaches it, and a host made for a chat refuses it, so nothing typed in Discord can
// stack a deck.

// ErrNotLocal refuses what only the local table may do, asked of a host made for a chat.
var ErrNotLocal = errors.New("only the local table may do that")

// Arrange applies events to the game at place as a step of the script's ("script" acts), stored
// and kept in its record like any step, announced nowhere: a table script's ! lines fix a lobby's
// deal (its seed, start tiles, stack and chips) with it. The table refuses events that do not
// apply.
func (b *Host) Arrange(place string, events ...table.Event) error {
	if !b.cfg.Local {
		return ErrNotLocal
	}
	e := b.entryAt(place)
	if e == nil || !b.lock(e) {
		return fmt.Errorf("no game at %s", place)
	}
	defer b.release(e)
	x := table.Begin(e.table, "script")
	if err := x.Do(events...); err != nil {
		return err
	}
	reply := commands.Reply{OK: true, Changed: true, Table: x.Table, Step: &x.Step}
	if err := b.commit(e, reply, "script", fmt.Sprintf("script-%s-%d", e.id, e.seq), nil); err != nil {
		return err
	}
	b.said(e.id, e.unsaid) // nothing to announce
	e.unsaid, e.answering = 0, false
	b.settle(e, false)
	return nil
}

// PlayAI plays the turn of the AI seat to play at place, as an AI worker plays it on a chat's
// host, and tells whether it played one: the local table plays each at once after the line that
// left it to play, so that a script's lines and the AIs' turns keep their order.
func (b *Host) PlayAI(place string) (bool, error) {
	if !b.cfg.Local {
		return false, ErrNotLocal
	}
	e := b.entryAt(place)
	if e == nil || !b.lock(e) {
		return false, nil
	}
	_, ai := e.table.AIToPlay()
	ai = ai && e.hold == ""
	seq := e.seq
	e.mu.Unlock()
	if !ai {
		return false, nil
	}
	b.playAI(aiJob{e: e, seq: seq})
	return b.seqOf(e) != seq, nil
}

// seqOf is the length of e's stored log, read under its lock.
func (b *Host) seqOf(e *gameEntry) uint64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.seq
}

// Local tells whether the host is the local table (Config.Local): a feature writes its texts for
// the terminal there, as typed, without the chat's markup.
func (b *Host) Local() bool { return b.cfg.Local }

// Idle waits until the work the host does in the background is done (posts, what followers are
// sent): the local table waits for it after each line, so that what a line made the host say is
// printed with that line. Only the local table, which alone gives the host its work, may call it.
func (b *Host) Idle() {
	if b.cfg.Local {
		b.endPosts.Wait()
	}
}
