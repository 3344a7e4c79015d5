package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/logattrs"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/metrics"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestShippedMonitoringPassesPromtool: Prometheus' own checker accepts the scrape configuration
// (with the alerting rules it loads) and the rules, and its rule tests (testdata/alerts_test.yml)
// see each alert fire on the series it is about, with its labels and words, and not before.
func TestShippedMonitoringPassesPromtool(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed: apt-get install prometheus (CI installs it)")
	}
	for _, args := range [][]string{
		{"check", "config", filepath.Join("deploy", "prometheus.yml")},
		{"check", "rules", filepath.Join("deploy", "carcassonne-alerts.yml")},
		// The rules fire on the series that mean trouble, after their delay, and not otherwise.
		{"test", "rules", filepath.Join("testdata", "alerts_test.yml")},
	} {
		out, err := exec.Command(promtool, args...).CombinedOutput()
		if err != nil {
			t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
			continue
		}
		t.Logf("promtool %s:\n%s", strings.Join(args, " "), out)
	}
}

// catalogue is every metric the bot serves, as made by a bot on Discord with its monitoring
// (nothing is connected).
func catalogue(t *testing.T) []metrics.Metric {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{Logger: slog.New(slog.DiscardHandler), Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	s, err := discordgo.New("Bot not-a-token")
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New(nil)
	cfg, dcfg := bot.Config{Store: store, Logger: slog.New(slog.DiscardHandler), TimerEvery: -1}, discord.Config{}
	wrapped := m.Instrument(&cfg, &dcfg, s)
	d, err := discord.NewBot(s, cfg, dcfg)
	if err != nil {
		t.Fatal(err)
	}
	m.Watch(d, wrapped, func() bool { return true })
	return m.Catalogue()
}

// TestMonitoringFilesNameTheBotsMetrics: every metric the alerting rules and the Grafana
// dashboard ask for is one the bot serves (a histogram's _bucket, _count and _sum too), the
// dashboard is Grafana's JSON with a query in every panel, and the rules cover what the issue
// asks a host to be alerted of.
func TestMonitoringFilesNameTheBotsMetrics(t *testing.T) {
	served := map[string]string{}
	for _, m := range catalogue(t) {
		served[m.Name] = m.Type
		t.Logf("%-48s %-9s %-22s %s", m.Name, m.Type, strings.Join(m.Labels, ","), m.Help)
	}
	used := regexp.MustCompile(`\bcarcassonne_[a-z_]+\b`)
	check := func(file string, text []byte) []string {
		var names []string
		for _, n := range used.FindAllString(string(text), -1) {
			base := n
			for _, suffix := range []string{"_bucket", "_count", "_sum"} {
				if b, ok := strings.CutSuffix(n, suffix); ok && served[b] == "histogram" {
					base = b
				}
			}
			if served[base] == "" {
				t.Errorf("%s asks for %s, which the bot does not serve", file, n)
			}
			names = append(names, base)
		}
		return names
	}
	rules, err := os.ReadFile(filepath.Join("deploy", "carcassonne-alerts.yml"))
	if err != nil {
		t.Fatal(err)
	}
	inRules := check("the alerting rules", rules)
	for _, want := range []string{"carcassonne_store_errors_total", "carcassonne_commit_seconds", "carcassonne_ai_queue_depth",
		"carcassonne_timers_late_total", "carcassonne_announcements_taken_over_total", "carcassonne_gateway_shards_up"} {
		if !slices.Contains(inRules, want) {
			t.Errorf("no alerting rule reads %s", want)
		}
	}
	raw, err := os.ReadFile(filepath.Join("deploy", "grafana-dashboard.json"))
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Title  string `json:"title"`
		UID    string `json:"uid"`
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(raw, &dash); err != nil || dash.Title == "" || dash.UID == "" || len(dash.Panels) == 0 {
		t.Fatalf("the dashboard is no Grafana dashboard: %v", err)
	}
	shown := map[string]bool{}
	for _, p := range dash.Panels {
		if len(p.Targets) == 0 {
			t.Errorf("the dashboard's panel %q has no query", p.Title)
		}
		for _, q := range p.Targets {
			for _, n := range check("the dashboard", []byte(q.Expr)) {
				shown[n] = true
			}
		}
	}
	for name := range served {
		if !shown[name] && name != "carcassonne_build_info" && name != "carcassonne_interactions_in_flight" {
			t.Errorf("the dashboard shows nothing of %s", name)
		}
	}
}

// TestUnitAndContainerAgree: the systemd unit and the container image serve the monitoring on
// one port, which the scrape example scrapes; the unit waits for the bot's readiness (Type=notify)
// and watches it (WatchdogSec) for longer than the bot's own check allows its loop, and lets the
// start-up's retries finish; the image checks its health with the binary's own command.
func TestUnitAndContainerAgree(t *testing.T) {
	set, _ := unitDirectives(t, filepath.Join("deploy", binaryName+".service"))
	var unitMetrics string
	for _, d := range set {
		if name, value, _ := strings.Cut(d[1], "="); d[0] == "Environment" && name == "CARC_METRICS" {
			unitMetrics = value
		}
	}
	host, port, err := net.SplitHostPort(unitMetrics)
	if err != nil || (host != "127.0.0.1" && host != "::1" && host != "localhost") {
		t.Errorf("the unit's CARC_METRICS=%q: want a loopback address (the monitoring's own, never public): %v", unitMetrics, err)
	}
	if directive(set, "Type") != "notify" || directive(set, "NotifyAccess") != "main" {
		t.Errorf("Type=%s NotifyAccess=%s: the bot tells systemd when it is ready (notify, main)", directive(set, "Type"), directive(set, "NotifyAccess"))
	}
	watchdog, err := time.ParseDuration(strings.ReplaceAll(directive(set, "WatchdogSec"), "min", "m"))
	if err != nil || watchdog < 2*time.Minute {
		t.Errorf("WatchdogSec=%s: want more than the 100 s the bot's own check gives its timer loop (%v)", directive(set, "WatchdogSec"), err)
	}
	startTimeout, err := time.ParseDuration(strings.ReplaceAll(directive(set, "TimeoutStartSec"), "min", "m"))
	if err != nil || startTimeout <= defaultStartRetry.budget {
		t.Errorf("TimeoutStartSec=%s: want more than the start-up's retries (%s)", directive(set, "TimeoutStartSec"), defaultStartRetry.budget)
	}
	src, err := os.ReadFile(filepath.Join("deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	dockerfile := strings.ReplaceAll(string(src), "\\\n", " ")
	if !regexp.MustCompile(`(?m)^EXPOSE ` + port + `$`).MatchString(dockerfile) {
		t.Errorf("the image does not EXPOSE the unit's metrics port %s", port)
	}
	if !regexp.MustCompile(`(?m)^ENV .*\bCARC_METRICS=:` + port + `\b`).MatchString(dockerfile) {
		t.Errorf("the image does not serve the metrics on :%s (ENV CARC_METRICS)", port)
	}
	check := regexp.MustCompile(`(?m)^HEALTHCHECK .*CMD \["([^"]+)", "([^"]+)"\]`).FindStringSubmatch(dockerfile)
	if check == nil || filepath.Base(check[1]) != binaryName || check[2] != "health" {
		t.Errorf("the image's HEALTHCHECK is not the binary's health command: %v", check)
	} else if !slices.ContainsFunc(commandList, func(c command) bool { return c.name == check[2] && c.run != nil }) {
		t.Errorf("HEALTHCHECK runs bot %s, which is no command", check[2])
	}
	scrape, err := os.ReadFile(filepath.Join("deploy", "prometheus.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(scrape), "- "+unitMetrics+"\n") {
		t.Errorf("the scrape example does not scrape the unit's %s", unitMetrics)
	}
}

// TestHealthCommandAsksTheRunningBot: bot health answers 0 with the bot's "ok" while /healthz is
// 200, and exits 1 with what is wrong when it is 503 or nobody answers.
func TestHealthCommandAsksTheRunningBot(t *testing.T) {
	status, body := http.StatusOK, "ok\n"
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" && r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
		fmt.Fprint(w, r.URL.Path+" "+body)
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	var out bytes.Buffer
	if err := run([]string{"health", "--metrics", ":" + port}, nil, &out); err != nil || out.String() != "/healthz ok\n" {
		t.Errorf("bot health of a healthy bot: %v, %q", err, out.String())
	}
	out.Reset()
	if err := run([]string{"health", "--ready", "--metrics", "127.0.0.1:" + port}, nil, &out); err != nil || out.String() != "/readyz ok\n" {
		t.Errorf("bot health --ready: %v, %q", err, out.String())
	}
	status, body = http.StatusServiceUnavailable, "the timer loop last ran 2m0s ago (every 30s)\n"
	err = run([]string{"health", "--metrics", ":" + port}, nil, &out)
	if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "timer loop last ran") {
		t.Errorf("bot health of a stuck bot: %v (exit %d), want exit 1 saying why", err, exitCode(err))
	}
	srv.Close()
	if err := run([]string{"health", "--metrics", ":" + port}, nil, &out); err == nil || exitCode(err) != 1 {
		t.Errorf("bot health with nobody answering: %v (exit %d), want exit 1", err, exitCode(err))
	}
}

// TestWhatMayPassIsRestartable: a failure the network, Discord or the database server may get
// over exits 1 (the unit restarts it); one a restart cannot fix exits 2 (it does not).
func TestWhatMayPassIsRestartable(t *testing.T) {
	restResp := func(code int) error {
		return fmt.Errorf("ask Discord who the bot is: %w", &discordgo.RESTError{Response: &http.Response{StatusCode: code}})
	}
	for _, c := range []struct {
		what string
		err  error
		exit int
	}{
		{"the database server unreachable", fmt.Errorf("open: %w", storage.ErrUnavailable), 1},
		{"the database file held by a stopping bot", fmt.Errorf("open: %w", storage.ErrLocked), 1},
		{"DNS", &net.DNSError{Err: "no such host", Name: "discord.com", IsTemporary: true}, 1},
		{"a refused connection", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, 1},
		{"Discord's 503", restResp(http.StatusServiceUnavailable), 1},
		{"Discord's 429", restResp(http.StatusTooManyRequests), 1},
		{"a token Discord refuses (401)", restResp(http.StatusUnauthorized), 2},
		{"a database of a newer release", fmt.Errorf("open: %w", storage.ErrSchema), 2},
		{"a corrupt database", fmt.Errorf("open: %w", storage.ErrCorrupt), 2},
		{"a bad flag", errors.New("--shards: bad"), 2},
	} {
		if got := exitCode(c.err); got != c.exit {
			t.Errorf("%s: exit %d, want %d", c.what, got, c.exit)
		}
	}
}

// TestStartRetriesUntilItPassesOrGivesUp: a step that fails in a way that may pass is tried again
// after 1 s, 2 s, ... until it works; one that cannot pass is not tried again; and once the budget
// is spent the last failure is returned, marked restartable.
func TestStartRetriesUntilItPassesOrGivesUp(t *testing.T) {
	r := startRetry{first: time.Millisecond, longest: 4 * time.Millisecond, budget: time.Second}
	log := slog.New(slog.DiscardHandler)
	tries := 0
	err := r.do(context.Background(), log, "reach the database", func() error {
		if tries++; tries < 4 {
			return fmt.Errorf("connect: %w", storage.ErrUnavailable)
		}
		return nil
	})
	if err != nil || tries != 4 {
		t.Errorf("a failure that passes after 3 tries: %v after %d tries", err, tries)
	}
	tries = 0
	err = r.do(context.Background(), log, "open the database", func() error { tries++; return storage.ErrSchema })
	if !errors.Is(err, storage.ErrSchema) || tries != 1 || exitCode(err) != 2 {
		t.Errorf("a newer database: %v after %d tries (exit %d), want it at once, exit 2", err, tries, exitCode(err))
	}
	r.budget = 30 * time.Millisecond
	start := time.Now()
	err = r.do(context.Background(), log, "reach Discord", func() error { return &net.DNSError{Err: "no such host", Name: "discord.com"} })
	if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "gave up") {
		t.Errorf("Discord unreachable for longer than the budget: %v (exit %d), want exit 1", err, exitCode(err))
	}
	if took := time.Since(start); took > 10*r.budget {
		t.Errorf("gave up after %v, the budget is %v", took, r.budget)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (startRetry{first: time.Hour, longest: time.Hour, budget: 2 * time.Hour}).do(ctx, log, "reach Discord",
		func() error { return storage.ErrUnavailable }); err == nil || exitCode(err) != 1 {
		t.Errorf("SIGTERM while waiting to try again: %v", err)
	}
}

// TestServeKeepsTryingAnUnreachableDiscord: the server started while Discord cannot be reached
// logs each try and, once --start-retry is spent, exits 1, which the unit restarts (it exited 2,
// which the unit leaves down, before); meanwhile /healthz says it is alive and /readyz that it is
// starting.
func TestServeKeepsTryingAnUnreachableDiscord(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	ln, err = net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := ln.Addr().String()
	ln.Close()
	t.Setenv("DISCORD_TOKEN", "not-a-token")
	stderr := captureStderr(t)
	done := make(chan error, 1)
	go func() {
		done <- run([]string{"--db", filepath.Join(t.TempDir(), "games.db"), "--discord-api", "http://" + closed, "--start-retry", "3500ms",
			"--metrics", metricsAddr}, nil, io.Discard)
	}()
	// Meanwhile the bot is alive and not ready: a load balancer sends it nothing yet.
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + metricsAddr + path)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, body := get("/readyz")
		if code == http.StatusServiceUnavailable && strings.Contains(body, "starting") {
			if code, body := get("/healthz"); code != http.StatusOK {
				t.Errorf("/healthz of a bot trying to reach Discord: %d %s", code, body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("/readyz of a bot trying to reach Discord: %d %s, want 503 starting", code, body)
			break
		}
	}
	err = <-done
	logText := stderr()
	if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "reach Discord") {
		t.Errorf("serve with Discord unreachable: %v (exit %d), want exit 1\n%s", err, exitCode(err), logText)
	}
	if n := strings.Count(logText, "could not reach Discord; trying again"); n < 2 {
		t.Errorf("%d tries logged, want at least 2:\n%s", n, logText)
	}
	if strings.Contains(logText, "not-a-token") {
		t.Errorf("the log holds the token:\n%s", logText)
	}
}

// captureStderr sends the process's standard error to a file until the returned function is
// called, which returns what was written.
func captureStderr(t *testing.T) func() string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = f
	restore := func() string {
		os.Stderr = saved
		f.Close()
		b, _ := os.ReadFile(f.Name())
		return string(b)
	}
	t.Cleanup(func() { os.Stderr = saved })
	return restore
}

// TestSystemdHearsReadinessAndTheWatchdog: with NOTIFY_SOCKET set, as systemd sets it for
// Type=notify, the bot's notifications arrive as sd_notify(3) datagrams; the watchdog pings
// at half WATCHDOG_USEC while the loops tick, and not when they do not.
func TestSystemdHearsReadinessAndTheWatchdog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", path)
	read := func() string {
		conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		buf := make([]byte, 512)
		n, err := conn.Read(buf)
		if err != nil {
			return "(" + err.Error() + ")"
		}
		return string(buf[:n])
	}
	if err := sdNotify("READY=1\nSTATUS=serving"); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "READY=1\nSTATUS=serving" {
		t.Errorf("systemd heard %q", got)
	}
	t.Setenv("WATCHDOG_USEC", "40000")
	t.Setenv("WATCHDOG_PID", fmt.Sprint(os.Getpid()))
	if every := watchdogEvery(); every != 20*time.Millisecond {
		t.Errorf("WATCHDOG_USEC=40000: pings every %v, want 20ms", every)
	}
	alive := error(nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stuck := make(chan error, 1)
	go watchdog(ctx, watchdogEvery(), func() error {
		select {
		case err := <-stuck:
			alive = err
		default:
		}
		return alive
	})
	if got := read(); got != "WATCHDOG=1" {
		t.Errorf("the watchdog of a bot whose loops tick heard %q", got)
	}
	stuck <- errors.New("the timer loop last ran 2m0s ago")
	time.Sleep(100 * time.Millisecond)
	for conn.SetReadDeadline(time.Now().Add(10 * time.Millisecond)); ; {
		if _, err := conn.Read(make([]byte, 64)); err != nil {
			break // the pings sent before the loop stuck are read
		}
	}
	conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if n, err := conn.Read(make([]byte, 64)); err == nil {
		t.Errorf("the watchdog was pinged (%d bytes) while the loop was stuck", n)
	}
	t.Setenv("WATCHDOG_PID", "1")
	if every := watchdogEvery(); every != 0 {
		t.Errorf("a watchdog meant for another process: pings every %v", every)
	}
}

// TestLogFormats: --log-format json writes one JSON object a line and text key=value lines, each
// naming the process; another format is a usage error.
func TestLogFormats(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var b bytes.Buffer
		log, err := newLogger(&b, format, "info", logattrs.New())
		if err != nil {
			t.Fatal(err)
		}
		log.Info("a move was made", "game", "g1")
		line := b.String()
		switch format {
		case "json":
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil || rec["process"] != processName() || rec["game"] != "g1" {
				t.Errorf("json: %q (%v)", line, err)
			}
		case "text":
			if !strings.Contains(line, "process="+processName()) || !strings.Contains(line, "game=g1") {
				t.Errorf("text: %q", line)
			}
		}
	}
	t.Setenv("DISCORD_TOKEN", "x")
	if err := run([]string{"--log-format", "xml"}, nil, io.Discard); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "text or json") {
		t.Errorf("--log-format xml: %v (exit %d)", err, exitCode(err))
	}
}
