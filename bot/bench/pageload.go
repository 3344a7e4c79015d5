package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// pageLoadRow is the row of the moves' latency under page load.
const pageLoadRow = "move p99, pages hammered at the rate limit / without"

// moveGap spreads the moves of the page load row.
const moveGap = 100 * time.Millisecond

// pageLoad measures what one client asking a game's web pages as fast as the rate limit lets it
// costs the moves of that game: the p99 of interaction to image (as the discord rows measure it)
// while the client asks, against the p99 without, on the same machine, the repetitions of both
// alternating; the moves are a tenth of a second apart, so that the client asks through all of
// them, and come after 40 others, so that the history the pages replay is long. The client asks what costs the server most: the board of any move of the game in
// any language (each drawn afresh, the game's history replayed), now and then the page itself,
// built again after every move; it gives up on a third of its requests after 200 ms, as a reader
// scrolling on does.
func (r *runner) pageLoad() error {
	r.logf("moves under page load")
	moves, warmup := 60, 40
	switch {
	case r.o.Smoke:
		moves, warmup = 5, 5
	case r.o.Quick:
		moves = 25
	}
	row := Row{Name: pageLoadRow, Unit: "x", Better: "<=", Target: 1.5}
	var quiet, loaded []float64
	var asked, drawn, busy, refused atomic.Int64
	for rep := range r.reps {
		lat, err := fakeLatency(r.boltStore, moves, int64(rep+1), pacing{warmup: warmup, gap: moveGap})
		if err != nil {
			return err
		}
		without := ms(percentile(lat, 0.99))
		lat, err = fakeLatency(r.boltStore, moves, int64(rep+1), pacing{warmup: warmup, gap: moveGap, during: func(bt *bot.Host, store storage.Database, ch string) (func(), error) {
			return hammer(bt, store, ch, &asked, &drawn, &busy, &refused)
		}})
		if err != nil {
			return err
		}
		with := ms(percentile(lat, 0.99))
		quiet, loaded = append(quiet, without), append(loaded, with)
		row.Values = append(row.Values, with/without)
	}
	row.Extra = fmt.Sprintf("(p99 %.1f ms under load, %.1f ms without: medians; %d moves per repetition; the client asked %d times: %d answered, %d told the server is busy, %d over the rate limit)",
		median(loaded), median(quiet), moves, asked.Load(), drawn.Load(), busy.Load(), refused.Load())
	r.add(row)
	return nil
}

// hammer starts one client asking the pages of the game in channel ch at the rate limit
// (web.DefaultBurst at once, then web.DefaultRate a second), and returns the function that stops
// it.
func hammer(bt *bot.Host, store storage.Database, ch string, asked, answered, busy, refused *atomic.Int64) (func(), error) {
	id, ok, err := store.ActiveGame(ch)
	if err != nil || !ok {
		return nil, fmt.Errorf("page load: no game in the channel: %v", err)
	}
	pages, err := bt.Web("", "https://bench.invalid")
	if err != nil {
		return nil, err
	}
	srv := httptest.NewServer(pages.Handler())
	path, err := pages.GamePath(id)
	if err != nil {
		srv.Close()
		return nil, err
	}
	positions := func() int {
		snap, err := store.Snapshot(id)
		if err != nil {
			return 1
		}
		t, err := table.Load(snap.State)
		if err != nil || t.Game == nil {
			return 1
		}
		return t.Game.Turn
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	rng := rand.New(rand.NewPCG(1, 2))
	ask := func(url string, patience time.Duration) {
		defer wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		asked.Add(1)
		res, err := srv.Client().Do(req)
		if err != nil {
			return // gave up
		}
		res.Body.Close()
		switch res.StatusCode {
		case http.StatusOK:
			answered.Add(1)
		case http.StatusServiceUnavailable:
			busy.Add(1)
		case http.StatusTooManyRequests:
			refused.Add(1)
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Duration(float64(time.Second) / web.DefaultRate))
		defer tick.Stop()
		n, known := 0, positions()
		for i := 0; ; i++ {
			if i >= web.DefaultBurst {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
			if i%int(web.DefaultRate) == 0 {
				known = positions()
			}
			url := fmt.Sprintf("%s%sboard/%d.png?lang=%s", srv.URL, path, rng.IntN(known), lang.Codes()[rng.IntN(len(lang.Codes()))])
			if n++; n%10 == 0 {
				url = srv.URL + path + "?lang=" + lang.Codes()[rng.IntN(len(lang.Codes()))]
			}
			patience := 10 * time.Second
			if rng.IntN(3) == 0 {
				patience = 200 * time.Millisecond
			}
			wg.Add(1)
			go ask(url, patience)
		}
	}()
	return func() {
		close(stop)
		wg.Wait()
		srv.Close()
	}, nil
}
