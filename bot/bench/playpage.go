package bench

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// playPageRow is the row of a move made on the play page.
const playPageRow = "web: page action to committed move, p99 (play page)"

// playPage measures a move confirmed on the play page: from the page's POST of the placement to
// the move committed in the store (fsync on), the host having run it through the command layer;
// the page's answer comes once the move's announcement (its turn picture drawn) is posted too,
// whose p99 the row adds. The player asks for their link in the fake Discord each turn, opens the
// page (not timed), and confirms the first legal square in its first rotation, without a meeple.
func (r *runner) playPage() error {
	r.logf("moves from the play page")
	moves := 40
	switch {
	case r.o.Smoke:
		moves = 3
	case r.o.Quick:
		moves = 12
	}
	row := Row{Name: playPageRow, Unit: "ms", Better: "<=", Target: 150}
	var p50, answered []float64
	for rep := range r.reps {
		lat, err := pageLatency(r.boltStore, moves, int64(rep+1))
		if err != nil {
			return err
		}
		row.Values = append(row.Values, ms(percentile(lat.committed, 0.99)))
		p50 = append(p50, ms(percentile(lat.committed, 0.5)))
		answered = append(answered, ms(percentile(lat.answered, 0.99)))
	}
	row.Extra = fmt.Sprintf("(%d moves per repetition after 10, mid-game France, fsync on; p50 %.1f ms; the page answered, the move announced: p99 %.1f ms)",
		moves, median(p50), median(answered))
	r.add(row)
	return nil
}

// pageTimes are the times of a game's moves made on the play page: to the move committed, and to
// the page's answer.
type pageTimes struct{ committed, answered []time.Duration }

// timedStore notes when its last commit returned.
type timedStore struct {
	storage.Database
	mu   sync.Mutex
	last time.Time
}

func (s *timedStore) AppendMove(c storage.Commit) (bool, error) {
	applied, err := s.Database.AppendMove(c)
	s.mu.Lock()
	s.last = time.Now()
	s.mu.Unlock()
	return applied, err
}

func (s *timedStore) lastCommit() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// pageLatency runs one game whose moves are made on the play page (see fakeLatency for the
// testing.TB the fake needs).
func pageLatency(open func() (storage.Database, func(), error), moves int, seed int64) (pageTimes, error) {
	initTesting.Do(testing.Init)
	var out pageTimes
	var err error
	var once sync.Once
	testing.Benchmark(func(b *testing.B) {
		once.Do(func() { out, err = measurePage(b, open, moves, seed) })
	})
	if err == nil && len(out.committed) == 0 {
		err = errors.New("the play page measurement did not run")
	}
	return out, err
}

var (
	benchPlayLink = regexp.MustCompile(`<(http://[^>]+/p/[^>]+/)>`)
	benchForm     = regexp.MustCompile(`data-token="([^"]+)" data-version="([0-9]+)"`)
	benchSquare   = regexp.MustCompile(`data-square="([^"]+)" data-rotations="([^" ]+)`)
)

func measurePage(b *testing.B, open func() (storage.Database, func(), error), moves int, seed int64) (pageTimes, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var handler http.Handler = http.NotFoundHandler()
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		h := handler
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	var store *timedStore
	timed := func() (storage.Database, func(), error) {
		db, done, err := open()
		store = &timedStore{Database: db}
		return store, done, err
	}
	// The pages are served before the game opens, so that its first turn message offers the link.
	g, err := startFrance(ctx, b, timed, seed, func(c *bot.Config, _ *discord.Config, _ *discordgo.Session) {
		c.WebRate, c.WebBurst, c.WebPlayRate, c.WebPlayBurst = 1e9, 1<<30, 1e9, 1<<30
	}, func(bt *bot.Host) error {
		pages, err := bt.Web("", srv.URL)
		if err != nil {
			return err
		}
		mu.Lock()
		handler = pages.Handler()
		mu.Unlock()
		return nil
	})
	if err != nil {
		return pageTimes{}, err
	}
	defer g.close()
	f, users, ch := g.f, g.users, g.ch
	wait := func(in *fakediscord.Interaction) (*fakediscord.Message, error) {
		return in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	}
	client := srv.Client()
	get := func(u string) (string, error) {
		res, err := client.Get(u)
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			return "", fmt.Errorf("GET %s: %d", u, res.StatusCode)
		}
		return string(body), err
	}
	const warmup = 10
	var lat pageTimes
	for i := 0; i < warmup+moves; i++ {
		last := lastPost(f, ch.ID)
		if last == nil || len(last.Pinged()) != 1 {
			return pageTimes{}, fmt.Errorf("move %d: the last turn message pings nobody", i)
		}
		u := users[last.Pinged()[0]]
		id := ""
		for _, c := range last.Buttons() {
			if strings.Contains(c.CustomID, ":"+web.PlayLinkVerb) {
				id = c.CustomID
			}
		}
		if id == "" {
			return pageTimes{}, fmt.Errorf("move %d: the turn message offers no play link", i)
		}
		ans, err := wait(f.SendButton(u, last, id))
		if err != nil {
			return pageTimes{}, err
		}
		link := benchPlayLink.FindStringSubmatch(ans.Content)
		if link == nil {
			return pageTimes{}, fmt.Errorf("move %d: no play link in %q", i, ans.Content)
		}
		page, err := get(link[1])
		if err != nil {
			return pageTimes{}, err
		}
		form, sq := benchForm.FindStringSubmatch(page), benchSquare.FindStringSubmatch(page)
		if form == nil || sq == nil {
			return pageTimes{}, fmt.Errorf("move %d: the play page has no form or no square", i)
		}
		key := make([]byte, 16)
		_, _ = rand.Read(key)
		body := url.Values{"t": {html.UnescapeString(form[1])}, "v": {form[2]}, "k": {hex.EncodeToString(key)},
			"square": {sq[1]}, "rotation": {sq[2]}, "meeple": {"none"}}
		start := time.Now()
		res, err := client.PostForm(link[1]+"move", body)
		if err != nil {
			return pageTimes{}, err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		took := time.Since(start)
		committed := store.lastCommit().Sub(start)
		if res.StatusCode != http.StatusOK {
			return pageTimes{}, fmt.Errorf("move %d: the page's move was answered %d", i, res.StatusCode)
		}
		if committed <= 0 || committed > took {
			return pageTimes{}, fmt.Errorf("move %d: no commit between the page's move and its answer", i)
		}
		if i >= warmup {
			lat.committed = append(lat.committed, committed)
			lat.answered = append(lat.answered, took)
		}
		// The next turn's message, with its button, before the next move.
		if _, err := f.WaitMessage(ctx, ch.ID, func(m *fakediscord.Message) bool {
			return !m.Ephemeral() && m.InteractionID == "" && m.ID != last.ID && m.Created.After(last.Created)
		}); err != nil {
			return pageTimes{}, fmt.Errorf("move %d: no turn message: %w", i, err)
		}
	}
	return lat, nil
}
