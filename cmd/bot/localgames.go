package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// localPlace is the place of the terminal's games in the database: each game is a place of its
// own (terminal-ID), as each Discord channel holds one game, so that games in progress wait side
// by side until one is played on.
const localPlace = bot.TerminalPlace

// localGames keeps the games of a hot-seat session in the bot's database, step by step as the bot
// commits them (bot.StepCommit), so that they survive the session (Ctrl-D, a crash) and bot
// export, render --game, verify and web read them like any other.
type localGames struct {
	store storage.Games
	now   func() time.Time
	// kept are the games of the session by their table's id: the store's id and log position.
	kept map[string]*keptGame
	// told hears the id of each game the session starts keeping; made counts them.
	told func(id string)
	made int
}

type keptGame struct {
	id  string
	seq uint64
}

// keep stores step s of table t: a step that creates a table (a /carc new, whose table the
// session named with newID) starts a game of its own in the database under the table's id, every
// other one is the next move of its table's game. The tables the session did not open (a local
// league's games, a record's what-if) are not kept.
func (l *localGames) keep(t *table.Table, s table.Step) error {
	creates := len(s.Events) > 0 && s.Events[0].Kind == table.KindCreate
	k := l.kept[t.ID]
	if k == nil && (!creates || t.League != nil) {
		return nil
	}
	c, err := bot.StepCommit(t, s)
	if err != nil {
		return err
	}
	if creates {
		rec := storage.GameRecord{ID: t.ID, ChannelID: localPlace + t.ID, Setup: c.Move.Data, Players: c.Players,
			Status: c.Status, Created: l.now()}
		if err := l.store.CreateGame(rec, c.Snapshot, c.Hash); err != nil {
			return err
		}
		l.kept[t.ID] = &keptGame{id: t.ID}
		if l.told != nil {
			l.told(t.ID)
		}
		return nil
	}
	c.GameID, c.ExpectSeq = k.id, k.seq
	c.Move.InteractionID, c.Move.Time = fmt.Sprintf("%s-%d", k.id, k.seq+1), l.now()
	if _, err := l.store.AppendMove(c); err != nil {
		return err
	}
	k.seq++
	return nil
}

// newID is the id of a new game of the terminal: when it began, and the first number that makes
// it new in the database (sessions may begin within the same second).
func (l *localGames) newID() string {
	stamp := l.now().UTC().Format("20060102-150405")
	for {
		l.made++
		id := fmt.Sprintf("local-%s-%d", stamp, l.made)
		if _, err := l.store.Game(id); err != nil {
			return id // not there (or the store fails, which creating the game will say)
		}
	}
}

// resume is a game of the terminal in progress, as its record replays it, to play on: its
// table and steps, kept from there on under its id.
func (l *localGames) resume(id string) (*table.Table, []table.Step, error) {
	if id == "last" {
		active, err := l.inProgressGames()
		if err != nil {
			return nil, nil, err
		}
		if len(active) == 0 {
			return nil, nil, errors.New("no game of the terminal is in progress: bot play opens one")
		}
		id = active[0].ID
	}
	rec, err := l.store.Game(id)
	if err != nil {
		return nil, nil, fmt.Errorf("no game %s in the database: %w (bot play lists the games in progress)", id, err)
	}
	if !strings.HasPrefix(rec.ChannelID, localPlace) {
		return nil, nil, fmt.Errorf("game %s is not a game of the terminal: it is played in its channel", id)
	}
	if rec.Status.Terminal() {
		return nil, nil, fmt.Errorf("game %s is over (%s): bot render --game %s draws it, bot export --record %s writes its record", id, rec.Status, id, id)
	}
	moves, err := l.store.Moves(id)
	if err != nil {
		return nil, nil, err
	}
	steps, err := bot.DecodeRecord(rec.Setup, moves)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	t, err := table.Replay(steps)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	l.kept[t.ID] = &keptGame{id: id, seq: rec.Seq}
	return t, steps, nil
}

// inProgress lists the terminal's games that are not over, the latest first, each in a line.
func (l *localGames) inProgress(games storage.Games, out io.Writer) error {
	active, err := l.inProgressGames()
	if err != nil {
		return err
	}
	if len(active) == 0 {
		return nil
	}
	fmt.Fprintln(out, "Games in progress here (bot play --resume ID plays on one, --resume last on the latest):")
	for _, r := range active {
		line := fmt.Sprintf("  %s  %s, %d steps, %s", r.ID, r.Status, r.Seq, strings.Join(r.Players, ", "))
		if snap, err := games.Snapshot(r.ID); err == nil {
			if t, err := table.Load(snap.State); err == nil {
				line = fmt.Sprintf("  %s  %s, %s, %s", r.ID, t.Entry().Title, turnOf(t), strings.Join(seatNames(t), ", "))
			}
		}
		fmt.Fprintln(out, line)
	}
	return nil
}

func turnOf(t *table.Table) string {
	if t.Game == nil {
		return "in the lobby"
	}
	return fmt.Sprintf("turn %d", t.Game.Turn)
}

func seatNames(t *table.Table) []string {
	out := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		out[i] = u.Name
	}
	return out
}

// inProgressGames are the terminal's games that are not over, the latest first.
func (l *localGames) inProgressGames() ([]storage.GameRecord, error) {
	active, err := l.store.ActiveGames()
	if err != nil {
		return nil, err
	}
	active = slices.DeleteFunc(active, func(r storage.GameRecord) bool { return !strings.HasPrefix(r.ChannelID, localPlace) })
	slices.SortStableFunc(active, func(a, b storage.GameRecord) int { return b.Created.Compare(a.Created) })
	return active, nil
}
