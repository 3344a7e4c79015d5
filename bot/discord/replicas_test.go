package discord

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// replicas are bots serving HTTP interactions on one PostgreSQL database, each with its own
// connections as separate processes would have, behind one fake Discord.
type replicas struct {
	t        *testing.T
	f        *fakediscord.Fake
	bots     []*bot.Host
	stores   []*postgres.Store
	handlers []http.Handler
	priv     ed25519.PrivateKey
	ctx      context.Context
}

// newReplicas starts n replicas; each tune, if any, adjusts the configuration of replica i.
func newReplicas(t *testing.T, n int, tune ...func(i int, cfg *bot.Config)) *replicas {
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	r := &replicas{t: t, f: fakediscord.New(t), priv: priv, ctx: ctx}
	deals := bot.FixedDeals(7)
	var dealMu sync.Mutex
	for i := range n {
		st, err := postgres.Open(url, postgres.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cfg := bot.Config{Store: st, Shared: true, TimerEvery: -1,
			Deal:     func() (string, error) { dealMu.Lock(); defer dealMu.Unlock(); return deals() },
			Draw:     func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil },
			EndFiles: func(*table.Table, string) []bot.File { return nil },
			Logger:   slog.New(slog.NewTextHandler(io.Discard, nil))}
		for _, f := range tune {
			f(i, &cfg)
		}
		a := newBot(t, r.f.Session(t), cfg, Config{})
		if err := a.host.Load(); err != nil {
			t.Fatal(err)
		}
		if err := a.Register(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close(); _ = st.Close() })
		r.bots, r.stores, r.handlers = append(r.bots, a.host), append(r.stores, st), append(r.handlers, a.HTTPHandler(pub))
	}
	return r
}

// send serves an interaction on replica i and returns its answer.
func (r *replicas) send(i int, in *fakediscord.Interaction) *fakediscord.Message {
	r.t.Helper()
	if rec := r.f.ServeInteraction(r.handlers[i], r.priv, in); rec.Code != http.StatusOK {
		r.t.Fatalf("replica %d: HTTP %d", i, rec.Code)
	}
	m, err := in.WaitOriginal(r.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		r.t.Fatalf("replica %d: no answer: %v", i, err)
	}
	return m
}

// table is the game of ch as the store holds it.
func (r *replicas) table(ch string) *table.Table {
	r.t.Helper()
	id, ok, err := r.stores[0].ActiveGame(ch)
	if err != nil || !ok {
		return nil
	}
	snap, err := r.stores[0].Snapshot(id)
	if err != nil {
		r.t.Fatal(err)
	}
	t, err := table.Load(snap.State)
	if err != nil {
		r.t.Fatal(err)
	}
	return t
}

// startGame opens a game of alice and bob on mapID in the fake's channel: /carc new on replica
// on[0], /carc join on on[1], /carc start on on[2]. It returns the players by id and the channel.
func (r *replicas) startGame(mapID string, on [3]int) (map[string]*fakediscord.User, *fakediscord.Channel) {
	alice, bob := r.f.AddUser("alice"), r.f.AddUser("bob")
	ch := r.f.General
	r.send(on[0], r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", mapID))))
	r.send(on[1], r.f.Slash(bob, ch, "carc", fakediscord.SubCommand("join")))
	r.send(on[2], r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("start")))
	return map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}, ch
}

func placeArgs(t *table.Table) []fakediscord.Arg {
	p := t.Game.LegalPlacements(t.Game.Drawn)[0]
	return []fakediscord.Arg{fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none")}
}

// TestHTTPReplicasShareGamesOnPostgreSQL: three replicas behind one load balancer. A game opened
// on one is joined on the second and started on the third; then each turn goes to the next
// replica, and every few turns the player to move sends the move twice at once, to two replicas.
// Each interaction is answered once, exactly one of the twins is applied, and the stored log
// replays to the stored hash.
func TestHTTPReplicasShareGamesOnPostgreSQL(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 3)
	alice, bob := r.f.AddUser("alice"), r.f.AddUser("bob")
	ch := r.f.General
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	if m := r.send(0, r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))); !contains(m.Content, "Game opened") {
		t.Fatalf("/carc new: %s", m.Content)
	}
	r.send(1, r.f.Slash(bob, ch, "carc", fakediscord.SubCommand("join")))
	r.send(2, r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("start")))
	moves := 0
	for turn := 0; turn < 12; turn++ {
		tbl := r.table(ch.ID)
		if tbl == nil || tbl.Status != table.Playing {
			t.Fatalf("turn %d: the game is not running", turn)
		}
		before := tbl.Game.Turn
		cur, _ := tbl.Current()
		u := users[cur.ID]
		if turn%3 != 2 {
			if m := r.send(turn%3, r.f.Slash(u, ch, "place", placeArgs(tbl)...)); !contains(m.Content, "Done") {
				t.Fatalf("turn %d on replica %d: %s", turn, turn%3, m.Content)
			}
			moves++
		} else {
			a, b := r.f.Slash(u, ch, "place", placeArgs(tbl)...), r.f.Slash(u, ch, "place", placeArgs(tbl)...)
			var ma, mb *fakediscord.Message
			var wg sync.WaitGroup
			wg.Add(2)
			go func() { defer wg.Done(); ma = r.send(0, a) }()
			go func() { defer wg.Done(); mb = r.send(1, b) }()
			wg.Wait()
			if contains(ma.Content, "Done") == contains(mb.Content, "Done") {
				t.Fatalf("turn %d: twin moves answered %q and %q; want exactly one done", turn, ma.Content, mb.Content)
			}
			moves++
		}
		if after := r.table(ch.ID).Game.Turn; after != before+1 {
			t.Fatalf("turn %d: the game went from turn %d to %d", turn, before, after)
		}
	}
	id, _, _ := r.stores[2].ActiveGame(ch.ID)
	rec, err := r.stores[2].Game(id)
	if err != nil {
		t.Fatal(err)
	}
	log, err := r.stores[1].Moves(id)
	if err != nil {
		t.Fatal(err)
	}
	_, hash, err := storage.Replay(bot.Engine{}, rec, log)
	if err != nil || hash != rec.Hash {
		t.Fatalf("the stored log replays to %s (%v), the stored hash is %s", hash, err, rec.Hash)
	}
}

// TestTimersFireOnceAcrossReplicas: three replicas check the timers at the same moments. Each
// reminder of the turn is posted once, and at the deadline exactly one replica applies the
// table's policy, once.
func TestTimersFireOnceAcrossReplicas(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 3)
	users, ch := r.startGame("classic", [3]int{0, 1, 2})
	id, _, _ := r.stores[0].ActiveGame(ch.ID)
	timers, err := r.stores[0].Timers(id)
	if err != nil || len(timers) < 2 {
		t.Fatalf("timers of the first turn: %v, %v", timers, err)
	}
	before, _ := r.stores[0].Moves(id)
	posts := func() int { return len(r.f.Messages(ch.ID)) }
	for _, tm := range timers { // in time order: the reminders, then the deadline
		n := posts()
		var wg sync.WaitGroup
		for _, b := range r.bots {
			wg.Add(1)
			// At the timer's own time: the next turn's timers, set later, are not due yet.
			go func() { defer wg.Done(); b.FireTimers(tm.At) }()
		}
		wg.Wait()
		if tm.Kind == bot.KindDeadline {
			continue
		}
		if got := posts() - n; got != 1 {
			t.Fatalf("%s: %d posts, want one reminder", tm.Kind, got)
		}
	}
	after, _ := r.stores[0].Moves(id)
	deadline := timers[len(timers)-1]
	if len(after) != len(before)+1 || after[len(after)-1].InteractionID != deadline.ID() {
		t.Fatalf("the deadline added %d moves (last %+v), want one, stored under the timer's id", len(after)-len(before), after[len(after)-1])
	}
	if cur, _ := r.table(ch.ID).Current(); users[cur.ID].Username != "bob" {
		t.Fatalf("after alice's deadline it is %s's turn, want bob's", cur.Name)
	}
}
