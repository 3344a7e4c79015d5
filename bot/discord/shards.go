package discord

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Shards is the part of Discord's gateway one process serves: shards First..Last of Count, or,
// with Auto, every shard of the count Discord recommends (GET /gateway/bot). Discord sends each
// guild's events to one shard, (guild_id >> 22) % Count, and DMs to shard 0, so processes that
// split the shards of one count between them each receive their own guilds' events and nobody
// else's. The zero value is one unsharded session, as a bot below 2,500 servers runs.
type Shards struct {
	First, Last, Count int
	Auto               bool
}

// shardsSyntax is what ParseShards accepts, for its error messages.
const shardsSyntax = "FIRST-LAST/COUNT (0-3/8: shards 0 to 3 of 8), one shard ID/COUNT (2/8), or auto (every shard Discord recommends)"

// ParseShards reads a shard range: "0-3/8", "2/8" or "auto"; "" is the zero value.
func ParseShards(s string) (Shards, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "":
		return Shards{}, nil
	case "auto":
		return Shards{Auto: true}, nil
	}
	bad := func(why string) (Shards, error) {
		return Shards{}, fmt.Errorf("shards %q: %s; write %s", s, why, shardsSyntax)
	}
	ids, count, ok := strings.Cut(s, "/")
	if !ok {
		return bad("the shard count is missing")
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 {
		return bad(fmt.Sprintf("the shard count %q is not a whole number of at least 1", count))
	}
	first, last, isRange := strings.Cut(ids, "-")
	if !isRange {
		last = first
	}
	a, errA := strconv.Atoi(first)
	z, errZ := strconv.Atoi(last)
	switch {
	case errA != nil || errZ != nil || a < 0 || z < 0:
		return bad(fmt.Sprintf("%q is not a shard or a range of shards", ids))
	case a > z:
		return bad(fmt.Sprintf("the range starts at %d, after its end %d", a, z))
	case z >= n:
		return bad(fmt.Sprintf("shard %d does not exist among %d shards, which are numbered 0 to %d", z, n, n-1))
	}
	return Shards{First: a, Last: z, Count: n}, nil
}

// String is the range as ParseShards reads it.
func (r Shards) String() string {
	switch {
	case r.Auto:
		return "auto"
	case r.Count == 0:
		return "0/1"
	case r.First == r.Last:
		return fmt.Sprintf("%d/%d", r.First, r.Count)
	}
	return fmt.Sprintf("%d-%d/%d", r.First, r.Last, r.Count)
}

// identifyEvery is Discord's pace for opening shards: within one rate-limit bucket
// (shard_id % max_concurrency), one IDENTIFY per five seconds.
const identifyEvery = 5 * time.Second

// openGateway opens the sessions of the configured shards, each handing its interactions to
// Handle; the first shard's session is the bot's own (a.s), so that its cache serves isThread.
func (a *Adapter) openGateway() error {
	spec := a.cfg.Shards
	if spec.Count == 0 && !spec.Auto {
		a.gateway = []*discordgo.Session{a.s}
		a.handleShard(a.s)
		if err := a.s.Open(); err != nil {
			return fmt.Errorf("connect to Discord: %w", err)
		}
		return nil
	}
	concurrency := 1
	gb, err := a.s.GatewayBot()
	switch {
	case err != nil && spec.Auto:
		return fmt.Errorf("ask Discord for the recommended shard count (--shards auto): %w", err)
	case err != nil:
		a.log.Warn("could not ask Discord how many shards may start at once; starting one every 5 s", "err", err)
	default:
		concurrency = max(gb.SessionStartLimit.MaxConcurrency, 1)
		if spec.Auto {
			spec = Shards{First: 0, Last: max(gb.Shards, 1) - 1, Count: max(gb.Shards, 1)}
		} else if gb.Shards > spec.Count {
			a.log.Warn("Discord recommends more shards than configured: run every process with the new count", "shards", spec.String(), "recommended", gb.Shards)
		}
		if n := spec.Last - spec.First + 1; gb.SessionStartLimit.Remaining > 0 && n > gb.SessionStartLimit.Remaining {
			return fmt.Errorf("shards %s: Discord allows %d more session starts until its limit resets in %s, and %d are needed",
				spec, gb.SessionStartLimit.Remaining, time.Duration(gb.SessionStartLimit.ResetAfter)*time.Millisecond, n)
		}
	}
	for id := spec.First; id <= spec.Last; id++ {
		s := a.s
		if id != spec.First {
			if s, err = a.shardSession(); err != nil {
				return err
			}
		}
		s.ShardID, s.ShardCount = id, spec.Count
		a.handleShard(s)
		a.gateway = append(a.gateway, s)
	}
	a.shards = spec
	// Shards open in rounds of max_concurrency, one per rate-limit bucket, five seconds apart.
	for start := 0; start < len(a.gateway); start += concurrency {
		if start > 0 {
			select {
			case <-time.After(identifyEvery):
			case <-a.stop:
				return errors.New("connect to Discord: the bot was closed while its shards were starting")
			}
		}
		round := a.gateway[start:min(start+concurrency, len(a.gateway))]
		errs := make([]error, len(round))
		var wg sync.WaitGroup
		for i, s := range round {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.Open(); err != nil {
					errs[i] = fmt.Errorf("connect shard %d/%d to Discord: %w", s.ShardID, s.ShardCount, err)
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
	a.log.Info("gateway shards open", "shards", spec.String())
	return nil
}

// shardSession is a session for one more shard, configured as the bot's own: the same token,
// HTTP client, dialer, intents and REST rate limiter (Discord's limits are per bot, not per shard).
func (a *Adapter) shardSession() (*discordgo.Session, error) {
	s, err := discordgo.New(a.s.Token)
	if err != nil {
		return nil, err
	}
	s.Client, s.Dialer, s.UserAgent, s.Ratelimiter = a.s.Client, a.s.Dialer, a.s.UserAgent, a.s.Ratelimiter
	s.Identify = a.s.Identify
	s.Compress, s.StateEnabled, s.SyncEvents = a.s.Compress, a.s.StateEnabled, a.s.SyncEvents
	s.ShouldReconnectOnError, s.ShouldRetryOnRateLimit, s.MaxRestRetries = a.s.ShouldReconnectOnError, a.s.ShouldRetryOnRateLimit, a.s.MaxRestRetries
	s.LogLevel = a.s.LogLevel
	return s, nil
}

// handleShard hands a session's interactions to Handle, answered through that session.
func (a *Adapter) handleShard(s *discordgo.Session) {
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		a.Handle(ic.Interaction, gatewayResponder{s, ic.Interaction})
	})
}

// closeGateway closes every shard's session at once (discordgo waits a second on each).
func (a *Adapter) closeGateway() error {
	if len(a.gateway) == 0 {
		return a.s.Close()
	}
	errs := make([]error, len(a.gateway))
	var wg sync.WaitGroup
	for i, s := range a.gateway {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = s.Close() }()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// ShardsRunning is the range of shards the bot's gateway sessions run, once Start has opened
// them (Auto resolved to the recommended count); the zero value before or without sharding.
func (a *Adapter) ShardsRunning() Shards {
	return a.shards
}
