package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// memGames is a source of games kept in memory.
type memGames struct {
	mu    sync.Mutex
	games map[string]Game
}

func (m *memGames) WebGame(id string) (Game, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.games[id]
	if !ok {
		return Game{}, ErrNotFound
	}
	return g, nil
}

func (m *memGames) put(g Game) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.games[g.Table.ID] = g
}

// memLinks keeps the generations of links in memory.
type memLinks struct {
	mu   sync.Mutex
	gens map[string]uint64
}

func (m *memLinks) WebLinkGeneration(id string) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gens[id], nil
}

func (m *memLinks) revoke(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gens[id]++
}

// memLeagues is a source of leagues kept in memory.
type memLeagues map[string]League

func (m memLeagues) WebLeague(id string) (League, error) {
	l, ok := m[id]
	if !ok {
		return League{}, ErrNotFound
	}
	return l, nil
}

// site is a server under test with its sources.
type site struct {
	*Server
	games   *memGames
	links   *memLinks
	leagues memLeagues
	http    *httptest.Server
	// held, when set, keeps the answer to every path with that suffix waiting until it is closed,
	// so that a test can see the page before a picture arrives.
	held atomic.Pointer[heldPath]
}

// heldPath is a path suffix whose answers wait for release to close.
type heldPath struct {
	suffix  string
	release chan struct{}
}

// hold keeps the answers to paths ending in suffix waiting until the returned function is called
// (or the test ends).
func (st *site) hold(t testing.TB, suffix string) (release func()) {
	h := &heldPath{suffix: suffix, release: make(chan struct{})}
	st.held.Store(h)
	var once sync.Once
	release = func() { once.Do(func() { close(h.release) }) }
	t.Cleanup(release)
	return release
}

func newSite(t testing.TB, base string, configure ...func(*Config)) *site {
	t.Helper()
	st := &site{games: &memGames{games: map[string]Game{}}, links: &memLinks{gens: map[string]uint64{}}, leagues: memLeagues{}}
	signer, err := NewSigner([]byte("0123456789abcdef0123456789abcdef"), st.links)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Base: base, Games: st.games, Leagues: st.leagues, Signer: signer,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Rate: 1000, Burst: 1000}
	for _, c := range configure {
		c(&cfg)
	}
	st.Server, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	if base == "" {
		mux.Handle("/", st.Handler())
	} else {
		mux.Handle(base+"/", st.Handler())
	}
	st.http = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h := st.held.Load(); h != nil && strings.HasSuffix(r.URL.Path, h.suffix) {
			select {
			case <-h.release:
			case <-r.Context().Done():
				return
			}
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(st.http.Close)
	return st
}

// get fetches a path of the site and returns the status and body.
func (st *site) get(t testing.TB, path string) (int, string, http.Header) {
	t.Helper()
	res, err := http.Get(st.http.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body), res.Header
}

func (st *site) gamePath(t testing.TB, id string) string {
	t.Helper()
	p, err := st.GamePath(id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playGame deals a game from key with the players named and plays it with the easy AI: to its
// end when turns is 0, else until that many turns are finished. Every table it passes through
// is given to each, when not nil.
func playGame(t testing.TB, id, mapID, key string, names []string, turns int, each func(*table.Table)) *table.Table {
	t.Helper()
	return playGameWith(t, id, map[string]string{"map": mapID}, key, names, turns, each)
}

// playGameWith is playGame at a table opened with options (map: and any other of /carc new).
func playGameWith(t testing.TB, id string, options map[string]string, key string, names []string, turns int, each func(*table.Table)) *table.Table {
	t.Helper()
	var tb *table.Table
	run := func(in commands.Input) {
		t.Helper()
		r := commands.Handle(tb, in)
		if !r.OK {
			t.Fatalf("%s refused: %s", in, r.Text)
		}
		tb = r.Table
		if each != nil {
			each(tb.Clone())
		}
	}
	users := make([]table.User, len(names))
	for i, n := range names {
		users[i] = table.User{ID: fmt.Sprintf("u%d", i+1), Name: n}
	}
	run(commands.Input{User: users[0], Command: "carc", Sub: "new", Table: id, Channel: "c-" + id, Secret: key,
		Options: options})
	for _, u := range users[1:] {
		run(commands.Input{User: u, Command: "carc", Sub: "join"})
	}
	run(commands.Input{User: users[0], Command: "carc", Sub: "start"})
	rng := game.NewRNG(7)
	for tb.Status == table.Playing && (turns == 0 || tb.Game.Turn <= turns) {
		m, err := ai.Choose(tb.Game, ai.Easy, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		run(commands.InputFor(tb.Seats[m.Player], m))
	}
	return tb
}

// dealKey is a deal key made from a word, for games that must repeat.
func dealKey(word string) string {
	sum := sha256.Sum256([]byte(word))
	return hex.EncodeToString(sum[:])
}
