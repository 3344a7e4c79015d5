package storage

import (
	"fmt"
	"syscall"
	"testing"

	berrors "go.etcd.io/bbolt/errors"
)

// TestEveryFailureHasItsKind: every failure of the store, as the store returns it with the
// database's path and the system's error, is of the kind that tells players what it means (the
// bot words each kind in the reader's language, never with the path or the system's error).
func TestEveryFailureHasItsKind(t *testing.T) {
	const path = "/srv/carcassonne/private/games.db"
	for _, c := range []struct {
		err  error
		want Problem
	}{
		{explain(path, fmt.Errorf("mmap resize: %w", syscall.ENOSPC)), FailDiskFull},
		{explain(path, berrors.ErrDatabaseReadOnly), FailReadOnly},
		{explain(path, berrors.ErrChecksum), FailCorrupt},
		{recovered(path, "unexpected fault address 0x7f00"), FailCorrupt},
		{explain(path, berrors.ErrTimeout), FailLocked},
		{explain(path, berrors.ErrDatabaseNotOpen), FailClosed},
		{fmt.Errorf("connect: %w", ErrUnavailable), FailUnavailable},
		{&ConflictError{GameID: "g1", Expected: 3, Actual: 4}, FailConflict},
		{fmt.Errorf("game g1: %w", ErrFinished), FailFinished},
		{fmt.Errorf("channel c1 (%s): %w", path, ErrChannelBusy), FailChannelBusy},
		{fmt.Errorf("read %s: %w", path, syscall.EIO), FailOther},
	} {
		if got := ProblemOf(c.err); got != c.want {
			t.Errorf("%v: %s, want %s", c.err, got, c.want)
		}
	}
}
