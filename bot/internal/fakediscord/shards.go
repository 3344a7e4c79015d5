package fakediscord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// A gateway connection runs one shard of the bot: IDENTIFY says which ([shard_id, num_shards],
// [0, 1] when absent). Each guild's events, and each interaction in it, go only to the
// connection whose shard holds the guild ((guild_id >> 22) % num_shards); DMs go to shard 0.
// When the identified connections disagree on num_shards so that a guild falls on two of them,
// the event goes to both, as Discord would send it, and the fake records a ProblemGateway: the
// bot's processes were started with different shard counts.

// gatewayBot answers GET /gateway/bot: the gateway URL, the recommended shard count and the
// session start limit (WithRecommendedShards).
func (f *Fake) gatewayBot(*Request, *http.Request) (any, error) {
	return map[string]any{
		"url":    f.gatewayURL(),
		"shards": f.cfg.shards,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": f.cfg.startsLeft, "reset_after": 86400000, "max_concurrency": f.cfg.maxConcurrency,
		},
	}, nil
}

// errInvalidShard is an IDENTIFY whose shard is outside [0, num_shards); Discord closes the
// connection with 4010.
var errInvalidShard = errors.New("invalid shard")

// readShard reads IDENTIFY's "shard": [shard_id, num_shards], [0, 1] when absent.
func readShard(raw json.RawMessage) (shard, count int, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, 1, nil
	}
	var s []int
	if json.Unmarshal(raw, &s) != nil || len(s) != 2 || s[1] < 1 || s[0] < 0 || s[0] >= s[1] {
		return 0, 0, fmt.Errorf("%w: IDENTIFY shard %s: want [shard_id, num_shards] with 0 <= shard_id < num_shards", errInvalidShard, raw)
	}
	return s[0], s[1], nil
}

// guildsOfShardLocked are the guilds whose events go to shard of count.
func (f *Fake) guildsOfShardLocked(shard, count int) []*Guild {
	var out []*Guild
	for _, g := range f.guildOrder {
		if ShardOf(g.ID, count) == shard {
			out = append(out, g)
		}
	}
	return out
}

// connsForLocked are the identified connections that receive guild's events ("" for DMs): for
// each [shard, num_shards] that holds the guild, the newest connection identified with it (an
// older one is a session the bot is replacing).
func (f *Fake) connsForLocked(guild string) ([]*gatewayConn, error) {
	if len(f.shards) == 0 {
		return nil, errors.New("no identified gateway connection (Open the session first)")
	}
	var out []*gatewayConn
	seen := map[[2]int]bool{}
	for i := len(f.shards) - 1; i >= 0; i-- {
		c := f.shards[i]
		key := [2]int{c.shard, c.count}
		if seen[key] || ShardOf(guild, c.count) != c.shard {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no gateway session runs the shard of guild %s (open: %s)", guildName(guild), f.openShardsLocked())
	}
	if len(out) > 1 {
		var names []string
		for _, c := range out {
			names = append(names, fmt.Sprintf("%d/%d", c.shard, c.count))
		}
		f.problemLocked(ProblemGateway, nil, "guild %s's events reach %d sessions (shards %s): the bot's sessions disagree on the shard count",
			guildName(guild), len(out), strings.Join(names, ", "))
	}
	return out, nil
}

// openShardsLocked lists the identified connections' shards, "0/4, 1/4".
func (f *Fake) openShardsLocked() string {
	var names []string
	for _, c := range f.shards {
		names = append(names, fmt.Sprintf("%d/%d", c.shard, c.count))
	}
	return strings.Join(names, ", ")
}

func guildName(guild string) string {
	if guild == "" {
		return "(DMs)"
	}
	return guild
}

// eventGuild is the guild_id of an event's data, "" when it has none (DMs, READY).
func eventGuild(data []byte) string {
	var d struct {
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(data, &d) // data is valid JSON; a non-object has no guild
	return d.GuildID
}

// Shards returns the shards of the identified gateway connections, oldest first, as
// [shard_id, num_shards].
func (f *Fake) Shards() [][2]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out [][2]int
	for _, c := range f.shards {
		out = append(out, [2]int{c.shard, c.count})
	}
	return out
}

// WaitShards waits until n identified gateway connections have each sent their first heartbeat,
// which discordgo sends right after READY: the bot's shards are all up, and closing a session
// no longer races its first heartbeat (discordgo logs that race as an error).
func (f *Fake) WaitShards(ctx context.Context, n int) error {
	_, err := waitFor(ctx, f, fmt.Sprintf("%d gateway shards", n), func() (int, bool) {
		up := 0
		for _, c := range f.shards {
			if c.beat {
				up++
			}
		}
		return up, up >= n
	})
	return err
}
