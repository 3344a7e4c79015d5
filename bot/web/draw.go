package web

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// The pages' heavy work (a game's history replayed to build its page, a board or a chart drawn)
// shares the machine with the bot's moves, which must keep their latency whatever the pages are
// asked. So it runs on a few workers of its own (drawer), below the moves in priority: a worker
// starts a job, and takes each step of a replay, only while no player's command or click is being
// handled (Config.Busy), waiting up to maxYield at a time for them. A job is asked by the
// requests that want its result (one job for readers asking the same picture at once), and is
// dropped, or stopped at its next step, once they have all gone (a reader left, a request's
// deadline passed): a client that asks and leaves costs no drawing. The jobs waiting for a worker
// are bounded: past that, a request is told to come back (503). Every result is cached
// (gamehandlers.go), a past move's board by the game, the move and the language: the next moves
// leave it valid.

// DefaultDrawers is how many jobs run at once: half the cores, so that the moves always find one.
var DefaultDrawers = max(1, runtime.NumCPU()/2)

// queuedPerDrawer bounds the jobs waiting for a worker, per worker.
const queuedPerDrawer = 16

// maxYield bounds one wait of a job for the moves: under a steady stream of them, the pages still
// get their share.
const maxYield = time.Second

// yieldPoll is how often a waiting job looks whether the moves are done.
const yieldPoll = 5 * time.Millisecond

// errBusy refuses a job when too many wait already.
var errBusy = errors.New("too many pictures are waiting to be drawn")

// drawer runs the pages' jobs.
type drawer struct {
	slots chan struct{} // one per worker: held while a job runs
	queue chan struct{} // one per job asked and not done, running or waiting
	busy  func() bool

	mu      sync.Mutex
	flights map[string]*flight
	ran     atomic.Int64 // jobs whose work ran: what the tests count
}

// flight is one job and the requests waiting for it.
type flight struct {
	ctx     context.Context // ended once no request waits any more
	cancel  context.CancelFunc
	waiters int // guarded by drawer.mu
	done    chan struct{}
	val     any
	err     error
}

func newDrawer(workers int, busy func() bool) *drawer {
	return &drawer{slots: make(chan struct{}, workers), queue: make(chan struct{}, workers*(1+queuedPerDrawer)), busy: busy,
		flights: map[string]*flight{}}
}

// draw returns what work makes for key, running it on a worker unless a job for key runs already,
// whose result it then shares. It returns ctx's error once ctx ends (the request is gone), and
// errBusy when too many jobs wait. work gets the job's context and a pause to call between its
// steps, which waits while the moves run and fails once nobody waits for the job.
func draw[V any](d *drawer, ctx context.Context, key string, work func(pause func() error) (V, error)) (V, error) {
	var zero V
	d.mu.Lock()
	f := d.flights[key]
	if f == nil {
		select {
		case d.queue <- struct{}{}:
		default:
			d.mu.Unlock()
			return zero, errBusy
		}
		fctx, cancel := context.WithCancel(context.Background())
		f = &flight{ctx: fctx, cancel: cancel, done: make(chan struct{})}
		d.flights[key] = f
		go d.run(key, f, func() (any, error) { return work(func() error { return d.yield(fctx) }) })
	}
	f.waiters++
	d.mu.Unlock()
	select {
	case <-f.done:
		if f.err != nil {
			return zero, f.err
		}
		return f.val.(V), nil
	case <-ctx.Done():
		d.mu.Lock()
		if f.waiters--; f.waiters == 0 {
			f.cancel()
			if d.flights[key] == f {
				delete(d.flights, key)
			}
		}
		d.mu.Unlock()
		return zero, ctx.Err()
	}
}

// run waits for a worker and runs a flight's job.
func (d *drawer) run(key string, f *flight, work func() (any, error)) {
	defer func() {
		d.mu.Lock()
		if d.flights[key] == f {
			delete(d.flights, key)
		}
		d.mu.Unlock()
		f.cancel()
		<-d.queue
		close(f.done)
	}()
	select {
	case d.slots <- struct{}{}:
	case <-f.ctx.Done():
		f.err = f.ctx.Err()
		return
	}
	defer func() { <-d.slots }()
	// Outside the request's goroutine, a panic would take the whole bot down: it fails the job.
	defer func() {
		if r := recover(); r != nil {
			f.val, f.err = nil, fmt.Errorf("panic while drawing: %v\n%s", r, debug.Stack())
		}
	}()
	if f.err = d.yield(f.ctx); f.err != nil {
		return
	}
	d.ran.Add(1)
	f.val, f.err = work()
}

// yield waits while the bot handles a move, up to maxYield; it fails once ctx ends.
func (d *drawer) yield(ctx context.Context) error {
	if d.busy() {
		limit := time.NewTimer(maxYield)
		defer limit.Stop()
		poll := time.NewTicker(yieldPoll)
		defer poll.Stop()
		for d.busy() {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-limit.C:
				return nil
			case <-poll.C:
			}
		}
	}
	return ctx.Err()
}
