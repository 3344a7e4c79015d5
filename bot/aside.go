package bot

import (
	"errors"
	"fmt"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A game this bot cannot carry on (its old record did not upgrade, its snapshot and its record do
// not load) is set aside in the store (storage.Aside): kept whole and untouched, read-only. The
// bot starts with every other game, never loads it, answers the commands of its channel with why,
// and tells its channel once.

// asides are the places of the games set aside that the bot met, with why.
type asides struct {
	mu     sync.Mutex
	places map[string]string
}

func (a *asides) note(place, why string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.places == nil {
		a.places = map[string]string{}
	}
	a.places[place] = why
}

func (a *asides) at(place string) (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	why, ok := a.places[place]
	return why, ok
}

// setAside keeps a game set aside out of play: the commands of its place are answered with why,
// and its channel is told, once for all processes (the store hands the notice to one).
func (b *Host) setAside(rec storage.GameRecord, why string) {
	b.aside.note(rec.Place(), why)
	b.log.Warn("a game is set aside: kept untouched and read-only, not loaded; export it with bot export --admin",
		"game", rec.ID, "channel", rec.Place(), "why", why)
	told, err := b.store.ClaimAsideNotice(rec.ID)
	if err != nil {
		b.log.Error("could not claim the notice of a game set aside", "game", rec.ID, "err", err)
		return
	}
	if !told {
		return
	}
	p := b.GuildPrinter(rec.Guild) // the server's language: the table's cannot be read
	b.sayAsync(nil, rec.Place(), "that a game is set aside", Message{Cause: CauseOf("aside", rec.ID), Text: p.T("aside_posted", lang.A{"Why": why, "Game": rec.ID})}).wait()
}

// loadStored is the table of a stored game: from its snapshot, or, when the snapshot does not
// load, from its record, replayed (a snapshot rebuilt from its log, as bot verify would). An error
// means neither loads: the game cannot be carried on.
func (b *Host) loadStored(rec storage.GameRecord, snap storage.Snapshot) (*table.Table, error) {
	t, err := table.Load(snap.State)
	if err == nil {
		return t, nil
	}
	moves, merr := b.store.Moves(rec.ID)
	if merr != nil {
		return nil, fmt.Errorf("its snapshot does not load (%w) and its record cannot be read: %w", err, merr)
	}
	steps, rerr := DecodeRecord(rec.Setup, moves)
	if rerr == nil {
		t, rerr = replaySteps(steps)
	}
	if rerr != nil {
		return nil, fmt.Errorf("neither its snapshot (%w) nor its record (%w) loads", err, rerr)
	}
	b.log.Warn("a game's snapshot does not load: the game was rebuilt from its record; run bot verify to store the rebuilt snapshot",
		"game", rec.ID, "err", err)
	return t, nil
}

// replaySteps replays a record, a panic of the engine on a damaged one being an error.
func replaySteps(steps []table.Step) (t *table.Table, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, errors.New(fmt.Sprint("the engine panicked: ", r))
		}
	}()
	return table.Replay(steps)
}
