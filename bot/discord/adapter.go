package discord

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/features"
)

// Config holds what the adapter needs besides its session.
type Config struct {
	// GuildID registers the commands in one guild (instant, for development); empty registers
	// them globally.
	GuildID string
	// Shards is the range of gateway shards this process serves (shards.go); the zero value is
	// one unsharded session.
	Shards Shards
	Logger *slog.Logger
	// Port, when set, is the host's port made of the adapter (NewBot): the adapter wrapped by
	// the monitoring (bot/metrics), which times the answers.
	Port func(bot.Port) bot.Port
}

// Adapter serves a host's games on Discord: it is the host's port (bot.Port) there, and hands
// every interaction to the host.
type Adapter struct {
	cfg  Config
	s    *discordgo.Session
	host *bot.Host
	log  *slog.Logger
	// gateway are the sessions of the shards Start opened, s first; shards is their range.
	gateway []*discordgo.Session
	shards  Shards
	appID   string
	// httpWait is how long an HTTP interaction waits for its first answer (tests shorten it).
	httpWait time.Duration
	// stop is closed by Close: shards still opening stop waiting for their turn.
	stop     chan struct{}
	stopOnce sync.Once
	// now is the host's clock (Serve), which dates the signed requests.
	now func() time.Time
}

// New prepares the adapter on a session (opened by Start, or used for REST only in HTTP mode).
// The host it serves is given by Serve, once the host is made with the adapter as its port.
func New(s *discordgo.Session, cfg Config) *Adapter {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Adapter{cfg: cfg, s: s, log: cfg.Logger, httpWait: firstAnswerWithin, stop: make(chan struct{}), now: time.Now}
}

// Serve makes h the host whose games the adapter serves; the records of the interactions taken
// are forgotten in its timer loop once too old to be delivered again.
func (a *Adapter) Serve(h *bot.Host) {
	a.host, a.now = h, h.Now
	h.OnTick(a.forgetInteractions)
}

// NewBot makes the bot on Discord, not started: a host on cfg, with every feature (package
// features) unless cfg names its own, whose port is an adapter on session s, configured by dcfg
// (which logs to the host's logger unless it names its own).
func NewBot(s *discordgo.Session, cfg bot.Config, dcfg Config) (*Adapter, error) {
	if dcfg.Logger == nil {
		dcfg.Logger = cfg.Logger
	}
	if cfg.Features == nil {
		cfg.Features = features.All()
	}
	a := New(s, dcfg)
	cfg.Port = a
	if dcfg.Port != nil {
		cfg.Port = dcfg.Port(a)
	}
	h, err := bot.New(cfg)
	if err != nil {
		return nil, err
	}
	a.Serve(h)
	return a, nil
}

// Host is the host whose games the adapter serves.
func (a *Adapter) Host() *bot.Host { return a.host }

// Start checks the commands against Discord's limits, loads the host's games, opens the gateway
// (the configured shards), registers the commands and starts the host's timers. A command Discord
// would refuse stops it before anything else happens.
func (a *Adapter) Start() error {
	if err := checkSurface(a.Definitions()); err != nil {
		return err
	}
	if err := a.host.Load(); err != nil {
		return err
	}
	if err := a.openGateway(); err != nil {
		return err
	}
	if err := a.Register(); err != nil {
		return err
	}
	a.host.StartTimers()
	return nil
}

// Register checks the slash commands against Discord's limits and installs them (in one guild
// when configured).
func (a *Adapter) Register() error {
	if a.appID == "" {
		if a.s.State != nil && a.s.State.User != nil {
			a.appID = a.s.State.User.ID
		} else {
			u, err := a.s.User("@me")
			if err != nil {
				return fmt.Errorf("find the application id: %w", err)
			}
			a.appID = u.ID
		}
	}
	defs := a.Definitions()
	if err := checkSurface(defs); err != nil {
		return err
	}
	if _, err := a.s.ApplicationCommandBulkOverwrite(a.appID, a.cfg.GuildID, defs); err != nil {
		a.log.Error("Discord refused the slash commands", refusalAttrs(err)...)
		return fmt.Errorf("register the slash commands: %w", err)
	}
	return nil
}

// Definitions are the slash commands the adapter registers: the host's, as Discord takes them.
func (a *Adapter) Definitions() []*discordgo.ApplicationCommand { return Definitions(a.host.Surface()) }

// checkSurface is CheckSurface as the bot's start reports it.
func checkSurface(defs []*discordgo.ApplicationCommand) error {
	if err := CheckSurface(defs); err != nil {
		return fmt.Errorf("the slash commands break Discord's limits, and Discord would refuse them all:\n%w", err)
	}
	return nil
}

// Close closes the host (it stops taking interactions and lets the ones in flight finish) and
// then the sessions. The caller closes the store afterwards.
func (a *Adapter) Close() error {
	first := false
	a.stopOnce.Do(func() { close(a.stop); first = true })
	if !first {
		return nil
	}
	a.host.Close()
	return a.closeGateway()
}
