package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// SQLSTATE codes the store branches on.
const (
	codeUniqueViolation  = "23505"
	codeReadOnlyTx       = "25006"
	codeDiskFull         = "53100"
	codeSerialization    = "40001"
	codeDeadlock         = "40P01"
	codeInsufficientPriv = "42501"
	codeInvalidPassword  = "28P01"
	codeInvalidAuth      = "28000"
	codeNoDatabase       = "3D000"
	codeAdminShutdown    = "57P01"
	codeCannotConnectNow = "57P03"
)

func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// retryable tells whether a transaction that failed with err is run again: the server aborted
// it (deadlock, serialization), or it never reached the server (a connection the server closed
// as it restarted, found broken before a byte was sent).
func retryable(err error) bool {
	switch sqlState(err) {
	case codeSerialization, codeDeadlock:
		return true
	}
	return err != nil && pgconn.SafeToRetry(err)
}

// dbError explains a failure of the server in words an operator can act on; it unwraps to the
// storage sentinel and to the driver's error.
type dbError struct {
	kind  error
	msg   string
	cause error
}

func (e *dbError) Error() string   { return e.msg + ": " + e.cause.Error() }
func (e *dbError) Unwrap() []error { return []error{e.kind, e.cause} }

// errUnavailable is the sentinel of a server that cannot be reached: the change was not made.
var errUnavailable = storage.ErrUnavailable

// explain turns the driver's and the server's errors into the store's sentinels, with a message
// naming the database (never its password) and saying what to do. op says what was being done.
func (s *Store) explain(op string, err error) error {
	var de *dbError
	var netErr net.Error
	var connErr *pgconn.ConnectError
	switch {
	case err == nil || errors.As(err, &de):
		return err
	case errors.Is(err, storage.ErrSchema), errors.Is(err, storage.ErrInvalid), errors.Is(err, storage.ErrReadOnly):
		return err
	}
	switch sqlState(err) {
	case codeReadOnlyTx, codeInsufficientPriv:
		return &dbError{storage.ErrReadOnly, fmt.Sprintf("%s: database %s cannot be written (a read-only server or role); nothing was changed", op, s.name), err}
	case codeDiskFull:
		return &dbError{storage.ErrDiskFull, fmt.Sprintf("%s: database %s is full: its server has no disk space left for it (disk or quota full); the change was not saved, free some space on the server's data directory or the database's tablespace and retry", op, s.name), err}
	case codeInvalidPassword, codeInvalidAuth:
		return &dbError{errUnavailable, fmt.Sprintf("%s: database %s refused the user or password of the URL", op, s.name), err}
	case codeNoDatabase:
		return &dbError{errUnavailable, fmt.Sprintf("%s: database %s does not exist on its server (create it: createdb)", op, s.name), err}
	case codeAdminShutdown, codeCannotConnectNow:
		return &dbError{errUnavailable, fmt.Sprintf("%s: the server of database %s is shutting down or starting; the change was not saved, retry", op, s.name), err}
	}
	// A connection lost under a call (the server restarted: its socket closed mid-answer) is
	// the server's absence too.
	lost := errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, pgconn.ErrConnClosed)
	if errors.As(err, &connErr) || errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) || lost {
		return &dbError{errUnavailable, fmt.Sprintf("%s: cannot reach database %s (is the server running and the URL right?); nothing was changed", op, s.name), err}
	}
	return err
}
