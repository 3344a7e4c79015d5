package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// waitUntil waits for cond, failing the test after a minute.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("never: %s", what)
		case <-time.After(time.Millisecond):
		}
	}
}

// blockWorker runs a job on d that holds its only worker until the returned function is called.
func blockWorker(t *testing.T, d *drawer) (release func()) {
	t.Helper()
	started, stop := make(chan struct{}), make(chan struct{})
	go func() {
		_, _ = draw(d, context.Background(), "blocker", func(func() error) (int, error) {
			close(started)
			<-stop
			return 0, nil
		})
	}()
	<-started
	var once sync.Once
	return func() { once.Do(func() { close(stop) }) }
}

// idle tells whether d has no job asked any more.
func idle(d *drawer) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.flights) == 0 && len(d.queue) == 0
}

// A picture whose reader left before a worker was free is never drawn.
func TestAPictureNobodyWaitsForIsNotDrawn(t *testing.T) {
	d := newDrawer(1, func() bool { return false })
	release := blockWorker(t, d)
	ctx, cancel := context.WithCancel(context.Background())
	var drawn atomic.Int32
	done := make(chan error)
	go func() {
		_, err := draw(d, ctx, "board", func(func() error) (int, error) { drawn.Add(1); return 1, nil })
		done <- err
	}()
	waitUntil(t, "the picture is asked", func() bool { d.mu.Lock(); defer d.mu.Unlock(); return d.flights["board"] != nil })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the reader that left got %v", err)
	}
	release()
	waitUntil(t, "the drawer is idle", func() bool { return idle(d) })
	if drawn.Load() != 0 || d.ran.Load() != 1 {
		t.Fatalf("drew %d pictures nobody waited for (%d jobs ran, want the blocker's alone)", drawn.Load(), d.ran.Load())
	}
}

// A job nobody waits for any more stops at its next step.
func TestADrawingStopsWhenItsReaderLeaves(t *testing.T) {
	d := newDrawer(1, func() bool { return false })
	ctx, cancel := context.WithCancel(context.Background())
	steps, stepped := atomic.Int32{}, make(chan struct{}, 1)
	done := make(chan error)
	go func() {
		_, err := draw(d, ctx, "history", func(pause func() error) (int, error) {
			for {
				if err := pause(); err != nil {
					return 0, err
				}
				if steps.Add(1) == 3 {
					stepped <- struct{}{}
				}
			}
		})
		done <- err
	}()
	<-stepped
	cancel()
	<-done
	waitUntil(t, "the replay stops", func() bool { return idle(d) })
}

// Readers asking the same picture together share one drawing.
func TestReadersAskingTogetherShareOneDrawing(t *testing.T) {
	d := newDrawer(1, func() bool { return false })
	release := blockWorker(t, d)
	var drawn atomic.Int32
	var wg sync.WaitGroup
	got := make([]int, 3)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _ = draw(d, context.Background(), "board", func(func() error) (int, error) { drawn.Add(1); return 7, nil })
		}()
	}
	waitUntil(t, "three readers wait", func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		return d.flights["board"] != nil && d.flights["board"].waiters == 3
	})
	release()
	wg.Wait()
	if drawn.Load() != 1 || got[0] != 7 || got[1] != 7 || got[2] != 7 {
		t.Fatalf("drawn %d times, answers %v; want once, 7 for all", drawn.Load(), got)
	}
}

// A drawing waits while a player's command is handled, and starts once none is.
func TestDrawingWaitsForThePlayersCommands(t *testing.T) {
	var moving atomic.Bool
	moving.Store(true)
	checks := atomic.Int32{}
	d := newDrawer(1, func() bool { checks.Add(1); return moving.Load() })
	var drawn atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = draw(d, context.Background(), "board", func(func() error) (int, error) { drawn.Add(1); return 1, nil })
	}()
	waitUntil(t, "the drawing looked at the moves a few times", func() bool { return checks.Load() >= 5 })
	if drawn.Load() != 0 {
		t.Fatal("drew while a command was being handled")
	}
	moving.Store(false)
	<-done
	if drawn.Load() != 1 {
		t.Fatalf("drawn %d times once the command was done, want once", drawn.Load())
	}
}

// Past its queue, a request is told to come back, with a page that says so.
func TestTooManyPicturesWaitingAreRefusedForNow(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "classic", dealKey("busy"), []string{"ann", "bob"}, 6, nil)
	st.games.put(Game{Table: tb, Version: 1})
	d := newDrawer(1, func() bool { return false })
	st.draw = d
	release := blockWorker(t, d)
	defer release()
	for i := range cap(d.queue) - 1 {
		go func() {
			_, _ = draw(d, context.Background(), "w"+string(rune('a'+i)), func(func() error) (int, error) { return 0, nil })
		}()
	}
	waitUntil(t, "the queue is full", func() bool { return len(d.queue) == cap(d.queue) })
	code, body, h := st.get(t, st.gamePath(t, "g1"))
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || !bytes.Contains([]byte(body), []byte("busy")) {
		t.Fatalf("a page with the queue full: %d, Retry-After %q\n%s", code, h.Get("Retry-After"), body)
	}
	release()
	waitUntil(t, "the queue drains", func() bool { return idle(d) })
	if code, _, _ := st.get(t, st.gamePath(t, "g1")); code != http.StatusOK {
		t.Fatalf("the page once the queue drained: %d", code)
	}
}

// The board of a finished turn is drawn once per language, however many moves follow; a turn that
// is undone and played otherwise is drawn again.
func TestAPastTurnsBoardIsDrawnOnce(t *testing.T) {
	st := newSite(t, "")
	tb := playGame(t, "g1", "classic", dealKey("past"), []string{"ann", "bob"}, 8, nil)
	st.games.put(Game{Table: tb, Version: 10})
	board := func(v int) []byte {
		t.Helper()
		code, body, _ := st.get(t, st.gamePath(t, "g1")+"board/3.png?v="+string(rune('0'+v)))
		if code != http.StatusOK {
			t.Fatalf("board 3: %d %s", code, body)
		}
		return []byte(body)
	}
	first := board(0)
	ran := st.draw.ran.Load()
	for v := uint64(11); v < 14; v++ { // later moves raise the version
		st.games.put(Game{Table: tb, Version: v})
		if !bytes.Equal(board(1), first) {
			t.Fatal("the board of a past turn changed with a later move")
		}
	}
	// Each new version builds its page again; the board itself is not drawn again.
	if extra := st.draw.ran.Load() - ran; extra != 3 {
		t.Fatalf("%d jobs for 3 new versions, want their 3 pages and no board", extra)
	}
	other := playGame(t, "g1", "classic", dealKey("undone and played otherwise"), []string{"ann", "bob"}, 8, nil)
	st.games.put(Game{Table: other, Version: 20})
	fresh := newSite(t, "")
	fresh.games.put(Game{Table: other, Version: 20})
	_, want, _ := fresh.get(t, fresh.gamePath(t, "g1")+"board/3.png")
	if got := board(2); bytes.Equal(got, first) || !bytes.Equal(got, []byte(want)) {
		t.Fatal("a turn played otherwise shows the board it replaced")
	}
}
