package replicas

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// botProcess is the real bot binary running as its own OS process in HTTP-interactions mode.
type botProcess struct {
	t    *testing.T
	args []string
	env  []string
	addr string // its Interactions Endpoint, host:port
	log  string // its standard error, kept for a failing test
	cmd  *exec.Cmd
	done chan struct{}
}

// built is the binary of cmd/bot, built once for the tests that run it (TestMain removes it).
var built struct {
	once sync.Once
	dir  string
	err  error
}

// buildBot builds cmd/bot, once for all the tests.
func buildBot(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "carcassonne-bot-"); built.err != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(built.dir, "carcassonne-bot"), "./cmd/bot")
		cmd.Dir = "../../.." // the module's root
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build ./cmd/bot: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, "carcassonne-bot")
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// processEnv is this process's environment without the bot's own variables, plus env.
func processEnv(env ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "CARC_") && !strings.HasPrefix(kv, "DISCORD_TOKEN=") {
			out = append(out, kv)
		}
	}
	return append(out, env...)
}

// start runs the process and waits until its endpoint answers a signed PING.
func (p *botProcess) start(ctx context.Context, priv ed25519.PrivateKey) {
	p.t.Helper()
	p.run()
	p.waitAnswers(ctx, priv)
}

// startAll starts the processes together and waits until each answers a signed PING: they start
// up side by side, as a host's replicas do.
func startAll(ctx context.Context, priv ed25519.PrivateKey, procs ...*botProcess) {
	for _, p := range procs {
		p.t.Helper()
		p.run()
	}
	for _, p := range procs {
		p.waitAnswers(ctx, priv)
	}
}

// waitAnswers waits until the running process's endpoint answers a signed PING.
func (p *botProcess) waitAnswers(ctx context.Context, priv ed25519.PrivateKey) {
	p.t.Helper()
	for {
		r := fakediscord.SignedRequest(priv, []byte(`{"type":1,"id":"1","application_id":"1","token":"ping","version":1}`), time.Now()).WithContext(ctx)
		r.URL.Scheme, r.URL.Host, r.RequestURI = "http", p.addr, ""
		if resp, err := http.DefaultClient.Do(r); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-p.done:
			p.t.Fatalf("the bot process exited at start:\n%s", p.logTail())
		case <-ctx.Done():
			p.t.Fatalf("the bot process did not answer a PING:\n%s", p.logTail())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// run starts the process.
func (p *botProcess) run() {
	p.t.Helper()
	logFile, err := os.OpenFile(p.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		p.t.Fatal(err)
	}
	p.cmd = exec.Command(p.args[0], p.args[1:]...)
	p.cmd.Env, p.cmd.Stdout, p.cmd.Stderr = p.env, logFile, logFile
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.done = make(chan struct{})
	go func() { _ = p.cmd.Wait(); logFile.Close(); close(p.done) }()
}

// kill ends the process with SIGKILL: no deferred work, no graceful shutdown.
func (p *botProcess) kill() {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

func (p *botProcess) logTail() string {
	b, _ := os.ReadFile(p.log)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// movedBy tells whether the interaction's move is in the game's stored log.
func movedBy(store *postgres.Store, game, interaction string) bool {
	log, _ := store.Moves(game)
	for _, m := range log {
		if m.InteractionID == interaction {
			return true
		}
	}
	return false
}

// sent is one interaction of a round and what became of it.
type sent struct {
	in        *fakediscord.Interaction
	proc      int
	delivered bool   // the process took the POST and answered it (the acknowledgement)
	answer    string // the final answer; "" when none came
}

// TestThreeProcessesOnePostgreSQLSurviveSIGKILL is the end-to-end test of many processes: the
// real binary runs three times, in HTTP-interactions mode, on one PostgreSQL database behind the
// fake Discord. HTTP mode is the one where any process may receive any interaction, so it is the
// one where two processes race on one game (in gateway mode a guild's interactions all reach one
// process). Several games are played at once; every move is sent by the player three times at
// once, once to each process. In the middle, one process is killed with SIGKILL right after it
// acknowledged a move (before it answered it), and started again. Then: each move was applied
// exactly once (the killed one too: applied or not, never twice), every move answered done is in
// the database, every interaction of a living process was answered once (the fake fails the test
// on a second answer), and every game replays to its stored hash.
func TestThreeProcessesOnePostgreSQLSurviveSIGKILL(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	bin := buildBot(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	f := fakediscord.New(t)
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	dir := t.TempDir()
	procs := make([]*botProcess, 3)
	for i := range procs {
		addr := freeAddr(t)
		procs[i] = &botProcess{t: t, addr: addr, log: filepath.Join(dir, fmt.Sprintf("bot%d.log", i)),
			args: []string{bin, "--db", url, "--http", addr, "--public-key", hex.EncodeToString(pub), "--discord-api", f.URL(), "--log-level", "warn"},
			env:  processEnv("DISCORD_TOKEN=" + f.Token)}
	}
	t.Cleanup(func() {
		for _, p := range procs {
			p.kill()
			if t.Failed() {
				t.Logf("log of %s:\n%s", p.addr, p.logTail())
			}
		}
	})
	startAll(ctx, priv, procs...)
	store, err := postgres.Open(url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })

	post := func(i int, in *fakediscord.Interaction) *sent {
		s := &sent{in: in, proc: i}
		s.delivered = f.PostInteraction(ctx, "http://"+procs[i].addr+"/interactions", priv, in) == nil
		return s
	}
	answer := func(s *sent, wait context.Context) {
		if m, err := s.in.WaitOriginal(wait, func(m *fakediscord.Message) bool { return !m.Loading() }); err == nil {
			s.answer = m.Content
		}
	}
	play := func(i int, in *fakediscord.Interaction) string {
		s := post(i, in)
		answer(s, ctx)
		if !s.delivered || s.answer == "" {
			t.Fatalf("process %d did not answer %s:\n%s", i, in.ID, procs[i].logTail())
		}
		return s.answer
	}

	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	// In killBefore, the victim is killed as soon as it acknowledged a move, while the other two
	// race it for the game's lock: the move is applied by one of them. In killAfter, it is killed
	// once its move is committed, before it announced or answered it (the fake holds the
	// channel's new messages until then), and only then do the others get theirs: the move is
	// announced by a survivor or by the restarted victim, and its player answered.
	const games, rounds, killBefore, killAfter, victim = 3, 9, 3, 6, 1
	killed := func(round, proc int) bool { return (round == killBefore || round == killAfter) && proc == victim }
	channels := make([]*fakediscord.Channel, games)
	for g := range channels {
		channels[g] = f.AddChannel(fmt.Sprintf("table-%d", g))
		if m := play(g%3, f.Slash(alice, channels[g], "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))); !strings.Contains(m, "Game opened") {
			t.Fatalf("/carc new: %s", m)
		}
		play((g+1)%3, f.Slash(bob, channels[g], "carc", fakediscord.SubCommand("join")))
		play((g+2)%3, f.Slash(alice, channels[g], "carc", fakediscord.SubCommand("start")))
	}
	current := func(ch string) (*table.Table, string) { return runningTable(t, store, ch) }

	ids, startTurn := make([]string, games), make([]int, games)
	for g := range games {
		tbl, id := current(channels[g].ID)
		ids[g], startTurn[g] = id, tbl.Game.Turn
	}
	moves := make([][][]*sent, games) // game, round, the three twins
	for round := range rounds {
		// The victim's answers are awaited only while it lives; then what came is what there is.
		victimAlive, victimDied := context.WithCancel(ctx)
		if killed(round, victim) {
			go func(done chan struct{}) { <-done; victimDied() }(procs[victim].done)
		}
		var wg sync.WaitGroup
		for g := range games {
			tbl, _ := current(channels[g].ID)
			cur, _ := tbl.Current()
			u := users[cur.ID]
			twins := make([]*sent, 3)
			slash := func() *fakediscord.Interaction { return f.Slash(u, channels[g], "place", placeArgs(tbl)...) }
			if round == killAfter && g == 0 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					// The channel's new messages wait, so that the victim is killed after its
					// commit and before its announcement, however fast it is.
					release := f.HoldPosts(channels[g].ID)
					defer release()
					s := post(victim, slash())
					twins[victim] = s
					for !movedBy(store, ids[g], s.in.ID) {
						select {
						case <-ctx.Done():
							t.Errorf("the killed process never stored its move:\n%s", procs[victim].logTail())
							return
						case <-time.After(time.Millisecond):
						}
					}
					procs[victim].kill()
					if err := f.WaitHeldPostsGone(ctx, channels[g].ID); err != nil {
						t.Error(err)
					}
					release()
					answer(s, victimAlive)
					for i := range twins {
						if i != victim {
							twins[i] = post(i, slash())
							answer(twins[i], ctx)
						}
					}
				}()
				moves[g] = append(moves[g], twins)
				continue
			}
			for i := range twins {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s := post(i, slash())
					twins[i] = s
					switch {
					case !killed(round, i):
						answer(s, ctx)
					case g == 0:
						// The process acknowledged the move and is applying it: kill it now.
						procs[victim].kill()
						answer(s, victimAlive)
					default:
						answer(s, victimAlive) // a move of another game on the victim: it may die first
					}
				}()
			}
			moves[g] = append(moves[g], twins)
		}
		wg.Wait()
		victimDied()
		if killed(round, victim) {
			procs[victim].start(ctx, priv)
		}
	}

	// Every committed move is announced in its channel exactly once: the one the killed process
	// committed before it could announce it too, by a survivor or by the restarted process; and
	// its player, whose "thinking..." the killed process left, is answered.
	late := moves[0][killAfter][victim]
	if late.answer != "" {
		t.Errorf("the killed process answered its move before it died: %q", late.answer)
	}
	if m, err := late.in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() }); err != nil {
		t.Errorf("the move committed by the killed process was never answered: %v", err)
	} else if !strings.Contains(m.Content, "went through") {
		t.Errorf("the late answer to the killed process's move: %q", m.Content)
	} else {
		t.Logf("the killed process's player, answered by another: %q", m.Content)
	}
	for i, s := range moves[0][killAfter] {
		if i != victim && !strings.Contains(s.answer, "already went through") {
			t.Errorf("the twin of the killed process's committed move, on process %d, was answered %q; want that it went through", i, s.answer)
		}
	}
	for g := range games {
		log, err := store.Moves(ids[g])
		if err != nil {
			t.Fatal(err)
		}
		want := 1 + len(log) // the lobby's first message, then one per move
		for f.Announced(channels[g].ID) < want && ctx.Err() == nil {
			time.Sleep(50 * time.Millisecond)
		}
		if n := f.Announced(channels[g].ID); n != want {
			t.Errorf("game %d: %d messages in its channel for %d moves; want one per move and the lobby's", g, n, len(log))
		}
	}
	for left, _ := store.Announcements(); len(left) > 0 && ctx.Err() == nil; left, _ = store.Announcements() {
		time.Sleep(50 * time.Millisecond)
	}
	if left, err := store.Announcements(); err != nil || len(left) != 0 {
		t.Errorf("announcements left unsaid: %+v, %v", left, err)
	}
	lateNotes := 0
	for _, m := range f.Messages(channels[0].ID) {
		if strings.Contains(m.Content, "Posted late") {
			lateNotes++
			t.Logf("the killed process's move, announced by another: %q", firstLine(m.Content))
		}
	}
	// The move held until the kill is announced late; a move of another round's kill may be too:
	// the process is killed once it acknowledged the move, and on a busy machine its commit can
	// land first. A late note is only ever for a move the killed process committed.
	log0, err := store.Moves(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	committedByVictim := 0
	for round, twins := range moves[0] {
		if killed(round, victim) && slices.ContainsFunc(log0, func(m storage.Move) bool { return m.InteractionID == twins[victim].in.ID }) {
			committedByVictim++
		}
	}
	if lateNotes < 1 || lateNotes > committedByVictim {
		t.Errorf("%d late announcements in the killed process's game, want its held move's one and at most one for each of the %d moves it committed before it was killed",
			lateNotes, committedByVictim)
	}

	for g := range games {
		log, err := store.Moves(ids[g])
		if err != nil {
			t.Fatal(err)
		}
		applied := map[string]int{}
		for _, m := range log {
			applied[m.InteractionID]++
		}
		for id, n := range applied {
			if n > 1 {
				t.Errorf("game %d: interaction %s applied %d times", g, id, n)
			}
		}
		for round, twins := range moves[g] {
			n := 0
			for _, s := range twins {
				done := strings.Contains(s.answer, "Done")
				inLog := applied[s.in.ID] == 1
				n += applied[s.in.ID]
				switch {
				case done && !inLog:
					t.Errorf("game %d round %d: process %d answered done, but the move is not stored", g, round, s.proc)
				case inLog && !done && !killed(round, s.proc):
					t.Errorf("game %d round %d: process %d applied the move and answered %q", g, round, s.proc, s.answer)
				case s.answer == "" && !killed(round, s.proc):
					t.Errorf("game %d round %d: process %d never answered (delivered: %v)", g, round, s.proc, s.delivered)
				}
			}
			if v := twins[victim]; killed(round, victim) && g == 0 {
				t.Logf("round %d: the move in flight on the killed process: applied %v, answered %q", round, applied[v.in.ID] == 1, v.answer)
				if round == killAfter && applied[v.in.ID] != 1 {
					t.Errorf("round %d: the move committed before the kill is gone", round)
				}
			}
			if n != 1 {
				t.Errorf("game %d round %d: the move sent to three processes was applied %d times, want once", g, round, n)
			}
		}
		rec, err := store.Game(ids[g])
		if err != nil {
			t.Fatal(err)
		}
		if _, hash, err := storage.Replay(bot.Engine{}, rec, log); err != nil || hash != rec.Hash {
			t.Errorf("game %d: the stored log replays to %s (%v), the stored hash is %s", g, hash, err, rec.Hash)
		}
		if tbl, _ := current(channels[g].ID); tbl.Game.Turn != startTurn[g]+rounds {
			t.Errorf("game %d went from turn %d to %d in %d rounds", g, startTurn[g], tbl.Game.Turn, rounds)
		}
	}
	for _, p := range procs {
		if b, _ := os.ReadFile(p.log); bytes.Contains(b, []byte("panic")) {
			t.Errorf("the process on %s panicked:\n%s", p.addr, p.logTail())
		}
	}
}
