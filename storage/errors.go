package storage

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"syscall"

	berrors "go.etcd.io/bbolt/errors"
)

// Sentinel errors. Every error the store returns wraps one of these (test with errors.Is) and says
// which game or file it concerns, so the bot can pick a reply and an operator can act on the log.
var (
	// ErrNotFound: no game (or timer, or player) with that id.
	ErrNotFound = errors.New("not found")
	// ErrExists: a game with that id is already stored.
	ErrExists = errors.New("already exists")
	// ErrConflict: the move was computed on a log position that is no longer the latest. See
	// ConflictError.
	ErrConflict = errors.New("the game has moved on")
	// ErrFinished: the game is over and accepts no moves or timers.
	ErrFinished = errors.New("the game is over")
	// ErrChannelBusy: the channel or thread already hosts an active game.
	ErrChannelBusy = errors.New("the channel already has an active game")
	// ErrInvalid: the caller passed something the store cannot keep (empty id, not JSON, ...).
	ErrInvalid = errors.New("invalid input")
	// ErrLocked: another process holds the database file.
	ErrLocked = errors.New("database is locked by another process")
	// ErrReadOnly: the database cannot be written (opened read-only, file or file system read-only).
	ErrReadOnly = errors.New("database is read-only")
	// ErrCorrupt: the file is not a database of this bot, or a page of it is damaged.
	ErrCorrupt = errors.New("database is corrupt")
	// ErrDiskFull: the file could not grow; the write was not committed.
	ErrDiskFull = errors.New("no space left for the database")
	// ErrSchema: the file was written by a newer version of the bot.
	ErrSchema = errors.New("unsupported database schema")
	// ErrUnavailable: the database server could not be reached or refused the connection; the
	// change was not made.
	ErrUnavailable = errors.New("database server unavailable")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("store is closed")
)

// ConflictError is returned by AppendMove when the log no longer ends where the caller expected:
// another move was committed after the state the caller computed its move on. The caller reloads
// the game and asks the player again. It matches ErrConflict with errors.Is.
type ConflictError struct {
	GameID   string
	Expected uint64 // the log position the move was computed on (Commit.ExpectSeq)
	Actual   uint64 // the log position in the database
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("game %s has moved on: the move was computed at position %d but the log is at %d",
		e.GameID, e.Expected, e.Actual)
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// dbError explains a failure of the database file in words an operator can act on. It unwraps to
// both the store's sentinel (ErrLocked, ErrDiskFull, ...) and the underlying bbolt or system error.
type dbError struct {
	kind  error
	msg   string
	cause error
}

func (e *dbError) Error() string {
	if e.cause == nil {
		return e.msg
	}
	return e.msg + ": " + e.cause.Error()
}

func (e *dbError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.kind}
	}
	return []error{e.kind, e.cause}
}

// explain turns the errors of bbolt and of the file system into dbErrors with a clear message.
// Errors it does not recognise (including the store's own sentinels) pass through unchanged.
func explain(path string, err error) error {
	var de *dbError
	switch {
	case err == nil || errors.As(err, &de):
		return err
	case errors.Is(err, berrors.ErrTimeout):
		return &dbError{ErrLocked, fmt.Sprintf("database %s is locked by another process (is another bot running?)", path), nil}
	case errors.Is(err, berrors.ErrDatabaseReadOnly), errors.Is(err, os.ErrPermission), errors.Is(err, syscall.EROFS):
		return &dbError{ErrReadOnly, fmt.Sprintf("database %s cannot be written (read-only file, file system or open mode); nothing was changed", path), err}
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return &dbError{ErrCorrupt, fmt.Sprintf("database %s is damaged or is not a bbolt database; restore it from a backup", path), err}
	case isDiskFull(err):
		return &dbError{ErrDiskFull, fmt.Sprintf("database %s cannot grow (disk or quota full); the change was not saved, free some space and retry", path), err}
	case errors.Is(err, berrors.ErrDatabaseNotOpen):
		return fmt.Errorf("database %s: %w", path, ErrClosed)
	}
	return err
}

// isDiskFull reports whether err means the file could not grow. bbolt formats the error of a failed
// resize with %s, which loses the errno, so the system's message is matched as well.
func isDiskFull(err error) bool {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EFBIG) || errors.Is(err, syscall.EDQUOT) ||
		errors.Is(err, berrors.ErrMaxSizeReached) {
		return true
	}
	msg := err.Error()
	for _, m := range []string{syscall.ENOSPC.Error(), syscall.EFBIG.Error(), syscall.EDQUOT.Error()} {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}

// recovered turns a panic raised while reading the file into ErrCorrupt. bbolt panics rather than
// returning an error when it meets a damaged page (and a page beyond the end of a truncated file
// faults); the bot must answer the player instead of dying.
func recovered(path string, r any) error {
	return &dbError{ErrCorrupt, fmt.Sprintf("database %s: a page could not be read (%v); run bot verify and restore from a backup if it fails", path, r), nil}
}

// invalidf returns an ErrInvalid with a message.
func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Problem is what a failed call of the store means to the people playing, as a kind the bot
// words in their language: what happened, that nothing changed, and what to do. It never carries
// the server's file paths or system errors: the caller logs the error in full for the host.
type Problem string

// The kinds of Problem.
const (
	FailDiskFull    Problem = "disk_full"
	FailReadOnly    Problem = "read_only"
	FailCorrupt     Problem = "corrupt"
	FailLocked      Problem = "locked"
	FailUnavailable Problem = "unavailable"
	FailClosed      Problem = "closed"
	FailConflict    Problem = "conflict"
	FailFinished    Problem = "finished"
	FailChannelBusy Problem = "channel_busy"
	FailOther       Problem = "other"
)

var problems = []Problem{FailDiskFull, FailReadOnly, FailCorrupt, FailLocked, FailUnavailable, FailClosed,
	FailConflict, FailFinished, FailChannelBusy, FailOther}

// Problems are every kind of Problem, so that each can be checked to have its words.
func Problems() []Problem { return slices.Clone(problems) }

// ProblemOf is the kind of a failed call of the store.
func ProblemOf(err error) Problem {
	switch {
	case errors.Is(err, ErrDiskFull):
		return FailDiskFull
	case errors.Is(err, ErrReadOnly):
		return FailReadOnly
	case errors.Is(err, ErrCorrupt):
		return FailCorrupt
	case errors.Is(err, ErrLocked):
		return FailLocked
	case errors.Is(err, ErrUnavailable):
		return FailUnavailable
	case errors.Is(err, ErrClosed):
		return FailClosed
	case errors.Is(err, ErrConflict):
		return FailConflict
	case errors.Is(err, ErrFinished):
		return FailFinished
	case errors.Is(err, ErrChannelBusy):
		return FailChannelBusy
	}
	return FailOther
}
