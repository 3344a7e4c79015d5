package replicas

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/promtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// answerBuckets are the upper bounds of carcassonne_interaction_answer_seconds (bot/metrics).
var answerBuckets = []float64{.01, .025, .05, .1, .25, .5, 1, 1.5, 2, 2.5, 3, 5, 10}

// monitoredBot runs the bot binary in HTTP-interactions mode with --metrics, its logs as JSON at
// debug level, on db, behind the fake Discord.
func monitoredBot(t *testing.T, f *fakediscord.Fake, pub ed25519.PublicKey, db string, more ...string) (p *botProcess, metricsAddr string) {
	t.Helper()
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	p = &botProcess{t: t, addr: addr, log: filepath.Join(t.TempDir(), "bot.log"),
		args: append([]string{buildBot(t), "--db", db, "--http", addr, "--public-key", hex.EncodeToString(pub), "--discord-api", f.URL(),
			"--metrics", metricsAddr, "--log-format", "json", "--log-level", "debug"}, more...),
		env: processEnv("DISCORD_TOKEN=" + f.Token)}
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			t.Logf("log of the bot:\n%s", p.logTail())
		}
	})
	return p, metricsAddr
}

// TestPrometheusScrapesABotPlayingGames is the monitoring end to end: Debian's Prometheus scrapes
// the real bot binary (--metrics) every second while it plays games through the fake Discord on
// PostgreSQL, two between people and one against an easy AI; then Prometheus' HTTP API is asked
// what a host's dashboard asks. The moves counter is exactly the turns the players and the AI
// made, per map and source, and the AI's search and wait were timed once a turn; the answers' histogram counted every
// interaction the test sent, and its 99th percentile is at most the bucket of the slowest answer
// the test itself saw (from sending the interaction to seeing its answer), and so is its median; Discord's REST requests are counted by route with their ids taken out, and
// no label anywhere holds an id. The same run's whole log is then searched for every secret the
// process held: the bot token, the interactions' tokens, the pages' link secret and the links'
// tokens, the database password.
func TestPrometheusScrapesABotPlayingGames(t *testing.T) {
	t.Parallel()
	if promtest.Binary() == "" {
		t.Skip(promtest.Missing)
	}
	url := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	f := fakediscord.New(t)
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	p, metricsAddr := monitoredBot(t, f, pub, url)
	webURL := "http://" + p.addr
	p.args = append(p.args, "--web-url", webURL)
	p.start(ctx, priv)
	prom := promtest.Start(t, metricsAddr)
	store, err := postgres.Open(url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })

	var sent []*fakediscord.Interaction
	var seen []time.Duration // each answer's time as the test saw it
	play := func(in *fakediscord.Interaction) string {
		t.Helper()
		sent = append(sent, in)
		start := time.Now()
		if err := f.PostInteraction(ctx, "http://"+p.addr+"/interactions", priv, in); err != nil {
			t.Fatalf("deliver %s: %v", in.ID, err)
		}
		m, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
		if err != nil {
			t.Fatalf("no answer to %s: %v\n%s", in.ID, err, p.logTail())
		}
		seen = append(seen, time.Since(start))
		return m.Content
	}
	current := func(ch string) *table.Table { tbl, _ := runningTable(t, store, ch); return tbl }

	alice, bob := f.AddUser("alice"), f.AddUser("bob")
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	const games, turns = 2, 6
	var channels []*fakediscord.Channel
	for g := range games {
		ch := f.AddChannel(fmt.Sprintf("monitored-%d", g))
		channels = append(channels, ch)
		if m := play(f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))); !strings.Contains(m, "Game opened") {
			t.Fatalf("/carc new: %s", m)
		}
		play(f.Slash(bob, ch, "carc", fakediscord.SubCommand("join")))
		play(f.Slash(alice, ch, "carc", fakediscord.SubCommand("start")))
		for range turns {
			tbl := current(ch.ID)
			cur, _ := tbl.Current()
			if m := play(f.Slash(users[cur.ID], ch, "place", placeArgs(tbl)...)); !strings.Contains(m, "Done") {
				t.Fatalf("/place: %s", m)
			}
		}
	}
	// A game against an easy AI: alice plays her turns, the AI its own (3 s after each).
	const aiTurns = 3
	vsAI := f.AddChannel("monitored-ai")
	play(f.Slash(alice, vsAI, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"))))
	if m := play(f.Slash(alice, vsAI, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy")))); !strings.Contains(m, "Done") {
		t.Fatalf("/table bot: %s", m)
	}
	play(f.Slash(alice, vsAI, "carc", fakediscord.SubCommand("start")))
	// Alice plays aiTurns turns, and the AI answers each: the loop ends on alice's turn.
	for played := 0; ; {
		tbl := current(vsAI.ID)
		if cur, _ := tbl.Current(); cur.ID != alice.ID {
			select {
			case <-ctx.Done():
				t.Fatal("the AI never played its turn")
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		if played == aiTurns {
			break
		}
		if m := play(f.Slash(alice, vsAI, "place", placeArgs(tbl)...)); !strings.Contains(m, "Done") {
			t.Fatalf("/place against the AI: %s", m)
		}
		played++
	}
	_, aiGame := runningTable(t, store, vsAI.ID)
	aiLog, err := store.Moves(aiGame)
	if err != nil {
		t.Fatal(err)
	}
	byAI := 0
	for _, m := range aiLog {
		if m.Actor == "ai" {
			byAI++
		}
	}
	// One more turn, whose post Discord never answers (the fake makes each message and drops the
	// connection): the bot posts it again with its nonce, three times, then gives up and logs it.
	last := channels[len(channels)-1]
	f.DropAnswers(last.ID, 1+3)
	tbl := current(last.ID)
	cur, _ := tbl.Current()
	unposted := f.Slash(users[cur.ID], last, "place", placeArgs(tbl)...)
	play(unposted)
	// A reader opens a game's page from its link, which the turn messages carry.
	links := regexp.MustCompile(regexp.QuoteMeta(webURL) + `/web/g/[^\s)>]+`)
	var pageLinks []string
	for _, ch := range channels {
		for _, m := range f.Messages(ch.ID) {
			pageLinks = append(pageLinks, links.FindAllString(m.Content, -1)...)
		}
	}
	if len(pageLinks) == 0 {
		t.Fatal("no message links to a game's page")
	}
	resp, err := http.Get(pageLinks[0])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET the game's page: %s", resp.Status)
	}

	// Prometheus scrapes every second: the test waits for the scrape that saw the last answer.
	want := map[string]float64{
		`sum(carcassonne_moves_committed_total{map="france",source="player"})`: games*turns + aiTurns + 1,
		`sum(carcassonne_moves_committed_total{map="france",source="ai"})`:     float64(byAI),
		`sum(carcassonne_moves_committed_total)`:                               games*turns + aiTurns + 1 + float64(byAI),
		`sum(carcassonne_ai_search_seconds_count{level="easy"})`:               float64(byAI),
		`sum(carcassonne_ai_wait_seconds_count{level="easy"})`:                 float64(byAI),
		`carcassonne_interaction_answer_seconds_count`:                         float64(len(sent)),
		`sum(carcassonne_page_views_total{page="game",code="200"})`:            1,
	}
	exprs := slices.Sorted(func(yield func(string) bool) {
		for e := range want {
			if !yield(e) {
				return
			}
		}
	})
	for _, expr := range exprs {
		var got float64
		var ok bool
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			if got, ok, err = prom.Scalar(expr); err != nil {
				t.Fatal(err)
			}
			if (ok && got == want[expr]) || time.Now().After(deadline) {
				break
			}
		}
		if got != want[expr] {
			t.Errorf("Prometheus: %s = %v (found: %v), want %v: what the test did", expr, got, ok, want[expr])
			continue
		}
		t.Logf("Prometheus: %s = %v", expr, got)
	}
	// The bot observes each answer before the test sees it: its quantile q is at most the upper
	// bound of the bucket holding the test's own quantile q (Prometheus interpolates within a
	// bucket).
	slices.Sort(seen)
	for _, q := range []float64{0.5, 0.99} {
		expr := fmt.Sprintf(`histogram_quantile(%v, sum by (le) (carcassonne_interaction_answer_seconds_bucket))`, q)
		v, ok, err := prom.Scalar(expr)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", expr, ok, err)
		}
		mine := seen[min(int(q*float64(len(seen))), len(seen)-1)]
		bound := math.Inf(1)
		for _, b := range answerBuckets {
			if mine.Seconds() <= b {
				bound = b
				break
			}
		}
		if v <= 0 || v > bound {
			t.Errorf("Prometheus: %s = %v s; the test saw %v at that quantile (bucket up to %v s)", expr, v, mine, bound)
		}
		t.Logf("Prometheus: %s = %.3f s (the test saw %v)", expr, v, mine.Round(time.Millisecond))
	}
	commitP99 := `histogram_quantile(0.99, sum by (le) (carcassonne_commit_seconds_bucket))`
	if v, ok, err := prom.Scalar(commitP99); err != nil || !ok || v <= 0 || v > 2.5 {
		t.Errorf("Prometheus: %s = %v (%v, %v)", commitP99, v, ok, err)
	} else {
		t.Logf("Prometheus: %s = %.4f s", commitP99, v)
	}
	// On PostgreSQL each use of a game checks the store: the table in memory was up to date for
	// every turn after the first of each game, which this process made itself.
	if hits, ok, err := prom.Scalar(`carcassonne_game_cache_hits_total`); err != nil || !ok || hits < games*(turns-1) {
		t.Errorf("Prometheus: carcassonne_game_cache_hits_total = %v (%v, %v), want at least %d", hits, ok, err, games*(turns-1))
	} else {
		t.Logf("Prometheus: carcassonne_game_cache_hits_total = %v", hits)
	}
	routes, err := prom.Query(`sum by (method, route, status) (carcassonne_discord_requests_total)`)
	if err != nil {
		t.Fatal(err)
	}
	patched := false
	for _, r := range routes {
		t.Logf("Prometheus: carcassonne_discord_requests_total{method=%q,route=%q,status=%q} = %v", r.Metric["method"], r.Metric["route"], r.Metric["status"], r.Value)
		patched = patched || (r.Metric["method"] == "PATCH" && r.Metric["route"] == "/webhooks/{id}/{token}/messages/@original" && r.Value > 0)
	}
	if !patched {
		t.Error("no answer (PATCH /webhooks/{id}/{token}/messages/@original) among the Discord requests counted")
	}

	// Every label's value is bounded: none holds an id (a snowflake) or a token.
	resp, err = http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	exposition, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if id := regexp.MustCompile(`="[^"]*\d{10,}[^"]*"`).Find(exposition); id != nil {
		t.Errorf("a label holds an id: %s", id)
	}
	for _, in := range sent {
		if bytes.Contains(exposition, []byte(in.Token)) {
			t.Errorf("the metrics hold interaction %s's token", in.ID)
		}
	}

	// The whole run's log: JSON lines, each naming the process; never a secret.
	p.kill()
	secret, err := store.WebSecret()
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[string]string{
		"the bot token":                    f.Token,
		"the link secret (hex)":            hex.EncodeToString(secret),
		"the link secret (base64)":         base64.StdEncoding.EncodeToString(secret),
		"the link secret (base64url)":      base64.RawURLEncoding.EncodeToString(secret),
		"the database URL's password part": databasePassword(url),
	}
	for i, in := range sent {
		secrets[fmt.Sprintf("interaction %d's token", i)] = in.Token
	}
	for i, l := range pageLinks {
		parts := strings.Split(strings.TrimPrefix(l, webURL+"/web/"), "/")
		if len(parts) >= 3 {
			secrets[fmt.Sprintf("link %d's token", i)] = parts[2]
		}
	}
	logText, err := os.ReadFile(p.log)
	if err != nil {
		t.Fatal(err)
	}
	for what, s := range secrets {
		if s == "" {
			continue
		}
		if bytes.Contains(logText, []byte(s)) {
			t.Errorf("the log holds %s", what)
		}
	}
	lines, gameLines, postFailed := 0, 0, false
	for sc := bufio.NewScanner(bytes.NewReader(logText)); sc.Scan(); {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Errorf("a log line is not JSON: %s", sc.Text())
			continue
		}
		lines++
		if rec["process"] == nil {
			t.Errorf("a log line does not name its process: %s", sc.Text())
		}
		if rec["game"] != nil {
			gameLines++
			if rec["guild"] == nil {
				t.Errorf("a log line about a game does not name its guild: %s", sc.Text())
			}
		}
		if rec["msg"] != "could not post in the game's channel" {
			continue
		}
		postFailed = true
		if rec["interaction"] != unposted.ID {
			t.Errorf("the line of the post that failed names interaction %v, want the move's %s: %s", rec["interaction"], unposted.ID, sc.Text())
		}
	}
	if gameLines == 0 || !postFailed {
		t.Error("no log line about the post that failed, though Discord never answered a turn's post")
	}
	t.Logf("the run's log: %d JSON lines (%d about a game), %d bytes, searched for %d secrets", lines, gameLines, len(logText), len(secrets))
}

// runningTable is the stored table of the game running in a channel, and its id.
func runningTable(t *testing.T, store *postgres.Store, ch string) (*table.Table, string) {
	t.Helper()
	id, ok, err := store.ActiveGame(ch)
	if err != nil || !ok {
		t.Fatalf("no running game in %s: %v", ch, err)
	}
	snap, err := store.Snapshot(id)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := table.Load(snap.State)
	if err != nil {
		t.Fatal(err)
	}
	return tbl, id
}

// databasePassword is the password of a postgres:// URL, "" without one.
func databasePassword(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	userinfo, _, ok := strings.Cut(rest, "@")
	if !ok {
		return ""
	}
	_, pw, _ := strings.Cut(userinfo, ":")
	return pw
}

// TestReadinessTurnsFalseOnSIGTERMBeforeTheDrain: a bot process serving with --metrics is ready
// (/readyz 200) once it answers; SIGTERM, while a move's announcement is in flight (the fake
// Discord holds the channel's posts), turns /readyz to 503 "draining" while the process still
// finishes that move, and /healthz stays 200; once the post goes through, the process exits 0.
func TestReadinessTurnsFalseOnSIGTERMBeforeTheDrain(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	f := fakediscord.New(t)
	pub, priv, _ := ed25519.GenerateKey(rand.Reader)
	p, metricsAddr := monitoredBot(t, f, pub, filepath.Join(t.TempDir(), "games.db"))
	p.start(ctx, priv)
	get := func(path string) (int, string) { return fetch(metricsAddr, path) }
	waitReady(ctx, t, p, metricsAddr)
	alice := f.AddUser("alice")
	ch := f.AddChannel("draining")
	release := f.HoldPosts(ch.ID)
	in := f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	if err := f.PostInteraction(ctx, "http://"+p.addr+"/interactions", priv, in); err != nil {
		t.Fatal(err)
	}
	// The lobby's message is being posted, which the fake holds: the command is in flight.
	for {
		if _, body := get("/metrics"); strings.Contains(body, "\ncarcassonne_interactions_in_flight 1\n") {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatal("the command never was in flight")
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for {
		code, body := get("/readyz")
		if code == http.StatusServiceUnavailable && strings.Contains(body, "draining") {
			t.Logf("after SIGTERM, with a move in flight: /readyz %d %q", code, body)
			break
		}
		select {
		case <-p.done:
			t.Fatalf("the process exited with a move in flight, before /readyz said it was draining (last: %d %q)", code, body)
		case <-ctx.Done():
			t.Fatalf("/readyz never said draining: %d %q", code, body)
		case <-time.After(5 * time.Millisecond):
		}
	}
	if code, body := get("/healthz"); code != http.StatusOK {
		t.Errorf("/healthz while draining: %d %q; the process is alive", code, body)
	}
	select {
	case <-p.done:
		t.Fatal("the process exited before its move in flight was posted")
	default:
	}
	release()
	if _, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() }); err != nil {
		t.Errorf("the move in flight at SIGTERM was never answered: %v", err)
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		t.Fatal("the process did not exit after its drain")
	}
	if code := p.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit status %d after SIGTERM, want 0:\n%s", code, p.logTail())
	}
}

// TestGatewayShardsOnTheMetrics: a bot process on the gateway, with two shards, is ready once both
// are connected, and its metrics say so (carcassonne_gateway_shards and _up); its build_info says
// it runs the gateway.
func TestGatewayShardsOnTheMetrics(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	f := fakediscord.New(t)
	metricsAddr := freeAddr(t)
	p := &botProcess{t: t, log: filepath.Join(t.TempDir(), "bot.log"),
		args: []string{buildBot(t), "--db", filepath.Join(t.TempDir(), "games.db"), "--shards", "0-1/2", "--discord-api", f.URL(),
			"--metrics", metricsAddr, "--log-level", "warn"},
		env: processEnv("DISCORD_TOKEN=" + f.Token)}
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			t.Logf("log of the bot:\n%s", p.logTail())
		}
	})
	p.run()
	waitReady(ctx, t, p, metricsAddr)
	if err := f.WaitShards(ctx, 2); err != nil {
		t.Fatal(err)
	}
	_, exposition := fetch(metricsAddr, "/metrics")
	for _, want := range []string{"\ncarcassonne_gateway_shards 2\n", "\ncarcassonne_gateway_shards_up 2\n", `mode="gateway"`} {
		if !strings.Contains(exposition, want) {
			t.Errorf("the metrics of a bot with two shards connected lack %q", strings.TrimSpace(want))
		}
	}
}

// fetch GETs path on a bot's --metrics address: the status and the body, or 0 and the error.
func fetch(addr, path string) (int, string) {
	resp, err := http.Get("http://" + addr + path)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}

// waitReady waits until the bot process's /readyz answers 200.
func waitReady(ctx context.Context, t *testing.T, p *botProcess, addr string) {
	t.Helper()
	for code, body := fetch(addr, "/readyz"); code != http.StatusOK; code, body = fetch(addr, "/readyz") {
		select {
		case <-p.done:
			t.Fatalf("the bot exited before it was ready: %s", p.logTail())
		case <-ctx.Done():
			t.Fatalf("/readyz never said ready: %d %s", code, body)
		case <-time.After(10 * time.Millisecond):
		}
	}
}
