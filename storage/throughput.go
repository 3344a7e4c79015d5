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
}

func (t Throughput) String() string {
	return fmt.Sprintf("%d games: %d moves in %v = %.0f moves/s, commit p50 %v p99 %v max %v, snapshots %d B",
		t.Games, t.Moves, t.Elapsed.Round(time.Millisecond), t.MovesPerSec,
		t.P50.Round(time.Microsecond), t.P99.Round(time.Microsecond), t.Max.Round(time.Microsecond), t.SnapshotBytes)
}

// gameLength is the number of moves of the synthetic game MeasureThroughput plays.
const gameLength = 150

// MeasureThroughput measures durable moves per second, for the bench report: it opens a fresh
// store in a temporary directory under dir (removed afterwards), creates games games and commits
// moves moves to each from one goroutine per game, with fsync on, as the bot would. Each game
// sends its next move as soon as the previous one is committed, so this is the store's capacity,
// and the latencies are those of a saturated store. Snapshots are synthetic but realistic state
// JSON of a 150-move game, repeated if moves is larger (the board grows by one tile per move:
// 2 KiB at the start, 10 KiB at the end, 6.5 KiB on average), and moves are about 60 bytes, so
// the figures measure the store, not an engine.
func MeasureThroughput(dir string, games, moves int) (Throughput, error) {
	return measure(dir, games, moves, 0)
}

// MeasureLatency is MeasureThroughput at a steady offered load: rate moves per second in all,
// each game sending a move every games/rate seconds. A move's latency counts from the moment it
// was due, so a slow commit also counts against the moves it delays.
func MeasureLatency(dir string, games, moves int, rate float64) (Throughput, error) {
	if rate <= 0 {
		return Throughput{}, fmt.Errorf("measure latency: %w", invalidf("the rate must be positive"))
	}
	return measure(dir, games, moves, time.Duration(float64(games)/rate*float64(time.Second)))
}

// measure plays the games; every game sends a move every interval, or back to back if it is 0.
func measure(dir string, games, moves int, interval time.Duration) (Throughput, error) {
	if games < 1 || moves < 1 {
		return Throughput{}, fmt.Errorf("measure throughput: %w", invalidf("need at least one game and one move"))
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

	// The states of one 150-move game are computed up front, so the goroutines spend their time in
	// the store; longer runs cycle through them.
	states := make([][]byte, gameLength+1)
	hashes := make([]string, gameLength+1)
	for i := range states {
		states[i] = syntheticState(1, i, int64(i))
		sum := sha256.Sum256(states[i])
		hashes[i] = hex.EncodeToString(sum[:])
	}
	size := 0
	for i := range moves {
		size += len(states[1+i%gameLength])
	}
	for g := range games {
		rec := GameRecord{ID: "bench-" + strconv.Itoa(g), ChannelID: "channel-" + strconv.Itoa(g),
			Setup: json.RawMessage(`{"map":"france","seed":1}`), Status: StatusPlaying, Players: []string{"1", "2", "3", "4"}}
		if err := s.CreateGame(rec, states[0], hashes[0]); err != nil {
			return Throughput{}, fmt.Errorf("measure throughput: %w", err)
		}
	}

	latencies := make([][]time.Duration, games)
	errs := make([]error, games)
	var wg sync.WaitGroup
	start := time.Now()
	for g := range games {
		wg.Go(func() {
			id := "bench-" + strconv.Itoa(g)
			for i := range moves {
				c := Commit{GameID: id, ExpectSeq: uint64(i), Snapshot: states[1+i%gameLength], Hash: hashes[1+i%gameLength],
					Move: Move{Actor: "1", InteractionID: id + "-" + strconv.Itoa(i),
						Data: json.RawMessage(`{"place":"F7","rotation":90,"meeple":"city:N","chips":null}`)},
					Timers: []Timer{{Kind: "deadline", UserID: "2", At: start.Add(24 * time.Hour)}}}
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
	}, nil
}

// syntheticState returns a deterministic state document shaped like the engine's (section 2.4 of
// the design): a board of turn tiles, meeples, face-down chips, the hidden tile order ("deck"),
// players and a score log. score makes different move sequences give different states.
func syntheticState(seed int64, turn int, score int64) []byte {
	r := uint64(seed)*0x9E3779B97F4A7C15 + 1
	next := func(n int) int { // xorshift: stable across Go versions, unlike math/rand streams
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(n))
	}
	tiles := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X"}
	colors := []string{"purple", "blue", "orange"}
	square := func() string { return string(rune('A'+next(26))) + strconv.Itoa(1+next(30)) }

	type tile struct {
		Square   string `json:"square"`
		Tile     string `json:"tile"`
		Rotation int    `json:"rotation"`
	}
	type meeple struct {
		Player   string `json:"player"`
		Square   string `json:"square"`
		Spot     string `json:"spot"`
		Upgraded bool   `json:"upgraded"`
	}
	type chip struct {
		Square string `json:"square"`
		Color  string `json:"color"`
		Value  int    `json:"value"`
		Face   string `json:"face"`
	}
	type player struct {
		Name    string `json:"name"`
		Score   int64  `json:"score"`
		Meeples int    `json:"meeples"`
	}
	type entry struct {
		Turn   int    `json:"turn"`
		Player string `json:"player"`
		Points int    `json:"points"`
		Reason string `json:"reason"`
	}
	state := struct {
		Map       string   `json:"map"`
		Status    string   `json:"status"`
		Turn      int      `json:"turn"`
		Current   string   `json:"current"`
		Phase     string   `json:"phase"`
		Drawn     string   `json:"drawn"`
		TilesLeft int      `json:"tiles_left"`
		Deck      []string `json:"deck"`
		Players   []player `json:"players"`
		Board     []tile   `json:"board"`
		Meeples   []meeple `json:"meeples"`
		MapChips  []chip   `json:"map_chips"`
		Log       []entry  `json:"log"`
	}{Map: "france", Status: "playing", Turn: turn, Phase: "place", Drawn: tiles[next(24)], TilesLeft: max(0, 160-turn)}
	names := []string{"alice", "bob", "carol", "dave"}
	state.Current = names[turn%4]
	for i := range state.TilesLeft {
		state.Deck = append(state.Deck, tiles[(i*7+turn)%24])
	}
	for i, n := range names {
		state.Players = append(state.Players, player{n, score + int64(i), 9 - min(turn/8, 6)})
	}
	for range turn {
		state.Board = append(state.Board, tile{square(), tiles[next(24)], 90 * next(4)})
	}
	for i := range min(turn/3, 16) {
		state.Meeples = append(state.Meeples, meeple{names[i%4], square(), "city:N", i%5 == 0})
	}
	for i := range 20 {
		state.MapChips = append(state.MapChips, chip{square(), colors[i%3], 1 + next(3), "down"})
	}
	for i := range turn / 6 {
		state.Log = append(state.Log, entry{i * 6, names[i%4], next(12), "city completed"})
	}
	data, _ := json.Marshal(state) // a struct of strings and ints always encodes
	return data
}
