package fakediscord

import (
	"context"
	"errors"
	"fmt"
)

// errClosed is returned by waits whose condition did not hold when the fake
// was closed: nothing can change any more, so waiting longer is pointless.
var errClosed = errors.New("fake closed")

// broadcastLocked wakes every waiter. The fake keeps one channel that it
// closes on each change and replaces with a fresh one, which lets any number
// of waiters block on "something changed" together with their context,
// without polling and without sync.Cond's lack of cancellation.
func (f *Fake) broadcastLocked() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// waitFor blocks until check, run with f.mu held, reports true, and returns
// its value. what names the condition in the error returned when ctx ends or
// the fake closes; the error also lists the problems recorded so far, which
// usually explain why the bot never did what the test waited for.
func waitFor[T any](ctx context.Context, f *Fake, what string, check func() (T, bool)) (T, error) {
	fail := func(err error) (T, error) {
		f.mu.Lock()
		defer f.mu.Unlock()
		var zero T
		return zero, fmt.Errorf("fakediscord: waiting for %s: %w%s", what, err, f.problemSummaryLocked())
	}
	for {
		f.mu.Lock()
		v, ok := check()
		changed, closed := f.changed, f.closed
		f.mu.Unlock()
		if ok {
			return v, nil
		}
		if closed {
			return fail(errClosed)
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return fail(ctx.Err())
		}
	}
}
