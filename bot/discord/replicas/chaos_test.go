package replicas

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// The chaos test: three bot processes (the real binary, HTTP interactions) on one PostgreSQL of
// the test's own, behind the fake Discord. Four tables play a stream of moves, each player moving
// through a load balancer that sends each interaction to a process that is up (sometimes to two at
// once: the same move twice), resending a move whose answer failed or never came. Meanwhile the
// test restarts PostgreSQL, kills processes with SIGKILL (and starts them again), freezes them
// with SIGSTOP and SIGCONT, and replays signed interactions already answered. Nothing is timed:
// every wait is for a condition. Counted and asserted at the end:
//
//   - every move answered "Done" is stored, and every move the players made is stored once (the
//     game advanced one turn per move; no interaction is in a log twice), and every game replays
//     to its stored hash;
//   - every post in the games' threads carries the nonce of its cause, and each cause (each
//     stored step of each game) has exactly one post;
//   - no answer is changed once it said "Done";
//   - a move is announced, or its player answered, by a process other than the one that made it
//     only when that process was killed meanwhile;
//   - a replayed interaction is answered with its first answer (or, while the first is not
//     answered, acknowledged) and acts no more: no second thread, no second move.

// Must show: what one run does at least.
const (
	chaosMoves    = 500
	chaosRestarts = 3
	chaosKills    = 20
	chaosFreezes  = 10
	chaosReplays  = 50
	chaosTables   = 4
)

// chaosProc is one bot process and what the load balancer knows of it.
type chaosProc struct {
	*botProcess
	idx      int
	endpoint string

	mu       sync.Mutex
	up       bool          // started and not killed
	draining bool          // about to be frozen, or frozen: no new interactions
	inflight int           // interactions posted and not answered over HTTP yet
	died     chan struct{} // closed when the running process is killed
	kills    []time.Time
}

// attempt is one interaction the players sent, and what became of it.
type attempt struct {
	in     *fakediscord.Interaction
	proc   int
	sentAt time.Time
	// delivered: the process took the POST and acknowledged it; answer is its answer, "" when
	// none came before the process died.
	delivered bool
	answer    string
}

// chaos is one run.
type chaos struct {
	t     *testing.T
	ctx   context.Context
	f     *fakediscord.Fake
	priv  ed25519.PrivateKey
	store *postgres.Store // read-only: what the players look at
	procs []*chaosProc

	rngMu sync.Mutex
	rng   *mrand.Rand

	mu       sync.Mutex
	attempts []*attempt
	games    []string       // the games opened and started, whose logs are checked
	made     map[string]int // the moves the players made in each game
	outcomes map[string]int

	moves, restarts, kills, freezes        atomic.Int32
	replays, replayedFirst, replayedWaited atomic.Int32
	twins, resends, failures               atomic.Int32
	chaosDone                              atomic.Bool
	failed                                 atomic.Bool
}

func (c *chaos) intn(n int) int {
	c.rngMu.Lock()
	defer c.rngMu.Unlock()
	return c.rng.IntN(n)
}

func (c *chaos) errorf(format string, args ...any) {
	c.failed.Store(true)
	c.t.Errorf(format, args...)
}

// pick chooses a process that is up and not draining, other than those in not; it waits for one.
func (c *chaos) pick(not ...int) *chaosProc {
	for c.ctx.Err() == nil {
		var ok []*chaosProc
		for _, p := range c.procs {
			p.mu.Lock()
			if p.up && !p.draining && !slices.Contains(not, p.idx) {
				ok = append(ok, p)
			}
			p.mu.Unlock()
		}
		if len(ok) > 0 {
			return ok[c.intn(len(ok))]
		}
		time.Sleep(5 * time.Millisecond)
	}
	return c.procs[0]
}

// deliver posts an interaction to process p and waits for its answer, unless p dies first.
func (c *chaos) deliver(p *chaosProc, in *fakediscord.Interaction) *attempt {
	a := &attempt{in: in, proc: p.idx, sentAt: time.Now()}
	c.mu.Lock()
	c.attempts = append(c.attempts, a)
	c.mu.Unlock()
	p.mu.Lock()
	p.inflight++
	died := p.died
	p.mu.Unlock()
	err := c.f.PostInteraction(c.ctx, p.endpoint, c.priv, in)
	p.mu.Lock()
	p.inflight--
	p.mu.Unlock()
	if err != nil {
		return a // down, or killed before it answered: Discord says "This interaction failed"
	}
	a.delivered = true
	wait, cancel := context.WithTimeout(c.ctx, 2*time.Minute)
	defer cancel()
	go func() {
		select {
		case <-died:
			cancel() // its answer may come late, from another process: the player resends now
		case <-wait.Done():
		}
	}()
	if m, err := in.WaitOriginal(wait, func(m *fakediscord.Message) bool { return !m.Loading() }); err == nil {
		a.answer = m.Content
	}
	return a
}

// send delivers an interaction to a process chosen by the load balancer.
func (c *chaos) send(in *fakediscord.Interaction) *attempt { return c.deliver(c.pick(), in) }

// outcome counts an answer that is no success, by its kind, for the report.
func (c *chaos) outcome(a *attempt) {
	kind := "no answer (the process died or was down)"
	switch {
	case a.answer == "":
	case strings.Contains(a.answer, "not carried out"):
		kind = "not carried out (database unreachable)"
	case strings.Contains(a.answer, "could not be saved"):
		kind = "not saved (database unreachable)"
	default:
		// A player is told that their move went through, or why it was not made: nothing else.
		kind = "other: " + firstLine(a.answer)
		c.errorf("interaction %s on process %d was answered %q", a.in.ID, a.proc, a.answer)
	}
	c.mu.Lock()
	c.outcomes[kind]++
	c.mu.Unlock()
	c.failures.Add(1)
}

// replay replays an answered interaction to a process and checks that it acts no more: it is
// answered with its first answer, or acknowledged, or refused while the database is down.
func (c *chaos) replay(a *attempt) {
	p := c.pick()
	got, err := c.f.ReplayInteraction(c.ctx, p.endpoint, c.priv, a.in)
	if err != nil {
		return // the process went down meanwhile
	}
	c.replays.Add(1)
	switch {
	case got.Type == 4 && got.Content == a.answer:
		c.replayedFirst.Add(1)
	case got.Type == 5 || got.Type == 6:
		c.replayedWaited.Add(1)
	case got.Type == 4 && strings.Contains(got.Content, "not carried out"):
	default:
		c.errorf("interaction %s (answered %q) replayed to process %d: %+v", a.in.ID, a.answer, p.idx, got)
	}
}

// table reads a game's table from the store, waiting while PostgreSQL is down.
func (c *chaos) table(id string) *table.Table {
	for c.ctx.Err() == nil {
		snap, err := c.store.Snapshot(id)
		if err == nil {
			t, err := table.Load(snap.State)
			if err != nil {
				c.errorf("game %s does not load: %v", id, err)
				return nil
			}
			return t
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

var threadRef = regexp.MustCompile(`<#(\d+)>`)

// open opens a game in a new thread of the table's channel, seats and starts it, and returns its
// id and thread; "" when the run is over.
func (c *chaos) open(ch *fakediscord.Channel, alice, bob *fakediscord.User) (string, *fakediscord.Channel) {
	var thread *fakediscord.Channel
	for thread == nil {
		if c.ctx.Err() != nil || c.failed.Load() {
			return "", nil
		}
		in := c.f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"), fakediscord.BoolArg("thread", true)))
		a := c.send(in)
		m := threadRef.FindStringSubmatch(a.answer)
		if !strings.Contains(a.answer, "Game opened") || m == nil {
			c.outcome(a)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		thread = c.f.Channel(m[1])
		if c.intn(2) == 0 {
			before := len(c.f.Threads(ch))
			c.replay(a)
			if after := len(c.f.Threads(ch)); after != before {
				c.errorf("/carc new thread:true replayed: %d threads in #%s, %d before", after, ch.Name, before)
			}
		}
	}
	id := ""
	for id == "" && c.ctx.Err() == nil {
		var ok bool
		var err error
		if id, ok, err = c.store.ActiveGame(thread.ID); err != nil || !ok {
			id = ""
			time.Sleep(50 * time.Millisecond)
		}
	}
	step := func(u *fakediscord.User, sub string, done func(*table.Table) bool) {
		for tbl := c.table(id); tbl != nil && !done(tbl); tbl = c.table(id) {
			if c.failed.Load() {
				return
			}
			if a := c.send(c.f.Slash(u, thread, "carc", fakediscord.SubCommand(sub))); a.answer == "" || strings.Contains(a.answer, "not carried out") {
				c.outcome(a)
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	step(bob, "join", func(t *table.Table) bool { return t.Seat(bob.ID) >= 0 })
	step(alice, "start", func(t *table.Table) bool { return t.Status != table.Lobby })
	c.mu.Lock()
	c.games = append(c.games, id)
	c.mu.Unlock()
	return id, thread
}

// move makes one move of a game: the current player's first legal placement, without a meeple,
// sent until a process answers that it was made (or had been already).
func (c *chaos) move(tbl *table.Table, thread *fakediscord.Channel, users map[string]*fakediscord.User) {
	cur, _ := tbl.Current()
	u, args := users[cur.ID], placeArgs(tbl)
	for try := 0; ; try++ {
		if try == 50 || c.failed.Load() || c.ctx.Err() != nil {
			if try == 50 {
				c.errorf("game %s turn %d: no process took the move in 50 tries", tbl.ID, tbl.Game.Turn)
			}
			return
		}
		if try > 0 {
			c.resends.Add(1)
		}
		n := 1
		if c.intn(6) == 0 {
			n = 2 // the player's move reaches two processes at once
			c.twins.Add(1)
		}
		got := make([]*attempt, n)
		var wg sync.WaitGroup
		first := c.pick()
		for i := range got {
			p := first
			if i > 0 {
				p = c.pick(first.idx)
			}
			wg.Add(1)
			go func() { defer wg.Done(); got[i] = c.deliver(p, c.f.Slash(u, thread, "place", args...)) }()
		}
		wg.Wait()
		made := false
		for _, a := range got {
			if strings.Contains(a.answer, "Done") || strings.Contains(a.answer, "already went through") {
				made = true
				if c.intn(5) == 0 {
					c.replay(a)
				}
			} else {
				c.outcome(a)
			}
		}
		if made {
			c.moves.Add(1)
			c.mu.Lock()
			c.made[tbl.ID]++
			c.mu.Unlock()
			return
		}
		time.Sleep(time.Duration(50+c.intn(200)) * time.Millisecond)
	}
}

// play plays games at one table until the run has made its moves and its chaos is done.
func (c *chaos) play(n int) {
	ch := c.f.AddChannel(fmt.Sprintf("table-%d", n))
	alice, bob := c.f.AddUser(fmt.Sprintf("alice%d", n)), c.f.AddUser(fmt.Sprintf("bob%d", n))
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	id, thread := "", (*fakediscord.Channel)(nil)
	for (c.moves.Load() < chaosMoves || !c.chaosDone.Load()) && !c.failed.Load() && c.ctx.Err() == nil {
		if id == "" {
			if id, thread = c.open(ch, alice, bob); id == "" {
				return
			}
		}
		tbl := c.table(id)
		if tbl == nil {
			return
		}
		if tbl.Status != table.Playing {
			id = "" // over: the next game opens in a new thread
			continue
		}
		c.move(tbl, thread, users)
		if c.moves.Load() >= chaosMoves {
			// Enough moves: the rest of the chaos needs only some traffic, not the fake's memory.
			time.Sleep(300 * time.Millisecond)
		}
	}
}

// kill kills a process with SIGKILL and starts it again.
func (c *chaos) kill(p *chaosProc) {
	p.mu.Lock()
	p.up = false
	close(p.died)
	p.kills = append(p.kills, time.Now())
	p.mu.Unlock()
	p.botProcess.kill()
	c.kills.Add(1)
	p.start(c.ctx, c.priv)
	p.mu.Lock()
	p.up, p.died = true, make(chan struct{})
	p.mu.Unlock()
}

// drain takes p out of the load balancer's choice (and of the kills'), for a freeze.
func (c *chaos) drain(p *chaosProc) *chaosProc {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.draining = true
	return p
}

// freeze stops a process with SIGSTOP once the interactions posted to it are acknowledged (a
// load balancer's health check takes it out first), and lets it go on with SIGCONT a moment later.
// It runs beside the events that follow it (the run's kills and restarts go on while the process
// is frozen), one freeze at a time: done is closed once the process goes on. The caller marks p
// draining before the freeze starts (drain), so that no later event picks it to kill meanwhile.
func (c *chaos) freeze(p *chaosProc, done chan<- struct{}) {
	defer close(done)
	for {
		p.mu.Lock()
		n := p.inflight
		p.mu.Unlock()
		if n == 0 || c.ctx.Err() != nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		c.errorf("SIGSTOP process %d: %v", p.idx, err)
		return
	}
	time.Sleep(time.Duration(500+c.intn(2500)) * time.Millisecond)
	if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		c.errorf("SIGCONT process %d: %v", p.idx, err)
		return
	}
	p.mu.Lock()
	p.draining = false
	p.mu.Unlock()
	c.freezes.Add(1)
}

// TestRepliasStayHonestThroughOutagesKillsAndReplays is the chaos test (see above).
func TestReplicasStayHonestThroughOutagesKillsAndReplays(t *testing.T) {
	t.Parallel()
	srv := pgtest.Own(t)
	url := srv.URL(t)
	bin := buildBot(t)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	t.Cleanup(cancel)
	// The deadline of Discord's three seconds is no concern here, on a machine that may be busy:
	// the bot acknowledges within 2.5 s on its own, and the tests of HTTP mode check it.
	f := fakediscord.New(t, fakediscord.WithDeadline(time.Minute))
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	dir := t.TempDir()
	c := &chaos{t: t, ctx: ctx, f: f, priv: priv, rng: mrand.New(mrand.NewPCG(44, 7)), made: map[string]int{}, outcomes: map[string]int{}}
	for i := range 3 {
		addr := freeAddr(t)
		p := &chaosProc{idx: i, endpoint: "http://" + addr + "/interactions", up: true, died: make(chan struct{}),
			botProcess: &botProcess{t: t, addr: addr, log: filepath.Join(dir, fmt.Sprintf("bot%d.log", i)),
				args: []string{bin, "--db", url, "--http", addr, "--public-key", hex.EncodeToString(pub), "--discord-api", f.URL(), "--log-level", "info"},
				env:  processEnv("DISCORD_TOKEN=" + f.Token)}}
		c.procs = append(c.procs, p)
	}
	t.Cleanup(func() {
		for _, p := range c.procs {
			if p.cmd == nil {
				continue // never started: the start of another failed first
			}
			_ = p.cmd.Process.Signal(syscall.SIGCONT)
			p.botProcess.kill()
			if t.Failed() {
				t.Logf("log of process %d:\n%s", p.idx, p.logTail())
			}
		}
	})
	startAll(ctx, priv, c.botProcesses()...)
	store, err := postgres.Open(url, postgres.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c.store = store

	var players sync.WaitGroup
	for n := range chaosTables {
		players.Add(1)
		go func() { defer players.Done(); c.play(n) }()
	}
	// The chaos, spread over the moves: each event once the moves reach its share.
	var events []string
	for range chaosRestarts {
		events = append(events, "restart")
	}
	for range chaosKills {
		events = append(events, "kill")
	}
	for range chaosFreezes {
		events = append(events, "freeze")
	}
	c.rngMu.Lock() // the players draw from it already
	c.rng.Shuffle(len(events), func(i, j int) { events[i], events[j] = events[j], events[i] })
	c.rngMu.Unlock()
	frozen := make(chan struct{}) // closed when the last freeze is over
	close(frozen)
	t.Cleanup(func() { cancel(); <-frozen }) // a failed run ends its freeze before its processes
	for i, ev := range events {
		for c.moves.Load() < int32((i+1)*chaosMoves/(len(events)+1)) && !c.failed.Load() {
			if ctx.Err() != nil {
				t.Fatalf("the moves stopped at %d before event %d (%s)", c.moves.Load(), i, ev)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if c.failed.Load() {
			break
		}
		switch ev {
		case "restart":
			mode := []string{"fast", "immediate"}[c.restarts.Load()%2]
			srv.Stop(t, mode)
			time.Sleep(time.Duration(500+c.intn(1500)) * time.Millisecond)
			srv.Start(t)
			c.restarts.Add(1)
		case "kill":
			c.kill(c.pick())
		case "freeze":
			<-frozen
			frozen = make(chan struct{})
			go c.freeze(c.drain(c.pick()), frozen)
		}
	}
	<-frozen
	c.chaosDone.Store(true)
	players.Wait()
	if c.failed.Load() {
		t.FailNow()
	}
	// A move a killed process made and never announced is announced by another, within its grace.
	for left, err := store.Announcements(); err != nil || len(left) > 0; left, err = store.Announcements() {
		if ctx.Err() != nil {
			t.Fatalf("announcements never said: %+v, %v", left, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.check()
}

// botProcesses are the run's processes.
func (c *chaos) botProcesses() []*botProcess {
	var ps []*botProcess
	for _, p := range c.procs {
		ps = append(ps, p.botProcess)
	}
	return ps
}

// killedBetween tells whether process p was killed between two moments.
func (c *chaos) killedBetween(p int, from, to time.Time) bool {
	c.procs[p].mu.Lock()
	defer c.procs[p].mu.Unlock()
	for _, k := range c.procs[p].kills {
		if !k.Before(from) && !k.After(to) {
			return true
		}
	}
	return false
}

// check counts and asserts what the run left (see the top of the file).
func (c *chaos) check() {
	t := c.t
	byID := map[string]*attempt{}
	for _, a := range c.attempts {
		byID[a.in.ID] = a
	}
	lateAnswers, falseLateAnswers, rewritten, done, lost := 0, 0, 0, 0, 0
	for _, a := range c.attempts {
		if !a.delivered {
			continue
		}
		m, err := a.in.WaitOriginal(c.ctx, nil)
		if err != nil {
			continue
		}
		if m.ChangedAfter("Done") {
			rewritten++
			t.Errorf("interaction %s: its answer was rewritten after it said Done: %q", a.in.ID, m.Versions())
		}
		if strings.Contains(m.Content, "stopped before it could answer you") {
			lateAnswers++
			if !c.killedBetween(a.proc, a.sentAt, m.Edited) {
				falseLateAnswers++
				t.Errorf("interaction %s was answered late for process %d, which was not killed: %q", a.in.ID, a.proc, m.Content)
			}
		}
	}
	causes, posts, latePosts, falseTakeovers, stepsStored, doubled, missing := 0, 0, 0, 0, 0, 0, 0
	for _, id := range c.games {
		log, err := c.store.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := c.store.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, hash, err := storage.Replay(bot.Engine{}, rec, log); err != nil || hash != rec.Hash {
			t.Errorf("game %s: the stored log replays to %s (%v), the stored hash is %s", id, hash, err, rec.Hash)
		}
		stepsStored += len(log)
		// The steps of a game are its two lobby steps (a seat taken, the start) and a turn for
		// each move its players made: one more is a move made twice, one fewer a move lost.
		if turns, made := len(log)-2, c.made[id]; turns != made {
			t.Errorf("game %s: the players made %d moves, its log holds %d turns", id, made, turns)
			doubled, missing = doubled+max(0, turns-made), missing+max(0, made-turns)
		}
		seen := map[string]bool{}
		for _, m := range log {
			if seen[m.InteractionID] {
				t.Errorf("game %s: interaction %s applied twice", id, m.InteractionID)
			}
			seen[m.InteractionID] = true
		}
		// Each step of the game (0 the lobby's opening, then each move) is one cause.
		cause := map[string]uint64{}
		for seq := uint64(0); seq <= uint64(len(log)); seq++ {
			for part := range 8 {
				cause[discord.Nonce(bot.MoveCause(id, seq), part)] = seq
			}
		}
		first := map[uint64]int{}
		for _, m := range c.f.Messages(rec.Place()) {
			if m.Ephemeral() || m.InteractionID != "" {
				continue
			}
			posts++
			n := c.f.Nonce(m.ID)
			seq, ok := cause[n]
			if !ok {
				t.Errorf("game %s: a post without the nonce of a step of the game (%q): %q", id, n, firstLine(m.Content))
				continue
			}
			if strings.HasSuffix(n, "-0") {
				first[seq]++
			}
			if !strings.HasPrefix(m.Content, "Posted late") {
				continue
			}
			latePosts++
			made := byID[log[seq-1].InteractionID]
			if made == nil || !c.killedBetween(made.proc, made.sentAt, m.Created) {
				falseTakeovers++
				t.Errorf("game %s: step %d was posted late though the process that made it was not killed: %q", id, seq, firstLine(m.Content))
			}
		}
		for seq := uint64(0); seq <= uint64(len(log)); seq++ {
			causes++
			if first[seq] != 1 {
				t.Errorf("game %s: step %d has %d posts, want 1", id, seq, first[seq])
			}
		}
	}
	for _, a := range c.attempts {
		if strings.Contains(a.answer, "Done") {
			done++
			if rec, ok := c.interactionStored(a.in.ID); !ok {
				lost++
				t.Errorf("interaction %s was answered %q but is in no game's log (%v)", a.in.ID, a.answer, rec)
			}
		}
	}
	c.mu.Lock()
	outcomes := fmt.Sprint(c.outcomes)
	c.mu.Unlock()
	t.Logf("chaos: %d moves made in %d games (%d steps stored, %d answered Done, %d twins, %d resends); "+
		"%d PostgreSQL restarts, %d kills, %d freezes; %d replays (%d given the first answer, %d acknowledged while the first was unanswered)",
		c.moves.Load(), len(c.games), stepsStored, done, c.twins.Load(), c.resends.Load(), c.restarts.Load(), c.kills.Load(), c.freezes.Load(),
		c.replays.Load(), c.replayedFirst.Load(), c.replayedWaited.Load())
	t.Logf("chaos: %d posts for %d causes (each step of each game), %d posted late by another process, %d late answers; "+
		"lost %d, doubled %d, answers rewritten after Done %d, takeovers without a death %d; answers that were no success: %s",
		posts, causes, latePosts, lateAnswers, lost+missing, doubled, rewritten, falseTakeovers+falseLateAnswers, outcomes)
	for _, must := range []struct {
		what     string
		got, min int32
	}{{"moves", c.moves.Load(), chaosMoves}, {"PostgreSQL restarts", c.restarts.Load(), chaosRestarts}, {"kills", c.kills.Load(), chaosKills},
		{"freezes", c.freezes.Load(), chaosFreezes}, {"replays", c.replays.Load(), chaosReplays}} {
		if must.got < must.min {
			t.Errorf("%d %s, want at least %d", must.got, must.what, must.min)
		}
	}
	for _, p := range c.procs {
		if b, _ := os.ReadFile(p.log); strings.Contains(string(b), "panic") {
			t.Errorf("process %d panicked:\n%s", p.idx, p.logTail())
		}
	}
}

// interactionStored tells whether an interaction's move is in the log of a game of the run.
func (c *chaos) interactionStored(id string) (string, bool) {
	for _, g := range c.games {
		if movedBy(c.store, g, id) {
			return g, true
		}
	}
	return "", false
}
