package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// The row of several processes on one PostgreSQL database runs each process as this program
// again (cmd/bench, or the test binary of bot/bench), told by movesChildEnv what to play: each
// opens its own store (its own connection pool and owner session, as a bot process has), creates
// its own games, says it is ready, and starts when every process is, so that their moves overlap;
// it prints every move's commit latency and when it started. The parent adds up the moves over the
// span from the first start to the last end, and takes the p99 of all the latencies together.

// movesChildEnv holds the job of a child process that plays moves (JSON of movesJob).
const movesChildEnv = "CARC_BENCH_MOVES_CHILD"

// movesJob is what a moves child plays.
type movesJob struct {
	URL    string
	Prefix string // its games' ids begin with it
	Games  int
	Moves  int // per game, back to back
	States int // engineStates(States): the snapshots it commits
}

// movesResult is what a moves child measured.
type movesResult struct {
	Started   int64   // Unix nanoseconds of its first move
	Elapsed   int64   // nanoseconds until its last move
	Latencies []int64 // every move's commit latency, nanoseconds
}

// movesChild plays a movesJob when this process was started as a moves child; see Child.
func movesChild(v string) error {
	var job movesJob
	if err := json.Unmarshal([]byte(v), &job); err != nil {
		return err
	}
	states, err := engineStates(job.States)
	if err != nil {
		return err
	}
	s, err := postgres.Open(job.URL, postgres.Options{})
	if err != nil {
		return err
	}
	defer s.Close()
	in := bufio.NewReader(os.Stdin)
	ready := func() error {
		fmt.Println("ready")
		_, err := in.ReadString('\n') // the parent's go, once every process is ready
		return err
	}
	t, err := storage.MeasureOnAfter([]storage.Appender{s}, job.Prefix, job.Games, job.Moves, 0, states, ready)
	if err != nil {
		return err
	}
	res := movesResult{Started: t.Started.UnixNano(), Elapsed: int64(t.Elapsed)}
	for _, l := range t.Latencies {
		res.Latencies = append(res.Latencies, int64(l))
	}
	return json.NewEncoder(os.Stdout).Encode(res)
}

// processesMeasure is what measureProcesses found: moves per second over the span of all the
// processes' moves, and the commit latencies of all of them.
type processesMeasure struct {
	MovesPerSec float64
	P50, P99    time.Duration
}

// measureProcesses runs n processes of this program on the database at url, playing games games
// between them (spread as evenly as they go) of moves moves each, back to back.
func measureProcesses(url, prefix string, n, games, moves, states int) (processesMeasure, error) {
	var out processesMeasure
	exe, err := os.Executable()
	if err != nil {
		return out, err
	}
	type child struct {
		cmd    *exec.Cmd
		stdin  io.WriteCloser
		stdout *bufio.Reader
		stderr strings.Builder
	}
	children := make([]*child, n)
	defer func() {
		for _, c := range children {
			if c != nil && c.cmd.ProcessState == nil {
				_ = c.cmd.Process.Kill()
				_ = c.cmd.Wait()
			}
		}
	}()
	for i := range children {
		job := movesJob{URL: url, Prefix: fmt.Sprintf("%s-p%d", prefix, i), Games: games / n, Moves: moves, States: states}
		if i < games%n {
			job.Games++
		}
		enc, err := json.Marshal(job)
		if err != nil {
			return out, err
		}
		c := &child{cmd: exec.Command(exe)}
		c.cmd.Env = append(os.Environ(), movesChildEnv+"="+string(enc))
		c.cmd.Stderr = &c.stderr
		if c.stdin, err = c.cmd.StdinPipe(); err != nil {
			return out, err
		}
		pipe, err := c.cmd.StdoutPipe()
		if err != nil {
			return out, err
		}
		c.stdout = bufio.NewReader(pipe)
		if err := c.cmd.Start(); err != nil {
			return out, fmt.Errorf("start bench process %d: %w", i, err)
		}
		children[i] = c
	}
	for i, c := range children {
		if line, err := c.stdout.ReadString('\n'); err != nil || strings.TrimSpace(line) != "ready" {
			_ = c.cmd.Wait()
			return out, fmt.Errorf("bench process %d did not get ready (%q, %v): %s", i, line, err, strings.TrimSpace(c.stderr.String()))
		}
	}
	for _, c := range children {
		if _, err := io.WriteString(c.stdin, "go\n"); err != nil {
			return out, err
		}
	}
	var first, last time.Time
	var all []time.Duration
	for i, c := range children {
		rest, _ := io.ReadAll(c.stdout)
		if err := c.cmd.Wait(); err != nil {
			return out, fmt.Errorf("bench process %d: %v: %s", i, err, strings.TrimSpace(c.stderr.String()))
		}
		var res movesResult
		if err := json.Unmarshal(rest, &res); err != nil {
			return out, fmt.Errorf("bench process %d said %q: %v", i, rest, err)
		}
		start := time.Unix(0, res.Started)
		end := start.Add(time.Duration(res.Elapsed))
		if first.IsZero() || start.Before(first) {
			first = start
		}
		if end.After(last) {
			last = end
		}
		for _, l := range res.Latencies {
			all = append(all, time.Duration(l))
		}
	}
	if len(all) == 0 {
		return out, fmt.Errorf("the bench processes played no move")
	}
	slices.Sort(all)
	out.MovesPerSec = float64(len(all)) / last.Sub(first).Seconds()
	out.P50, out.P99 = all[len(all)/2], all[min(len(all)-1, len(all)*99/100)]
	return out, nil
}
