package commands

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// State is the table as JSON (!state, bot export). Its keys are a contract that table scripts
// (!expect state) and other programs read: never renamed; new ones may come.
type State struct {
	Map       string        `json:"map"`
	Status    table.Status  `json:"status"`
	Turn      int           `json:"turn"`
	Current   string        `json:"current"`
	Phase     string        `json:"phase"`
	Drawn     string        `json:"drawn"`
	TilesLeft int           `json:"tiles_left"`
	Players   []PlayerState `json:"players"`
	Board     []TileState   `json:"board"`
	Meeples   []MeepleState `json:"meeples"`
	// Pieces are the builders and pigs on the map (Traders & Builders).
	Pieces   []MeepleState `json:"pieces,omitempty"`
	MapChips []ChipState   `json:"map_chips"`
	Log      []LogState    `json:"log"`
	// Extras beyond the design's keys.
	ID   string `json:"id"`
	Full bool   `json:"full"`
	// Viewer is the player whose view this is (StateAs), or empty.
	Viewer    string         `json:"viewer,omitempty"`
	Moves     int            `json:"moves"`
	Spots     []string       `json:"spots,omitempty"`
	Discarded []string       `json:"discarded,omitempty"`
	ChipsOut  int            `json:"chips_out"`
	Settings  table.Settings `json:"settings"`
	Seats     []table.User   `json:"seats"`
	Choice    *game.Choice   `json:"choice,omitempty"`
	Marks     []game.Mark    `json:"marks,omitempty"`
	Deck      []string       `json:"deck,omitempty"`
	Seed      *uint64        `json:"seed,omitempty"`
	Setup     *game.Setup    `json:"setup,omitempty"`
	// Variant is the map's own public state (Game.View's Extra): its keys are written at the top
	// level of the JSON next to the keys above (Great Britain's isle_of_man, France's wines).
	Variant map[string]any `json:"-"`
}

// MarshalJSON writes the state with the map's own keys at the top level; a map key never
// replaces one of the state's own.
func (s State) MarshalJSON() ([]byte, error) {
	type plain State
	b, err := json.Marshal(plain(s))
	if err != nil || len(s.Variant) == 0 {
		return b, err
	}
	out := b[:len(b)-1]
	for _, k := range slices.Sorted(maps.Keys(s.Variant)) {
		if stateKeys[k] {
			continue
		}
		key, _ := json.Marshal(k)
		val, err := json.Marshal(s.Variant[k])
		if err != nil {
			return nil, err
		}
		out = append(append(append(append(out, ','), key...), ':'), val...)
	}
	return append(out, '}'), nil
}

// stateKeys are the JSON keys of State itself, which a map's keys never replace.
var stateKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[State]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}()

// PlayerState is a player's score, meeples in supply and face-up chips.
type PlayerState struct {
	Name     string      `json:"name"`
	Score    int         `json:"score"`
	Meeples  int         `json:"meeples"`
	Chips    []game.Chip `json:"chips"`
	Resigned bool        `json:"resigned,omitempty"`
	// Big, Builder and Pig are the expansions' pieces in supply and Goods the goods tokens held,
	// with their rules on.
	Big     int            `json:"big,omitempty"`
	Builder int            `json:"builder,omitempty"`
	Pig     int            `json:"pig,omitempty"`
	Goods   map[string]int `json:"goods,omitempty"`
}

// TileState is a tile on the map.
type TileState struct {
	Square   string `json:"square"`
	Tile     string `json:"tile"`
	Rotation int    `json:"rotation"`
}

// MeepleState is a meeple on the map.
type MeepleState struct {
	Player   string `json:"player"`
	Square   string `json:"square"`
	Spot     string `json:"spot"`
	Upgraded bool   `json:"upgraded"`
	// Kind is big, builder or pig; empty for a meeple.
	Kind string `json:"kind,omitempty"`
}

// ChipState is a chip on the map: colour and value only when face up (or in the full view).
type ChipState struct {
	Square string `json:"square"`
	Color  string `json:"color,omitempty"`
	Value  int    `json:"value,omitempty"`
	Face   string `json:"face"`
}

// LogState is one score change.
type LogState struct {
	Turn   int    `json:"turn"`
	Player string `json:"player"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
	Final  bool   `json:"final"`
	Kind   string `json:"kind"`
}

// StateAs is the state as the player named (or mentioned) sees it: everything public, and what
// the rules show that player alone. No map has such a thing yet (chips in hand lie face up, and a
// drawn tile is shown to the table), so it is the redacted state with its viewer named.
func StateAs(t *table.Table, name string) (State, error) {
	seat := t.FindSeat(name)
	if seat < 0 {
		return State{}, fmt.Errorf("%s is not at this table: the players are %s", game.Echo(name), seatList(lang.For(lang.English).Plain(), t))
	}
	s := StateOf(t, false)
	s.Viewer = t.Seats[seat].Name
	return s, nil
}

// StateOf builds the table's state from the game's view: redacted unless full (local play and
// admins only), so nothing hidden can reach players through it.
func StateOf(t *table.Table, full bool) State {
	s := State{Map: t.Settings.Map, Status: t.Status, ID: t.ID, Full: full, Settings: t.Settings, Seats: t.Seats,
		Players: []PlayerState{}, Board: []TileState{}, Meeples: []MeepleState{}, MapChips: []ChipState{}, Log: []LogState{}}
	if !full {
		s.Settings.Seed, s.Settings.SeedSet, s.Settings.Key = 0, false, ""
	}
	if t.Game == nil {
		for _, u := range t.Seats {
			s.Players = append(s.Players, PlayerState{Name: u.Name, Chips: []game.Chip{}})
		}
		return s
	}
	v := t.Game.View(full)
	s.Turn, s.Phase, s.TilesLeft, s.Moves, s.ChipsOut = v.Turn, string(v.Phase), v.TilesLeft, len(t.Moves), v.ChipsOut
	if t.Status == table.Playing {
		s.Current = t.Seats[v.Current].Name
	}
	if v.Drawn != nil {
		s.Drawn = v.Drawn.String()
	}
	name := func(p int) string { return t.Seats[p].Name }
	for i, p := range v.Players {
		chips := p.Chips
		if chips == nil {
			chips = []game.Chip{}
		}
		ps := PlayerState{Name: name(i), Score: p.Score, Meeples: p.Meeples, Chips: chips, Resigned: p.Resigned, Big: p.Big, Builder: p.Builder, Pig: p.Pig}
		if t.Game.Opts.TB() {
			ps.Goods = map[string]int{}
			for k, n := range p.Goods {
				ps.Goods[game.GoodNames[k]] = n
			}
		}
		s.Players = append(s.Players, ps)
	}
	for _, b := range v.Board {
		s.Board = append(s.Board, TileState{Square: b.Square.String(), Tile: b.Tile.String(), Rotation: b.Rotation.Degrees()})
	}
	for _, m := range v.Meeples {
		s.Meeples = append(s.Meeples, MeepleState{Player: name(m.Player), Square: m.Square.String(), Spot: m.Spot, Upgraded: m.Weighed(), Kind: string(m.Kind)})
	}
	for _, m := range v.Pieces {
		s.Pieces = append(s.Pieces, MeepleState{Player: name(m.Player), Square: m.Square.String(), Spot: m.Spot, Kind: string(m.Kind)})
	}
	for _, c := range v.MapChips {
		cs := ChipState{Square: c.Square.String(), Face: "down"}
		if c.FaceUp {
			cs.Face = "up"
		}
		switch {
		case c.FaceUp || full:
			cs.Color, cs.Value = c.Color, c.Value
		default:
			// A face-down chip's colour, where the map makes it public; never its value.
			cs.Color = t.Game.PublicChipColor(c.Square)
		}
		s.MapChips = append(s.MapChips, cs)
	}
	for _, e := range v.Log {
		s.Log = append(s.Log, LogState{Turn: e.Turn, Player: name(e.Player), Points: e.Points, Reason: e.Reason(), Final: e.Final, Kind: e.Kind})
	}
	s.Spots = v.Spots
	for _, d := range v.Discarded {
		s.Discarded = append(s.Discarded, d.String())
	}
	s.Variant, s.Marks = v.Extra, v.Marks
	s.Choice = t.Game.TurnState.Choice
	if full {
		for _, d := range v.Deck {
			s.Deck = append(s.Deck, d.String())
		}
		seed := t.Setup.Seed
		s.Seed = &seed
		setup := t.Setup
		s.Setup = &setup
	}
	return s
}

// PublicState is the redacted state of a table's snapshot, as players may see it.
func PublicState(snapshot []byte) ([]byte, error) {
	t, err := table.Load(snapshot)
	if err != nil {
		return nil, err
	}
	return json.Marshal(StateOf(t, false))
}
