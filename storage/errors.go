package storage

import (
	"errors"
	"fmt"
	"os"
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

// ForPlayers says what a failed call of the store means to the people playing, in words fit for a
// chat: what happened, that nothing changed, and what to do. It never shows the server's file
// paths or system errors: the caller logs err in full for the host.
func ForPlayers(err error) string {
	switch {
	case errors.Is(err, ErrDiskFull):
		return "the bot's server has run out of disk space, so nothing changed. Please tell the bot's host; try again once they have made room"
	case errors.Is(err, ErrReadOnly):
		return "the bot's database cannot be written just now, so nothing changed. Please tell the bot's host"
	case errors.Is(err, ErrCorrupt):
		return "the bot's database is damaged, so nothing changed. Please tell the bot's host (bot verify finds the damage, a backup repairs it)"
	case errors.Is(err, ErrLocked):
		return "the bot's database is busy with another program, so nothing changed. Try again in a minute"
	case errors.Is(err, ErrUnavailable):
		return "the bot cannot reach its database just now, so nothing changed. Try again in a minute; if it fails again, please tell the bot's host"
	case errors.Is(err, ErrClosed):
		return "the bot is restarting, so nothing changed. Try again in a minute"
	case errors.Is(err, ErrConflict):
		return "the game moved on meanwhile, so nothing changed. Look at the game again and retry"
	case errors.Is(err, ErrFinished):
		return "the game is over, so nothing changed"
	case errors.Is(err, ErrChannelBusy):
		return "this channel already has an active game, so nothing changed"
	}
	return "the bot's database failed, so nothing changed. Try again; if it fails again, please tell the bot's host"
}
