package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/metrics"
)

// metricsHelp is the help of --metrics.
const metricsHelp = "serve /metrics (Prometheus), /healthz and /readyz on this address (127.0.0.1:9464): the monitoring's own listener, never the public one"

// monitor is the server's monitoring: its metrics and health checks on their own listener
// (--metrics), and systemd's readiness and watchdog (Type=notify). Without --metrics and outside
// systemd's watchdog it does nothing, and nothing is wrapped.
type monitor struct {
	addr    string
	log     *slog.Logger
	metrics *metrics.Metrics
	store   *metrics.Store
	health  *metrics.Health
	srv     *http.Server
	// listening is the interactions' listener, in HTTP mode: up while it accepts connections.
	listening atomic.Bool
}

// newMonitor makes the monitoring of a process serving in mode (gateway or http), and starts its
// listener: /healthz answers, and /readyz says why not yet, while the bot starts.
func newMonitor(addr, mode string, log *slog.Logger, listen func(*http.Server, net.Listener, string)) (*monitor, error) {
	m := &monitor{addr: addr, log: log, health: metrics.NewHealth()}
	if addr == "" && watchdogEvery() == 0 {
		return m, nil
	}
	m.metrics = metrics.New(map[string]string{"mode": mode})
	if addr != "" {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("--metrics %s: %w", addr, err)
		}
		m.srv = bot.NewHTTPServer(addr, m.metrics.Mux(m.health))
		listen(m.srv, ln, "metrics server")
		log.Info("serving the metrics and health checks", "addr", ln.Addr().String(), "paths", "/metrics /healthz /readyz")
	}
	return m, nil
}

// instrument has the bot about to be made report to the metrics.
func (m *monitor) instrument(cfg *bot.Config, dcfg *discord.Config, s *discordgo.Session) {
	if m.metrics == nil {
		return
	}
	m.store = m.metrics.Instrument(cfg, dcfg, s)
	m.health.WatchLoop(m.store.LastTick, 30*time.Second)
	m.health.WatchStore(func() error { _, _, err := m.store.ActiveGame("readyz"); return err })
}

// watch reads the bot made on Discord when scraped, and tells /readyz whether its connection to
// Discord is up: every gateway shard, or the interactions' listener.
func (m *monitor) watch(d *discord.Adapter, httpMode bool) {
	m.health.WatchChat(func() (bool, string) {
		if httpMode {
			return m.listening.Load(), "the interactions listener is not up"
		}
		up, n := d.GatewayUp()
		return n > 0 && up == n, fmt.Sprintf("%d of %d gateway shards connected", up, n)
	})
	if m.metrics != nil {
		m.metrics.Watch(d, m.store, m.health.Started)
	}
}

// ready tells systemd the bot is up, and pings its watchdog while the loops tick.
func (m *monitor) ready(ctx context.Context) {
	m.health.Up()
	_ = sdNotify("READY=1\nSTATUS=serving")
	if every := watchdogEvery(); every > 0 {
		go watchdog(ctx, every, m.health.Alive)
	}
}

// drain makes /readyz false before the drain starts, and tells systemd the bot is stopping.
func (m *monitor) drain() {
	m.health.Drain()
	_ = sdNotify("STOPPING=1\nSTATUS=finishing the moves in flight")
}

// close stops the monitoring's listener, last: /readyz says "draining" until the end.
func (m *monitor) close(ctx context.Context) {
	if m.srv != nil {
		_ = m.srv.Shutdown(ctx)
	}
}

// errUnhealthy is bot health's answer when a check fails.
var errUnhealthy = fmt.Errorf("unhealthy (%w)", errPassing)

// health is bot health: it asks a running bot's /healthz (or /readyz) on its --metrics address,
// for a container's HEALTHCHECK, whose image has no shell nor curl.
func health(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("health", flag.ContinueOnError)
	addr := fs.String("metrics", envOr("CARC_METRICS", ""), "the running bot's --metrics address")
	ready := fs.Bool("ready", false, "ask /readyz (ready for work) instead of /healthz (alive)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *addr == "" {
		return errors.New("no --metrics address (CARC_METRICS): the bot serves its health checks there")
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("--metrics %s: %w", *addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	path := "/healthz"
	if *ready {
		path = "/readyz"
	}
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, errors.Join(err, errUnhealthy))
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s: %w", path, strings.TrimSpace(string(body)), errUnhealthy)
	}
	_, err = fmt.Fprint(stdout, string(body))
	return err
}

// pages is the pages' handler under base, its requests counted when the metrics are on.
func (m *monitor) pages(base string, h http.Handler) http.Handler {
	if m.metrics == nil {
		return h
	}
	return m.metrics.Pages(base, h)
}

// withPages serves the pages beside the HTTP interactions handler, under bot.WebPath (as
// bot.WithWeb, with the pages' handler as given).
func withPages(interactions, pages http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(bot.WebPath+"/", pages)
	mux.Handle("/", interactions)
	return mux
}
