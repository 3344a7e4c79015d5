package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// errPassing marks a failure at start-up that may pass by itself (Discord, the DNS or the
// database server unreachable): the bot exits with status 1, which its service manager
// restarts, never 2, which it leaves down (a bad flag, a database of a newer release).
var errPassing = errors.New("this may pass: the bot can be started again")

// passing tells whether err is one that may pass by itself: the network or a server that does
// not answer, or answers that it cannot serve now (a 5xx, a 429).
func passing(err error) bool {
	var netErr net.Error
	var rest *discordgo.RESTError
	switch {
	case err == nil:
		return false
	case errors.Is(err, errPassing), errors.Is(err, storage.ErrUnavailable), errors.Is(err, storage.ErrLocked):
		return true
	case errors.As(err, &rest) && rest.Response != nil:
		return rest.Response.StatusCode >= 500 || rest.Response.StatusCode == http.StatusTooManyRequests
	case errors.As(err, &netErr), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF), errors.Is(err, context.DeadlineExceeded):
		return true
	}
	return false
}

// startRetry bounds the retries of one step of the start: the first wait, the longest, and how
// long in all before the process gives up and exits (status 1) for its service manager to start
// it again.
type startRetry struct {
	first, longest, budget time.Duration
}

// defaultStartRetry waits 1 s, then twice as long each time up to 30 s, for 5 minutes in all.
var defaultStartRetry = startRetry{first: time.Second, longest: 30 * time.Second, budget: 5 * time.Minute}

// do runs step until it succeeds, fails in a way that does not pass, the budget is spent or ctx
// ends (SIGTERM). A failure that may pass is logged with the next try's time; the last one is
// returned marked errPassing.
func (r startRetry) do(ctx context.Context, log *slog.Logger, what string, step func() error) error {
	wait, deadline := r.first, time.Now().Add(r.budget)
	for try := 1; ; try++ {
		err := step()
		if err == nil || !passing(err) {
			return err
		}
		if time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("%s: gave up after %d tries in %s: %w (%w)", what, try, r.budget, err, errPassing)
		}
		log.Warn("could not "+what+"; trying again", "err", err, "try", try, "in", wait)
		_ = sdNotify(fmt.Sprintf("STATUS=could not %s (try %d); trying again in %s", what, try, wait))
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: stopped while waiting to try again: %w (%w)", what, err, errPassing)
		case <-time.After(wait):
		}
		wait = min(2*wait, r.longest)
	}
}
