package storage

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"

	berrors "go.etcd.io/bbolt/errors"
)

// TestForPlayersKeepsTheServerPrivate: every failure of the store, as the store returns it with
// the database's path and the system's error, is told to players without either, with what it
// means and that nothing changed; each kind in its own words.
func TestForPlayersKeepsTheServerPrivate(t *testing.T) {
	const path = "/srv/carcassonne/private/games.db"
	seen := map[string]error{} // a text and the kind of failure it tells
	for _, c := range []struct{ err, kind error }{
		{explain(path, fmt.Errorf("mmap resize: %w", syscall.ENOSPC)), ErrDiskFull},
		{explain(path, berrors.ErrDatabaseReadOnly), ErrReadOnly},
		{explain(path, berrors.ErrChecksum), ErrCorrupt},
		{recovered(path, "unexpected fault address 0x7f00"), ErrCorrupt},
		{explain(path, berrors.ErrTimeout), ErrLocked},
		{explain(path, berrors.ErrDatabaseNotOpen), ErrClosed},
		{&ConflictError{GameID: "g1", Expected: 3, Actual: 4}, ErrConflict},
		{fmt.Errorf("game g1: %w", ErrFinished), ErrFinished},
		{fmt.Errorf("channel c1 (%s): %w", path, ErrChannelBusy), ErrChannelBusy},
		{fmt.Errorf("read %s: %w", path, syscall.EIO), syscall.EIO},
	} {
		err := c.err
		if !strings.Contains(err.Error(), path) && !errors.Is(err, ErrConflict) && !errors.Is(err, ErrFinished) {
			t.Fatalf("the fixture %v does not name the path", err)
		}
		text := ForPlayers(err)
		if strings.Contains(text, "/srv") || strings.Contains(text, "games.db") || strings.Contains(text, "0x7f00") || strings.Contains(text, "g1") {
			t.Errorf("%v: players read %q", err, text)
		}
		if !strings.Contains(text, "nothing changed") {
			t.Errorf("%v: players are not told that nothing changed: %q", err, text)
		}
		if other, ok := seen[text]; ok && other != c.kind {
			t.Errorf("%v and %v read the same: %q", c.kind, other, text)
		}
		seen[text] = c.kind
	}
}
