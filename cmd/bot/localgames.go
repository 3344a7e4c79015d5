package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// localGames are the games of the terminal in the bot's database: the hot-seat table's host keeps
// them there step by step, each at a place of its own (bot.TerminalPlace), so that they survive the
// session (Ctrl-D, a crash) and bot export, render --game, verify and web read them like any other.
type localGames struct {
	store storage.Games
}

// resume is the record of a game of the terminal in progress, to play on at its place ("last":
// the latest).
func (l localGames) resume(id string) (storage.GameRecord, error) {
	if id == "last" {
		active, err := l.inProgressGames()
		if err != nil {
			return storage.GameRecord{}, err
		}
		if len(active) == 0 {
			return storage.GameRecord{}, errors.New("no game of the terminal is in progress: bot play opens one")
		}
		id = active[0].ID
	}
	rec, err := l.store.Game(id)
	if err != nil {
		return rec, fmt.Errorf("no game %s in the database: %w (bot play lists the games in progress)", id, err)
	}
	if !strings.HasPrefix(rec.ChannelID, bot.TerminalPlace) {
		return rec, fmt.Errorf("game %s is not a game of the terminal: it is played in its channel", id)
	}
	if rec.Status.Terminal() {
		return rec, fmt.Errorf("game %s is over (%s): bot render --game %s draws it, bot export --record %s writes its record", id, rec.Status, id, id)
	}
	return rec, nil
}

// inProgress lists the terminal's games that are not over, the latest first, each in a line.
func (l localGames) inProgress(out io.Writer) error {
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
		if snap, err := l.store.Snapshot(r.ID); err == nil {
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
func (l localGames) inProgressGames() ([]storage.GameRecord, error) {
	active, err := l.store.ActiveGames()
	if err != nil {
		return nil, err
	}
	active = slices.DeleteFunc(active, func(r storage.GameRecord) bool { return !strings.HasPrefix(r.ChannelID, bot.TerminalPlace) })
	slices.SortStableFunc(active, func(a, b storage.GameRecord) int { return b.Created.Compare(a.Created) })
	return active, nil
}
