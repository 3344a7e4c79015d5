package bench

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

func (r *runner) add(row Row) {
	r.rows = append(r.rows, row)
	if row.Note != "" {
		r.logf("  %s: %s", row.Name, row.Note)
		return
	}
	r.logf("  %s: %s %s", row.Name, num(row.Median()), row.Unit)
}

func (r *runner) window() time.Duration {
	if r.o.Smoke {
		return 50 * time.Millisecond
	}
	if r.o.Quick {
		return 300 * time.Millisecond
	}
	return 1500 * time.Millisecond
}

// playouts measures complete random games per second on one core, for every map players can
// choose: a map without chip rules against the base game's target, a Map-Chips map with 3 players
// against the Map-Chips target.
func (r *runner) playouts() error {
	r.logf("random playouts")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, e := range variants.All(false) {
		row := playoutRow(e)
		players := []string{"a", "b", "c"}
		if len(e.Actions) == 0 {
			players = players[:2]
		}
		row.Values = r.playoutRates(e, players, game.Options{})
		r.add(row)
		// With the expansions' own rules (rules:all) a game does more per move (pieces, goods,
		// second tiles): it must stay within 0.7 of the same map's games without them.
		all := game.Options{InnsCathedrals: true, TradersBuilders: true}
		rules := rulesPlayoutRow(e)
		rules.Target, rules.Values = 0.7*row.Median(), r.playoutRates(e, players, all)
		r.add(rules)
	}
	return nil
}

// playoutRates times complete random games of e with options o (the zero value: the defaults),
// once per repetition.
func (r *runner) playoutRates(e variants.Entry, players []string, o game.Options) []float64 {
	rng := game.NewRNG(1)
	seed := uint64(0)
	var out []float64
	for range r.reps {
		out = append(out, timed(r.window(), func() int {
			seed++
			g, err := game.NewGame(e.Map, e.Variant, game.Setup{Players: players, Seed: seed, Options: o})
			if err != nil {
				panic(err)
			}
			g.PlayOut(&rng)
			return 1
		}))
	}
	return out
}

// playoutRow is the playout row of a map: a map without chip rules against the base game's target
// with 2 players, a Map-Chips map with 3 players against the Map-Chips target.
func playoutRow(e variants.Entry) Row {
	if len(e.Actions) == 0 {
		return Row{Name: fmt.Sprintf("random playouts: %s, base game, 2 players (1 core)", e.Title), Unit: "games/s", Better: ">=", Target: 10000}
	}
	return Row{Name: fmt.Sprintf("random playouts: %s with chips, 3 players (1 core)", e.Title), Unit: "games/s", Better: ">=", Target: 3000}
}

// rulesPlayoutRow is the row of a map's random playouts with the expansions' own rules on
// (rules:all), whose target is 0.7 times its playouts without them.
func rulesPlayoutRow(e variants.Entry) Row {
	players := 3
	if len(e.Actions) == 0 {
		players = 2
	}
	return Row{Name: fmt.Sprintf("random playouts: %s, rules:all, %d players (1 core)", e.Title, players), Unit: "games/s",
		Better: ">=", Extra: "(target: 0.7 × the row above)"}
}

// midFrance is a France table half-way through a 3-player game, at a tile placement.
func midFrance(moves int) (*table.Table, error) { return commands.Position("france", 3, 11, moves) }

// perCall times fn over a window and returns microseconds per call.
func perCall(d time.Duration, fn func()) float64 {
	start := time.Now()
	n := 0
	for time.Since(start) < d {
		fn()
		n++
	}
	return float64(time.Since(start).Microseconds()) / float64(n)
}

func (r *runner) engine() error {
	r.logf("engine")
	t, err := midFrance(60)
	if err != nil {
		return err
	}
	g := t.Game
	var buf []game.Placement
	row := Row{Name: "legal placements, mid-game (France)", Unit: "us", Better: "<=", Target: 5}
	for range r.reps {
		row.Values = append(row.Values, perCall(r.window()/3, func() { buf = g.AppendLegalPlacements(buf[:0], g.Drawn) }))
	}
	row.Extra = fmt.Sprintf("(%d placements)", len(buf))
	r.add(row)
	row = Row{Name: "memory per game state", Unit: "KiB", Better: "<=", Target: 64}
	for range r.reps {
		row.Values = append(row.Values, float64(game.StateBytes(g, 200))/1024)
	}
	row.Extra = "(a finished 3-player France game)"
	r.add(row)
	return nil
}

func (r *runner) autocomplete() error {
	r.logf("autocomplete")
	t, err := midFrance(60)
	if err != nil {
		return err
	}
	g := t.Game
	user := t.Seats[g.Current]
	p := g.LegalPlacements(g.Drawn)[0]
	inputs := []struct {
		focused string
		opts    map[string]string
	}{
		{"square", map[string]string{"square": ""}},
		{"rotation", map[string]string{"square": p.Square.String(), "rotation": ""}},
		{"meeple", map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": ""}},
	}
	row := Row{Name: "autocomplete answer, mid-game (slowest option)", Unit: "us", Better: "<=", Target: 1000}
	for range r.reps {
		slowest := 0.0
		for _, in := range inputs {
			us := perCall(r.window()/6, func() {
				commands.Autocomplete(t, commands.Input{User: user, Command: "place", Options: in.opts}, in.focused)
			})
			slowest = max(slowest, us)
		}
		row.Values = append(row.Values, slowest)
	}
	r.add(row)
	return nil
}

func (r *runner) render() error {
	r.logf("render")
	e, _ := variants.Lookup("france")
	g, err := game.NewGame(e.Map, e.Variant, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 5})
	if err != nil {
		return err
	}
	rng := game.NewRNG(6)
	g.PlayOut(&rng)
	v := g.View(false)
	views := []struct {
		name   string
		o      render.Options
		target float64
	}{
		{"full-map render + PNG (France, 114 tiles)", render.Options{Kind: render.Full}, 25},
		{"crop view render + PNG", render.Options{Kind: render.Crop}, 0},
		{"zoom view render + PNG", render.Options{Kind: render.Zoom, Center: g.Placed()[len(g.Placed())/2].Square, Radius: 2}, 0},
	}
	for _, vw := range views {
		vw.o.Words = commands.WordsFor("en")
		if _, err := render.PNG(v, vw.o); err != nil { // fills the caches, as a running bot has
			return err
		}
		row := Row{Name: vw.name, Unit: "ms"}
		if vw.target > 0 {
			row.Better, row.Target = "<=", vw.target
		}
		var size int
		for range r.reps {
			row.Values = append(row.Values, perCall(r.window()/2, func() {
				png, err := render.PNG(v, vw.o)
				if err != nil {
					panic(err)
				}
				size = len(png)
			})/1000)
		}
		row.Extra = fmt.Sprintf("(%s bytes)", num(float64(size)))
		if vw.target > 0 {
			holds := "no"
			if size <= 350000 {
				holds = "yes"
			}
			row.Extra = fmt.Sprintf("(%s bytes; target <= 350,000: %s)", num(float64(size)), holds)
		}
		r.add(row)
	}
	return nil
}

func (r *runner) storage() error {
	r.logf("storage")
	one, many, rate := 400, 25, 40
	switch {
	case r.o.Smoke:
		one, many, rate = 40, 3, 5
	case !r.o.Quick:
		one, many, rate = 2000, 60, 120
	}
	rows := []Row{{Name: "durable moves/s, 1 game", Unit: "moves/s"}, {Name: "durable moves/s, 64 games", Unit: "moves/s", Better: ">=", Target: 1000},
		{Name: "commit latency p50, 64 games at 1,000 moves/s", Unit: "ms"}, {Name: "commit latency p99, 64 games at 1,000 moves/s", Unit: "ms", Better: "<=", Target: 20}}
	states, err := engineStates(150)
	if err != nil {
		return err
	}
	for range r.reps {
		t1, err := storage.MeasureThroughput(r.o.Dir, 1, one, states)
		if err != nil {
			return err
		}
		t64, err := storage.MeasureThroughput(r.o.Dir, 64, many, states)
		if err != nil {
			return err
		}
		lat, err := storage.MeasureLatency(r.o.Dir, 64, rate, 1000, states)
		if err != nil {
			return err
		}
		rows[0].Values = append(rows[0].Values, t1.MovesPerSec)
		rows[1].Values = append(rows[1].Values, t64.MovesPerSec)
		rows[2].Values = append(rows[2].Values, ms(lat.P50))
		rows[3].Values = append(rows[3].Values, ms(lat.P99))
		rows[0].Extra = fmt.Sprintf("(p50 %s ms, p99 %s ms)", num(ms(t1.P50)), num(ms(t1.P99)))
		rows[1].Extra = fmt.Sprintf("(saturated: p50 %s ms, p99 %s ms)", num(ms(t64.P50)), num(ms(t64.P99)))
	}
	for _, row := range rows {
		r.add(row)
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// memory loads 1,000 active games into a bot from a store and reports the process's resident size.
func (r *runner) memory() error {
	r.logf("memory: 1,000 active games")
	dir, err := os.MkdirTemp(r.o.Dir, "carc-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "games.db")
	store, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		return err
	}
	moves := 40
	switch {
	case r.o.Smoke:
		moves = 2
	case r.o.Quick:
		moves = 10
	}
	for i := range 1000 {
		if err := storeGame(store, fmt.Sprintf("g%d", i), uint64(i), moves); err != nil {
			store.Close()
			return err
		}
	}
	if err := store.Close(); err != nil {
		return err
	}
	row := Row{Name: "RSS with 1,000 active games loaded", Unit: "MiB", Better: "<=", Target: 150}
	for range r.reps {
		store, err := storage.Open(path, storage.Options{NoSync: true})
		if err != nil {
			return err
		}
		s, _ := discordgo.New("Bot none")
		d, err := discord.NewBot(s, bot.Config{Store: store, TimerEvery: -1, Logger: slog.New(slog.NewTextHandler(discard{}, nil))}, discord.Config{})
		if err != nil {
			return err
		}
		b := d.Host()
		if err := b.Load(); err != nil {
			return err
		}
		runtime.GC()
		row.Values = append(row.Values, float64(rss())/(1<<20))
		row.Extra = fmt.Sprintf("(%d games; %d moves each)", b.Games(), moves)
		runtime.KeepAlive(b)
		store.Close()
	}
	r.add(row)
	// Hand the 1,000 games' memory back before the timed rows run.
	debug.FreeOSMemory()
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// storeGame records a France game of the given length in the store, entry by entry, as the bot
// does (without fsync, which only the throughput rows measure).
func storeGame(store *storage.Store, id string, seed uint64, moves int) error {
	var steps []table.Step
	n := 0
	errStop := fmt.Errorf("stop")
	_, err := commands.AutoGame("france", 3, seed, func(t *table.Table, _ commands.Input, r commands.Reply) error {
		if r.Step != nil {
			steps = append(steps, *r.Step)
		}
		if t.Game != nil {
			if n++; n >= moves {
				return errStop
			}
		}
		return nil
	})
	if err != errStop {
		return fmt.Errorf("game %s: %w", id, err)
	}
	return bot.Save(store, id, "c"+id, steps)
}

// rss is the process's resident set size in bytes (Linux), or the Go runtime's view elsewhere.
func rss() uint64 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "VmRSS:") {
				var kb uint64
				if _, err := fmt.Sscanf(strings.TrimPrefix(line, "VmRSS:"), "%d", &kb); err == nil {
					return kb << 10
				}
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Sys
}
