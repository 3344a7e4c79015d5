package bench

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// webRows are the rows of the game's web page.
var webRows = []string{
	"web: game page, p99 server time (board cached)",
	"web: game page after a move, p99 (history replayed)",
	"web: board of any move / turn picture",
	pageLoadRow,
}

// oneGame serves a single game to the pages; each move would raise its version.
type oneGame struct {
	t       *table.Table
	version atomic.Uint64
}

func (g *oneGame) WebGame(id string) (web.Game, error) {
	if id != g.t.ID {
		return web.Game{}, web.ErrNotFound
	}
	return web.Game{Table: g.t, Version: g.version.Load()}, nil
}

type noRevocations struct{}

func (noRevocations) WebLinkGeneration(string) (uint64, error) { return 0, nil }

// web measures a mid-game France table's page as the server answers it (no network): the page and
// its board when both are cached (readers between two moves), the page just after a move (its
// history replayed from the deal), and the board of a move drawn afresh against the turn picture.
func (r *runner) web() error {
	r.logf("web pages")
	t, err := midFrance(60)
	if err != nil {
		return err
	}
	src := &oneGame{t: t}
	signer, err := web.NewSigner([]byte("bench secret, 32 bytes long....."), noRevocations{})
	if err != nil {
		return err
	}
	server := func() (*web.Server, error) {
		return web.New(web.Config{Games: src, Signer: signer, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Rate: 1e9, Burst: 1 << 30})
	}
	s, err := server()
	if err != nil {
		return err
	}
	h := s.Handler()
	page, err := s.GamePath(t.ID)
	if err != nil {
		return err
	}
	getFrom := func(h http.Handler, path string) (time.Duration, error) {
		start := time.Now()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		d := time.Since(start)
		if w.Code != http.StatusOK {
			return d, fmt.Errorf("web bench: GET %s: %d %s", path, w.Code, w.Body.String())
		}
		return d, nil
	}
	get := func(path string) (time.Duration, error) { return getFrom(h, path) }
	// The last position is the turn being played: its board is the one a link opens.
	positions := t.Game.Turn
	board := func(n int) string { return fmt.Sprintf("%sboard/%d.png?v=%d", page, n, src.version.Load()) }
	samples := 200
	switch {
	case r.o.Smoke:
		samples = 5
	case r.o.Quick:
		samples = 50
	}
	cached := Row{Name: webRows[0], Unit: "ms", Better: "<=", Target: 50}
	fresh := Row{Name: webRows[1], Unit: "ms", Better: "<=", Target: 50}
	ratio := Row{Name: webRows[2], Unit: "x", Better: "<=", Target: 2}
	var boardMS, turnMS []float64
	for range r.reps {
		if _, err := get(board(positions)); err != nil { // drawn once, as for the first reader
			return err
		}
		var warm, cold []time.Duration
		for range samples {
			a, err := get(page)
			if err != nil {
				return err
			}
			b, err := get(board(positions))
			if err != nil {
				return err
			}
			warm = append(warm, a+b)
		}
		for range samples / 5 {
			src.version.Add(1)
			d, err := get(page)
			if err != nil {
				return err
			}
			cold = append(cold, d)
		}
		cached.Values = append(cached.Values, ms(percentile(warm, 0.99)))
		fresh.Values = append(fresh.Values, ms(percentile(cold, 0.99)))

		// Any move: a new version each time, on a server of its own, so that every board is drawn
		// with its page, as after a move, not read from a cache (a finished turn's board stays
		// cached across versions).
		var boards, turns time.Duration
		n := 0
		for start := time.Now(); time.Since(start) < r.window(); n++ {
			src.version.Add(1)
			cold, err := server()
			if err != nil {
				return err
			}
			d, err := getFrom(cold.Handler(), board(n%(positions+1)))
			if err != nil {
				return err
			}
			boards += d
			start := time.Now()
			if _, err := bot.Picture(t, commands.Reply{OK: true, Table: t, Image: commands.BoardImage}); err != nil {
				return err
			}
			turns += time.Since(start)
		}
		boardMS = append(boardMS, ms(boards)/float64(n))
		turnMS = append(turnMS, ms(turns)/float64(n))
		ratio.Values = append(ratio.Values, float64(boards)/float64(turns))
	}
	cached.Extra = fmt.Sprintf("(%d page views per repetition: the HTML and its board, %d moves played)", samples, len(t.Moves))
	fresh.Extra = fmt.Sprintf("(%d pages, each after a new move)", samples/5)
	ratio.Extra = fmt.Sprintf("(board of a random move %.1f ms, turn picture %.1f ms: medians)", median(boardMS), median(turnMS))
	r.add(cached)
	r.add(fresh)
	r.add(ratio)
	return nil
}

func median(v []float64) float64 { return Row{Values: v}.Median() }
