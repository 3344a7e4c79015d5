package postgres

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestAFullDiskRefusesTheMoveClearlyAndLosesNothing fills, for real, the file system holding a
// database until the server refuses to extend its tables (SQLSTATE 53100, "could not extend
// file"): the move gets storage.ErrDiskFull saying the database is full and what the host does,
// the game stays at its last acknowledged move, and once space is freed the same move goes through.
func TestAFullDiskRefusesTheMoveClearlyAndLosesNothing(t *testing.T) {
	url, disk := pgtest.SmallDisk(t, 24<<20)
	s, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := game(t, s, "g1")
	disk.Fill(t)

	var refused error
	var failed storage.Commit
	for i := 0; refused == nil; i++ {
		if i == 10000 {
			t.Fatal("the server kept writing to a full disk")
		}
		c := bigCommit(g, fmt.Sprintf("i%d", i))
		if _, err := s.AppendMove(c); err != nil {
			refused, failed = err, c
			break
		}
		g.applied(c)
	}
	t.Logf("%d moves acknowledged, then: %v", g.seq, refused)
	if !errors.Is(refused, storage.ErrDiskFull) || sqlState(refused) != codeDiskFull {
		t.Fatalf("the move on a full disk: %v; want ErrDiskFull from SQLSTATE %s", refused, codeDiskFull)
	}
	for _, says := range []string{"append move to game g1", "is full", "no disk space left", "the change was not saved", "free some space", "retry"} {
		if !strings.Contains(refused.Error(), says) {
			t.Errorf("the error does not say %q: %v", says, refused)
		}
	}
	if kind := storage.ProblemOf(refused); kind != storage.FailDiskFull {
		t.Errorf("players are told of a failure of kind %s", kind)
	}
	if _, err := s.AppendMove(failed); !errors.Is(err, storage.ErrDiskFull) {
		t.Fatalf("the same move again while the disk is full: %v; want ErrDiskFull", err)
	}
	atLastAcknowledged(t, s, g)

	disk.Free(t)
	if ok, err := s.AppendMove(failed); !ok || err != nil {
		t.Fatalf("the move once space is free: %v %v; want it applied", ok, err)
	}
	g.applied(failed)
	atLastAcknowledged(t, s, g)
}

// bigCommit is the next move of g with a snapshot of a few KiB the server cannot compress, so
// that the disk fills in a few moves.
func bigCommit(g *testGame, iid string) storage.Commit {
	c := g.commit(1, iid)
	noise := make([]byte, 4<<10)
	_, _ = rand.Read(noise)
	c.Snapshot = json.RawMessage(fmt.Sprintf(`{"n":%d,"noise":%q}`, g.seq+1, hex.EncodeToString(noise)))
	return c
}

// atLastAcknowledged checks that the store holds g exactly as far as its acknowledged moves.
func atLastAcknowledged(t *testing.T, s *Store, g *testGame) {
	t.Helper()
	snap, err := s.Snapshot(g.id)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := s.Moves(g.id)
	if err != nil {
		t.Fatal(err)
	}
	var n struct{ N uint64 }
	if err := json.Unmarshal(snap.State, &n); err != nil {
		t.Fatal(err)
	}
	if snap.Seq != g.seq || uint64(len(moves)) != g.seq || n.N != g.seq || snap.Hash != fmt.Sprintf("h%d", g.seq) {
		t.Fatalf("stored: snapshot %d (state %d, hash %s), %d moves; want %d acknowledged moves", snap.Seq, n.N, snap.Hash, len(moves), g.seq)
	}
}
