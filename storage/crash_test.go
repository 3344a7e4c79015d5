package storage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const (
	crashKills   = 60 // child processes killed
	crashGames   = 16
	crashWorkers = 32 // two per game, so they also conflict
)

// attempt is a move the child announced before calling AppendMove.
type attempt struct {
	game string
	seq  uint64
	add  int64
}

// TestCrashRecovery runs the store in a child process that commits moves from many goroutines
// across many games, kills it with SIGKILL at a random moment, reopens the file and checks that
// every move the child reported as committed is there, that every move there was attempted
// (nothing appears that was never sent), and that every game replays to its snapshot with
// consistent indexes. The child reports a commit only after AppendMove returned. Kills land during
// start-up, migration, game creation and moves alike.
//
// Half the kills are timed from the child's start, so they land in start-up and migration
// whatever the machine's load; the other half from the moment the child says its workers run, so
// that moves are committed and killed mid-flight even on a busy machine, where starting a process
// alone can take longer than any fixed delay.
//
// SIGKILL keeps what the kernel already accepted, so this checks atomicity and recovery, not the
// fsyncs (which only a power cut would test).
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process 60 times")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	t.Logf("kill timing seed %d", seed)
	attempted := map[string]attempt{}
	committed := map[string]attempt{}
	for run := range crashKills {
		afterReady := run%2 == 1
		lines := runAndKill(t, path, run, afterReady, time.Duration(rng.IntN(150))*time.Millisecond)
		for _, line := range lines {
			f := strings.Fields(line)
			switch {
			case len(f) == 5 && (f[0] == "A" || f[0] == "C"):
				seq, _ := strconv.ParseUint(f[2], 10, 64)
				add, _ := strconv.ParseInt(f[4], 10, 64)
				a := attempt{f[1], seq, add}
				if f[0] == "A" {
					attempted[f[3]] = a
				} else if attempted[f[3]] != a {
					t.Fatalf("run %d: commit %q was not announced", run, line)
				} else {
					committed[f[3]] = a
				}
			case strings.HasPrefix(line, "BUG"):
				t.Fatalf("run %d: child: %s", run, line)
			}
		}
		checkCrashedFile(t, path, run, attempted, committed)
	}
	t.Logf("%d kills: %d moves attempted, %d reported committed", crashKills, len(attempted), len(committed))
	if len(committed) == 0 {
		t.Error("no child ever committed a move")
	}
}

// runAndKill starts a child, kills it after delay (counted from the child's "R" line when
// afterReady is set, else from its start) and returns the lines it wrote.
func runAndKill(t *testing.T, path string, run int, afterReady bool, delay time.Duration) []string {
	t.Helper()
	cmd := childCommand("TestCrashChild", "STORAGE_TEST_DB="+path, "STORAGE_TEST_RUN="+strconv.Itoa(run))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	read := make(chan []string)
	ready := make(chan struct{})
	go func() {
		var lines []string
		signalled := false
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if sc.Text() == "R" && !signalled {
				close(ready)
				signalled = true
			}
			lines = append(lines, sc.Text())
		}
		read <- lines
	}()
	if afterReady {
		select {
		case <-ready:
		case <-time.After(time.Minute):
			// The child is stuck before its workers start; the kill below and its lines tell why.
		}
	}
	time.Sleep(delay)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	lines := <-read // the pipe still holds what the child wrote before it died
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("run %d: child ended by itself (%v):\n%s\n%s", run, err, strings.Join(lines, "\n"), stderr.Bytes())
	}
	return lines
}

// checkCrashedFile opens the file a killed child left and checks it against what the child said.
func checkCrashedFile(t *testing.T, path string, run int, attempted, committed map[string]attempt) {
	t.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return // killed before it created the file
	}
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("run %d: reopen after the kill: %v", run, err)
	}
	defer s.Close()
	present := map[string]bool{}
	for i := range crashGames {
		id := fmt.Sprintf("g%02d", i)
		moves, err := s.Moves(id)
		if errors.Is(err, ErrNotFound) {
			continue
		} else if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		for _, m := range moves {
			a, ok := attempted[m.InteractionID]
			if !ok || a.game != id || a.seq != m.Seq || string(m.Data) != fmt.Sprintf(`{"add":%d}`, a.add) {
				t.Fatalf("run %d: %s holds move %d %s %s, which was never attempted there", run, id, m.Seq, m.InteractionID, m.Data)
			}
			present[m.InteractionID] = true
		}
	}
	for iid, a := range committed {
		if !present[iid] {
			t.Fatalf("run %d: committed move %s (%s at %d) is lost", run, iid, a.game, a.seq)
		}
	}
	rep, err := s.Verify(counter{})
	if err != nil || !rep.OK() {
		t.Fatalf("run %d: Verify = %+v, %v", run, rep, err)
	}
}

// TestCrashChild is the child of TestCrashRecovery: it plays until it is killed.
func TestCrashChild(t *testing.T) {
	if !isChild(t.Name()) {
		t.Skip("the child of TestCrashRecovery")
	}
	run := os.Getenv("STORAGE_TEST_RUN")
	var outMu sync.Mutex
	emit := func(format string, args ...any) {
		outMu.Lock()
		defer outMu.Unlock()
		os.Stdout.WriteString(fmt.Sprintf(format, args...)) // one write per line: it reaches the pipe whole
	}
	s, err := Open(os.Getenv("STORAGE_TEST_DB"), Options{})
	if err != nil {
		emit("BUG open: %v\n", err)
		return
	}
	for i := range crashGames {
		g := &testGame{id: fmt.Sprintf("g%02d", i), seed: int64(i)}
		snap := syntheticState(g.seed, 0, 0)
		if err := s.CreateGame(g.record("c"+g.id), snap, hashOf(snap)); err != nil && !errors.Is(err, ErrExists) {
			emit("BUG create %s: %v\n", g.id, err)
			return
		}
	}
	for w := range crashWorkers {
		go crashWorker(s, w, run, emit)
	}
	emit("R\n")
	time.Sleep(90 * time.Second)
	emit("BUG not killed\n")
}

// crashWorker commits moves to one game until the process dies.
func crashWorker(s *Store, w int, run string, emit func(string, ...any)) {
	g := &testGame{id: fmt.Sprintf("g%02d", w%crashGames), seed: int64(w % crashGames)}
	load := func() bool {
		snap, err := s.Snapshot(g.id)
		if err != nil {
			emit("BUG load %s: %v\n", g.id, err)
			return false
		}
		var state struct{ Players []struct{ Score int64 } }
		if err := json.Unmarshal(snap.State, &state); err != nil {
			emit("BUG decode %s: %v\n", g.id, err)
			return false
		}
		g.seq, g.sum = snap.Seq, state.Players[0].Score
		return true
	}
	if !load() {
		return
	}
	for i := 0; ; i++ {
		iid := fmt.Sprintf("r%s-w%d-%d", run, w, i)
		add := int64(i%5 + 1)
		c := g.commit(add, iid)
		c.Timers = []Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Duration(c.ExpectSeq) * time.Minute)}}
		emit("A %s %d %s %d\n", g.id, c.ExpectSeq+1, iid, add)
		applied, err := s.AppendMove(c)
		switch {
		case applied:
			emit("C %s %d %s %d\n", g.id, c.ExpectSeq+1, iid, add)
			g.applied(c)
			if i%7 == 0 { // a retried interaction changes nothing
				if again, err := s.AppendMove(c); again || err != nil {
					emit("BUG retry of %s: %v, %v\n", iid, again, err)
				}
			}
		case errors.Is(err, ErrConflict):
			if !load() {
				return
			}
		default:
			emit("BUG append %s: %v, %v\n", iid, applied, err)
			return
		}
	}
}
