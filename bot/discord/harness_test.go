package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// testClock is a hand-moved clock for deadlines and reminders.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// harness is a bot connected to a fake Discord, with its store: the host and its adapter.
type harness struct {
	t     *testing.T
	f     *fakediscord.Fake
	b     *bot.Host
	a     *Adapter
	store *storage.Store
	db    string
	clock *testClock
	ctx   context.Context
	draw  func(*table.Table, commands.Reply) ([]byte, error)
	// endFiles replaces the attachments of a game's end (nil: the bot's chart and GIF).
	endFiles func(*table.Table, string) []bot.File
	// deal is the seed of the fixed deal of the next game opened (see openGame).
	deal atomic.Int64
	// aiDelay is the bot's wait before an AI seat plays (0: the bot's default).
	aiDelay time.Duration
	// configure, if set, changes the host's Config at each start, and configureDiscord the
	// adapter's.
	configure        func(*bot.Config)
	configureDiscord func(*Config)
}

// nextDeal is the bot's deal source in tests: a fixed key from the harness's deal seed.
func (h *harness) nextDeal() (string, error) { return bot.FixedDeals(h.deal.Load())() }

func newHarness(t *testing.T, opts ...fakediscord.Option) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, f: fakediscord.New(t, opts...), db: filepath.Join(t.TempDir(), "games.db"),
		clock: &testClock{now: time.Now().Truncate(time.Second)}, ctx: ctx}
	return h
}

// start opens the store and a bot on a new gateway session.
func (h *harness) start() {
	h.t.Helper()
	store, err := storage.Open(h.db, storage.Options{NoSync: true})
	if err != nil {
		h.t.Fatal(err)
	}
	s := h.f.Session(h.t)
	cfg := bot.Config{Store: store, Now: h.clock.Now, TimerEvery: -1, Draw: h.draw, EndFiles: h.endFiles, Deal: h.nextDeal, AIDelay: h.aiDelay,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if h.configure != nil {
		h.configure(&cfg)
	}
	dcfg := Config{Logger: cfg.Logger}
	if h.configureDiscord != nil {
		h.configureDiscord(&dcfg)
	}
	a := newBot(h.t, s, cfg, dcfg)
	if err := a.Start(); err != nil {
		h.t.Fatal(err)
	}
	h.b, h.a, h.store = a.host, a, store
	h.t.Cleanup(h.stop)
}

// newBot makes a bot as cmd/bot does, not started: a host on cfg with its adapter on session s
// as its port (logging to the host's logger unless dcfg says otherwise).
func newBot(t *testing.T, s *discordgo.Session, cfg bot.Config, dcfg Config) *Adapter {
	t.Helper()
	a, err := NewBot(s, cfg, dcfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// stop shuts the bot down and closes the store (a restart is stop then start).
func (h *harness) stop() {
	if h.b == nil {
		return
	}
	closed := make(chan struct{})
	go func() {
		_ = h.a.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(time.Minute):
		// A stuck handler would otherwise hang the whole package until go test's timeout.
		h.t.Error("the bot did not shut down within a minute: a handler is stuck")
		return
	}
	_ = h.store.Close()
	h.b, h.a, h.store = nil, nil, nil
}

// slash sends a command and waits for its private answer to be filled in.
func (h *harness) slash(u *fakediscord.User, ch *fakediscord.Channel, name string, args ...fakediscord.Arg) *fakediscord.Message {
	h.t.Helper()
	in := h.f.SendSlash(u, ch, name, args...)
	m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		h.t.Fatalf("/%s: %v", name, err)
	}
	return m
}

// click presses a button and waits for the private answer.
func (h *harness) click(u *fakediscord.User, msg *fakediscord.Message, id string) *fakediscord.Message {
	h.t.Helper()
	in := h.f.SendButton(u, msg, id)
	m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() && m.Version > 0 || !m.Ephemeral() })
	if err != nil {
		h.t.Fatalf("click %s: %v", id, err)
	}
	return m
}

// posts counts the bot's public messages in a channel.
func (h *harness) posts(ch string) []*fakediscord.Message {
	var out []*fakediscord.Message
	for _, m := range h.f.Messages(ch) {
		if !m.Ephemeral() && m.InteractionID == "" {
			out = append(out, m)
		}
	}
	return out
}

// waitPost waits for the n-th public message of a channel. The fake calls a match function
// under its lock, so the function looks only at the message it is given.
func (h *harness) waitPost(ch string, n int) *fakediscord.Message {
	h.t.Helper()
	for {
		posts := h.posts(ch)
		if len(posts) >= n {
			return posts[n-1]
		}
		seen := map[string]bool{}
		for _, m := range posts {
			seen[m.ID] = true
		}
		_, err := h.f.WaitMessage(h.ctx, ch, func(m *fakediscord.Message) bool {
			return !m.Ephemeral() && m.InteractionID == "" && !seen[m.ID]
		})
		if err != nil {
			h.t.Fatalf("waiting for message %d in %s: %v", n, ch, err)
		}
	}
}

// waitFor polls cond until it holds (the harness's context bounds the wait).
func (h *harness) waitFor(cond func() bool) {
	h.t.Helper()
	for !cond() {
		select {
		case <-h.ctx.Done():
			h.t.Fatal("a condition did not hold in time")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// table is the bot's table in a channel.
func (h *harness) table(ch string) *table.Table {
	g, ok := h.b.Inspect(ch)
	if !ok {
		return nil
	}
	return g.Table
}

// game is the game running in a channel, as the host holds it; the test fails when none runs
// there.
func (h *harness) game(ch string) bot.Inspection {
	h.t.Helper()
	g, ok := h.b.Inspect(ch)
	if !ok {
		h.t.Fatalf("no game runs in %s", ch)
	}
	return g
}

// stamp is a Discord timestamp, as the bot writes one: style R is relative, f the full date.
func stamp(at time.Time, style string) string { return fmt.Sprintf("<t:%d:%s>", at.Unix(), style) }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// checkPNG decodes a message's image and checks Discord-friendly bounds.
func checkPNG(t *testing.T, m *fakediscord.Message) {
	t.Helper()
	if len(m.Attachments) != 1 && !(len(m.Attachments) == 3 && m.Attachments[1].Name == "scores.png" && m.Attachments[2].Name == "game.gif") {
		t.Fatalf("message %q has %d attachments, want the board (and at the end the score chart and the animation)", firstLine(m.Content), len(m.Attachments))
	}
	img, err := png.Decode(bytes.NewReader(m.Attachments[0].Data))
	if err != nil {
		t.Fatalf("the board is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() > 2000 || b.Dy() > 2000 || len(m.Attachments[0].Data) > 1<<20 {
		t.Fatalf("the board is %v and %d bytes: too large for Discord", b, len(m.Attachments[0].Data))
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// recorder is a minimal http.ResponseWriter.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return r.body.Write(b)
}

func (r *recorder) WriteHeader(code int) { r.code = code }

// noPictures leaves out every picture (turn boards, the end's chart and GIF), for tests about
// something else that play many games: drawing is most of their time, the more so under -race.
func (h *harness) noPictures() {
	h.draw = func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil }
	h.endFiles = func(*table.Table, string) []bot.File { return nil }
}

// played runs commands from no table on, each accepted, and returns the record of their steps
// and the table they make.
func played(t *testing.T, inputs ...commands.Input) ([]table.Step, *table.Table) {
	t.Helper()
	var steps []table.Step
	var tbl *table.Table
	for _, in := range inputs {
		r := commands.Handle(tbl, in)
		if !r.OK || r.Step == nil {
			t.Fatalf("%s: %s", in, r.Text)
		}
		steps, tbl = append(steps, *r.Step), r.Table
	}
	return steps, tbl
}

// deadlineOf is the time of the deadline among a game's timers (zero if none).
func deadlineOf(timers []storage.Timer) time.Time {
	for _, x := range timers {
		if x.Kind == bot.KindDeadline {
			return x.At
		}
	}
	return time.Time{}
}
