package local

import (
	"io"
	"log/slog"
)

// newLogger is the host's log at the local table: warnings and errors only, as text.
func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
