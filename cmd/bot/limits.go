package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// limitFlags are the host's limits of the bot (Config's caps, lobby expiry and AI queue), each a
// flag with an environment variable.
type limitFlags struct {
	perUser, perServer, expiry, queue, workers *string
}

func addLimitFlags(fs *flag.FlagSet) limitFlags {
	return limitFlags{
		perUser: fs.String("max-tables-per-user", envOr("CARC_MAX_TABLES_PER_USER", strconv.Itoa(bot.DefaultMaxTablesPerUser)),
			"open tables (lobbies and games, league games aside) one person may sit at; 0: no cap"),
		perServer: fs.String("max-tables-per-server", envOr("CARC_MAX_TABLES_PER_SERVER", strconv.Itoa(bot.DefaultMaxTablesPerServer)),
			"open tables one server may have, league games aside; 0: no cap"),
		expiry: fs.String("lobby-expiry", envOr("CARC_LOBBY_EXPIRY", "7d"), "close a lobby nobody changed for this long, like 7d or 36h"),
		queue:  fs.String("ai-queue", envOr("CARC_AI_QUEUE", strconv.Itoa(bot.DefaultAIQueue)), "AI turns that may wait at once (more wait for the next timer tick)"),
		workers: fs.String("ai-workers", envOr("CARC_AI_WORKERS", "0"),
			"AI turns played at once; 0: one per core"),
	}
}

// apply sets the limits in cfg, or says which flag is wrong and what it takes.
func (f limitFlags) apply(cfg *bot.Config) error {
	count := func(name, v string, min int) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < min {
			return 0, fmt.Errorf("--%s %q: write a whole number, %d or more", name, v, min)
		}
		return n, nil
	}
	noCap := func(n int) int {
		if n == 0 {
			return -1 // Config's "no cap"
		}
		return n
	}
	var err error
	var n int
	if n, err = count("max-tables-per-user", *f.perUser, 0); err != nil {
		return err
	}
	cfg.MaxTablesPerUser = noCap(n)
	if n, err = count("max-tables-per-server", *f.perServer, 0); err != nil {
		return err
	}
	cfg.MaxTablesPerServer = noCap(n)
	if cfg.AIQueue, err = count("ai-queue", *f.queue, 1); err != nil {
		return err
	}
	if cfg.AIWorkers, err = count("ai-workers", *f.workers, 0); err != nil {
		return err
	}
	cfg.LobbyExpiry, err = commands.ParseDays(*f.expiry)
	if err != nil || cfg.LobbyExpiry < time.Hour {
		return fmt.Errorf("--lobby-expiry %q: write a duration of an hour or more, like 7d, 36h or 2d12h", *f.expiry)
	}
	return nil
}
