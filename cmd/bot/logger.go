package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/logattrs"
)

// newLogger is the server's logger: text (key=value, for a terminal and journald) or JSON lines
// (for a log collector), at level, every line naming the process (its host and pid: three bot
// processes on one database log apart), and every line about a game its guild (guilds, filled
// by the store it wraps).
func newLogger(w io.Writer, format, level string, guilds *logattrs.Guilds) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %s: %w", level, err)
	}
	opts := &slog.HandlerOptions{Level: lv}
	var h slog.Handler
	switch format {
	case "", "text":
		h = slog.NewTextHandler(w, opts)
	case "json":
		h = slog.NewJSONHandler(w, opts)
	default:
		return nil, fmt.Errorf("--log-format %s: write text or json", format)
	}
	return slog.New(guilds.Handler(h)).With("process", processName()), nil
}

// processName names this process in the logs and metrics: its host and pid.
func processName() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	return host + ":" + strconv.Itoa(os.Getpid())
}
