package storetest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// backupFile: BackupFile writes a BoltDB file that the bot opens, holding the same games (live,
// finished, set aside) and the same players, leagues and ratings, and refuses to write over a
// database in use; or the store says it is backed up by other means (storage.ErrNoBackupFile,
// PostgreSQL's pg_dump), saying which, and writes nothing. Nothing is skipped in silence: each
// store passes one way or the other, and the test log says which.
func backupFile(t *testing.T, open Open) {
	s := open1(t, open)
	live := newTestGame("g1", "chan1")
	live.create(t, s)
	live.play(t, s, announced(live, 3, "i1"))
	done := newTestGame("g2", "chan2")
	done.create(t, s)
	end := done.commit(4, "i2")
	end.Status, end.Standings = storage.StatusFinished, []storage.Standing{{UserID: "alice", Score: 4, Rank: 1}, {UserID: "bob", Rank: 2}}
	done.play(t, s, end)
	newTestGame("g3", "chan3").create(t, s)
	if err := s.SetAside("g3", "its record does not upgrade"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlayerSettings("alice", storage.Settings{TimeZone: "Europe/Paris"}); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "backup.db")
	err := s.BackupFile(path)
	if errors.Is(err, storage.ErrNoBackupFile) {
		if _, serr := os.Stat(path); serr == nil {
			t.Fatalf("a refused backup wrote %s", path)
		}
		msg := strings.TrimPrefix(err.Error(), storage.ErrNoBackupFile.Error())
		if !strings.Contains(err.Error(), storage.ErrNoBackupFile.Error()+": ") || len(msg) < 20 {
			t.Fatalf("the refusal does not say how this store is backed up: %v", err)
		}
		t.Logf("this store writes no backup file; it says: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("BackupFile: %v (want a file, or storage.ErrNoBackupFile saying how to back up)", err)
	}
	b, err := storage.Open(path, storage.Options{ReadOnly: true, Engine: counter{}})
	if err != nil {
		t.Fatalf("the backup does not open as a database: %v", err)
	}
	defer b.Close()
	for _, id := range []string{"g1", "g2", "g3"} {
		want, err := s.Export(id, true, counter{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.Export(id, true, counter{})
		if err != nil {
			t.Fatalf("game %s in the backup: %v", id, err)
		}
		if err := storage.SameGame(want, got); err != nil {
			t.Fatalf("game %s in the backup: %v", id, err)
		}
	}
	if id, ok, err := b.ActiveGame("chan1"); err != nil || !ok || id != "g1" {
		t.Fatalf("the backup's game of chan1: %q %v %v", id, ok, err)
	}
	want, err := s.Dump()
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.Dump()
	if err != nil {
		t.Fatal(err)
	}
	if err := storage.SameDump(want, got); err != nil {
		t.Fatalf("the backup's players, leagues and announcements: %v", err)
	}
	if rep, err := b.Verify(counter{}); err != nil || !rep.OK() || rep.Games != 2 || len(rep.Aside) != 1 {
		t.Fatalf("the backup verifies as %+v, %v", rep, err)
	}
	// A database in use is never written over: the backup just opened is one.
	if err := s.BackupFile(path); err == nil || !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("a backup over a database in use: %v, want a refusal", err)
	}
}
