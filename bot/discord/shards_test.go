package discord

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

func TestParseShards(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want Shards
		err  string // part of the error; "" when legal
	}{
		{in: "", want: Shards{}},
		{in: "auto", want: Shards{Auto: true}},
		{in: "AUTO", want: Shards{Auto: true}},
		{in: "0-3/8", want: Shards{First: 0, Last: 3, Count: 8}},
		{in: "2/8", want: Shards{First: 2, Last: 2, Count: 8}},
		{in: "0/1", want: Shards{First: 0, Last: 0, Count: 1}},
		{in: " 4-7/8 ", want: Shards{First: 4, Last: 7, Count: 8}},
		{in: "0-3", err: "the shard count is missing"},
		{in: "3", err: "the shard count is missing"},
		{in: "0-3/0", err: `the shard count "0" is not a whole number of at least 1`},
		{in: "0-3/x", err: "not a whole number"},
		{in: "4-2/8", err: "the range starts at 4, after its end 2"},
		{in: "8/8", err: "shard 8 does not exist among 8 shards, which are numbered 0 to 7"},
		{in: "0-8/8", err: "shard 8 does not exist"},
		{in: "-1/8", err: "is not a shard or a range of shards"},
		{in: "a-b/8", err: "is not a shard or a range of shards"},
		{in: "some", err: "write FIRST-LAST/COUNT"},
	} {
		got, err := ParseShards(c.in)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseShards(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "auto")):
			t.Errorf("ParseShards(%q) error %v; want one saying %q and naming what is legal", c.in, err, c.err)
		}
	}
}

// shardedBot starts a bot on its own BoltDB file serving the given shards of the fake.
func shardedBot(t *testing.T, f *fakediscord.Fake, shards Shards) (*Adapter, *storage.Store) {
	t.Helper()
	st, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	a := newBot(t, f.Session(t), bot.Config{Store: st, TimerEvery: -1, Deal: bot.FixedDeals(3),
		Draw:     func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil },
		EndFiles: func(*table.Table, string) []bot.File { return nil },
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil))}, Config{Shards: shards})
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close(); _ = st.Close() })
	return a, st
}

func shardContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// openInGuild opens a game in a guild's #general and returns the interaction.
func openInGuild(t *testing.T, ctx context.Context, f *fakediscord.Fake, u *fakediscord.User, g *fakediscord.Guild) *fakediscord.Interaction {
	t.Helper()
	in := f.SendSlash(u, g.General, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	m, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		t.Fatal(err)
	}
	if !contains(m.Content, "Game opened") {
		t.Fatalf("/carc new in %s: %s", g.Name, m.Content)
	}
	return in
}

// TestTwoProcessesSplitTheShards: one bot runs shards 0-1 of 4 and another 2-3, each with its
// own store; a game opened in each of four guilds, one per shard, reaches exactly the bot of its
// shard, and only that bot's store holds it.
func TestTwoProcessesSplitTheShards(t *testing.T) {
	t.Parallel()
	f := fakediscord.New(t, fakediscord.WithRecommendedShards(4, 4)) // all four identify at once
	var guilds []*fakediscord.Guild
	for shard := range 4 {
		guilds = append(guilds, f.AddGuildOnShard("server", shard, 4))
	}
	low, lowStore := shardedBot(t, f, Shards{First: 0, Last: 1, Count: 4})
	high, highStore := shardedBot(t, f, Shards{First: 2, Last: 3, Count: 4})
	ctx := shardContext(t)
	if err := f.WaitShards(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if got := f.Shards(); len(got) != 4 {
		t.Fatalf("open shards %v, want 0/4 to 3/4", got)
	}
	alice := f.AddUser("alice")
	for shard, g := range guilds {
		in := openInGuild(t, ctx, f, alice, g)
		if got := in.Shards(); len(got) != 1 || got[0] != [2]int{shard, 4} {
			t.Errorf("the interaction in the guild of shard %d went to %v", shard, got)
		}
		_, inLow, _ := lowStore.ActiveGame(g.General.ID)
		_, inHigh, _ := highStore.ActiveGame(g.General.ID)
		if inLow != (shard < 2) || inHigh != (shard >= 2) {
			t.Errorf("the game of shard %d is in the store of shards 0-1: %v, of shards 2-3: %v", shard, inLow, inHigh)
		}
	}
	if low.host.Games() != 2 || high.host.Games() != 2 {
		t.Errorf("games in memory: %d and %d, want two each", low.host.Games(), high.host.Games())
	}
}

// TestShardsAutoTakesTheRecommendedCount: with --shards auto the bot asks GET /gateway/bot and
// runs every shard of the count it recommends, each serving its guilds.
func TestShardsAutoTakesTheRecommendedCount(t *testing.T) {
	t.Parallel()
	f := fakediscord.New(t, fakediscord.WithRecommendedShards(3, 3))
	var guilds []*fakediscord.Guild
	for shard := range 3 {
		guilds = append(guilds, f.AddGuildOnShard("server", shard, 3))
	}
	b, _ := shardedBot(t, f, Shards{Auto: true})
	if got := b.ShardsRunning(); got != (Shards{First: 0, Last: 2, Count: 3}) {
		t.Errorf("running shards %v, want 0-2/3", got)
	}
	ctx := shardContext(t)
	if err := f.WaitShards(ctx, 3); err != nil {
		t.Fatal(err)
	}
	alice := f.AddUser("alice")
	for shard, g := range guilds {
		if got := openInGuild(t, ctx, f, alice, g).Shards(); len(got) != 1 || got[0] != [2]int{shard, 3} {
			t.Errorf("the interaction in the guild of shard %d went to %v", shard, got)
		}
	}
	if b.host.Games() != 3 {
		t.Errorf("%d games, want 3", b.host.Games())
	}
}

// TestShardsOpenInRoundsOfMaxConcurrency: Discord lets max_concurrency shards identify at once and
// each rate-limit bucket once per five seconds; with four shards and a concurrency of two, shards
// 0 and 1 identify first, and 2 and 3 at least five seconds later.
func TestShardsOpenInRoundsOfMaxConcurrency(t *testing.T) {
	t.Parallel()
	f := fakediscord.New(t, fakediscord.WithRecommendedShards(4, 2))
	shardedBot(t, f, Shards{Auto: true})
	ctx := shardContext(t)
	if err := f.WaitShards(ctx, 4); err != nil {
		t.Fatal(err)
	}
	at := map[int]time.Time{}
	for shard := range 4 {
		fr, err := f.WaitGateway(ctx, func(fr fakediscord.GatewayFrame) bool {
			var id struct{ Shard [2]int }
			return fr.Op == 2 && json.Unmarshal(fr.D, &id) == nil && id.Shard == [2]int{shard, 4}
		})
		if err != nil {
			t.Fatal(err)
		}
		at[shard] = fr.Time
	}
	for _, second := range []int{2, 3} {
		for _, first := range []int{0, 1} {
			if gap := at[second].Sub(at[first]); gap < identifyEvery {
				t.Errorf("shard %d identified %v after shard %d, want at least %v", second, gap, first, identifyEvery)
			}
		}
	}
}

// TestShardsBeyondTheSessionStartLimitAreRefused: when Discord allows fewer session starts than
// the shards to open, the bot does not start, and says how many it may start and when that resets.
func TestShardsBeyondTheSessionStartLimitAreRefused(t *testing.T) {
	t.Parallel()
	f := fakediscord.New(t, fakediscord.WithRecommendedShards(4, 4), fakediscord.WithSessionStartsLeft(2))
	st, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	b := newBot(t, f.Session(t), bot.Config{Store: st, TimerEvery: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, Config{Shards: Shards{Auto: true}})
	t.Cleanup(func() { _ = b.Close() })
	err = b.Start()
	if err == nil || !strings.Contains(err.Error(), "Discord allows 2 more session starts") || !strings.Contains(err.Error(), "4 are needed") {
		t.Errorf("Start = %v, want the session start limit named", err)
	}
	if got := f.Shards(); len(got) != 0 {
		t.Errorf("shards opened anyway: %v", got)
	}
}
