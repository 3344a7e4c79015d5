package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Config holds what the host needs: its store and its port, and how it runs.
type Config struct {
	Store storage.Database
	// Port is the chat the host's games are played in (bot/discord's Adapter, local play's
	// terminal).
	Port   Port
	Logger *slog.Logger
	// Now is the clock (tests move it by hand); default time.Now.
	Now func() time.Time
	// TimerEvery is how often due deadlines and reminders are checked; 0 means 30 s, and a
	// negative value starts no timer loop (tests call FireTimers).
	TimerEvery time.Duration
	// Draw draws a reply's picture; nil uses Picture (render/).
	Draw func(t *table.Table, r commands.Reply) ([]byte, error)
	// EndFiles are the attachments of a game's end beside its final board; nil attaches the score
	// chart and the animated GIF of the whole game. They are drawn in language code, the final
	// board's.
	EndFiles func(t *table.Table, code string) []File
	// AIDelay is how long after the previous turn an AI seat plays; 0 means 3 s.
	AIDelay time.Duration
	// Deal draws the secret deal key of each new game; nil draws it from the operating system.
	// Tests that need games to repeat pass FixedDeals.
	Deal func() (string, error)
	// MaxTablesPerUser caps the open tables (lobbies and running games) a person sits at, and
	// MaxTablesPerServer those of one server; league games count for neither (MaxMembers caps a
	// league). 0 means DefaultMaxTablesPerUser and DefaultMaxTablesPerServer; negative, no cap.
	MaxTablesPerUser, MaxTablesPerServer int
	// LobbyExpiry closes a lobby nobody changed for this long; 0 means DefaultLobbyExpiry.
	LobbyExpiry time.Duration
	// AIQueue bounds the AI turns waiting to be played; 0 means DefaultAIQueue. A turn that finds
	// the queue full is not lost: the timer loop offers it again.
	AIQueue int
	// AIWorkers is how many AI turns are played at once; 0 means one per core.
	AIWorkers int
	// AIWaited, when set, is told how long each AI turn waited for a worker, by its AI level
	// (the monitoring's, bot/metrics).
	AIWaited func(level string, waited time.Duration)
	// Acting, when set, is told which interaction acts on a game while it holds the game's lock,
	// and returns what to call when it lets go: the logs name the interaction on every line
	// about the game meanwhile (bot/logattrs).
	Acting func(game, interaction string) (done func())
	// AIMove plays the turn of the AI seat to play, announced in the table's language else in
	// guildLocale (its server's as last known); nil means commands.AIMoveIn (tests make it fail).
	AIMove func(t *table.Table, guildLocale string) commands.Reply
	// MaxLoaded bounds the games whose table is kept in memory (cache.go); 0 means
	// DefaultMaxLoaded. The others are loaded from their snapshot when next used.
	MaxLoaded int
	// Shared says that other bot processes use the same store (PostgreSQL): a game is then
	// checked against the store before each use and reloaded when another process moved it on,
	// and games opened elsewhere are found in the store.
	Shared bool
	// Local makes the host the local table (bot/local: bot play and table scripts), which only
	// Go code can ask for: every command is the terminal's (commands.Input.Local: test maps, the
	// full state), a new game is dealt from its seed (seed:, which a script chooses), never from a
	// secret key, AI seats play when the local table asks (PlayAI), in the order of its lines, and
	// Arrange may fix a lobby's deal.
	Local bool
	// Features are what runs around the games (leagues, vacations, follows, turn DMs), each
	// attached to the host as it is made, in this order.
	Features []Feature
	// TrustedProxies are the host's reverse proxies in front of the web pages: only a request
	// from one of them has its X-Forwarded-For read, to tell clients apart for the rate limit
	// (web.ClientAddress). None by default: the connection's peer is the client.
	TrustedProxies []netip.Prefix
	// WebRate and WebBurst are each web client's rate limit; 0 means web.DefaultRate and
	// web.DefaultBurst (tests that play whole games on the pages from one address raise them).
	WebRate  float64
	WebBurst int
	// WebPlayRate and WebPlayBurst bound each player's moves from the play pages; 0 means the
	// pages' defaults (a move a second, a few at once).
	WebPlayRate  float64
	WebPlayBurst int
	// WebPlayPoll is how often a play page asks whether its game moved on; 0 means
	// web.DefaultPlayPoll.
	WebPlayPoll time.Duration
	// WebGamePoll is how soon an open game page first asks whether its game moved on; 0 means
	// web.DefaultGamePoll.
	WebGamePoll time.Duration
}

// Host runs games: it keeps each game's table, takes its lock for every change, commits the
// change with its announcement, announces it through its port, and does the work of its own that
// keeps games going (deadlines, reminders, AI seats, lobbies that expire). It knows nothing of the
// chat beyond its port.
type Host struct {
	cfg   Config
	port  Port
	store storage.Database
	log   *slog.Logger
	now   func() time.Time
	draw  func(t *table.Table, r commands.Reply) ([]byte, error)

	mu      sync.Mutex
	places  map[string]*gameEntry // channel or thread id -> its open game
	games   map[string]*gameEntry // game id -> game
	opening map[string]bool       // league games being opened (openRound)
	loaded  int                   // entries whose table is in memory (cache.go)
	clock   uint64                // counts uses, for gameEntry.used
	// cacheHits counts the uses of a game whose table in memory was up to date, cacheLoads
	// those that loaded it from its snapshot (cache.go).
	cacheHits, cacheLoads atomic.Uint64

	web atomic.Pointer[web.Server] // the game and league pages, when served (Web); nil otherwise
	// pageMoves are the moves of the play pages by their idempotency key (pagemoves.go).
	pageMoves pageMoves

	order        PlaceOrder     // each channel's announcements in order (outbox.go)
	guildLocales guildLocales   // the servers' locales as stored (readers.go)
	endPosts     sync.WaitGroup // games' ends being drawn and posted after their lock

	inflight      sync.WaitGroup
	handling      atomic.Int64 // interactions being handled: the web pages' drawing waits for them
	aiWG          sync.WaitGroup
	ai            *aiQueue
	seats         seatReservations
	closing       atomic.Bool
	timersRunning atomic.Bool
	stop          chan struct{}
	loopDone      chan struct{}
	// aside are the places of the games set aside (aside.go).
	aside asides
	// routes are the commands the host answers (routes.go), hooks what its features asked it to
	// call (feature.go).
	routes routes
	hooks  hooks
}

// gameEntry is one game in memory. mu serialises everything done to it: two clicks on one game
// never interleave, and reads (autocomplete) never see a half-applied move.
type gameEntry struct {
	mu     sync.Mutex
	id     string
	place  string
	guild  string
	league bool // a league's game, which the caps on open tables leave out
	table  *table.Table
	seq    uint64
	timers []storage.Timer
	used   uint64 // when last used (Host.clock) while its table is loaded; 0 once evicted
	hold   string // why the bot does no work of its own on the game (hold); empty when it does
	// posts is what the game's turn messages leave for the next; pending are the postings started
	// while the lock is held, which its holder waits for once it lets it go (outbox.go).
	posts   postState
	pending []*posting
	// unsaid is the move whose announcement commit stored and nobody cleared yet (outbox.go), 0
	// for none; answering says that the player's answer, not the post, clears it.
	unsaid    uint64
	answering bool
	// lastActor and lastAt are who made the move at log position lastSeq, and when: the
	// game's last move while lastSeq is seq (this process committed it), which lets a refused
	// command that cannot be that move's retry skip the stored log (madeAlready).
	lastActor string
	lastAt    time.Time
	lastSeq   uint64
	// players are the people seated and still playing, kept for counting open tables under b.mu
	// (which must not wait for a game's lock); track updates them.
	players []string
	// acting is the interaction whose action holds the lock, nil for the bot's own work: the
	// log lines of what it does (its posts) name it.
	acting *Interaction
}

// New prepares a host on its store and port. Load brings its games into memory and StartTimers
// runs its timer loop.
func New(cfg Config) (*Host, error) {
	if cfg.Store == nil {
		return nil, errors.New("bot: no store")
	}
	if cfg.Port == nil {
		return nil, errors.New("bot: no port")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.TimerEvery == 0 {
		cfg.TimerEvery = 30 * time.Second
	}
	if cfg.Deal == nil {
		cfg.Deal = secretDeal
	}
	if cfg.AIDelay == 0 {
		cfg.AIDelay = defaultAIDelay
	}
	if cfg.MaxTablesPerUser == 0 {
		cfg.MaxTablesPerUser = DefaultMaxTablesPerUser
	}
	if cfg.MaxTablesPerServer == 0 {
		cfg.MaxTablesPerServer = DefaultMaxTablesPerServer
	}
	if cfg.LobbyExpiry <= 0 {
		cfg.LobbyExpiry = DefaultLobbyExpiry
	}
	if cfg.AIQueue <= 0 {
		cfg.AIQueue = DefaultAIQueue
	}
	if cfg.AIWorkers <= 0 {
		cfg.AIWorkers = runtime.NumCPU()
	}
	if cfg.MaxLoaded <= 0 {
		cfg.MaxLoaded = DefaultMaxLoaded
	}
	if cfg.AIMove == nil {
		cfg.AIMove = commands.AIMoveIn
	}
	b := &Host{cfg: cfg, port: cfg.Port, store: cfg.Store, log: cfg.Logger, now: cfg.Now, draw: cfg.Draw,
		ai: newAIQueue(cfg.AIQueue), seats: newSeatReservations(),
		places: map[string]*gameEntry{}, games: map[string]*gameEntry{}, opening: map[string]bool{}, stop: make(chan struct{}), loopDone: make(chan struct{})}
	if b.draw == nil {
		b.draw = Picture
	}
	if b.cfg.EndFiles == nil {
		b.cfg.EndFiles = b.endFiles
	}
	b.declareCommands()
	for _, f := range cfg.Features {
		if err := f.Attach(b); err != nil {
			return nil, fmt.Errorf("bot: attach a feature: %w", err)
		}
	}
	b.startAIWorkers()
	return b, nil
}

// Load brings every active game of the store into memory from its snapshot (no replay of its
// steps; a game with its maps' words replays its engine moves, table.Load), then
// announces the moves a stopped process left unannounced (outbox.go).
func (b *Host) Load() error {
	recs, err := b.store.ActiveGames()
	if err != nil {
		return fmt.Errorf("load games: %w", err)
	}
	aside, local := 0, 0
	for _, rec := range recs {
		if rec.Aside != nil {
			b.setAside(rec, rec.Aside.Reason)
			aside++
			continue
		}
		if terminalGame(rec) != b.cfg.Local {
			// A game of the terminal (bot play keeps them in the same database) is played there:
			// no chat hears of it, no timer or AI turn runs it here; the local table leaves the
			// chat's games alone in turn.
			local++
			continue
		}
		snap, err := b.store.Snapshot(rec.ID)
		if err != nil && !errors.Is(err, storage.ErrCorrupt) {
			return fmt.Errorf("load game %s: %w", rec.ID, err)
		}
		var t *table.Table
		if err == nil {
			t, err = b.loadStored(rec, snap)
		}
		if err != nil {
			// One game that cannot be carried on never stops the bot: it is set aside, untouched.
			why := "it does not load: " + err.Error()
			if err := b.store.SetAside(rec.ID, why); err != nil {
				return fmt.Errorf("set game %s aside: %w", rec.ID, err)
			}
			b.setAside(rec, why)
			aside++
			continue
		}
		e := &gameEntry{id: rec.ID, place: rec.Place(), guild: rec.Guild, league: rec.League != "", table: t, seq: snap.Seq, hold: rec.Hold}
		if e.timers, err = b.store.Timers(rec.ID); err != nil {
			return fmt.Errorf("load game %s: %w", rec.ID, err)
		}
		if rec.League != "" && t.League == nil {
			b.markLeagueGame(e, rec)
		}
		e.mu.Lock()
		b.remember(e)
		b.track(e, e.table.People())
		b.keepLobbyExpiry(e) // a lobby opened before lobbies expired
		b.settle(e, false)   // an AI turn pending when the bot stopped, or a table left to AIs
		b.touch(e)           // past MaxLoaded, the least recently used wait on their snapshot
		b.release(e)
	}
	b.log.Info("games loaded", "count", len(recs)-aside-local, "set_aside", aside, "terminal", local)
	// A move the previous run (or, on PostgreSQL, a process that is gone) committed and never
	// announced is announced now, before anything new happens in its channel.
	if n := b.sayUnannounced(b.now()); n > 0 {
		b.log.Info("announced the moves a stopped process left unannounced", "count", n)
	}
	return nil
}

// Close stops taking requests, lets the ones in flight finish and stops the timers and the AI
// seats. The caller closes the port and then the store.
func (b *Host) Close() {
	if b.closing.Swap(true) {
		return
	}
	close(b.stop)
	b.inflight.Wait()
	b.aiWG.Wait()
	b.endPosts.Wait()
	if b.timersRunning.Load() {
		<-b.loopDone
	}
}

// Games counts the games in memory.
func (b *Host) Games() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.games)
}
