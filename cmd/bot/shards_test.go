package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestShardsFlagRefusesWhatIsNotARange: a bad --shards (or CARC_SHARDS) stops the bot before it
// connects, saying what was wrong and what is legal; shards make no sense with --http, and part of
// the shards needs a database the other processes share.
func TestShardsFlagRefusesWhatIsNotARange(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{args: []string{"--shards", "4-2/8"}, want: "the range starts at 4, after its end 2"},
		{args: []string{"--shards", "8/8"}, want: "shard 8 does not exist among 8 shards"},
		{args: []string{"--shards", "0-3"}, want: "the shard count is missing"},
		{env: "0-3/zero", want: `the shard count "zero" is not a whole number`},
		{args: []string{"--shards", "0-1/4", "--http", "127.0.0.1:0"}, want: "drop --shards"},
		{args: []string{"--shards", "2-3/4", "--db", "games.db"}, want: "one PostgreSQL database"},
	} {
		t.Setenv("CARC_SHARDS", c.env)
		err := run(c.args, nil, &strings.Builder{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "--shards") {
			t.Errorf("bot %v (CARC_SHARDS=%q): %v; want an error saying %q", c.args, c.env, err, c.want)
		}
		if c.env != "" || (c.args[1] != "0-1/4" && c.args[1] != "2-3/4") {
			if err == nil || !strings.Contains(err.Error(), "0-3/8") || !strings.Contains(err.Error(), "auto") {
				t.Errorf("bot %v: %v; want the legal forms named", c.args, err)
			}
		}
	}
}

// TestDiscordAPIFlagWantsAnAddress: --discord-api takes a scheme and a host, nothing else.
func TestDiscordAPIFlagWantsAnAddress(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "not-a-real-token")
	db := filepath.Join(t.TempDir(), "games.db")
	for _, bad := range []string{"127.0.0.1:8080", "ftp://proxy", "http://proxy/api/v9", "http://"} {
		err := run([]string{"--db", db, "--discord-api", bad}, nil, &strings.Builder{})
		if err == nil || !strings.Contains(err.Error(), "--discord-api") || !strings.Contains(err.Error(), "http://127.0.0.1:8080") {
			t.Errorf("--discord-api %s: %v", bad, err)
		}
	}
}
