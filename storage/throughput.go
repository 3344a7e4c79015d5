package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Throughput is the result of MeasureThroughput.
type Throughput struct {
	Games         int           // games played concurrently, one goroutine each
	Moves         int           // moves committed in total
	Elapsed       time.Duration // wall time of the moves
	MovesPerSec   float64
	P50, P99, Max time.Duration // latency of one AppendMove, commit and fsync included
	SnapshotBytes int           // mean size of the snapshots written
	// Started is when the first move was sent, and Latencies every move's latency, sorted: for
	// a caller that merges the measures of several processes.
	Started   time.Time
	Latencies []time.Duration
}

func (t Throughput) String() string {
	return fmt.Sprintf("%d games: %d moves in %v = %.0f moves/s, commit p50 %v p99 %v max %v, snapshots %d B",
		t.Games, t.Moves, t.Elapsed.Round(time.Millisecond), t.MovesPerSec,
		t.P50.Round(time.Microsecond), t.P99.Round(time.Microsecond), t.Max.Round(time.Microsecond), t.SnapshotBytes)
}

// MeasureThroughput measures durable moves per second, for the bench report: it opens a fresh
// store in a temporary directory under dir (removed afterwards), creates games games and commits
// moves moves to each from one goroutine per game, with fsync on, as the bot would. Each game
// sends its next move as soon as the previous one is committed, so this is the store's capacity,
// and the latencies are those of a saturated store. The snapshots committed are states[1:] in
// turn, repeated if moves is larger (states[0] creates the game): the caller passes the engine's
// snapshots of a real game, computed before the clock starts, and moves are about 60 bytes, so
// the figures measure the store, not the engine.
func MeasureThroughput(dir string, games, moves int, states [][]byte) (Throughput, error) {
	return measure(dir, games, moves, 0, states)
}

// MeasureLatency is MeasureThroughput at a steady offered load: rate moves per second in all,
// each game sending a move every games/rate seconds. A move's latency counts from the moment it
// was due, so a slow commit also counts against the moves it delays.
func MeasureLatency(dir string, games, moves int, rate float64, states [][]byte) (Throughput, error) {
	if rate <= 0 {
		return Throughput{}, fmt.Errorf("measure latency: %w", invalidf("the rate must be positive"))
	}
	return measure(dir, games, moves, time.Duration(float64(games)/rate*float64(time.Second)), states)
}

// measure plays the games; every game sends a move every interval, or back to back if it is 0.
func measure(dir string, games, moves int, interval time.Duration, states [][]byte) (Throughput, error) {
	if games < 1 || moves < 1 || len(states) < 2 {
		return Throughput{}, fmt.Errorf("measure throughput: %w", invalidf("need at least one game, one move and two states"))
	}
	tmp, err := os.MkdirTemp(dir, "throughput-")
	if err != nil {
		return Throughput{}, fmt.Errorf("measure throughput: %w", err)
	}
	defer os.RemoveAll(tmp)
	s, err := Open(filepath.Join(tmp, "throughput.db"), Options{})
	if err != nil {
		return Throughput{}, fmt.Errorf("measure throughput: %w", err)
	}
	defer s.Close()
	return MeasureOn([]Appender{s}, "bench", games, moves, interval, states)
}

// Appender is what the throughput measures need of a store: its games and their announcements.
type Appender interface {
	Games
	Announcements
}

// benchAnnouncement is the announcement of a bench move: the size of a turn message's.
var benchAnnouncement = json.RawMessage(`{"text":"` + strings.Repeat("x", 300) + `","ping":["2"],"image":1}`)

// MeasureOn is measure on open stores: the games are spread over stores (one per process, say,
// for several processes on one PostgreSQL database) and named after prefix, which must be new to
// the stores. interval 0 sends the moves back to back. Each move is the bot's: its commit stores
// its announcement, which is then cleared, as once the bot posted it; the latency is the commit's.
func MeasureOn(stores []Appender, prefix string, games, moves int, interval time.Duration, states [][]byte) (Throughput, error) {
	return MeasureOnAfter(stores, prefix, games, moves, interval, states, nil)
}

// MeasureOnAfter is MeasureOn calling ready, if not nil, once the games are created and before
// the clock starts: several processes measured together wait there for each other.
func MeasureOnAfter(stores []Appender, prefix string, games, moves int, interval time.Duration, states [][]byte, ready func() error) (Throughput, error) {
	if games < 1 || moves < 1 || len(states) < 2 || len(stores) == 0 {
		return Throughput{}, fmt.Errorf("measure throughput: %w", invalidf("need at least one store, one game, one move and two states"))
	}
	// The states are computed by the caller before the clock starts, so the goroutines spend
	// their time in the store; longer runs cycle through them.
	played := len(states) - 1
	hashes := make([]string, len(states))
	for i := range states {
		sum := sha256.Sum256(states[i])
		hashes[i] = hex.EncodeToString(sum[:])
	}
	size := 0
	for i := range moves {
		size += len(states[1+i%played])
	}
	for g := range games {
		rec := GameRecord{ID: prefix + "-" + strconv.Itoa(g), ChannelID: prefix + "-channel-" + strconv.Itoa(g),
			Setup: json.RawMessage(`{"map":"synthetic","seed":1}`), Status: StatusPlaying, Players: []string{"1", "2", "3", "4"}}
		if err := stores[g%len(stores)].CreateGame(rec, states[0], hashes[0]); err != nil {
			return Throughput{}, fmt.Errorf("measure throughput: %w", err)
		}
	}

	if ready != nil {
		if err := ready(); err != nil {
			return Throughput{}, fmt.Errorf("measure throughput: %w", err)
		}
	}
	latencies := make([][]time.Duration, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	start := time.Now()
	for g := range games {
		wg.Go(func() {
			id, s := prefix+"-"+strconv.Itoa(g), stores[g%len(stores)]
			for i := range moves {
				c := Commit{GameID: id, ExpectSeq: uint64(i), Snapshot: states[1+i%played], Hash: hashes[1+i%played],
					Move: Move{Actor: "1", InteractionID: id + "-" + strconv.Itoa(i),
						Data: json.RawMessage(`{"place":"F7","rotation":90,"meeple":"city:N","chips":null}`)},
					Timers:   []Timer{{Kind: "deadline", UserID: "2", At: start.Add(24 * time.Hour)}},
					Announce: &Announcement{Channel: prefix + "-channel-" + strconv.Itoa(g), Message: benchAnnouncement}}
				t0 := time.Now()
				if interval > 0 {
					// Spread the games evenly over one interval, then keep to the schedule.
					t0 = start.Add(interval*time.Duration(i) + interval*time.Duration(g)/time.Duration(games))
					time.Sleep(time.Until(t0))
				}
				if _, err := s.AppendMove(c); err != nil {
					errs[g] = err
					return
				}
				latencies[g] = append(latencies[g], time.Since(t0))
				if err := s.Announced(id, uint64(i)+1); err != nil {
					errs[g] = err
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	for _, err := range errs {
		if err != nil {
			return Throughput{}, fmt.Errorf("measure throughput: %w", err)
		}
	}
	all := slices.Concat(latencies...)
	slices.Sort(all)
	return Throughput{
		Games: games, Moves: len(all), Elapsed: elapsed,
		MovesPerSec:   float64(len(all)) / elapsed.Seconds(),
		P50:           all[len(all)/2],
		P99:           all[min(len(all)-1, len(all)*99/100)],
		Max:           all[len(all)-1],
		SnapshotBytes: size / moves,
		Started:       start, Latencies: all,
	}, nil
}
