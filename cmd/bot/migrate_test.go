package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// TestMain stops the throwaway PostgreSQL server of the tests that use one. Run with
// CARC_TEST_RUN_BOT=1, the test binary is the bot itself (its arguments the bot's), for the tests
// that run it as a process of its own and kill it.
func TestMain(m *testing.M) {
	if os.Getenv("CARC_TEST_RUN_BOT") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(pgtest.Main(m))
}

// playedGame stores a real game of a few turns in store.
func playedGame(t *testing.T, store storage.Database, id, channel string, turns int) {
	t.Helper()
	ann, bob := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}
	var steps []table.Step
	var tbl *table.Table
	do := func(in commands.Input) {
		r := commands.Handle(tbl, in)
		if !r.OK || r.Step == nil {
			t.Fatalf("%s: %s", in, r.Text)
		}
		steps, tbl = append(steps, *r.Step), r.Table
	}
	do(commands.Input{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "france"}, Secret: strings.Repeat("ab", 32), Table: id, Channel: channel})
	do(commands.Input{User: bob, Command: "carc", Sub: "join"})
	do(commands.Input{User: ann, Command: "carc", Sub: "start"})
	for range turns {
		cur, _ := tbl.Current()
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		do(commands.Input{User: cur, Command: "place", Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}})
	}
	if err := bot.Save(store, id, channel, steps); err != nil {
		t.Fatal(err)
	}
}

// TestMigrateCopiesEveryGameToPostgreSQLAndBack: bot migrate copies a bbolt file of real games into
// PostgreSQL, verifying each; bot verify and bot export work there; and bot migrate copies it back
// into a new file whose exports are the original's.
func TestMigrateCopiesEveryGameToPostgreSQLAndBack(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	store, err := storage.Open(db, storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	for n := range 3 {
		playedGame(t, store, fmt.Sprintf("game%d", n), fmt.Sprintf("chan%d", n), 2+n)
	}
	store.Close()
	url := pgtest.URL(t)
	var out bytes.Buffer
	if err := run([]string{"migrate", "--from", db, "--to", url}, nil, &out); err != nil || !strings.Contains(out.String(), "3 games") {
		t.Fatalf("migrate into PostgreSQL: %v\n%s", err, out.String())
	}
	if strings.Contains(out.String(), "password") {
		t.Fatalf("the output shows the URL's password: %s", out.String())
	}
	out.Reset()
	if err := run([]string{"verify", "--db", url}, nil, &out); err != nil || !strings.Contains(out.String(), `"games": 3`) {
		t.Fatalf("verify on PostgreSQL: %v\n%s", err, out.String())
	}
	var fromPG bytes.Buffer
	if err := run([]string{"export", "--db", url, "--admin", "game2"}, nil, &fromPG); err != nil {
		t.Fatal(err)
	}
	back := filepath.Join(dir, "back.db")
	out.Reset()
	if err := run([]string{"migrate", "--from", url, "--to", back}, nil, &out); err != nil {
		t.Fatalf("migrate back: %v\n%s", err, out.String())
	}
	var orig, again bytes.Buffer
	if err := run([]string{"export", "--db", db, "--admin", "game2"}, nil, &orig); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"export", "--db", back, "--admin", "game2"}, nil, &again); err != nil {
		t.Fatal(err)
	}
	if orig.String() != again.String() || orig.String() != fromPG.String() {
		t.Fatal("a game exports differently after bbolt -> PostgreSQL -> bbolt")
	}
	out.Reset()
	if err := run([]string{"backup", "--db", url, filepath.Join(dir, "x")}, nil, &out); err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("backup of PostgreSQL: %v, want the advice to use pg_dump", err)
	}
}

// TestABadDatabaseURLIsExplained: a URL that does not parse and a server that does not answer
// are refused with a message that says so, without the password.
func TestABadDatabaseURLIsExplained(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"postgres://bot:hunter2@127.0.0.1:notaport/carc", "does not parse"},
		{"postgres://bot:hunter2@127.0.0.1:1/carc?connect_timeout=2", "cannot reach"},
	} {
		var out bytes.Buffer
		err := run([]string{"verify", "--db", tc.url}, nil, &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: %v; want %q without the password", tc.url, err, tc.want)
		}
	}
	if !postgres.IsURL("postgresql://x/y") || postgres.IsURL("./carcassonne.db") {
		t.Error("IsURL tells a URL from a file wrongly")
	}
}
