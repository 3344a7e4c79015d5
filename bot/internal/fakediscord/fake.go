package fakediscord

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Fake is a fake Discord: one application (whose bot user has the
// application's id, as for real bots), one guild with a #general channel,
// and whatever users, channels and messages the test and the bot add.
//
// The exported fields are set by New and never change; treat them as
// read-only. All methods are safe for concurrent use.
type Fake struct {
	AppID   string   // the application id, which is also the bot user's id
	GuildID string   // the first guild the bot is in (AddGuild adds more)
	Token   string   // the bot token, without the "Bot " prefix
	Bot     *User    // the bot user
	General *Channel // the first guild's #general text channel

	cfg     config
	srv     *httptest.Server
	started time.Time

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change; see sync.go
	closed  bool
	lastID  uint64

	guilds       map[string]*Guild
	guildOrder   []*Guild
	users        map[string]*User
	userOrder    []*User
	channels     map[string]*Channel
	channelOrder []*Channel
	dms          map[string]*Channel        // DM channel by recipient user id
	threadUsers  map[string]map[string]bool // thread id -> member user ids
	commands     map[string][]*command      // "" for global, else guild id

	messages     map[string]*Message      // latest version by message id
	channelMsgs  map[string][]string      // message ids by channel, oldest first
	overwrites   map[string][]Overwrite   // permission overwrites by channel (SetOverwrites)
	interactions map[string]*Interaction  // by interaction id
	tokens       map[string]*Interaction  // by interaction token
	nonces       map[string]string        // message id by the enforced nonce that created it
	nonceOf      map[string]string        // the enforced nonce that created a message, by its id
	holds        map[string]chan struct{} // channels whose new messages wait (HoldPosts)
	holding      map[string]int           // per channel, the new messages waiting there now
	dropping     map[string]int           // per channel, the new messages whose answer is lost (DropAnswers)

	requests []*Request
	problems []Problem
	frames   []GatewayFrame

	conns   map[*gatewayConn]bool // every open websocket
	shards  []*gatewayConn        // the identified connections, oldest first (shards.go)
	connsWG sync.WaitGroup
}

// Option configures a Fake.
type Option func(*config)

type config struct {
	deadline       time.Duration
	tokenLife      time.Duration
	uploadLimit    int
	heartbeat      time.Duration
	appPermissions int64
	shards         int
	maxConcurrency int
	startsLeft     int
}

// WithDeadline sets how long after dispatching an interaction the fake
// accepts its initial callback (Discord: 3 s). Tests of the late path use a
// short deadline so they stay fast.
func WithDeadline(d time.Duration) Option {
	return func(c *config) { c.deadline = d }
}

// TokenLife is how long Discord lets an interaction's token edit its answer and send followups:
// "Interaction tokens are valid for 15 minutes" (Interactions: Receiving and Responding,
// https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages).
const TokenLife = 15 * time.Minute

// WithTokenLife sets how long an interaction's token works after the interaction (Discord:
// TokenLife); a test of the expired path uses a short one.
func WithTokenLife(d time.Duration) Option {
	return func(c *config) { c.tokenLife = d }
}

// UploadLimit is the size of a file a bot may attach in a server without boosts: 10 MiB
// (Reference: Uploading Files, https://discord.com/developers/docs/reference#uploading-files, and
// the attachment_size_limit of every interaction).
const UploadLimit = 10 << 20

// WithUploadLimit sets the largest file the fake takes (Discord: UploadLimit).
func WithUploadLimit(n int) Option {
	return func(c *config) { c.uploadLimit = n }
}

// WithHeartbeatInterval sets the heartbeat_interval the fake announces in
// HELLO (Discord: 41.25 s), in whole milliseconds (at least 1). A short
// interval makes discordgo heartbeat, and the fake ACK, several times during
// a test; keep it well above scheduling delays (100 ms, say), since
// discordgo reconnects, and logs an error, after five intervals without an
// ACK.
func WithHeartbeatInterval(d time.Duration) Option {
	return func(c *config) { c.heartbeat = d }
}

// WithAppPermissions sets the bot's permissions in every guild channel: they
// are sent as app_permissions in interactions and enforced on the REST routes
// that need them (sending messages, attaching files, creating threads).
func WithAppPermissions(p int64) Option {
	return func(c *config) { c.appPermissions = p }
}

// WithRecommendedShards sets the shard count GET /gateway/bot recommends (default 1), and its
// session_start_limit.max_concurrency: how many shards may identify at once (default 1).
func WithRecommendedShards(shards, maxConcurrency int) Option {
	return func(c *config) { c.shards, c.maxConcurrency = shards, maxConcurrency }
}

// WithSessionStartsLeft sets session_start_limit.remaining in GET /gateway/bot (default 1000):
// how many more gateway sessions Discord lets the bot start before the limit resets.
func WithSessionStartsLeft(n int) Option {
	return func(c *config) { c.startsLeft = n }
}

// SetAppPermissions changes the bot's permissions in every guild channel from now on, as an
// admin editing the bot's role mid-game would.
func (f *Fake) SetAppPermissions(p int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cfg.appPermissions = p
}

// DefaultAppPermissions are the bot's permissions unless WithAppPermissions
// says otherwise: what a game bot needs, and nothing administrative.
const DefaultAppPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads |
	discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionCreatePrivateThreads |
	discordgo.PermissionManageThreads |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionAddReactions |
	discordgo.PermissionUseApplicationCommands

// DefaultMemberPermissions are the permissions of users added with AddUser:
// those of @everyone on a typical server, without Manage Channels.
const DefaultMemberPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads |
	discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionAddReactions |
	discordgo.PermissionUseApplicationCommands

// New starts a fake Discord on 127.0.0.1 and registers its shutdown with
// t.Cleanup. Register it before anything that talks to it (Session does this
// for its session) so that cleanup, which runs last-in first-out, stops the
// clients before the fake; a fake that dies first would make discordgo log
// errors and try to reconnect.
//
// When the test ends the fake fails it with every Problem nobody claimed.
// New also installs the discordgo logger that turns discordgo's errors into
// problems (see logger.go).
func New(t testing.TB, opts ...Option) *Fake {
	t.Helper()
	installLogger()
	f := &Fake{
		cfg: config{
			deadline:       discordgo.InteractionDeadline,
			tokenLife:      TokenLife,
			uploadLimit:    UploadLimit,
			heartbeat:      41250 * time.Millisecond,
			appPermissions: DefaultAppPermissions,
			shards:         1,
			maxConcurrency: 1,
			startsLeft:     1000,
		},
		started:      time.Now().UTC(),
		changed:      make(chan struct{}),
		guilds:       map[string]*Guild{},
		users:        map[string]*User{},
		channels:     map[string]*Channel{},
		dms:          map[string]*Channel{},
		threadUsers:  map[string]map[string]bool{},
		commands:     map[string][]*command{},
		messages:     map[string]*Message{},
		channelMsgs:  map[string][]string{},
		interactions: map[string]*Interaction{},
		tokens:       map[string]*Interaction{},
		nonces:       map[string]string{},
		nonceOf:      map[string]string{},
		holds:        map[string]chan struct{}{},
		holding:      map[string]int{},
		dropping:     map[string]int{},
		conns:        map[*gatewayConn]bool{},
		overwrites:   map[string][]Overwrite{},
	}
	for _, o := range opts {
		o(&f.cfg)
	}

	f.mu.Lock()
	f.AppID = f.newIDLocked()
	g := f.addGuildLocked("Carcassonne Test Server", func(string) bool { return true })
	f.GuildID, f.General = g.ID, g.General
	// Real tokens start with the base64 of the bot's id; keep that shape so
	// code that derives the id from the token keeps working.
	f.Token = base64.RawStdEncoding.EncodeToString([]byte(f.AppID)) + ".fake.token"
	// The bot's permissions come from its own role, as the managed role
	// Discord creates when a bot is installed.
	f.Bot = &User{ID: f.AppID, Username: "carcassonne", GlobalName: "Carcassonne", Bot: true,
		Permissions: f.cfg.appPermissions, roleID: f.newIDLocked()}
	f.addUserLocked(f.Bot)
	f.mu.Unlock()

	mux := http.NewServeMux()
	f.routes(mux)
	f.srv = httptest.NewServer(mux)
	logs.subscribe(f)

	t.Cleanup(func() {
		f.Close()
		if err := f.Err(); err != nil {
			t.Errorf("fakediscord: %v", err)
		}
	})
	return f
}

// URL is the fake's base URL, "http://127.0.0.1:PORT".
func (f *Fake) URL() string { return f.srv.URL }

// Close disconnects the gateway and stops the server. It is called by
// t.Cleanup; calling it earlier is allowed and later calls do nothing.
// Waits still blocked return an error once their condition can no longer
// become true.
func (f *Fake) Close() {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return
	}
	f.closed = true
	for _, in := range f.interactions {
		if in.timer != nil {
			in.timer.Stop()
		}
	}
	conns := make([]*gatewayConn, 0, len(f.conns))
	for c := range f.conns {
		conns = append(conns, c)
	}
	f.broadcastLocked()
	f.mu.Unlock()

	logs.unsubscribe(f)
	for _, c := range conns {
		c.ws.Close()
	}
	f.connsWG.Wait()
	f.srv.Close()
}

// newIDLocked returns a fresh snowflake. The ids increase, as Discord's do,
// so ordering by id is ordering by creation.
func (f *Fake) newIDLocked() string {
	f.lastID++
	return strconv.FormatUint(idBase+f.lastID, 10)
}

// idBase is the fake's first snowflake, a 2023 timestamp; ids count up from it.
const idBase = 1300000000000000000

// timestamp formats t as Discord does: ISO 8601 with microseconds and an
// explicit +00:00 offset.
func timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000+00:00")
}
