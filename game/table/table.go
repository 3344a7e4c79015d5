package table

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// Status is where a table is in its life.
type Status string

// Table statuses.
const (
	Lobby     Status = "lobby"
	Playing   Status = "playing"
	Finished  Status = "finished"
	Abandoned Status = "abandoned"
)

// Deadline policies: what happens when a player lets the turn deadline pass.
const (
	PolicySkip = "skip"
	PolicyAuto = "auto"
)

// DefaultDeadline is the default time a player has for a turn.
const DefaultDeadline = 48 * time.Hour

// MaxSeats is how many players a table seats.
const MaxSeats = 6

// User is a person at the table, or an AI seat: a Discord user, or a name in local play.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Settings are a table's choices, fixed when the game starts.
type Settings struct {
	Map     string       `json:"map"`
	Options game.Options `json:"options"`
	// Deadline is the time a player has for a turn; Policy what happens when it passes.
	Deadline time.Duration `json:"deadline"`
	Policy   string        `json:"policy"`
	// MissedLimit is how many missed turns let the table remove a player.
	MissedLimit int    `json:"missed_limit"`
	Seed        uint64 `json:"seed"`
	SeedSet     bool   `json:"seed_set"`
	// Generator and Key are the secret deal of a game on Discord (game.Setup): never shown to
	// players while the game runs.
	Generator string `json:"generator,omitempty"`
	Key       string `json:"key,omitempty"`
	Thread    bool   `json:"thread"`
	// Hints lets the player to move ask for the turn the normal AI would play (/turn hint).
	Hints bool `json:"hints,omitempty"`
	// Leaving is what becomes of the seat of a player who resigns or is removed: dropped (""), or
	// played on by an AI of this level.
	Leaving ai.Level `json:"leaving,omitempty"`
	// Unrated is rated:false: the game counts for nobody's rating (a league game never is).
	Unrated bool `json:"unrated,omitempty"`
	// NoVacations is vacations:false: the turn deadlines run while a player is on vacation (a
	// tournament's rule); by default a player's vacation stops their deadlines at the table.
	NoVacations bool `json:"no_vacations,omitempty"`
	// Bank is the time bank each player starts with (deadline:bank), Increment what each turn
	// adds to it: the deadline of a turn is then its player's bank, not Deadline. 0: no bank.
	Bank      time.Duration `json:"bank,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	// Language is the code of the language the table's channel messages are written in (a code of
	// lang.Codes, never translated text); "" follows the server's locale.
	Language string `json:"language,omitempty"`
}

// WithDefaults fills the settings a table left open with the map's and the bot's defaults, so that
// a table's record holds every value it plays by (a default changed later never changes it).
func (s Settings) WithDefaults() (Settings, error) {
	e, err := game.LookupMap(s.Map)
	if err != nil {
		return s, err
	}
	s.Map = e.ID
	if s.Options.Pool == "" {
		s.Options.Pool = game.PoolCount
	}
	if s.Options.FerryModel == "" {
		s.Options.FerryModel = game.FerryLanding
	}
	if s.Options.TileCount == 0 && s.Options.Pool == game.PoolCount {
		s.Options.TileCount = e.Map.DefaultTiles
	}
	if s.Deadline == 0 {
		s.Deadline = DefaultDeadline
	}
	if s.Policy == "" {
		s.Policy = PolicySkip
	}
	if s.MissedLimit == 0 {
		s.MissedLimit = 3
	}
	return s, nil
}

// Logged is one accepted move with who made it.
type Logged struct {
	User string    `json:"user"`
	Move game.Move `json:"move"`
}

// Table is one game from its lobby to its end. Its fields are the state its record's events
// build (Apply); nothing else changes them.
type Table struct {
	ID       string   `json:"id"`
	Channel  string   `json:"channel"`
	Creator  User     `json:"creator"`
	Seats    []User   `json:"seats"`
	Status   Status   `json:"status"`
	Settings Settings `json:"settings"`
	// Setup is fixed at start (with the local overrides of table scripts).
	Setup game.Setup `json:"setup"`
	Moves []Logged   `json:"moves"`
	// Missed counts each seat's missed deadlines.
	Missed []int `json:"missed,omitempty"`
	// Banks are the seats' time banks at the start of their next turn (deadline:bank); each
	// turn's end sets its seat's (a clock event).
	Banks []time.Duration `json:"banks,omitempty"`
	// Left holds, per seat, the player who left a seat that an AI then played on (leaving:ai); the
	// zero User for every other seat. They are rated last, as if they had resigned.
	Left []User `json:"left,omitempty"`
	// Undo is a pending request to take back the last turn.
	Undo *UndoRequest `json:"undo,omitempty"`
	// Kick is an open vote to remove a player who missed too many turns.
	Kick *KickVote `json:"kick,omitempty"`
	// League marks a game of a league (nil for a friendly): who administers it, how it is
	// adjudicated.
	League *LeagueGame `json:"league,omitempty"`
	// Adjudicated is the league's rule that placed the players of a game ended at its round's
	// deadline (an adjudicate event); "" for a game played to its end or abandoned.
	Adjudicated league.Policy `json:"adjudicated,omitempty"`
	// Game is the running game (rebuilt from Setup and Moves when loaded).
	Game *game.Game `json:"-"`
	// Local marks local play (terminal, scripts): ! directives and the full state are allowed.
	Local bool `json:"-"`
	// overrides are the parts of the deal a local table script fixed before the start.
	overrides game.Setup
}

// Entry is the table's map and rules.
func (t *Table) Entry() game.MapRules {
	e, _ := game.LookupMap(t.Settings.Map)
	return e
}

// Overrides are the parts of the deal a local table script fixed (its setup events).
func (t *Table) Overrides() game.Setup { return t.overrides }

// Seat returns the seat index of a user, or -1.
func (t *Table) Seat(userID string) int {
	return slices.IndexFunc(t.Seats, func(u User) bool { return u.ID == userID })
}

// People are the ids of the people who still play at an open table (a lobby or a running game), in
// seat order: not its AI seats, nor, once it runs, those who resigned. An ended table has none.
func (t *Table) People() []string {
	if t.Status != Lobby && t.Status != Playing {
		return nil
	}
	var ids []string
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); isAI || t.Status == Playing && t.Game.Players[i].Resigned {
			continue
		}
		ids = append(ids, u.ID)
	}
	return ids
}

// SeatName is the name a seat plays under (unique at the table).
func (t *Table) SeatName(i int) string { return t.Seats[i].Name }

// TurnTime is the time the player to move had when the turn began: their bank (deadline:bank) or
// the table's deadline.
func (t *Table) TurnTime() time.Duration {
	if t.Settings.Bank > 0 && t.Game != nil && t.Game.Current < len(t.Banks) {
		return t.Banks[t.Game.Current]
	}
	return t.Settings.Deadline
}

// Current is the user whose turn it is, while playing.
func (t *Table) Current() (User, bool) {
	if t.Status != Playing || t.Game == nil {
		return User{}, false
	}
	return t.Seats[t.Game.Current], true
}

// FindSeat finds a seat by user id, name or mention (<@id>); -1 when none matches.
func (t *Table) FindSeat(who string) int {
	w := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(who), "<@"), "!"), ">")
	for i, u := range t.Seats {
		if u.ID == w || strings.EqualFold(u.Name, w) {
			return i
		}
	}
	return -1
}

// UniqueName is the name a newcomer called name sits under: player names stay distinct, so a
// second "Sam" plays as "Sam 2".
func (t *Table) UniqueName(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = "player"
	}
	taken := func(n string) bool {
		return slices.ContainsFunc(t.Seats, func(u User) bool { return strings.EqualFold(u.Name, n) })
	}
	if !taken(name) {
		return name
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s %d", name, i); !taken(n) {
			return n
		}
	}
}

// Rebuild replays the setup and the move log: how undo takes back moves.
func (t *Table) Rebuild() error {
	if t.Status == Lobby {
		return nil
	}
	e, err := game.LookupMap(t.Setup.Map)
	if err != nil {
		return err
	}
	moves := make([]game.Move, len(t.Moves))
	for i, m := range t.Moves {
		moves[i] = m.Move
	}
	g, err := game.Replay(e.Map, e.Variant, t.Setup, moves)
	if err != nil {
		return fmt.Errorf("rebuild table %s: %w", t.ID, err)
	}
	t.Game = g
	return nil
}

// Clone copies the table, so that a change can be tried on the copy and kept only if it works.
func (t *Table) Clone() *Table {
	c := *t
	c.Seats = slices.Clone(t.Seats)
	c.Settings.Options.Variant = maps.Clone(t.Settings.Options.Variant)
	// The log is only appended to: capping the capacity makes the clone's appends copy it, so the
	// two tables share it without copying it on every command.
	c.Moves = t.Moves[:len(t.Moves):len(t.Moves)]
	c.Missed = slices.Clone(t.Missed)
	c.Banks = slices.Clone(t.Banks)
	c.Left = slices.Clone(t.Left)
	if t.Undo != nil {
		u := *t.Undo
		u.Approvals = slices.Clone(t.Undo.Approvals)
		c.Undo = &u
	}
	if t.Kick != nil {
		k := *t.Kick
		k.Approvals = slices.Clone(t.Kick.Approvals)
		c.Kick = &k
	}
	if t.Game != nil {
		c.Game = t.Game.Clone()
	}
	return &c
}
