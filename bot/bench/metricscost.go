package bench

import (
	"fmt"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/metrics"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// metricsRows are the rows of the metrics' cost on a move.
var metricsRows = []string{
	"moves/s, fake Discord, without metrics",
	"moves/s, fake Discord, with metrics (--metrics)",
	"moves per CPU-second, fake Discord, without metrics",
	"moves per CPU-second, fake Discord, with metrics",
	"the metrics' CPU time per move",
	"cost of the metrics on a move (CPU)",
}

// metricsCost plays the same game through the fake Discord with and without the monitoring
// (bot/metrics, as --metrics wires it: the store, the port, the drawing, the AI and Discord's
// HTTP client wrapped), the two in turn within each repetition, first one then the other, so that
// the machine's drift falls on both, and reports the moves per second of each (each move from /place to its turn message
// with its image, fsync on) and what the metrics cost. The cost is taken on the process's CPU
// time (getrusage: every thread, the fake Discord's too, the same in both), which other
// processes on a shared machine do not blur as they blur the wall clock: moves per CPU-second
// are the moves per second of a bot that has the cores to itself.
func (r *runner) metricsCost() error {
	r.logf("the metrics' cost on a move")
	moves := 60
	switch {
	case r.o.Smoke:
		moves = 3
	case r.o.Quick:
		moves = 30
	}
	without := Row{Name: metricsRows[0], Unit: "moves/s"}
	with := Row{Name: metricsRows[1], Unit: "moves/s"}
	cpuWithout := Row{Name: metricsRows[2], Unit: "moves/s"}
	cpuWith := Row{Name: metricsRows[3], Unit: "moves/s"}
	perMove := Row{Name: metricsRows[4], Unit: "µs"}
	cost := Row{Name: metricsRows[5], Unit: "%", Better: "<=", Target: 3}
	instrument := func(cfg *bot.Config, dcfg *discord.Config, s *discordgo.Session) {
		m := metrics.New(map[string]string{"mode": "gateway"})
		m.Instrument(cfg, dcfg, s)
	}
	for rep := range r.reps {
		// Which runs first alternates: the second of two games in a row runs on a warmer process.
		var plain, counted []time.Duration
		var plainCPU, countedCPU time.Duration
		var err error
		for i := range 2 {
			if (i+rep)%2 == 0 {
				plain, plainCPU, err = cpuLatency(moves, int64(rep+1), pacing{}, r)
			} else {
				counted, countedCPU, err = cpuLatency(moves, int64(rep+1), pacing{instrument: instrument}, r)
			}
			if err != nil {
				return err
			}
		}
		without.Values = append(without.Values, movesPerSec(plain))
		with.Values = append(with.Values, movesPerSec(counted))
		cpuWithout.Values = append(cpuWithout.Values, float64(moves)/plainCPU.Seconds())
		cpuWith.Values = append(cpuWith.Values, float64(moves)/countedCPU.Seconds())
		overhead := metricsPerMove()
		perMove.Values = append(perMove.Values, float64(overhead.Nanoseconds())/1000)
		// The CPU time of a move includes its share of the game's set-up and warm-up moves,
		// which the metrics count too: the overhead per move is measured alone.
		cost.Values = append(cost.Values, 100*overhead.Seconds()*float64(moves)/plainCPU.Seconds())
	}
	with.Extra = fmt.Sprintf("(%d moves per repetition, mid-game France, fsync on; same deals as the row above; wall clock)", moves)
	perMove.Extra = "(what --metrics adds to a move: its commit, answer, picture and 3 Discord requests counted)"
	cost.Extra = "(the metrics' CPU per move / a move's CPU without them, per repetition)"
	for _, row := range []Row{without, with, cpuWithout, cpuWith, perMove, cost} {
		r.add(row)
	}
	return nil
}

// cpuLatency is fakeLatency on a new bbolt store, with the process's CPU time it took.
func cpuLatency(moves int, seed int64, pace pacing, r *runner) ([]time.Duration, time.Duration, error) {
	before := cpuTime()
	lat, err := fakeLatency(r.boltStore, moves, seed, pace)
	return lat, cpuTime() - before, err
}

// cpuTime is the CPU time this process used so far, in user and system mode.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// movesPerSec is the rate of moves played one after the other, each taking its latency.
func movesPerSec(lat []time.Duration) float64 {
	var total time.Duration
	for _, d := range lat {
		total += d
	}
	return float64(len(lat)) / total.Seconds()
}

// metricsPerMove is the CPU time the metrics add to a move, measured on their own: the commit
// through the store's wrapper (the step decoded to tell a turn, the map looked up, the counters
// and the histogram), the answer through the port's, the picture through the drawing's and the
// three Discord requests of a move (post, edit the old buttons, answer) through the HTTP client's,
// each wrapping a stand-in that does nothing, less the same calls without the wrappers.
func metricsPerMove() time.Duration {
	initTesting.Do(testing.Init)
	step := []byte(`{"by":"1300000000000000001","input":"/place square:C3 rotation:90 meeple:none","events":[{"kind":"move","move":{"kind":"place","square":"C3","rotation":90}},{"kind":"move","move":{"kind":"meeple","feature":-1}},{"kind":"clock","bank":86400000000000}]}`)
	c := storage.Commit{GameID: "g1", Move: storage.Move{Actor: "1300000000000000001", InteractionID: "1300000000000000099", Data: step}, Status: storage.StatusPlaying}
	in := &bot.Interaction{ID: "1300000000000000099", Received: time.Now()}
	req, _ := http.NewRequest(http.MethodPost, "https://discord.com/api/v9/channels/1300000000000000003/messages", nil)
	move := func(store storage.Database, port bot.Port, draw func(*table.Table, commands.Reply) ([]byte, error), client http.RoundTripper) {
		_, _ = store.AppendMove(c)
		_, _ = draw(nil, commands.Reply{})
		for range 3 {
			_, _ = client.RoundTrip(req)
		}
		_ = port.Answer(in, bot.Message{})
	}
	draw := func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil }
	m := metrics.New(nil)
	wrapped := m.Store(nopStore{})
	_ = wrapped.CreateGame(storage.GameRecord{ID: "g1", Setup: []byte(`{"events":[{"kind":"create","settings":{"map":"france"}}]}`)}, nil, "")
	plain := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			move(nopStore{}, nopPort{}, draw, nopTransport{})
		}
	})
	counted := testing.Benchmark(func(b *testing.B) {
		port, drawn, client := m.Port(nopPort{}), m.Draw(draw), m.Transport(nopTransport{})
		for b.Loop() {
			move(wrapped, port, drawn, client)
		}
	})
	return time.Duration(max(counted.NsPerOp()-plain.NsPerOp(), 0))
}

// The stand-ins do nothing and succeed.
type (
	nopStore     struct{ storage.Database }
	nopPort      struct{ bot.Port }
	nopTransport struct{}
)

func (nopStore) AppendMove(storage.Commit) (bool, error)             { return true, nil }
func (nopStore) CreateGame(storage.GameRecord, []byte, string) error { return nil }
func (nopPort) Answer(*bot.Interaction, bot.Message) error           { return nil }
func (nopTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: 200}, nil
}
