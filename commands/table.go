package commands

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
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
	// Hints lets the player to move ask for the turn the normal AI would play (/carc hint).
	Hints bool `json:"hints,omitempty"`
	// Leaving is what becomes of the seat of a player who resigns or is removed: dropped (""), or
	// played on by an AI of this level.
	Leaving ai.Level `json:"leaving,omitempty"`
	// Unrated is rated:false: the game counts for nobody's rating (a league game never is).
	Unrated bool `json:"unrated,omitempty"`
}

// Logged is one accepted move with who made it.
type Logged struct {
	User string    `json:"user"`
	Move game.Move `json:"move"`
}

// Table is one game from its lobby to its end.
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
	// Left holds, per seat, the player who left a seat that an AI then played on (leaving:ai); the
	// zero User for every other seat. They are rated last, as if they had resigned.
	Left []User `json:"left,omitempty"`
	// Undo is a pending request to take back the last turn.
	Undo *UndoRequest `json:"undo,omitempty"`
	// Kick is an open vote to remove a player who missed too many turns.
	Kick *KickVote `json:"kick,omitempty"`
	// League marks a game of a league (nil for a friendly): who administers it, how it is
	// adjudicated (authority.go).
	League *LeagueGame `json:"league,omitempty"`
	// Game is the running game (rebuilt from Setup and Moves when loaded).
	Game *game.Game `json:"-"`
	// Local marks local play (terminal, scripts): ! directives and the full state are allowed.
	Local bool `json:"-"`
	// overrides gathered from ! directives before the start
	overrides game.Setup
}

// NewTable opens a lobby: the creator takes the first seat.
func NewTable(id, channel string, creator User, s Settings) (*Table, error) {
	e, err := variants.Lookup(s.Map)
	if err != nil {
		return nil, err
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
	return &Table{ID: id, Channel: channel, Creator: creator, Seats: []User{creator}, Status: Lobby, Settings: s}, nil
}

// Entry is the table's map and rules.
func (t *Table) Entry() variants.Entry {
	e, _ := variants.Lookup(t.Settings.Map)
	return e
}

// Seat returns the seat index of a user, or -1.
func (t *Table) Seat(userID string) int {
	return slices.IndexFunc(t.Seats, func(u User) bool { return u.ID == userID })
}

// SeatName is the name a seat plays under (unique at the table).
func (t *Table) SeatName(i int) string { return t.Seats[i].Name }

// Current is the user whose turn it is, while playing.
func (t *Table) Current() (User, bool) {
	if t.Status != Playing || t.Game == nil {
		return User{}, false
	}
	return t.Seats[t.Game.Current], true
}

func (t *Table) join(u User) error {
	if t.Status != Lobby {
		return fmt.Errorf("the game has started: players can no longer join")
	}
	if t.Seat(u.ID) >= 0 {
		return fmt.Errorf("you are already at this table (%d of 6 seats taken)", len(t.Seats))
	}
	if len(t.Seats) >= 6 {
		return fmt.Errorf("the table is full: 6 players at most")
	}
	u.Name = t.uniqueName(u.Name)
	t.Seats = append(t.Seats, u)
	return nil
}

// uniqueName keeps player names distinct: a second "Sam" plays as "Sam 2".
func (t *Table) uniqueName(name string) string {
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

func (t *Table) leave(u User) error {
	i := t.Seat(u.ID)
	if i < 0 {
		return fmt.Errorf("you are not at this table")
	}
	if t.Status != Lobby {
		return fmt.Errorf("the game has started: use /carc resign to leave it")
	}
	if u.ID == t.Creator.ID && len(t.Seats) > 1 {
		t.Creator = t.Seats[1]
	}
	t.Seats = slices.Delete(t.Seats, i, i+1)
	return nil
}

// start builds the game from the settings and the seats.
func (t *Table) start() error {
	e := t.Entry()
	names := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		names[i] = u.Name
	}
	setup := t.overrides
	setup.Map, setup.Players, setup.Options = e.ID, names, t.Settings.Options
	setup.Seed, setup.Generator, setup.Key = t.Settings.Seed, t.Settings.Generator, t.Settings.Key
	g, err := game.NewGame(e.Map, e.Variant, setup)
	if err != nil {
		return err
	}
	if t.Settings.Options.RandomOrder {
		// The engine shuffled the seats; follow it.
		seats := make([]User, len(g.Players))
		for i, p := range g.Players {
			seats[i] = t.Seats[slices.IndexFunc(t.Seats, func(u User) bool { return u.Name == p.Name })]
		}
		t.Seats = seats
	}
	t.Setup = g.Setup
	t.Game = g
	t.Status = Playing
	t.Missed = make([]int, len(t.Seats))
	if g.Over() {
		t.Status = Finished
	}
	return nil
}

// Rebuild replays the setup and the move log: how a stored table comes back to life, and how undo
// takes back moves.
func (t *Table) Rebuild() error {
	if t.Status == Lobby {
		return nil
	}
	e, err := variants.Lookup(t.Setup.Map)
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

// clone copies the table so that a command can be tried on the copy and kept only if it works.
func (t *Table) clone() *Table {
	c := *t
	c.Seats = slices.Clone(t.Seats)
	// The log is only appended to: capping the capacity makes the clone's appends copy it, so the
	// two tables share it without copying it on every command.
	c.Moves = t.Moves[:len(t.Moves):len(t.Moves)]
	c.Missed = slices.Clone(t.Missed)
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

// play applies moves that are not a player's turn command (a resignation, a skip, a deadline's
// move) to the table's game in order and logs them. It changes the table as it goes: callers run
// it on a clone and keep the clone only when it succeeds, which makes it all or nothing.
func (t *Table) play(user string, moves ...game.Move) ([]game.Event, error) {
	var events []game.Event
	for _, m := range moves {
		ev, err := t.Game.Apply(m)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
		t.Moves = append(t.Moves, Logged{User: user, Move: m})
	}
	t.Undo = nil
	if t.Game.Over() {
		t.Status = Finished
	}
	return events, nil
}
