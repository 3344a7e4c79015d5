package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/logattrs"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// errNoToken is returned when the bot has no Discord token; its message says what to do.
var errNoToken = errors.New(noTokenHelp)

const noTokenHelp = `no Discord token.

To run the bot on Discord:
  1. Open https://discord.com/developers/applications, click "New Application", then "Bot":
     copy its token (Reset Token).
  2. Invite it: OAuth2 > URL Generator, scopes "bot" and "applications.commands"; bot permissions
     View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Attach Files,
     Read Message History. No privileged gateway intents are needed.
  3. Start it with the token in the environment (never on the command line):
        DISCORD_TOKEN=... go run ./cmd/bot
     or in a file readable only by you: go run ./cmd/bot --token-file ~/.carcassonne-token

To play without Discord, right here in the terminal:
        go run ./cmd/bot play
and to replay a table script:
        go run ./cmd/bot play --script game.carc`

func serve(args []string) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	tokenFile := fs.String("token-file", envOr("CARC_TOKEN_FILE", ""), "read the Discord bot token from this file (else DISCORD_TOKEN)")
	db := fs.String("db", envOr("CARC_DB", "./carcassonne.db"), dbHelp)
	guild := fs.String("guild", envOr("CARC_GUILD", ""), "register the commands in this guild only (development: instant)")
	httpAddr := fs.String("http", envOr("CARC_HTTP", ""), "serve HTTP interactions on this address instead of the gateway")
	publicKey := fs.String("public-key", envOr("CARC_PUBLIC_KEY", ""), "the application's public key (hex), for --http")
	webAddr := fs.String("web", envOr("CARC_WEB", ""), "serve the game and league pages on this address (behind the host's reverse proxy)")
	webURL := fs.String("web-url", envOr("CARC_WEB_URL", ""), "the pages' public address (https://example.org): messages link to them")
	proxies := fs.String("trusted-proxies", envOr("CARC_TRUSTED_PROXIES", ""), "the host's reverse proxies in front of the pages, as addresses or CIDR ranges (10.0.0.0/8,::1): only their X-Forwarded-For is read, to tell clients apart for the rate limit; none by default (the connection's peer is the client)")
	level := fs.String("log-level", envOr("CARC_LOG_LEVEL", "info"), "debug, info, warn or error")
	logFormat := fs.String("log-format", envOr("CARC_LOG_FORMAT", "text"), "text (key=value lines) or json (one JSON object a line, for a log collector)")
	metricsAddr := fs.String("metrics", envOr("CARC_METRICS", ""), metricsHelp)
	startRetry := fs.Duration("start-retry", envDuration("CARC_START_RETRY", defaultStartRetry.budget), "at start-up, how long to keep trying to reach the database server and Discord before exiting with status 1 (for the service manager to start the bot again)")
	shards := fs.String("shards", envOr("CARC_SHARDS", ""), "the gateway shards this process serves: FIRST-LAST/COUNT (0-3/8), one shard ID/COUNT (2/8), or auto (every shard Discord recommends); several processes split the shards of one COUNT")
	discordAPI := fs.String("discord-api", envOr("CARC_DISCORD_API", ""), "send Discord's REST calls to this address instead of https://discord.com (a rate-limit proxy such as nirn-proxy)")
	maxLoaded := fs.Int("max-loaded", envInt("CARC_MAX_LOADED", bot.DefaultMaxLoaded), "how many games keep their table in memory (about 100 KiB each); the others load from their snapshot when used")
	limits := addLimitFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%q is not a command: a command comes first, its flags after it (bot --help lists them)", fs.Arg(0))
	}
	shardRange, err := discord.ParseShards(*shards)
	if err != nil {
		return fmt.Errorf("--shards: %w", err)
	}
	if *httpAddr != "" && *shards != "" {
		return fmt.Errorf("--shards %s serves the gateway, and --http receives the interactions over HTTP, where any replica takes any of them: drop --shards", *shards)
	}
	if shardRange.Count > 0 && (shardRange.First > 0 || shardRange.Last < shardRange.Count-1) && !postgres.IsURL(*db) {
		return fmt.Errorf("--shards %s serves part of the shards, and the processes serving the others must share its games: give them all one PostgreSQL database (--db postgres://...); a BoltDB file serves every shard from one process (--shards auto, or 0-%d/%d)",
			shardRange, shardRange.Count-1, shardRange.Count)
	}
	trusted, err := web.ParseProxies(*proxies)
	if err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	cfg := bot.Config{TrustedProxies: trusted}
	if err := limits.apply(&cfg); err != nil {
		return err
	}
	token := strings.TrimSpace(os.Getenv("DISCORD_TOKEN"))
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			return fmt.Errorf("read the token file: %w", err)
		}
		if token = strings.TrimSpace(string(b)); token == "" {
			return fmt.Errorf("the token file %s is empty: write the bot's token in it", *tokenFile)
		}
	}
	if token == "" {
		return errNoToken
	}
	guilds := logattrs.New()
	log, err := newLogger(os.Stderr, *logFormat, *level, guilds)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	listen := func(srv *http.Server, ln net.Listener, what string) {
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error(what+" stopped", "err", err)
				stop()
			}
		}()
	}
	mode := "gateway"
	if *httpAddr != "" {
		mode = "http"
	}
	mon, err := newMonitor(*metricsAddr, mode, log, listen)
	if err != nil {
		return err
	}
	defer mon.close(context.Background())
	// What may pass (the database server or Discord unreachable) is tried again for a while.
	retry := defaultStartRetry
	retry.budget = *startRetry
	var store storage.Database
	var closeStore func() error
	if err := retry.do(ctx, log, "open the database", func() (err error) {
		store, closeStore, err = openStore(*db, log, false, 0)
		return err
	}); err != nil {
		return err
	}
	defer closeStore()
	store = guilds.Store(store)
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return err
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	if *discordAPI != "" {
		if s.Client, err = discord.APIClient(*discordAPI); err != nil {
			return fmt.Errorf("--discord-api: %w", err)
		}
	}
	cfg.Store, cfg.Logger, cfg.MaxLoaded = store, log, *maxLoaded
	cfg.Acting = guilds.Acting
	// Other processes may use a PostgreSQL database: games are checked against it before use.
	cfg.Shared = postgres.IsURL(*db)
	// The host runs the games; the adapter is its port on Discord and hands it the interactions.
	dcfg := discord.Config{GuildID: *guild, Shards: shardRange}
	mon.instrument(&cfg, &dcfg, s)
	d, err := discord.NewBot(s, cfg, dcfg)
	if err != nil {
		return err
	}
	b := d.Host()
	mon.watch(d, *httpAddr != "")
	// Discord answers, and takes the token, before anything starts: a DNS or network failure is
	// tried again; a token Discord refuses is not.
	if err := retry.do(ctx, log, "reach Discord", func() error { _, err := s.User("@me"); return err }); err != nil {
		return fmt.Errorf("ask Discord who the bot is: %w", err)
	}
	if !postgres.IsURL(*db) {
		// The bbolt file is held by this process: the admin commands ask it over a socket.
		// PostgreSQL takes them directly.
		admin, err := bot.ListenAdmin(*db + ".sock")
		if err != nil {
			return err
		}
		defer admin.Close()
		go bot.ServeAdmin(admin, store)
	}

	var srv, webSrv *http.Server
	if *webAddr != "" {
		pages, err := b.Web("", *webURL)
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", *webAddr)
		if err != nil {
			return fmt.Errorf("--web %s: %w", *webAddr, err)
		}
		webSrv = bot.NewHTTPServer(*webAddr, mon.pages("", pages.Handler()))
		listen(webSrv, ln, "web pages server")
		log.Info("serving the web pages", "addr", *webAddr, "url", *webURL)
	}
	if *httpAddr != "" {
		key, err := hex.DecodeString(*publicKey)
		if err != nil || len(key) != ed25519.PublicKeySize {
			return fmt.Errorf("--public-key must be the application's public key in hex (64 characters)")
		}
		if err := b.Load(); err != nil {
			return err
		}
		if err := d.Register(); err != nil {
			return err
		}
		b.StartTimers()
		var h http.Handler = d.HTTPHandler(ed25519.PublicKey(key))
		if *webAddr == "" {
			// The pages share the interactions' listener, under their own path.
			pages, err := b.Web(bot.WebPath, *webURL)
			if err != nil {
				return err
			}
			h = withPages(h, mon.pages(bot.WebPath, pages.Handler()))
		}
		ln, err := net.Listen("tcp", *httpAddr)
		if err != nil {
			return fmt.Errorf("--http %s: %w", *httpAddr, err)
		}
		srv = bot.NewHTTPServer(*httpAddr, h)
		mon.listening.Store(true)
		listen(srv, ln, "HTTP server")
		log.Info("serving HTTP interactions", "addr", *httpAddr, "db", store.Path(), "pages", bot.WebPath)
	} else {
		if err := d.Start(); err != nil {
			return err
		}
		log.Info("connected to Discord", "db", store.Path(), "guild", *guild, "shards", d.ShardsRunning().String())
	}
	mon.ready(ctx)
	<-ctx.Done()
	// /readyz turns false first: a load balancer sends no more work while the rest drains.
	mon.drain()
	log.Info("shutting down: finishing the moves in flight")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, s := range []*http.Server{srv, webSrv} {
		if s != nil {
			_ = s.Shutdown(sctx)
		}
	}
	return d.Close()
}

// envDuration is envOr for a duration; a value that does not parse is left for the flag to refuse.
func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

// envInt is envOr for a number; a value that does not parse is left for the flag to refuse.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
