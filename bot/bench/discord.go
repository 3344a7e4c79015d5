package bench

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

var initTesting sync.Once

// discord measures the time from a player's /place to the turn message with its board image
// arriving at Discord, through the real discordgo client and the fake Discord on loopback, with
// the store fsyncing every move.
func (r *runner) discord() error {
	r.logf("interaction to image through the fake Discord")
	moves := 40
	switch {
	case r.o.Smoke:
		moves = 3
	case r.o.Quick:
		moves = 12
	}
	p50 := Row{Name: "interaction to image, p50 (fake Discord)", Unit: "ms", Better: "<=", Target: 40}
	p99 := Row{Name: "interaction to image, p99 (fake Discord)", Unit: "ms", Better: "<=", Target: 100}
	pg := Row{Name: "interaction to image, p99 (fake Discord, PostgreSQL)", Unit: "ms", Better: "<="}
	// Each repetition plays a new game in the fake's channel: on a database of its own.
	pgStore := func() (storage.Database, func(), error) {
		url, drop, err := scratchDatabase(r.o.Postgres)
		if err != nil {
			return nil, nil, err
		}
		store, err := postgres.Open(url, postgres.Options{})
		if err != nil {
			drop()
			return nil, nil, err
		}
		return store, func() { store.Close(); drop() }, nil
	}
	for rep := range r.reps {
		lat, err := fakeLatency(r.boltStore, moves, int64(rep+1), pacing{})
		if err != nil {
			return err
		}
		p50.Values = append(p50.Values, ms(percentile(lat, 0.5)))
		p99.Values = append(p99.Values, ms(percentile(lat, 0.99)))
		if r.o.Postgres != "" {
			if lat, err = fakeLatency(pgStore, moves, int64(rep+1), pacing{}); err != nil {
				return err
			}
			pg.Values = append(pg.Values, ms(percentile(lat, 0.99)))
		}
	}
	p50.Extra = fmt.Sprintf("(%d moves per repetition, mid-game France, fsync on)", moves)
	r.add(p50)
	r.add(p99)
	pg.Target, pg.Extra = 2*p99.Median(), "(target: 2 × the bbolt row above, same run)"
	if r.o.Postgres == "" {
		pg.Note = "not measured: give --pg URL (an empty PostgreSQL database)"
	}
	r.add(pg)
	return nil
}

// boltStore opens a new bbolt store in a directory of its own, fsyncing every move, and returns
// the function that closes it and removes the directory.
func (r *runner) boltStore() (storage.Database, func(), error) {
	tmp, err := os.MkdirTemp(r.o.Dir, "carc-bench-")
	if err != nil {
		return nil, nil, err
	}
	store, err := storage.Open(filepath.Join(tmp, "games.db"), storage.Options{})
	if err != nil {
		os.RemoveAll(tmp)
		return nil, nil, err
	}
	return store, func() { store.Close(); os.RemoveAll(tmp) }, nil
}

func percentile(d []time.Duration, q float64) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(q*float64(len(s))+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

// meanwhile is work a measured game runs beside its measured moves: started once the game is
// under way, stopped (the function it returns) after its last move.
type meanwhile func(bt *bot.Host, store storage.Database, channel string) (stop func(), err error)

// pacing is how a measured game's moves are played: the moves played before the measured ones
// (0: 10), a pause after each (none: back to back) and what runs beside them (nil: nothing).
type pacing struct {
	warmup int
	gap    time.Duration
	during meanwhile
	// instrument, if set, wraps the bot before it is made (the monitoring, bot/metrics).
	instrument func(cfg *bot.Config, dcfg *discord.Config, s *discordgo.Session)
}

// fakeLatency runs one measured game, paced by pace.
// The fake needs a testing.TB, which testing.Benchmark gives outside go test; the measurement runs
// once whatever b.N is.
func fakeLatency(open func() (storage.Database, func(), error), moves int, seed int64, pace pacing) ([]time.Duration, error) {
	initTesting.Do(testing.Init)
	var out []time.Duration
	var err error
	var once sync.Once
	testing.Benchmark(func(b *testing.B) {
		once.Do(func() { out, err = measure(b, open, moves, seed, pace) })
	})
	if err == nil && len(out) == 0 {
		err = errors.New("the fake Discord measurement did not run")
	}
	return out, err
}

// measure plays a game through the fake Discord on a store open gives (and closes with the
// function it returns), and returns the time of each move from /place to the turn's image.
func measure(b *testing.B, open func() (storage.Database, func(), error), moves int, seed int64, pace pacing) ([]time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := startFrance(ctx, b, open, seed, pace.instrument, nil)
	if err != nil {
		return nil, err
	}
	defer g.close()
	f, bt, store, users, ch := g.f, g.host, g.store, g.users, g.ch
	var lat []time.Duration
	warmup := pace.warmup
	if warmup == 0 {
		warmup = 10
	}
	for i := 0; i < warmup+moves; i++ {
		if i == warmup && pace.during != nil {
			stop, err := pace.during(bt, store, ch.ID)
			if err != nil {
				return nil, err
			}
			defer stop()
		}
		last := lastPost(f, ch.ID)
		if last == nil || len(last.Pinged()) != 1 {
			return nil, fmt.Errorf("move %d: the last turn message pings nobody", i)
		}
		u := users[last.Pinged()[0]]
		ac := f.SendAutocomplete(u, ch, "place", fakediscord.Focused(fakediscord.StringArg("square", "")))
		resp, err := ac.WaitResponse(ctx)
		if err != nil || len(resp.Choices) == 0 {
			return nil, fmt.Errorf("move %d: no legal square offered: %w", i, err)
		}
		sq := fmt.Sprint(resp.Choices[0].Value)
		ac = f.SendAutocomplete(u, ch, "place", fakediscord.StringArg("square", sq), fakediscord.Focused(fakediscord.StringArg("rotation", "")))
		if resp, err = ac.WaitResponse(ctx); err != nil || len(resp.Choices) == 0 {
			return nil, fmt.Errorf("move %d: no rotation offered: %w", i, err)
		}
		start := time.Now()
		f.SendSlash(u, ch, "place", fakediscord.StringArg("square", sq), fakediscord.StringArg("rotation", fmt.Sprint(resp.Choices[0].Value)),
			fakediscord.StringArg("meeple", "none"))
		if _, err := f.WaitMessage(ctx, ch.ID, func(m *fakediscord.Message) bool {
			return !m.Ephemeral() && m.InteractionID == "" && m.ID != last.ID && len(m.Attachments) == 1 && m.Created.After(last.Created)
		}); err != nil {
			return nil, fmt.Errorf("move %d: no turn message: %w", i, err)
		}
		if i >= warmup {
			lat = append(lat, time.Since(start))
		}
		time.Sleep(pace.gap)
	}
	return lat, nil
}

// lastPost is the newest public message of the bot in a channel.
func lastPost(f *fakediscord.Fake, ch string) *fakediscord.Message {
	ms := f.Messages(ch)
	for i := len(ms) - 1; i >= 0; i-- {
		if !ms[i].Ephemeral() && ms[i].InteractionID == "" {
			return ms[i]
		}
	}
	return nil
}

// franceGame is a two-player France game opened through the fake Discord on a bot of its own.
type franceGame struct {
	f     *fakediscord.Fake
	host  *bot.Host
	store storage.Database
	users map[string]*fakediscord.User
	ch    *fakediscord.Channel
	close func()
}

// startFrance starts a bot on a store open gives (configured further by configure, and readied by
// ready before the game opens, when not nil) and opens and starts a France game between alice and
// bob in the fake's channel, dealt from seed.
func startFrance(ctx context.Context, b *testing.B, open func() (storage.Database, func(), error), seed int64,
	configure func(*bot.Config, *discord.Config, *discordgo.Session), ready func(*bot.Host) error) (*franceGame, error) {
	f := fakediscord.New(b)
	store, done, err := open()
	if err != nil {
		return nil, err
	}
	s := f.Session(b)
	cfg, dcfg := bot.Config{Store: store, TimerEvery: -1, Deal: bot.FixedDeals(seed), Logger: slog.New(slog.NewTextHandler(discard{}, nil))}, discord.Config{}
	if configure != nil {
		configure(&cfg, &dcfg, s)
	}
	d, err := discord.NewBot(s, cfg, dcfg)
	if err != nil {
		done()
		return nil, err
	}
	if err := d.Start(); err != nil {
		done()
		return nil, err
	}
	g := &franceGame{f: f, host: d.Host(), store: store, ch: f.General, close: func() { d.Close(); done() }}
	if ready != nil {
		if err := ready(g.host); err != nil {
			g.close()
			return nil, err
		}
	}
	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	g.users = map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	for _, in := range []func() *fakediscord.Interaction{
		func() *fakediscord.Interaction {
			return f.SendSlash(alice, g.ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
		},
		func() *fakediscord.Interaction { return f.SendSlash(bob, g.ch, "carc", fakediscord.SubCommand("join")) },
		func() *fakediscord.Interaction {
			return f.SendSlash(alice, g.ch, "carc", fakediscord.SubCommand("start"))
		},
	} {
		if _, err := in().WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() }); err != nil {
			g.close()
			return nil, err
		}
	}
	return g, nil
}
