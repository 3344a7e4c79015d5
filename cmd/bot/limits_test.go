package main

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// TestHostLimitsComeFromFlagsAndTheEnvironment: the caps, the lobby expiry and the AI queue take
// the defaults, the environment's values, or the flags' (which win); 0 lifts a cap; a bad value is
// refused with the flag's name and what it takes.
func TestHostLimitsComeFromFlagsAndTheEnvironment(t *testing.T) {
	parse := func(args ...string) (bot.Config, error) {
		fs := flag.NewFlagSet("bot", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := addLimitFlags(fs)
		if err := fs.Parse(args); err != nil {
			return bot.Config{}, err
		}
		var cfg bot.Config
		return cfg, f.apply(&cfg)
	}
	cfg, err := parse()
	if err != nil || cfg.MaxTablesPerUser != bot.DefaultMaxTablesPerUser || cfg.MaxTablesPerServer != bot.DefaultMaxTablesPerServer ||
		cfg.LobbyExpiry != 7*24*time.Hour || cfg.AIQueue != bot.DefaultAIQueue || cfg.AIWorkers != 0 {
		t.Fatalf("defaults: %+v %v", cfg, err)
	}
	t.Setenv("CARC_MAX_TABLES_PER_USER", "3")
	t.Setenv("CARC_LOBBY_EXPIRY", "2d12h")
	t.Setenv("CARC_AI_WORKERS", "1")
	cfg, err = parse("--max-tables-per-server", "0", "--ai-queue", "16")
	if err != nil || cfg.MaxTablesPerUser != 3 || cfg.MaxTablesPerServer >= 0 || cfg.LobbyExpiry != 60*time.Hour || cfg.AIQueue != 16 || cfg.AIWorkers != 1 {
		t.Fatalf("from the environment and flags: %+v %v", cfg, err)
	}
	for _, bad := range [][]string{{"--max-tables-per-user", "-1"}, {"--ai-queue", "0"}, {"--lobby-expiry", "10m"}, {"--lobby-expiry", "soon"},
		{"--ai-workers", "two"}} {
		if _, err := parse(bad...); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v", bad, err)
		}
	}
}
