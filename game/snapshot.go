package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
)

// snapshotVersion changes when the snapshot layout does.
const snapshotVersion = 1

// snapshot is the saved form of a game. It keeps the placements in order rather than the feature
// forest: replaying the placements rebuilds every feature exactly, and the saved form does not
// depend on how much path compression queries happened to do.
type snapshot struct {
	Version    int             `json:"v"`
	Setup      Setup           `json:"setup"`
	Opts       Options         `json:"opts"`
	RNG        uint64          `json:"rng"`
	SecureRNG  []byte          `json:"rng_secure,omitempty"`
	Players    []Player        `json:"players"`
	Current    int             `json:"current"`
	Turn       int             `json:"turn"`
	Phase      Phase           `json:"phase"`
	Drawn      *TileID         `json:"drawn,omitempty"`
	Deck       []TileID        `json:"deck"`
	Discarded  []TileID        `json:"discarded,omitempty"`
	Tiles      []snapTile      `json:"tiles"`
	SetupTiles int             `json:"setup_tiles"`
	Meeples    []snapMeeple    `json:"meeples,omitempty"`
	Pieces     []snapMeeple    `json:"pieces,omitempty"`
	Scored     []int           `json:"scored,omitempty"`
	Cloisters  []int           `json:"cloisters_done,omitempty"`
	MapChips   []MapChip       `json:"map_chips,omitempty"`
	ChipsOut   []Chip          `json:"chips_out,omitempty"`
	UnseenOut  int             `json:"chips_out_unseen,omitempty"`
	Log        []ScoreEntry    `json:"log,omitempty"`
	TurnState  snapTurn        `json:"turn_state"`
	Moves      int             `json:"moves"`
	Ext        json.RawMessage `json:"ext,omitempty"`
}

type snapTile struct {
	Square   Square   `json:"s"`
	Tile     TileID   `json:"t,omitzero"`
	Rotation Rotation `json:"r,omitzero"`
	Turn     int      `json:"n,omitzero"`
	Player   int      `json:"p"`
	Printed  bool     `json:"printed,omitempty"`
}

// snapTurn is the turn in progress as snapshots have always kept it.
type snapTurn struct {
	Placed     Square         `json:"placed"`
	Spot       string         `json:"spot,omitempty"`
	Actions    map[string]int `json:"actions,omitempty"`
	Choice     *Choice        `json:"choice,omitempty"`
	Extra      bool           `json:"extra,omitempty"`
	ExtraNext  bool           `json:"extra_next,omitempty"`
	Second     bool           `json:"second,omitempty"`
	SecondOwed bool           `json:"second_next,omitempty"`
}

func snapTurnOf(t Turn) snapTurn {
	return snapTurn{Placed: t.Placed, Spot: t.Spot, Actions: t.Actions, Choice: t.Choice, Extra: t.extra, ExtraNext: t.extraOwed,
		Second: t.second, SecondOwed: t.secondOwed}
}

func (s snapTurn) turn() Turn {
	return Turn{Placed: s.Placed, Spot: s.Spot, Actions: s.Actions, Choice: s.Choice, extra: s.Extra, extraOwed: s.ExtraNext,
		second: s.Second, secondOwed: s.SecondOwed}
}

// snapMeeple is a meeple by the tile and feature it stands on. Its weight is kept as snapshots
// have always kept it, so that their hashes never change: u for a weight of 2, w for any other
// weight above 1, neither for 1.
type snapMeeple struct {
	Player int  `json:"p"`
	Tile   int  `json:"t"`
	Local  int  `json:"f"`
	Double bool `json:"u,omitempty"`
	Weight int  `json:"w,omitempty"`
	// Kind is the big meeple, the builder or the pig; a meeple has none, as snapshots always had.
	Kind PieceKind `json:"k,omitempty"`
}

func snapMeepleOf(m Meeple) snapMeeple {
	s := snapMeeple{Player: m.Player, Tile: int(m.tile), Local: int(m.local), Kind: m.Kind}
	switch m.Weight {
	case 0, 1:
	case 2:
		s.Double = true
	default:
		s.Weight = m.Weight
	}
	return s
}

// weight is the meeple's weight, or an error for a weight no snapshot holds.
func (s snapMeeple) weight() (int, error) {
	switch {
	case s.Double && s.Weight != 0:
		return 0, fmt.Errorf("restore: a meeple has two weights (u and w %d)", s.Weight)
	case s.Double:
		return 2, nil
	case s.Weight == 0:
		return pieceWeight(s.Kind), nil
	case s.Weight < 3:
		return 0, fmt.Errorf("restore: a meeple has the weight w %d: w holds only weights above 2", s.Weight)
	}
	return s.Weight, nil
}

// Snapshot encodes the whole game state, hidden parts included (deck order, face-down chips).
func (g *Game) Snapshot() ([]byte, error) {
	s := snapshot{Version: snapshotVersion, Setup: g.Setup, Opts: g.Opts, RNG: g.RNG.State, Players: g.Players,
		Current: g.Current, Turn: g.Turn, Phase: g.Phase, Deck: g.Deck, Discarded: g.Discarded,
		SetupTiles: g.setupTiles, MapChips: g.MapChips, ChipsOut: g.ChipsOut, UnseenOut: g.unseenOut, Log: g.Log, TurnState: snapTurnOf(g.TurnState), Moves: g.Moves}
	if g.HasDrawn() {
		d := g.Drawn
		s.Drawn = &d
	}
	secure, err := g.RNG.marshalSecure()
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	s.SecureRNG = secure
	for _, t := range g.tiles {
		st := snapTile{Square: t.Square, Player: int(t.Player), Printed: t.Printed}
		if !t.Printed {
			st.Tile, st.Rotation, st.Turn = t.Tile, t.Rotation, int(t.Turn)
		}
		s.Tiles = append(s.Tiles, st)
	}
	for _, m := range g.Meeples {
		s.Meeples = append(s.Meeples, snapMeepleOf(m))
	}
	for _, m := range g.Pieces {
		s.Pieces = append(s.Pieces, snapMeepleOf(m))
	}
	for i := range g.nodes {
		if g.nodes[i].flags&flagScored != 0 && g.find(i) == i {
			s.Scored = append(s.Scored, i)
		}
	}
	for i, c := range g.cloisters {
		if c.done {
			s.Cloisters = append(s.Cloisters, i)
		}
	}
	if g.Ext != nil {
		ext, err := json.Marshal(g.Ext)
		if err != nil {
			return nil, fmt.Errorf("snapshot: variant state: %w", err)
		}
		s.Ext = ext
	}
	return json.Marshal(s)
}

// Hash is the SHA-256 of the snapshot, in hex: two games with the same hash are in the same state.
func (g *Game) Hash() string {
	b, err := g.Snapshot()
	if err != nil {
		return "error: " + err.Error()
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Restore rebuilds a game from a snapshot made by Snapshot, on map m with variant v.
func Restore(m *Map, v Variant, data []byte) (*Game, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	if s.Version != snapshotVersion {
		return nil, fmt.Errorf("restore: snapshot version %d, this engine reads %d", s.Version, snapshotVersion)
	}
	if s.Setup.Map != "" && s.Setup.Map != m.ID {
		return nil, fmt.Errorf("restore: the snapshot is of map %s, not %s", s.Setup.Map, m.ID)
	}
	rng, err := restoreRNG(s.RNG, s.SecureRNG)
	if err != nil {
		return nil, fmt.Errorf("restore: %w", err)
	}
	g := newState(m, v, s.Setup, s.Opts, rng)
	g.reserve(len(s.Tiles) + len(s.Deck) + len(s.Discarded))
	for i, t := range s.Tiles {
		if !m.In(t.Square) {
			return nil, fmt.Errorf("restore: tile %d lies off the map on %s", i, t.Square)
		}
		if _, taken := g.cells.get(t.Square); taken {
			return nil, fmt.Errorf("restore: two tiles on %s", t.Square)
		}
		g.Turn = t.Turn
		if t.Printed {
			cs := m.citySquare(t.Square)
			if cs == nil {
				return nil, fmt.Errorf("restore: %s is not a printed large-city square", t.Square)
			}
			g.put(t.Square, cs.face, -1, true)
		} else {
			if int(t.Tile) >= len(Tiles().Types) || m.Info(t.Square).Kind != Playable {
				return nil, fmt.Errorf("restore: tile %d on %s is not a tile on a playable square", i, t.Square)
			}
			g.put(t.Square, t.Tile.Type().Face(t.Rotation), t.Player, false)
			g.extendFrontier(t.Square)
		}
		if i+1 == s.SetupTiles && s.Opts.LargeCityAnchorBeforeConnection {
			for ci := range m.Cities {
				g.connectCity(ci)
			}
		}
	}
	g.setupTiles = s.SetupTiles
	g.Players, g.Current, g.Turn, g.Phase = s.Players, s.Current, s.Turn, s.Phase
	if len(g.Players) < 2 || g.Current < 0 || g.Current >= len(g.Players) {
		return nil, fmt.Errorf("restore: bad players or current player")
	}
	if s.Drawn != nil {
		g.Drawn = *s.Drawn
	}
	g.Deck, g.Discarded = s.Deck, s.Discarded
	for _, sm := range s.Meeples {
		mp, err := g.restoreMeeple(sm)
		if err != nil {
			return nil, err
		}
		if !mp.Kind.Follower() {
			return nil, fmt.Errorf("restore: a %s is listed with the meeples", mp.Kind)
		}
		g.Meeples = append(g.Meeples, mp)
		g.nodes[g.find(g.meepleNode(&mp))].meeples++
	}
	for _, sm := range s.Pieces {
		mp, err := g.restoreMeeple(sm)
		if err != nil {
			return nil, err
		}
		if mp.Kind.Follower() {
			return nil, fmt.Errorf("restore: a %s is listed with the builders and pigs", mp.Kind)
		}
		g.Pieces = append(g.Pieces, mp)
	}
	for _, r := range s.Scored {
		if r < 0 || r >= len(g.nodes) {
			return nil, fmt.Errorf("restore: scored feature %d does not exist", r)
		}
		g.nodes[g.find(r)].flags |= flagScored
	}
	for _, c := range s.Cloisters {
		if c < 0 || c >= len(g.cloisters) {
			return nil, fmt.Errorf("restore: cloister %d does not exist", c)
		}
		g.cloisters[c].done = true
	}
	g.MapChips, g.ChipsOut, g.TurnState, g.Moves = s.MapChips, s.ChipsOut, s.TurnState.turn(), s.Moves
	if s.UnseenOut < 0 || s.UnseenOut > len(s.ChipsOut) {
		return nil, fmt.Errorf("restore: %d unseen chips out of the game, but only %d are out", s.UnseenOut, len(s.ChipsOut))
	}
	g.unseenOut = s.UnseenOut
	g.Log = slices.Clone(s.Log)
	if g.hooks.state != nil {
		st := g.hooks.state.NewState()
		if len(s.Ext) > 0 {
			if err := json.Unmarshal(s.Ext, st); err != nil {
				return nil, fmt.Errorf("restore: variant state: %w", err)
			}
		}
		g.Ext = st
	}
	g.events = g.events[:0]
	return g, nil
}

// restoreMeeple rebuilds a meeple, big meeple, builder or pig of a snapshot.
func (g *Game) restoreMeeple(sm snapMeeple) (Meeple, error) {
	if sm.Tile < 0 || sm.Tile >= len(g.tiles) || sm.Local < 0 || sm.Local >= len(g.tiles[sm.Tile].face.Features) ||
		sm.Player < 0 || sm.Player >= len(g.Players) {
		return Meeple{}, fmt.Errorf("restore: a meeple stands on no feature")
	}
	if !slices.Contains(offeredKinds, sm.Kind) {
		return Meeple{}, fmt.Errorf("restore: %q is not a kind of piece", sm.Kind)
	}
	w, err := sm.weight()
	if err != nil {
		return Meeple{}, err
	}
	t := &g.tiles[sm.Tile]
	return Meeple{Player: sm.Player, Square: t.Square, Spot: t.face.Spots[sm.Local], Weight: w, Kind: sm.Kind,
		tile: uint16(sm.Tile), local: uint8(sm.Local)}, nil
}

// Replay builds a game from its setup and plays its moves; it fails on the first refused move.
func Replay(m *Map, v Variant, setup Setup, moves []Move) (*Game, error) {
	g, err := NewGame(m, v, setup)
	if err != nil {
		return nil, err
	}
	for i, mv := range moves {
		if err := g.Play(mv); err != nil {
			return nil, fmt.Errorf("replay move %d (%s): %w", i+1, mv.Kind, err)
		}
	}
	return g, nil
}
