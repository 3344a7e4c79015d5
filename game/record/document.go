package record

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Format names the game record document, so that readers refuse anything else.
const Format = "carcassonne-maps-bot/record"

// Version is the version of the document this code writes; it reads versions 1 and 2.
const Version = 2

// Document is the record of one game as a file (RECORD.md describes every field): who played which
// map with which rules, every move of the game in order and, from version 2, every step of the
// table (seats, votes, deadlines, AI turns). A complete document (the game is over) also holds
// the deal and the engine's state hash after every move, so that anyone can replay it and check
// every step; the deal's commitment binds the key to the game. A document of a running game holds
// only what every player has seen: no deal, no hashes, no fixed deal of a script.
type Document struct {
	Format     string        `json:"format"`
	Version    int           `json:"version"`
	Game       string        `json:"game"`
	Map        string        `json:"map"`
	Title      string        `json:"title"`
	Players    []string      `json:"players"`
	Options    game.Options  `json:"options"`
	Table      *TableOptions `json:"table,omitempty"`
	Complete   bool          `json:"complete"`
	Commitment string        `json:"commitment,omitempty"`
	Setup      *game.Setup   `json:"setup,omitempty"`
	Moves      []Move        `json:"moves"`
	Final      []Result      `json:"final,omitempty"`
	Steps      []Step        `json:"steps,omitempty"`
}

// TableOptions are what a table chose beyond the rules, so that a game played on from the
// document (bot play --record) sits at the same table: hints, what becomes of a seat whose player
// leaves, the turn deadline and its policy, and which seats an AI played from the start (AI, seat
// by seat in turn order: a level, or "" for a person).
type TableOptions struct {
	Hints    bool          `json:"hints,omitempty"`
	Leaving  ai.Level      `json:"leaving,omitempty"`
	Deadline time.Duration `json:"deadline,omitempty"`
	Policy   string        `json:"policy,omitempty"`
	Missed   int           `json:"missed,omitempty"`
	Unrated  bool          `json:"unrated,omitempty"`
	// NoVacations is vacations:false: the deadlines ran during the players' vacations.
	NoVacations bool `json:"no_vacations,omitempty"`
	// Bank and Increment are the time bank of deadline:bank (ns; 0: a deadline per turn).
	Bank      time.Duration `json:"bank,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	AI        []ai.Level    `json:"ai,omitempty"`
}

// Move is one move of the game.
type Move struct {
	N    int       `json:"n"`
	Turn int       `json:"turn"`
	User string    `json:"user"`
	Move game.Move `json:"move"`
	Hash string    `json:"hash,omitempty"`
}

// Result is a player's final score and place (equal scores share a place; players who resigned
// come last; a league game stopped before its end is placed by its league's rule).
type Result struct {
	Player   string `json:"player"`
	Score    int    `json:"score"`
	Place    int    `json:"place"`
	Resigned bool   `json:"resigned,omitempty"`
}

// Step is one step of the table's record, as the document writes it: numbered from 1, with the
// time it was made when known, and players named, never by their Discord ids.
type Step struct {
	N  int       `json:"n"`
	At time.Time `json:"at,omitzero"`
	table.Step
}

// ErrDiverges reports a document whose moves or steps do not replay to the states it claims.
var ErrDiverges = errors.New("the record diverges")

// ErrNotARecord reports a document that is not a valid game record: not JSON, another format, or
// a record whose parts do not fit together. What is wrong is in the message.
var ErrNotARecord = errors.New("not a valid game record")

// Stored is one step of a table's record as its keeper holds it: the step and when it was made.
type Stored struct {
	Step table.Step
	At   time.Time
}

// Of writes the document of a table from its record (the steps that made it, oldest first; none
// gives a version 2 document without steps): complete once the game is over, else what every
// player has seen.
func Of(t *table.Table, steps []Stored) (Document, error) {
	if t == nil || t.Game == nil {
		return Document{}, errors.New("the game has not started: there is nothing to record yet")
	}
	e := t.Entry()
	d := Document{Format: Format, Version: Version, Game: t.ID, Map: e.ID, Title: e.Title,
		Players: slices.Clone(t.Setup.Players), Options: t.Setup.Options, Table: tableOptions(t),
		Complete: t.Status == table.Finished || t.Status == table.Abandoned}
	if t.Settings.Key != "" {
		d.Commitment = table.DealCommitment(t.ID, t.Settings.Key)
	}
	// The moves are replayed from the deal for their turn numbers (and, once the game is over,
	// their hashes); the deal itself goes into the document only then.
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	if err != nil {
		return Document{}, fmt.Errorf("record of %s: %w", t.ID, err)
	}
	if d.Complete {
		setup := t.Setup
		d.Setup = &setup
	}
	names := namer(t, steps)
	for i, l := range t.Moves {
		m := Move{N: i + 1, Turn: g.Turn, User: names.name(l.User), Move: l.Move}
		if _, err := g.Apply(l.Move); err != nil {
			return Document{}, fmt.Errorf("record of %s: move %d does not replay: %w", t.ID, i+1, err)
		}
		if d.Complete {
			m.Hash = g.Hash()
		}
		d.Moves = append(d.Moves, m)
	}
	if d.Complete {
		if d.Final, err = finalOf(t); err != nil {
			return Document{}, fmt.Errorf("record of %s: %w", t.ID, err)
		}
	}
	for i, s := range steps {
		d.Steps = append(d.Steps, Step{N: i + 1, At: s.At.UTC(), Step: names.step(s.Step, d.Complete)})
	}
	return d, nil
}

// tableOptions are the table's own options for its document.
func tableOptions(t *table.Table) *TableOptions {
	s := t.Settings
	o := &TableOptions{Hints: s.Hints, Leaving: s.Leaving, Deadline: s.Deadline, Policy: s.Policy, Missed: s.MissedLimit, Unrated: s.Unrated,
		NoVacations: s.NoVacations, Bank: s.Bank, Increment: s.Increment}
	for i, u := range t.Seats {
		if level, isAI := table.AILevel(u); isAI && t.LeftBy(i).ID == "" {
			if o.AI == nil {
				o.AI = make([]ai.Level, len(t.Seats))
			}
			o.AI[i] = level
		}
	}
	return o
}

// finalOf ranks the players of a game that is over as its result counts: a league game stopped
// before its end by its league's rule (table.Table.AdjudicatedBy), as its standings count it, any
// other by score (results).
func finalOf(t *table.Table) ([]Result, error) {
	policy := t.AdjudicatedBy()
	if policy == "" {
		return results(t.Game), nil
	}
	places, err := t.AdjudicatedPlaces(policy)
	if err != nil {
		return nil, err
	}
	out := make([]Result, len(t.Game.Players))
	for i, p := range t.Game.Players {
		out[i] = Result{Player: p.Name, Score: p.Score, Place: places[i], Resigned: p.Resigned}
	}
	slices.SortStableFunc(out, func(a, b Result) int { return a.Place - b.Place })
	return out, nil
}

// results ranks the players as the final standings do: by score, equal scores sharing a place,
// players who resigned last.
func results(g *game.Game) []Result {
	out := make([]Result, len(g.Players))
	for i, p := range g.Players {
		out[i] = Result{Player: p.Name, Score: p.Score, Resigned: p.Resigned}
	}
	slices.SortStableFunc(out, func(a, b Result) int {
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
