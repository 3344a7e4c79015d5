package discord

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// endpoint serves replica i's handler on a socket, for interactions replayed to it.
func (r *replicas) endpoint(i int) string {
	srv := httptest.NewServer(r.handlers[i])
	r.t.Cleanup(srv.Close)
	return srv.URL + "/interactions"
}

// errorLog counts the records logged at ERROR.
type errorLog struct {
	slog.Handler
	n atomic.Int32
}

func (l *errorLog) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		l.n.Add(1)
	}
	return nil
}

func (l *errorLog) Enabled(context.Context, slog.Level) bool { return true }

// TestAReplayedInteractionActsOnce: a signed interaction replayed while its signature is fresh
// (or delivered twice by Discord), to the process that took it or to another, is answered with
// its first answer and acts no more: /carc new thread:true opens one thread, a move is made once.
func TestAReplayedInteractionActsOnce(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 3)
	alice, bob := r.f.AddUser("alice"), r.f.AddUser("bob")
	ch := r.f.General
	ends := []string{r.endpoint(0), r.endpoint(1), r.endpoint(2)}
	post := func(i int, in *fakediscord.Interaction) string {
		t.Helper()
		if err := r.f.PostInteraction(r.ctx, ends[i], r.priv, in); err != nil {
			t.Fatal(err)
		}
		m, err := in.WaitOriginal(r.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
		if err != nil {
			t.Fatal(err)
		}
		return m.Content
	}
	replayed := func(in *fakediscord.Interaction, first string) {
		t.Helper()
		for i := range ends {
			got, err := r.f.ReplayInteraction(r.ctx, ends[i], r.priv, in)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != http.StatusOK || got.Type != 4 || got.Content != first {
				t.Errorf("replayed to replica %d: %+v; want the first answer %q", i, got, first)
			}
		}
	}
	opening := r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"), fakediscord.BoolArg("thread", true)))
	first := post(0, opening)
	replayed(opening, first)
	threads := r.f.Threads(ch)
	if len(threads) != 1 {
		t.Fatalf("%d threads after /carc new thread:true was replayed three times, want 1", len(threads))
	}
	th := threads[0]
	post(1, r.f.Slash(bob, th, "carc", fakediscord.SubCommand("join")))
	post(2, r.f.Slash(alice, th, "carc", fakediscord.SubCommand("start")))
	tbl := r.table(th.ID)
	cur, _ := tbl.Current()
	move := r.f.Slash(map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID], th, "place", placeArgs(tbl)...)
	done := post(1, move)
	if !contains(done, "Done") {
		t.Fatalf("the move: %q", done)
	}
	posts := r.f.Announced(th.ID)
	replayed(move, done)
	if got := r.table(th.ID).Game.Turn; got != tbl.Game.Turn+1 {
		t.Errorf("the game went from turn %d to %d for one move replayed three times", tbl.Game.Turn, got)
	}
	if n := r.f.Announced(th.ID); n != posts {
		t.Errorf("%d posts after the replays, %d before", n, posts)
	}
}

// TestTheLastMoveIsIdempotentLikeAnyOther: the move that ends a game, sent by its player to two
// processes at once, is made once; the twin that lost is told it went through, not that it failed
// (nothing is logged as an error), and so is the player who sends it again after the end, to a
// process that held the game or to one that never saw it.
func TestTheLastMoveIsIdempotentLikeAnyOther(t *testing.T) {
	t.Parallel()
	errs := &errorLog{Handler: slog.DiscardHandler}
	r := newReplicas(t, 3, func(_ int, cfg *bot.Config) { cfg.Logger = slog.New(errs) })
	ch := r.f.General
	alice, bob := r.f.AddUser("alice"), r.f.AddUser("bob")
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	g := buildToLastTurn(t, "classic", ch.ID, []table.User{{ID: alice.ID, Name: "alice"}, {ID: bob.ID, Name: "bob"}})
	if err := bot.Save(r.stores[0], g.table.ID, ch.ID, g.steps); err != nil {
		t.Fatal(err)
	}
	if legal := g.table.Game.LegalPlacements(g.table.Game.Drawn); len(legal) == 0 {
		t.Fatal("the last tile fits nowhere: the test checks nothing")
	}
	// Replica 2 holds the game in memory from before its end.
	r.send(2, r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("status")))
	cur, _ := g.table.Current()
	u := users[cur.ID]
	twins := []*fakediscord.Interaction{r.f.Slash(u, ch, "place", placeArgs(g.table)...), r.f.Slash(u, ch, "place", placeArgs(g.table)...)}
	got := make([]string, 2)
	var wg sync.WaitGroup
	for i, in := range twins {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = r.send(i, in).Content }()
	}
	wg.Wait()
	if contains(got[0], "Done") == contains(got[1], "Done") {
		t.Fatalf("the twins of the last move were answered %q and %q; want one done", got[0], got[1])
	}
	for _, a := range got {
		if !contains(a, "Done") && !contains(a, "already went through") {
			t.Errorf("the twin that lost was answered %q; want that it went through", a)
		}
	}
	for i := range 3 {
		if a := r.send(i, r.f.Slash(u, ch, "place", placeArgs(g.table)...)).Content; !contains(a, "already went through") {
			t.Errorf("the last move sent again to replica %d after the end: %q", i, a)
		}
	}
	if rec, err := r.stores[0].Game(g.table.ID); err != nil || !rec.Status.Terminal() {
		t.Fatalf("the game after its last move: %+v, %v", rec.Status, err)
	}
	if n := errs.n.Load(); n != 0 {
		t.Errorf("%d errors logged for a move that went through", n)
	}
}

// forgetfulTimers is a store whose process dies after sending a reminder, before it marks it sent.
type forgetfulTimers struct{ storage.Database }

func (forgetfulTimers) CompleteTimer(storage.Timer) error {
	return errors.New("killed before it marked the reminder sent")
}

// TestAReminderIsPostedOnceThoughItsProcessDiedBeforeMarkingIt: a process posts a reminder and
// dies before marking it sent; its lease ends and another process sends it again, with the same
// nonce: the channel shows it once.
func TestAReminderIsPostedOnceThoughItsProcessDiedBeforeMarkingIt(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 2, func(i int, cfg *bot.Config) {
		if i == 0 {
			cfg.Store = forgetfulTimers{cfg.Store}
		}
	})
	_, ch := r.startGame("classic", [3]int{0, 1, 0})
	id, _, _ := r.stores[0].ActiveGame(ch.ID)
	timers, err := r.stores[0].Timers(id)
	if err != nil {
		t.Fatal(err)
	}
	var reminder storage.Timer
	for _, tm := range timers {
		if tm.Kind == bot.KindReminder+"1" {
			reminder = tm
		}
	}
	if reminder.Kind == "" {
		t.Fatalf("no first reminder among %+v", timers)
	}
	posts := len(r.f.Messages(ch.ID))
	r.bots[0].FireTimers(reminder.At)
	if got := len(r.f.Messages(ch.ID)) - posts; got != 1 {
		t.Fatalf("%d posts for the reminder, want 1", got)
	}
	r.bots[1].FireTimers(reminder.At.Add(postgres.DefaultTimerLease + time.Second))
	if got := len(r.f.Messages(ch.ID)) - posts; got != 1 {
		t.Fatalf("the reminder sent again by another process after the lease: %d posts, want 1", got)
	}
	if left, _ := r.stores[1].Timers(id); len(left) != len(timers)-1 {
		t.Errorf("timers after the reminder: %+v", left)
	}
}

// uncleared is a store whose process dies right after answering its player: the clear of the
// move's announcement never reaches the database.
type uncleared struct{ storage.Database }

func (uncleared) Announced(string, uint64) error { return nil }

// TestAGivenAnswerIsNeverRewritten: a process answers "Done" and dies before its move's
// announcement is cleared; another takes the announcement over, posts the turn with the same
// nonce (no second message) and leaves the player's answer as it was.
func TestAGivenAnswerIsNeverRewritten(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 2, func(i int, cfg *bot.Config) {
		if i == 0 {
			cfg.Store = uncleared{cfg.Store}
		}
	})
	users, ch := r.startGame("classic", [3]int{0, 1, 1})
	tbl := r.table(ch.ID)
	cur, _ := tbl.Current()
	in := r.f.Slash(users[cur.ID], ch, "place", placeArgs(tbl)...)
	if m := r.send(0, in); !contains(m.Content, "Done") {
		t.Fatalf("the move: %q", m.Content)
	}
	posts := r.f.Announced(ch.ID)
	r.stores[0].Close() // the process is gone
	if n := r.bots[1].SayUnannounced(time.Now()); n != 1 {
		t.Fatalf("the other process said %d announcements, want the dead one's move", n)
	}
	if n := r.f.Announced(ch.ID); n != posts {
		t.Errorf("%d posts after the move was announced again, %d before", n, posts)
	}
	m, err := in.WaitOriginal(r.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.ChangedAfter("Done") || m.Version != 1 {
		t.Errorf("the answer was rewritten: %q", m.Versions())
	}
}

// TestAPostWhoseAnswerIsLostShowsOnce: Discord makes a turn's message but its answer is lost (a
// frozen process finds its request timed out when it resumes). The post is sent again with its
// nonce: Discord returns the message it made, and the player is told "Done". When every try loses
// its answer, the player is told that the move is saved and its message will come, not that
// nobody sees it; the announcement stays, and is said later with the same nonce: still one
// message, and the answer given is left alone.
func TestAPostWhoseAnswerIsLostShowsOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		lost   int
		answer string
	}{
		{"the first try's answer lost", 1, "Done"},
		{"every try's answer lost", len(postRetries) + 1, "did not confirm"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			h.start()
			alice, bob, ch := openGame(h, "classic", 3)
			users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
			posts := len(h.posts(ch.ID))
			tbl := h.table(ch.ID)
			cur, _ := tbl.Current()
			h.f.DropAnswers(ch.ID, c.lost)
			in := h.f.SendSlash(users[cur.ID], ch, "place", placeArgs(tbl)...)
			m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
			if err != nil {
				t.Fatal(err)
			}
			if !contains(m.Content, c.answer) || contains(m.Content, "nobody sees it") {
				t.Fatalf("the move: %q, want %q", m.Content, c.answer)
			}
			if c.lost == 1 { // the move's announcement is cleared once its player is answered
				h.waitFor(func() bool { left, _ := h.store.Announcements(); return len(left) == 0 })
			}
			if n, want := h.b.SayUnannounced(h.clock.Now().Add(storage.AnnounceGrace+time.Minute)), min(c.lost-1, 1); n != want {
				t.Fatalf("said %d announcements later, want %d", n, want)
			}
			if n := len(h.posts(ch.ID)) - posts; n != 1 {
				t.Fatalf("%d turn messages for one move", n)
			}
			if m, _ := in.WaitOriginal(h.ctx, nil); m.Version != 1 {
				t.Errorf("the answer was rewritten: %q", m.Versions())
			}
		})
	}
}

// hangingRecord is a store whose record of interactions does not answer (a database that hangs).
type hangingRecord struct {
	storage.Database
	release chan struct{}
}

func (h hangingRecord) TakeInteraction(id string, at time.Time) (storage.Handled, bool, error) {
	<-h.release
	return h.Database.TakeInteraction(id, at)
}

// TestACommandWhoseRecordHangsIsRefusedInTime: the record every command is taken in comes before
// its acknowledgement; when the database does not answer, the player is told in time that nothing
// was done, and nothing is.
func TestACommandWhoseRecordHangsIsRefusedInTime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakediscord.WithDeadline(time.Minute)) // in time: recordWithin; no timing asserted here
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	h.configure = func(cfg *bot.Config) { cfg.Store = hangingRecord{cfg.Store, release} }
	h.start()
	alice := h.f.AddUser("alice")
	m := h.slash(alice, h.f.General, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic")))
	if !contains(m.Content, "was not carried out") || h.table(h.f.General.ID) != nil {
		t.Fatalf("a command whose record hangs: %q", m.Content)
	}
}
