package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/releasetest"
)

// TestEveryEarlierReleaseMigratesToPostgreSQLAndBack: the database of every earlier release
// (storage/releasetest) goes through today's binary: bot migrate takes it straight into
// PostgreSQL (upgrading the old file in place first, after a backup copy), bot verify replays
// every game there, bot migrate brings it back into a new file, and every game and everything
// else means the same in the three: running games with their deadlines and reminders, leagues
// mid-season, ratings.
func TestEveryEarlierReleaseMigratesToPostgreSQLAndBack(t *testing.T) {
	for _, fx := range releasetest.All(t) {
		t.Run(fmt.Sprintf("schema-%d", fx.Schema), func(t *testing.T) {
			dir := t.TempDir()
			db := fx.Unpack(t, dir)
			url := pgtest.URL(t)
			games := len(fx.Games)
			out := runOK(t, "migrate", "--from", db, "--to", url)
			if !strings.Contains(out, fmt.Sprintf("%d games, each replayed and verified", games)) {
				t.Fatalf("migrate into PostgreSQL:\n%s", out)
			}
			if fx.Schema < storage.SchemaVersion && !strings.Contains(out, "upgraded in place first") {
				t.Errorf("migrate did not say it upgraded the old file first:\n%s", out)
			}
			if out := runOK(t, "verify", "--db", url); !strings.Contains(out, fmt.Sprintf(`"games": %d`, games)) {
				t.Fatalf("verify on PostgreSQL:\n%s", out)
			}
			back := filepath.Join(dir, "back.db")
			runOK(t, "migrate", "--from", url, "--to", back)
			if out := runOK(t, "verify", "--db", back); !strings.Contains(out, fmt.Sprintf(`"games": %d`, games)) {
				t.Fatalf("verify on the copy back:\n%s", out)
			}
			sameDatabases(t, db, url, back)
		})
	}
}

// TestEveryEarlierPostgreSQLReleaseMigratesToBoltDB: the PostgreSQL database of every earlier
// release (storage/releasetest, PGFixture) goes through today's binary: bot verify upgrades its
// schema and replays every game, bot migrate brings it into a BoltDB file, and every game and
// everything else means the same in both.
func TestEveryEarlierPostgreSQLReleaseMigratesToBoltDB(t *testing.T) {
	if pgtest.Bin() == "" {
		t.Skip("PostgreSQL is not installed (.ci/run installs it)")
	}
	for _, fx := range releasetest.PG(t) {
		t.Run(fmt.Sprintf("schema-%d", fx.Schema), func(t *testing.T) {
			url := pgtest.URL(t)
			if _, err := pgtest.Admin(t, url).Exec(t.Context(), fx.SQL(t)); err != nil {
				t.Fatalf("load the database of %s: %v", fx.Commit[:7], err)
			}
			games := len(fx.Copied.Games)
			if out := runOK(t, "verify", "--db", url); !strings.Contains(out, fmt.Sprintf(`"games": %d`, games)) {
				t.Fatalf("verify the database of %s:\n%s", fx.Commit[:7], out)
			}
			back := filepath.Join(t.TempDir(), "back.db")
			if out := runOK(t, "migrate", "--from", url, "--to", back); !strings.Contains(out, fmt.Sprintf("%d games, each replayed and verified", games)) {
				t.Fatalf("migrate into BoltDB:\n%s", out)
			}
			if out := runOK(t, "verify", "--db", back); !strings.Contains(out, fmt.Sprintf(`"games": %d`, games)) {
				t.Fatalf("verify on the copy:\n%s", out)
			}
			sameDatabases(t, url, back)
		})
	}
}

// runOK runs the binary's command line and wants it to succeed; it returns what it printed.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(args, nil, &out); err != nil {
		t.Fatalf("bot %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

// sameDatabases checks that every game, and everything beside the games, means the same in each
// database as in the first.
func sameDatabases(t *testing.T, dbs ...string) {
	t.Helper()
	stores := make([]storage.Database, len(dbs))
	for i, db := range dbs {
		s, closeStore, err := openStore(db, nil, true, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer closeStore()
		stores[i] = s
	}
	ids, err := stores[0].GameIDs()
	if err != nil {
		t.Fatal(err)
	}
	dump, err := stores[0].Dump()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range stores[1:] {
		other, err := s.GameIDs()
		if err != nil || len(other) != len(ids) {
			t.Fatalf("%s holds %d games, %s %d: %v", dbs[i+1], len(other), dbs[0], len(ids), err)
		}
		for _, id := range ids {
			a, err := stores[0].Export(id, true, bot.Engine{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := s.Export(id, true, bot.Engine{})
			if err != nil {
				t.Fatal(err)
			}
			if err := storage.SameGame(a, b); err != nil {
				t.Errorf("game %s in %s: %v", id, dbs[i+1], err)
			}
		}
		d, err := s.Dump()
		if err != nil {
			t.Fatal(err)
		}
		if err := storage.SameDump(dump, d); err != nil {
			t.Errorf("%s: %v", dbs[i+1], err)
		}
	}
}

// TestAMigrationKilledHalfWayIsFinishedByARerun: bot migrate into PostgreSQL, killed (SIGKILL)
// after a third of an earlier release's games, leaves a database that no bot opens; the same bot
// migrate run again finishes the copy without copying any game twice, and the copy then holds
// every game and everything else once.
func TestAMigrationKilledHalfWayIsFinishedByARerun(t *testing.T) {
	fxs := releasetest.All(t)
	fx := fxs[len(fxs)-1]
	dir := t.TempDir()
	db := fx.Unpack(t, dir)
	runOK(t, "verify", "--db", db) // upgraded before, so that the killed process only copies
	url := pgtest.URL(t)
	games := len(fx.Games)
	cmd := exec.Command(os.Args[0], "migrate", "--from", db, "--to", url)
	cmd.Env = append(os.Environ(), "CARC_TEST_RUN_BOT=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	progress := regexp.MustCompile(`^(\d+)/(\d+) games copied`)
	lines := bufio.NewScanner(stdout)
	killedAt := 0
	for lines.Scan() {
		if m := progress.FindStringSubmatch(lines.Text()); m != nil {
			if killedAt, _ = strconv.Atoi(m[1]); killedAt >= games/3 {
				break
			}
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if killedAt < games/3 || killedAt >= games {
		t.Fatalf("the process was killed after %d games of %d:\n%s", killedAt, games, stderr.String())
	}

	var out bytes.Buffer
	if err := run([]string{"verify", "--db", url}, nil, &out); !errors.Is(err, storage.ErrUnfinishedCopy) || !strings.Contains(err.Error(), "run the same bot migrate again") {
		t.Fatalf("verify on the unfinished copy: %v", err)
	}
	pg, err := postgres.Open(url, postgres.Options{Copying: true})
	if err != nil {
		t.Fatal(err)
	}
	copied, err := pg.GameIDs()
	pg.Close()
	if err != nil || len(copied) < killedAt || len(copied) >= games {
		t.Fatalf("the killed copy holds %d games, was killed after %d of %d: %v", len(copied), killedAt, games, err)
	}

	out.Reset()
	if err := run([]string{"migrate", "--from", db, "--to", url}, nil, &out); err != nil {
		t.Fatalf("the rerun: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), fmt.Sprintf("%d games (%d of them copied by the migrate that stopped before", games, len(copied))) {
		t.Errorf("the rerun says:\n%s", out.String())
	}
	t.Logf("killed after %d of %d games, the copy holding %d; the rerun: %s", killedAt, games, len(copied), lastLine(out.String()))
	if out := runOK(t, "verify", "--db", url); !strings.Contains(out, fmt.Sprintf(`"games": %d`, games)) {
		t.Fatalf("verify after the rerun:\n%s", out)
	}
	sameDatabases(t, db, url)
}

// TestBackupRefusesToOverwriteADatabaseInUse: bot backup aimed at the database it copies, or at
// another database a process holds open, is refused, naming it, and leaves it as it was; a backup
// to a plain file, or over an older backup, is written.
func TestBackupRefusesToOverwriteADatabaseInUse(t *testing.T) {
	dir := t.TempDir()
	db, other := filepath.Join(dir, "games.db"), filepath.Join(dir, "other.db")
	for _, path := range []string{db, other} {
		s, err := storage.Open(path, storage.Options{NoSync: true, Engine: bot.Engine{}})
		if err != nil {
			t.Fatal(err)
		}
		playedGame(t, s, "game-"+filepath.Base(path), "chan", 2)
		s.Close()
	}
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"backup", "--db", db, db}, nil, &out); err == nil || !strings.Contains(err.Error(), db+" is the database being backed up") {
		t.Fatalf("a backup over the live database: %v", err)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Fatal("the refused backup changed the database")
	}
	held, err := storage.Open(other, storage.Options{NoSync: true}) // another process's open database
	if err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"backup", "--db", db, other}, nil, &out); err == nil || !strings.Contains(err.Error(), other+" is a database in use") {
		t.Fatalf("a backup over a database in use: %v", err)
	}
	if _, err := held.Game("game-other.db"); err != nil {
		t.Fatalf("the database in use after the refused backup: %v", err)
	}
	held.Close()
	for range 2 { // a new file, then over the older backup
		if err := run([]string{"backup", "--db", db, filepath.Join(dir, "backup.db")}, nil, &out); err != nil {
			t.Fatal(err)
		}
	}
}

// TestADatabaseOfANewerReleaseIsRefused: a database written by a newer release (its schema
// version above this bot's) is refused, saying so, and changed in nothing.
func TestADatabaseOfANewerReleaseIsRefused(t *testing.T) {
	fxs := releasetest.All(t)
	db := fxs[len(fxs)-1].Unpack(t, t.TempDir())
	runOK(t, "verify", "--db", db)
	newer := storage.SchemaVersion + 1
	b, err := bolt.Open(db, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("meta")).Put([]byte("schema"), binary.BigEndian.AppendUint64(nil, uint64(newer)))
	}); err != nil {
		t.Fatal(err)
	}
	b.Close()
	before, _ := os.ReadFile(db)
	want := fmt.Sprintf("has schema version %d but this bot knows only up to %d; upgrade the bot", newer, storage.SchemaVersion)
	for _, args := range [][]string{{"verify", "--db", db}, {"export", "--db", db, "--admin", fxs[len(fxs)-1].Games[0].ID},
		{"migrate", "--from", db, "--to", filepath.Join(t.TempDir(), "copy.db")}} {
		var out bytes.Buffer
		if err := run(args, nil, &out); !errors.Is(err, storage.ErrSchema) || !strings.Contains(err.Error(), want) {
			t.Errorf("bot %s: %v", args[0], err)
		}
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the refused database changed")
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
