package metrics

import (
	"math"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// Instrument makes the bot about to be made (discord.NewBot) report to m: its store, its port,
// its drawing and its AI are wrapped, and the session's REST calls counted. cfg.Store must be
// set; the store as wrapped is returned (its LastTick is the timer loop's).
func (m *Metrics) Instrument(cfg *bot.Config, dcfg *discord.Config, s *discordgo.Session) *Store {
	store := m.Store(cfg.Store)
	cfg.Store = store
	draw := cfg.Draw
	if draw == nil {
		draw = bot.Picture
	}
	cfg.Draw = m.Draw(draw)
	move := cfg.AIMove
	if move == nil {
		move = commands.AIMoveIn
	}
	cfg.AIMove = m.AIMove(move)
	cfg.AIWaited = m.AIWaited
	dcfg.Port = func(p bot.Port) bot.Port { return m.Port(p) }
	if s.Client == nil {
		s.Client = &http.Client{}
	}
	client := *s.Client // the session may share its client: its copy counts
	client.Transport = m.Transport(client.Transport)
	s.Client = &client
	return store
}

// Watch reports what the bot made on Discord holds when scraped: its games and tables in memory,
// its AI queue, the interactions being handled, its gateway's shards (once started says the bot
// has started: its shards are being opened until then), and the announcements still to be said
// (asked of the store).
func (m *Metrics) Watch(d *discord.Adapter, store *Store, started func() bool) {
	h := d.Host()
	stat := func(f func(bot.Stats) int) func() float64 { return func() float64 { return float64(f(h.Stats())) } }
	m.Gauge("games_in_memory", "Running games this process keeps an entry of.", stat(func(s bot.Stats) int { return s.Games }))
	m.Gauge("games_tables_loaded", "Running games whose table is in memory (the others are loaded from their snapshot when used).", stat(func(s bot.Stats) int { return s.Tables }))
	m.Counter("game_cache_hits_total", "Uses of a game whose table was in memory and up to date.",
		func() float64 { return float64(h.Stats().CacheHits) })
	m.Counter("game_loads_total", "Uses of a game whose table was loaded from its snapshot: not in memory (evicted past --max-loaded), or moved on by another process.",
		func() float64 { return float64(h.Stats().CacheLoads) })
	m.Gauge("ai_queue_depth", "AI turns waiting to be played.", stat(func(s bot.Stats) int { return s.AIQueued }))
	m.Gauge("ai_queue_capacity", "AI turns that may wait at once (--ai-queue): past it, a turn waits for the timer loop.", stat(func(s bot.Stats) int { return s.AIQueueSize }))
	m.Gauge("interactions_in_flight", "People's commands and clicks being handled.", stat(func(s bot.Stats) int { return s.Handling }))
	shards := func() (up, n int) {
		if !started() {
			return 0, 0
		}
		return d.GatewayUp()
	}
	m.Gauge("gateway_shards", "Gateway shards this process runs, once started (0 in HTTP-interactions mode).", func() float64 { _, n := shards(); return float64(n) })
	m.Gauge("gateway_shards_up", "Gateway shards connected to Discord.", func() float64 { up, _ := shards(); return float64(up) })
	m.Gauge("announcements_pending", "Committed moves whose announcement is still to be said (the outbox), by any process.", func() float64 {
		left, err := store.Database.Announcements()
		if err != nil {
			store.fail("announcements", err)
			return math.NaN() // unknown, which a rule on it does not take for zero
		}
		return float64(len(left))
	})
}
