package bench

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A store of many games is filled with clones of a few real ones: France games of 3 players
// recorded by bot.Save as the bot records them, some played to their end and some stopped where a
// tile waits to be placed, exported (the admin view) and imported again under new ids. Only the
// templates are replayed by the engine; a clone's log is byte for byte a template's, so
// cloneEngine hands back the template's verified replay.

// templateToken begins the ids of the templates, which a clone's id replaces in its export.
const templateToken = "zzTEMPLATEzz"

// templates are the games the fill clones.
type templates struct {
	finished, running []template
}

// template is the admin export of a game and its id.
type template struct {
	id  string
	doc []byte
}

// makeTemplates records n finished and n running France games in a scratch store and exports
// them.
func makeTemplates(dir string, n int) (*templates, error) {
	tmp, err := os.MkdirTemp(dir, "carc-bench-tmpl-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	store, err := storage.Open(filepath.Join(tmp, "t.db"), storage.Options{NoSync: true})
	if err != nil {
		return nil, err
	}
	defer store.Close()
	tp := &templates{}
	for i := range 2 * n {
		id := fmt.Sprintf("%s%d", templateToken, i)
		running := i%2 == 1
		steps, err := recordedGame(uint64(100+i), running)
		if err != nil {
			return nil, err
		}
		if err := bot.Save(store, id, "c"+id, steps); err != nil {
			return nil, err
		}
		doc, err := store.Export(id, true, bot.Engine{})
		if err != nil {
			return nil, err
		}
		if running {
			tp.running = append(tp.running, template{id, doc})
		} else {
			tp.finished = append(tp.finished, template{id, doc})
		}
	}
	return tp, nil
}

// recordedGame plays a France game of 3 players with random moves through the command layer
// and returns its steps: the whole game, or (running) about 40 inputs of it, stopped where a
// tile waits to be placed.
func recordedGame(seed uint64, running bool) ([]table.Step, error) {
	var steps []table.Step
	n := 0
	errStop := fmt.Errorf("stop")
	_, err := commands.AutoGame("france", 3, seed, func(t *table.Table, _ commands.Input, r commands.Reply) error {
		if r.Step != nil {
			steps = append(steps, *r.Step)
		}
		if t.Game == nil {
			return nil
		}
		if n++; running && n >= 40 && t.Status == table.Playing && t.Game.Phase == game.PhasePlace {
			return errStop
		}
		return nil
	})
	if (running && err != errStop) || (!running && err != nil) {
		return nil, fmt.Errorf("record a game (seed %d): %v", seed, err)
	}
	return steps, nil
}

// clone returns the export of template t under id (the ids of its channel and its interactions
// follow).
func (t template) clone(id string) []byte {
	return bytes.ReplaceAll(t.doc, []byte(t.id), []byte(id))
}

// cloneEngine is bot.Engine with its replays remembered by what they replay (the setup and the
// moves' documents): a clone of a template is replayed once, by the first import.
type cloneEngine struct {
	bot.Engine
	mu   sync.Mutex
	seen map[[32]byte]replayed
}

type replayed struct {
	snapshot []byte
	hash     string
}

func (e *cloneEngine) Replay(setup []byte, moves []storage.Move) ([]byte, string, error) {
	h := sha256.New()
	h.Write(setup)
	for _, m := range moves {
		h.Write([]byte{0})
		h.Write(m.Data)
	}
	var key [32]byte
	h.Sum(key[:0])
	e.mu.Lock()
	r, ok := e.seen[key]
	e.mu.Unlock()
	if ok {
		return r.snapshot, r.hash, nil
	}
	snap, hash, err := e.Engine.Replay(setup, moves)
	if err == nil {
		e.mu.Lock()
		e.seen[key] = replayed{snap, hash}
		e.mu.Unlock()
	}
	return snap, hash, err
}

// runningID and finishedID name the clones: the running games are the ones the measured bot
// plays.
func runningID(i int) string  { return fmt.Sprintf("run%05d", i) }
func finishedID(i int) string { return fmt.Sprintf("end%06d", i) }

// fillBolt imports clones into a bbolt store: running games [0, running) and finished games
// [from, to), several imports at a time so that the store's writer commits them in groups.
func fillBolt(store storage.Admin, tp *templates, running, from, to int) error {
	e := &cloneEngine{seen: map[[32]byte]replayed{}}
	var wg sync.WaitGroup
	var once sync.Once
	var failed error
	slots := make(chan struct{}, 64)
	put := func(t template, id string) {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			if _, err := store.Import(t.clone(id), e); err != nil {
				once.Do(func() { failed = fmt.Errorf("fill: %w", err) })
			}
		})
	}
	for i := range running {
		put(tp.running[i%len(tp.running)], runningID(i))
	}
	for i := from; i < to; i++ {
		put(tp.finished[i%len(tp.finished)], finishedID(i))
	}
	wg.Wait()
	return failed
}

// fillPostgres imports the templates into PostgreSQL through the store (replayed, verified),
// clones them in the database with one INSERT ... SELECT per template and table (the rows Import
// writes, under the clones' ids), and deletes the templates. Running games [0, running) and
// finished games [from, to).
func fillPostgres(url string, store storage.Admin, tp *templates, running, from, to int) error {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	e := &cloneEngine{seen: map[[32]byte]replayed{}}
	for _, t := range append(append([]template{}, tp.running...), tp.finished...) {
		if _, err := store.Import(t.doc, e); err != nil {
			return fmt.Errorf("fill: %w", err)
		}
	}
	// cloneRange clones template tmpl as games prefix+n for n in [from, to) by step.
	cloneRange := func(tmpl, prefix string, width, from, to, step int) error {
		id := fmt.Sprintf(`'%s' || lpad(n::text, %d, '0')`, prefix, width)
		series := ` generate_series($2::int, $3::int - 1, $4::int) n `
		for _, q := range []string{
			`INSERT INTO games (id, record, status, place, active, guild, seq, hash, updated_ns, finished_ns, snapshot)
			 SELECT ` + id + `, replace(record::text, $1, ` + id + `)::json, status, replace(place, $1, ` + id + `), active, guild, seq, hash,
			 updated_ns, finished_ns, snapshot FROM games, ` + series + ` WHERE id = $1`,
			`INSERT INTO moves (game_id, seq, actor, data, at_ns, interaction_id)
			 SELECT ` + id + `, seq, actor, data, at_ns, replace(interaction_id, $1, ` + id + `) FROM moves, ` + series + ` WHERE game_id = $1`,
			`INSERT INTO timers (game_id, kind, user_id, at_ns, seq)
			 SELECT ` + id + `, kind, user_id, at_ns, seq FROM timers, ` + series + ` WHERE game_id = $1`,
		} {
			if _, err := conn.Exec(ctx, q, tmpl, from, to, step); err != nil {
				return fmt.Errorf("fill: clone %s: %w", tmpl, err)
			}
		}
		return nil
	}
	for k, t := range tp.running {
		if err := cloneRange(t.id, "run", 5, k, running, len(tp.running)); err != nil {
			return err
		}
	}
	n := len(tp.finished)
	for k, t := range tp.finished {
		if err := cloneRange(t.id, "end", 6, from+((k-from%n)+n)%n, to, n); err != nil {
			return err
		}
	}
	for _, q := range []string{`DELETE FROM timers WHERE game_id LIKE $1`, `DELETE FROM moves WHERE game_id LIKE $1`, `DELETE FROM games WHERE id LIKE $1`} {
		if _, err := conn.Exec(ctx, q, templateToken+"%"); err != nil {
			return fmt.Errorf("fill: %w", err)
		}
	}
	return nil
}
