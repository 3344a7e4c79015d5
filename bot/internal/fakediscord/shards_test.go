package fakediscord

import (
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// shardBot opens a session for one shard whose interactions are recorded by guild ("" for DMs)
// and answered at once.
func shardBot(t *testing.T, f *Fake, shard, count int, got *sync.Map) *discordgo.Session {
	t.Helper()
	s := f.Session(t)
	s.ShardID, s.ShardCount = shard, count
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		got.Store(ic.ID, [2]int{s.ShardID, s.ShardCount})
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "ok"}})
	})
	if err := s.Open(); err != nil {
		t.Fatalf("Open shard %d/%d: %v", shard, count, err)
	}
	if err := f.WaitShards(testContext(t), len(f.Shards())); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEachGuildReachesOnlyItsShard: Discord sends a guild's events to shard (guild_id >> 22) %
// num_shards and DMs to shard 0; two "processes" running shards 0-1 and 2-3 of 4 each see
// exactly the interactions of their guilds.
func TestEachGuildReachesOnlyItsShard(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	var guilds []*Guild
	for shard := range 4 {
		guilds = append(guilds, f.AddGuildOnShard("server", shard, 4))
	}
	var got sync.Map
	for shard := range 4 {
		shardBot(t, f, shard, 4, &got)
	}
	if shards := f.Shards(); len(shards) != 4 {
		t.Fatalf("identified shards %v, want four", shards)
	}
	ctx := testContext(t)
	alice := f.AddUser("alice")
	check := func(ch *Channel, want int) {
		t.Helper()
		in := f.SendSlash(alice, ch, "render", StringArg("text", "x"))
		if _, err := in.WaitResponse(ctx); err != nil {
			t.Fatal(err)
		}
		v, _ := got.Load(in.ID)
		if v != [2]int{want, 4} || len(in.Shards()) != 1 || in.Shards()[0] != [2]int{want, 4} {
			t.Errorf("an interaction in %s went to shard %v (fake: %v), want %d/4", ch.Name, v, in.Shards(), want)
		}
	}
	for shard, g := range guilds {
		if ShardOf(g.ID, 4) != shard {
			t.Fatalf("guild %s is on shard %d, want %d", g.ID, ShardOf(g.ID, 4), shard)
		}
		check(g.General, shard)
	}
	check(f.DMChannel(alice), 0)
}

// TestGuildsSpreadOverShards: consecutive guilds fall on consecutive shards, as the first guild
// and ShardOf say.
func TestGuildsSpreadOverShards(t *testing.T) {
	t.Parallel()
	f := New(t)
	first := ShardOf(f.GuildID, 3)
	for i := 1; i <= 5; i++ {
		if g := f.AddGuild("server"); ShardOf(g.ID, 3) != (first+i)%3 {
			t.Errorf("guild %d is on shard %d of 3, want %d", i, ShardOf(g.ID, 3), (first+i)%3)
		}
	}
	if got := len(f.Guilds()); got != 6 {
		t.Errorf("%d guilds, want 6", got)
	}
}

// TestShardlessSessionIsShardZeroOfOne: a session that identifies without a shard gets every
// guild, as an unsharded bot does.
func TestShardlessSessionIsShardZeroOfOne(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	other := f.AddGuild("second")
	var got sync.Map
	shardBot(t, f, 0, 1, &got)
	alice := f.AddUser("alice")
	for _, ch := range []*Channel{f.General, other.General} {
		if _, err := f.SendSlash(alice, ch, "render", StringArg("text", "x")).WaitResponse(testContext(t)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGuildWithoutItsShardIsRefused: an interaction in a guild whose shard no session runs
// cannot be delivered, and the test is told which shards are open.
func TestGuildWithoutItsShardIsRefused(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	g := f.AddGuildOnShard("server", 1, 2)
	var got sync.Map
	shardBot(t, f, 0, 2, &got)
	in := f.SendSlash(f.AddUser("alice"), g.General, "render", StringArg("text", "x"))
	if _, err := in.WaitResponse(testContext(t)); err == nil || !strings.Contains(err.Error(), "no gateway session runs the shard") {
		t.Errorf("WaitResponse = %v, want the routing error", err)
	}
	expectProblem(t, f, ProblemSend)
}

// TestSessionsDisagreeingOnTheCountAreFlagged: a process on shard 1 of 2 and another on shard 3
// of 4 both hold a guild with (id >> 22) % 4 == 3; the event reaches both, as on Discord, and the
// fake flags the misconfiguration.
func TestSessionsDisagreeingOnTheCountAreFlagged(t *testing.T) {
	t.Parallel()
	f := New(t)
	restSession(t, f)
	g := f.AddGuildOnShard("server", 3, 4)
	var got sync.Map
	shardBot(t, f, 1, 2, &got)
	shardBot(t, f, 3, 4, &got)
	in := f.SendSlash(f.AddUser("alice"), g.General, "render", StringArg("text", "x"))
	if len(in.Shards()) != 2 {
		t.Errorf("the interaction went to %v, want both sessions", in.Shards())
	}
	if p := expectProblem(t, f, ProblemGateway); !strings.Contains(p.Detail, "disagree on the shard count") {
		t.Errorf("problem %v", p)
	}
	// Both sessions answer; Discord takes the first callback and refuses the second.
	expectProblem(t, f, ProblemAlreadyAcknowledged)
}

// TestIdentifyWithAnInvalidShardIsClosed: a shard id outside [0, num_shards) is closed with 4010.
func TestIdentifyWithAnInvalidShardIsClosed(t *testing.T) {
	t.Parallel()
	f := New(t)
	s := f.Session(t)
	s.Identify.Shard = &[2]int{4, 4}
	if err := s.Open(); err == nil {
		t.Fatal("Open succeeded with shard [4, 4]")
	}
	if p := expectProblem(t, f, ProblemGateway); !strings.Contains(p.Detail, "invalid shard") {
		t.Errorf("problem %v", p)
	}
}

// TestGatewayBotRecommendsShards: GET /gateway/bot answers the count WithRecommendedShards set.
func TestGatewayBotRecommendsShards(t *testing.T) {
	t.Parallel()
	f := New(t, WithRecommendedShards(6, 2))
	gb, err := f.Session(t).GatewayBot()
	if err != nil {
		t.Fatal(err)
	}
	if gb.Shards != 6 || gb.SessionStartLimit.MaxConcurrency != 2 || !strings.HasPrefix(gb.URL, "ws://127.0.0.1:") {
		t.Errorf("GET /gateway/bot = %+v", gb)
	}
}

// TestShardOfFollowsDiscordsRule: shard_id = (guild_id >> 22) % num_shards; DMs go to shard 0.
func TestShardOfFollowsDiscordsRule(t *testing.T) {
	for _, c := range []struct {
		guild        string
		count, shard int
	}{
		{"81384788765712384", 1, 0},
		{"81384788765712384", 2, 0},
		{"81384788765712384", 16, 2},
		{"41771983423143937", 4, 2},
		{"175928847299117063", 7, 0},
		{"", 8, 0},
	} {
		if got := ShardOf(c.guild, c.count); got != c.shard {
			t.Errorf("ShardOf(%s, %d) = %d, want %d", c.guild, c.count, got, c.shard)
		}
	}
}
