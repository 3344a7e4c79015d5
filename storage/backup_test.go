package storage

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Backups taken while moves are being committed are consistent databases: every game in them
// replays to its snapshot, and they hold at least what was committed before the backup began.
func TestBackupWhilePlaying(t *testing.T) {
	s, _ := openTest(t)
	games := make([]*testGame, 8)
	for i := range games {
		games[i] = newGame(t, s, fmt.Sprintf("g%d", i))
		games[i].mustApply(t, s, 1, fmt.Sprintf("g%d-first", i))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := g.apply(s, int64(i), fmt.Sprintf("%s-%d", g.id, i)); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	dir := t.TempDir()
	for i := range 5 {
		var buf bytes.Buffer
		n, err := s.Backup(&buf)
		if err != nil || n != int64(buf.Len()) {
			t.Fatalf("Backup = %d, %v", n, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("stream-%d.db", i))
		if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		checkBackup(t, path, len(games))
		file := filepath.Join(dir, "backup.db")
		if err := s.BackupFile(file); err != nil {
			t.Fatal(err)
		}
		checkBackup(t, file, len(games))
	}
	close(stop)
	wg.Wait()
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func checkBackup(t *testing.T, path string, games int) {
	t.Helper()
	b, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("open backup: %v", err)
	}
	defer b.Close()
	mustVerify(t, b)
	active, err := b.ActiveGames()
	if err != nil || len(active) != games {
		t.Fatalf("backup holds %d games, %v", len(active), err)
	}
	for _, rec := range active {
		if rec.Seq < 1 {
			t.Errorf("backup lost the first move of %s", rec.ID)
		}
	}
}

// TestABackupNeverReplacesADatabaseInUse: a backup aimed at the live database itself (which a rename
// would replace, losing the moves made after it at the next start, and unlocking it) or at another
// database a process holds open is refused with ErrInvalid, naming the file; both stay as they were
// and the live one takes moves.
func TestABackupNeverReplacesADatabaseInUse(t *testing.T) {
	s, path := openTest(t)
	g := newGame(t, s, "g1")
	g.mustApply(t, s, 1, "i1")
	other := filepath.Join(t.TempDir(), "other.db")
	held, err := Open(other, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	for target, want := range map[string]string{path: "is the database being backed up", other: "is a database in use"} {
		before, _ := os.ReadFile(target)
		err := s.BackupFile(target)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), target+" "+want) {
			t.Errorf("a backup over %s: %v", target, err)
		}
		if after, _ := os.ReadFile(target); !bytes.Equal(before, after) {
			t.Errorf("the refused backup changed %s", target)
		}
	}
	g.mustApply(t, s, 2, "i2")
	mustVerify(t, s)
}

// TestWriteCopyIsAllOrNothing: a copy that fails on the way (a game the engine cannot replay)
// leaves the backup path as it was (an earlier backup stays whole) and nothing of its own in the
// directory; one that succeeds replaces it with a file that opens and holds the games.
func TestWriteCopyIsAllOrNothing(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	g.mustApply(t, s, 3, "i1")
	dir := t.TempDir()
	path := filepath.Join(dir, "copy.db")
	if err := os.WriteFile(path, []byte("an earlier backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteCopy(s, "test.db", path, panicky{}); err == nil {
		t.Fatal("a copy whose game does not replay succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(path); string(b) != "an earlier backup" || len(entries) != 1 {
		t.Fatalf("a failed copy left %q and %d entries", b, len(entries))
	}
	if err := WriteCopy(s, "test.db", path, counter{}); err != nil {
		t.Fatal(err)
	}
	c, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if rec, err := c.Game("g1"); err != nil || rec.Seq != 1 {
		t.Fatalf("the copy's game: %+v, %v", rec, err)
	}
	if mark, err := c.CopyMark(); err != nil || mark != nil {
		t.Fatalf("the copy is still marked unfinished: %+v, %v", mark, err)
	}
}
