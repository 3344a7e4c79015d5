package replicas

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestGatewayShardsAcrossProcesses runs the binary over the gateway: two processes on one
// PostgreSQL split the four shards of the fake Discord (--shards 0-1/4 and 2-3/4), and each
// guild's commands reach the process of its shard only. With the second process killed, the
// guilds of shards 2 and 3 go unanswered while those of 0 and 1 are served; started again, it
// takes up the games the first one never saw. Last, one process with --shards auto runs all four
// shards Discord recommends.
func TestGatewayShardsAcrossProcesses(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	bin := buildBot(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	f := fakediscord.New(t, fakediscord.WithRecommendedShards(4, 4))
	guilds := make([]*fakediscord.Guild, 4)
	for shard := range guilds {
		guilds[shard] = f.AddGuildOnShard(fmt.Sprintf("server-%d", shard), shard, 4)
	}
	dir := t.TempDir()
	process := func(name, shards string) *botProcess {
		p := &botProcess{t: t, log: filepath.Join(dir, name+".log"),
			args: []string{bin, "--db", url, "--shards", shards, "--discord-api", f.URL(), "--log-level", "warn"},
			env:  processEnv("DISCORD_TOKEN=" + f.Token)}
		t.Cleanup(func() {
			p.kill()
			if t.Failed() {
				t.Logf("log of %s:\n%s", name, p.logTail())
			}
		})
		return p
	}
	// up waits until exactly the given shards (in order) are open, each having sent its first heartbeat.
	up := func(want ...[2]int) {
		t.Helper()
		if err := f.WaitShards(ctx, len(want)); err != nil {
			t.Fatal(err)
		}
		for {
			got := f.Shards()
			slices.SortFunc(got, func(a, b [2]int) int { return a[0] - b[0] })
			if fmt.Sprint(got) == fmt.Sprint(want) {
				return
			}
			select {
			case <-ctx.Done():
				t.Fatalf("open shards %v, want %v", got, want)
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	slash := func(u *fakediscord.User, g int, args ...fakediscord.Arg) (string, *fakediscord.Interaction) {
		t.Helper()
		in := f.SendSlash(u, guilds[g].General, "carc", args...)
		m, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
		if err != nil {
			t.Fatalf("in the guild of shard %d: %v", g, err)
		}
		if got := in.Shards(); len(got) != 1 || got[0] != [2]int{g, 4} {
			t.Errorf("the command in the guild of shard %d went to shards %v", g, got)
		}
		return m.Content, in
	}

	low, high := process("low", "0-1/4"), process("high", "2-3/4")
	low.run()
	high.run()
	up([2]int{0, 4}, [2]int{1, 4}, [2]int{2, 4}, [2]int{3, 4})
	if _, err := f.WaitRequest(ctx, func(r *fakediscord.Request) bool {
		return r.Route == "PUT /api/v9/applications/{app}/commands" && r.Status == 200
	}); err != nil {
		t.Fatal(err)
	}
	for g := range guilds {
		if m, _ := slash(alice, g, fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"))); !strings.Contains(m, "Game opened") {
			t.Fatalf("/carc new in the guild of shard %d: %s", g, m)
		}
	}

	high.kill()
	up([2]int{0, 4}, [2]int{1, 4})
	in := f.SendSlash(bob, guilds[2].General, "carc", fakediscord.SubCommand("join"))
	if _, err := in.WaitResponse(ctx); err == nil {
		t.Error("a command in the guild of shard 2 was answered with the process of shards 2-3 down")
	}
	if _, err := f.ExpectProblem(ctx, fakediscord.ProblemSend); err != nil {
		t.Fatal(err)
	}
	for _, g := range []int{0, 1} {
		if m, _ := slash(bob, g, fakediscord.SubCommand("join")); !strings.Contains(m, "joined") {
			t.Errorf("/carc join in the guild of shard %d with the other process down: %s", g, m)
		}
	}

	high.run()
	up([2]int{0, 4}, [2]int{1, 4}, [2]int{2, 4}, [2]int{3, 4})
	for _, g := range []int{2, 3} {
		if m, _ := slash(bob, g, fakediscord.SubCommand("join")); !strings.Contains(m, "joined") {
			t.Errorf("/carc join in the guild of shard %d after the restart: %s", g, m)
		}
	}

	low.kill()
	high.kill()
	up()
	auto := process("auto", "auto")
	auto.run()
	up([2]int{0, 4}, [2]int{1, 4}, [2]int{2, 4}, [2]int{3, 4})
	for g := range guilds {
		if m, _ := slash(alice, g, fakediscord.SubCommand("start")); !strings.Contains(m, "The game begins") {
			t.Errorf("/carc start in the guild of shard %d: %s", g, m)
		}
	}
}
