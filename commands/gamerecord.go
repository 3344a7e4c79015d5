package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// RecordFormat names the game record document, so that readers refuse anything else.
const RecordFormat = "carcassonne-maps-bot/record"

// RecordVersion is the version of the document this code writes and reads.
const RecordVersion = 1

// GameRecord is the documented record of one game: who played which map with which rules, and
// every move in order. A complete record (the game is over) also holds the deal (the setup with
// its revealed key or seed) and the engine's state hash after every move, so that anyone can
// replay it and check every step; the hash of the deal's commitment binds the key to the game.
// A record of a running game holds only what every player has seen: no deal, no hashes (a hash
// would let a player test guesses about face-down chips).
//
// Version 1 fields: format, version, game (the table id), map, title, players (names in seat
// order), options (the rule options), table (the table's own options, RecordTable; records
// written before it was added have none), complete, commitment (SHA-256, see DealCommitment;
// empty for local games), setup (complete records only: game.Setup with the key or seed), moves
// (n from 1, the turn, who, the engine move, and the hash after it in complete records), final
// (the places, complete records only).
type GameRecord struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	Game       string         `json:"game"`
	Map        string         `json:"map"`
	Title      string         `json:"title"`
	Players    []string       `json:"players"`
	Options    game.Options   `json:"options"`
	Table      *RecordTable   `json:"table,omitempty"`
	Complete   bool           `json:"complete"`
	Commitment string         `json:"commitment,omitempty"`
	Setup      *game.Setup    `json:"setup,omitempty"`
	Moves      []RecordMove   `json:"moves"`
	Final      []RecordResult `json:"final,omitempty"`
}

// RecordTable is what a table chose beyond the rules, as a record keeps it so that a game played
// on from the record (bot play --record) sits at the same table: hints, what becomes of a seat
// whose player leaves, the turn deadline and its policy, and which seats an AI played from the
// start (AI, seat by seat: a level, or "" for a person).
type RecordTable struct {
	Hints    bool          `json:"hints,omitempty"`
	Leaving  ai.Level      `json:"leaving,omitempty"`
	Deadline time.Duration `json:"deadline,omitempty"`
	Policy   string        `json:"policy,omitempty"`
	Missed   int           `json:"missed,omitempty"`
	Unrated  bool          `json:"unrated,omitempty"`
	AI       []ai.Level    `json:"ai,omitempty"`
}

// recordTable is the table's own options for its record.
func recordTable(t *Table) *RecordTable {
	s := t.Settings
	rt := &RecordTable{Hints: s.Hints, Leaving: s.Leaving, Deadline: s.Deadline, Policy: s.Policy, Missed: s.MissedLimit, Unrated: s.Unrated}
	for i, u := range t.Seats {
		if level, isAI := AILevel(u); isAI && t.LeftBy(i).ID == "" {
			if rt.AI == nil {
				rt.AI = make([]ai.Level, len(t.Seats))
			}
			rt.AI[i] = level
		}
	}
	return rt
}

// RecordMove is one move of a game record.
type RecordMove struct {
	N    int       `json:"n"`
	Turn int       `json:"turn"`
	User string    `json:"user"`
	Move game.Move `json:"move"`
	Hash string    `json:"hash,omitempty"`
}

// RecordResult is a player's final score and place (equal scores share a place; players who
// resigned come last).
type RecordResult struct {
	Player   string `json:"player"`
	Score    int    `json:"score"`
	Place    int    `json:"place"`
	Resigned bool   `json:"resigned,omitempty"`
}

// ErrRecordDiverges reports a record whose moves do not replay to the states it claims.
var ErrRecordDiverges = errors.New("the record diverges")

// RecordOf writes a table's record: complete once the game is over, else what players may see.
func RecordOf(t *Table) (GameRecord, error) {
	if t == nil || t.Game == nil {
		return GameRecord{}, errors.New("the game has not started: there is nothing to record yet")
	}
	e := t.Entry()
	r := GameRecord{Format: RecordFormat, Version: RecordVersion, Game: t.ID, Map: e.ID, Title: e.Title,
		Players: slices.Clone(t.Setup.Players), Options: t.Setup.Options, Table: recordTable(t), Complete: t.Status == Finished || t.Status == Abandoned}
	if t.Settings.Key != "" {
		r.Commitment = DealCommitment(t.ID, t.Settings.Key)
	}
	// The moves are replayed from the deal for their turn numbers (and, once the game is over,
	// their hashes); the deal itself goes into the record only then.
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	if err != nil {
		return GameRecord{}, fmt.Errorf("record of %s: %w", t.ID, err)
	}
	if r.Complete {
		setup := t.Setup
		r.Setup = &setup
	}
	names := map[string]string{}
	for _, u := range t.Seats {
		names[u.ID] = u.Name
	}
	for i, l := range t.Moves {
		who := l.User
		if name, ok := names[who]; ok {
			who = name // a record names players, never their Discord ids
		}
		m := RecordMove{N: i + 1, Turn: g.Turn, User: who, Move: l.Move}
		if _, err := g.Apply(l.Move); err != nil {
			return GameRecord{}, fmt.Errorf("record of %s: move %d does not replay: %w", t.ID, i+1, err)
		}
		if r.Complete {
			m.Hash = g.Hash()
		}
		r.Moves = append(r.Moves, m)
	}
	if r.Complete {
		r.Final = results(t.Game)
	}
	return r, nil
}

// results ranks the players as the final standings do: by score, equal scores sharing a place,
// players who resigned last.
func results(g *game.Game) []RecordResult {
	out := make([]RecordResult, len(g.Players))
	for i, p := range g.Players {
		out[i] = RecordResult{Player: p.Name, Score: p.Score, Resigned: p.Resigned}
	}
	slices.SortStableFunc(out, func(a, b RecordResult) int {
		if a.Resigned != b.Resigned {
			if a.Resigned {
				return 1
			}
			return -1
		}
		return b.Score - a.Score
	})
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Score == out[i-1].Score && out[i].Resigned == out[i-1].Resigned {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// ErrNotARecord reports a document that is not a valid game record: not JSON, another format, or
// a record whose parts do not fit together. What is wrong is in the message.
var ErrNotARecord = errors.New("not a valid game record")

// ParseRecord reads a game record document, refusing other formats, newer versions and records
// whose parts do not fit together (moves out of order, a complete record without its deal or a
// hash); every refusal wraps ErrNotARecord and says what is wrong.
func ParseRecord(data []byte) (GameRecord, error) {
	var r GameRecord
	if err := json.Unmarshal(data, &r); err != nil {
		var syntax *json.SyntaxError
		var field *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			return GameRecord{}, fmt.Errorf("%w: the document is not JSON (at byte %d: %v)", ErrNotARecord, syntax.Offset, err)
		case errors.As(err, &field):
			return GameRecord{}, fmt.Errorf("%w: %s holds a JSON %s, which a record never has there", ErrNotARecord, game.Echo(field.Field), field.Value)
		}
		return GameRecord{}, fmt.Errorf("%w: %v", ErrNotARecord, err)
	}
	if r.Format != RecordFormat {
		return GameRecord{}, fmt.Errorf("%w: format %q, want %q", ErrNotARecord, game.Echo(r.Format), RecordFormat)
	}
	if r.Version < 1 || r.Version > RecordVersion {
		return GameRecord{}, fmt.Errorf("%w: version %d; this bot reads versions 1 to %d", ErrNotARecord, r.Version, RecordVersion)
	}
	if err := r.check(); err != nil {
		return GameRecord{}, fmt.Errorf("%w: %v", ErrNotARecord, err)
	}
	return r, nil
}

// check sees that the parts of a record fit together: what a replay could not explain.
func (r GameRecord) check() error {
	for i, m := range r.Moves {
		if m.N != i+1 {
			return fmt.Errorf("the move in place %d of the list is numbered %d", i+1, m.N)
		}
		if r.Complete && m.Hash == "" {
			return fmt.Errorf("move %d has no state hash, which every move of a complete record has", m.N)
		}
	}
	if !r.Complete {
		return nil
	}
	if r.Setup == nil {
		return errors.New("it says the game is over but holds no deal (setup)")
	}
	if r.Setup.Map != r.Map {
		return fmt.Errorf("it is of map %q but its deal is of map %q", game.Echo(r.Map), game.Echo(r.Setup.Map))
	}
	if !slices.Equal(r.Setup.Players, r.Players) {
		return fmt.Errorf("its players (%s) are not those of its deal (%s)", game.Echo(strings.Join(r.Players, ", ")), game.Echo(strings.Join(r.Setup.Players, ", ")))
	}
	if r.Table != nil && r.Table.AI != nil && len(r.Table.AI) != len(r.Players) {
		return fmt.Errorf("it names the AI seats of %d seats, for %d players", len(r.Table.AI), len(r.Players))
	}
	return nil
}

// ReplayRecord checks a complete record: the deal's key against the commitment, then every move
// from the deal, each against the hash the record gives after it. It returns the final game, or
// an error (wrapping ErrRecordDiverges when a state differs) that names the move and its turn.
func ReplayRecord(r GameRecord) (*game.Game, error) {
	if !r.Complete || r.Setup == nil {
		return nil, errors.New("this record is of a running game: it has no deal to replay (export it again once the game is over)")
	}
	if r.Commitment != "" && DealCommitment(r.Game, r.Setup.Key) != r.Commitment {
		return nil, fmt.Errorf("%w: the deal's key does not match the commitment %s posted at the start", ErrRecordDiverges, r.Commitment)
	}
	e, err := variants.Lookup(r.Setup.Map)
	if err != nil {
		return nil, err
	}
	g, err := game.NewGame(e.Map, e.Variant, *r.Setup)
	if err != nil {
		return nil, fmt.Errorf("the record's deal: %w", err)
	}
	for _, m := range r.Moves {
		turn := g.Turn
		if m.Turn != turn {
			return nil, fmt.Errorf("%w at move %d (%s): the record puts it in turn %d, but the game is at turn %d then", ErrRecordDiverges, m.N, game.Echo(m.User), m.Turn, turn)
		}
		if _, err := g.Apply(m.Move); err != nil {
			return nil, fmt.Errorf("%w at move %d (turn %d, %s): the move is refused: %v", ErrRecordDiverges, m.N, turn, game.Echo(m.User), err)
		}
		if h := g.Hash(); h != m.Hash {
			return nil, fmt.Errorf("%w at move %d (turn %d, %s): the state's hash is %s, the record says %s", ErrRecordDiverges, m.N, turn, game.Echo(m.User), h, game.Echo(m.Hash))
		}
	}
	if len(r.Final) > 0 {
		got := results(g)
		if !slices.Equal(got, r.Final) {
			return nil, fmt.Errorf("%w: the final scores are %v, the record says %v", ErrRecordDiverges, got, r.Final)
		}
	}
	return g, nil
}

// TableFromRecord opens a complete record as a local table after turn n (0: before the first
// move): the game as it stood then, ready to be played on in the terminal or by a table script,
// for what-if analysis. The record is checked first as ReplayRecord does, so that nobody plays
// on from a game that did not happen. The players are seated under their names, the seats an AI
// played as AI seats of its level, at a table with the record's options (hints, leaving, the
// deadline policy).
func TableFromRecord(r GameRecord, n int) (*Table, error) {
	if !r.Complete || r.Setup == nil {
		return nil, errors.New("this record is of a running game: it has no deal to play from (export it again once the game is over)")
	}
	if _, err := ReplayRecord(r); err != nil {
		return nil, err
	}
	e, err := variants.Lookup(r.Setup.Map)
	if err != nil {
		return nil, err
	}
	if len(r.Players) == 0 {
		return nil, errors.New("the record has no players")
	}
	seats := make([]User, len(r.Players))
	for i, name := range r.Players {
		seats[i] = User{ID: name, Name: name}
		if r.Table != nil && i < len(r.Table.AI) && r.Table.AI[i] != "" {
			seats[i].ID = aiPrefix + string(r.Table.AI[i]) + ":" + strconv.Itoa(i+1)
		}
	}
	settings := Settings{Map: e.ID, Options: r.Setup.Options, Seed: r.Setup.Seed, Generator: r.Setup.Generator, Key: r.Setup.Key}
	if rt := r.Table; rt != nil {
		settings.Hints, settings.Leaving, settings.Deadline, settings.Policy = rt.Hints, rt.Leaving, rt.Deadline, rt.Policy
		settings.MissedLimit, settings.Unrated = rt.Missed, rt.Unrated
	}
	t, err := NewTable("record-"+r.Game, "terminal", seats[0], settings)
	if err != nil {
		return nil, err
	}
	g, err := game.NewGame(e.Map, e.Variant, *r.Setup)
	if err != nil {
		return nil, fmt.Errorf("the record's deal: %w", err)
	}
	t.Seats, t.Setup, t.Game, t.Local, t.Status = seats, *r.Setup, g, true, Playing
	t.Missed = make([]int, len(seats))
	for _, m := range r.Moves {
		if g.Turn > n || g.Over() {
			break
		}
		if _, err := g.Apply(m.Move); err != nil {
			return nil, fmt.Errorf("%w at move %d (turn %d, %s): the move is refused: %v", ErrRecordDiverges, m.N, g.Turn, game.Echo(m.User), err)
		}
		user := m.User
		if seat := slices.Index(r.Players, m.User); seat >= 0 {
			user = seats[seat].ID
		}
		t.Moves = append(t.Moves, Logged{User: user, Move: m.Move})
	}
	if g.Over() {
		t.Status = Finished
	}
	return t, nil
}
