package game

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Phase is the step of the turn the game waits in.
type Phase string

// Phases of a turn.
const (
	// PhaseSource: the current player chooses where the tile comes from (a variant's choice).
	PhaseSource Phase = "source"
	// PhasePlace: the current player places the drawn tile.
	PhasePlace Phase = "place"
	// PhaseMeeple: the tile lies; the player may act (chip actions) and places a meeple or none.
	PhaseMeeple Phase = "meeple"
	// PhaseFinish: the meeple step is over and the turn is not scored yet; the variant lets the
	// player act on their meeples (a Taiwan upgrade), and a pass ends the turn.
	PhaseFinish Phase = "finish"
	// PhaseDecide: the turn is scored; the variant offers a last choice (an extra turn).
	PhaseDecide Phase = "decide"
	// PhaseOver: the game has ended and final scoring is done.
	PhaseOver Phase = "over"
)

// Player is a seat at the table.
type Player struct {
	Name     string `json:"name"`
	Score    int    `json:"score"`
	Meeples  int    `json:"meeples"`
	Chips    []Chip `json:"chips"`
	Resigned bool   `json:"resigned,omitempty"`
	// Big, Builder and Pig are the expansions' pieces in supply, Goods the goods tokens held
	// (with their rules on: R3.1.4, R3.2).
	Big     int   `json:"big,omitempty"`
	Builder int   `json:"builder,omitempty"`
	Pig     int   `json:"pig,omitempty"`
	Goods   Goods `json:"goods,omitzero"`
}

// StartTile fixes the initial tile of one start square (table scripts' !starts).
type StartTile struct {
	Start    string   `json:"start"`
	Tile     TileID   `json:"tile"`
	Rotation Rotation `json:"rotation"`
}

// Setup is everything a game is built from; with the move log it replays the game exactly.
type Setup struct {
	Map     string   `json:"map"`
	Players []string `json:"players"`
	Seed    uint64   `json:"seed"`
	// Generator and Key choose a secret deal (see GeneratorChaCha8); without them Seed seeds PCG.
	Generator string  `json:"generator,omitempty"`
	Key       string  `json:"key,omitempty"`
	Options   Options `json:"options"`
	// Starts fixes the used start squares and their tiles (test and replay only).
	Starts []StartTile `json:"starts,omitempty"`
	// DeckTop are the next face-down tiles in this order; the rest stay shuffled.
	DeckTop []TileID `json:"deck_top,omitempty"`
	// Stack replaces the whole face-down stack, top first.
	Stack []TileID `json:"stack,omitempty"`
	// Chips replaces the map's chip layout.
	Chips []MapChip `json:"chips,omitempty"`
	// Fixed fixes hidden parts of a map's own setup, by the names of its MapRules.Fixes.
	Fixed map[string]string `json:"fixed,omitempty"`
}

// Turn is the state of the turn in progress.
type Turn struct {
	// Placed is the square of the tile placed this turn, or NoSquare.
	Placed Square
	// Spot is the meeple placed this turn ("" for none yet, "none" after declining).
	Spot string
	// Actions counts the variant actions taken this turn, by name.
	Actions map[string]int
	// Choice is the forced choice the player must make before the turn goes on, or nil.
	Choice *Choice
	// extra marks an extra turn: one that GrantExtraTurn owed, played by the player of the turn
	// before it instead of the next seat (ExtraTurn).
	extra bool
	// extraOwed is set by GrantExtraTurn: this turn's player plays an extra turn after it.
	extraOwed bool
	// second marks a builder's second tile; secondOwed, a tile that extended the player's
	// builder, so that a second tile follows it (R3.2.3).
	second, secondOwed bool
}

// Choice is a decision the rules force on the current player before the turn goes on (Great
// Britain's set when several are possible, Iberia's treat square). While it is open only actions
// named Action are legal.
type Choice struct {
	Action string `json:"action"`
	// Prompt says what to choose, completing "First ...": "choose where your orange treat goes".
	// It is Words in English, which Require writes (a map gives only the Words).
	Prompt string `json:"prompt"`
	// Words are the prompt's message for the catalogues. They stay out of the snapshot, as a
	// score entry's do.
	Words Words `json:"-"`
	// Default settles the choice for a player who cannot be asked (a missed deadline, the
	// autopilot); when it is not legal, the first legal action is taken instead.
	Default Action `json:"default"`
}

// Game is the whole state of one game. Methods that change it either succeed or leave it unchanged.
type Game struct {
	Map     *Map
	Variant Variant
	Setup   Setup
	Opts    Options
	RNG     RNG
	Players []Player
	Current int
	// Turn counts turns from 1; Phase says what the current player must do.
	Turn  int
	Phase Phase
	// Drawn is the tile to place in PhasePlace (and the tile placed, until the next draw).
	Drawn TileID
	// Deck is the face-down stack; the top is the last element.
	Deck      []TileID
	Discarded []TileID
	Meeples   []Meeple
	// Pieces are the builders and pigs on the map: pieces that are not followers (R3.2).
	Pieces    []Meeple
	MapChips  []MapChip
	ChipsOut  []Chip
	Log       []ScoreEntry
	TurnState Turn
	// Ext is the variant's own state.
	Ext VariantState
	// Moves counts the moves applied since setup.
	Moves int

	tiles       []placedTile
	nodes       []node
	cloisters   []cloisterRec
	frontier    []frontierSq
	cells       sqTable
	fpos        sqTable
	connected   uint64
	islandsOpen uint64
	events      []Event
	// searchCopy is set on a search's copies (Determinize), which keep the players' scores but
	// neither the score log nor the events: a search reads neither, and writing them was half of
	// what its playouts allocated.
	searchCopy bool
	// revealed is set while a move turns over something hidden (see Revealed).
	revealed bool
	// setupTiles is how many of tiles were laid in setup (printed squares and initial tiles).
	setupTiles int
	// finalScoring is true while the end-of-game scoring runs.
	finalScoring bool
	// hooks are the variant's hooks, resolved once (see Variant) and shared by clones.
	hooks *hooks
	// unseenOut is how many chips at the head of ChipsOut left the game in setup unseen (the
	// chips a map does not lay); the rest of ChipsOut was seen when it left.
	unseenOut int
}

// NewGame builds a game on map m with variant v (nil: the plain game) from a setup. All
// randomness comes from the setup's seed.
func NewGame(m *Map, v Variant, s Setup) (*Game, error) {
	if n := len(s.Players); n < 2 || n > 6 {
		return nil, fmt.Errorf("a game needs 2 to 6 players, not %d", n)
	}
	seen := map[string]bool{}
	for _, p := range s.Players {
		if strings.TrimSpace(p) == "" || seen[p] {
			return nil, fmt.Errorf("player names must be distinct and not empty")
		}
		seen[p] = true
	}
	opts := s.Options
	if opts.Pool == "" {
		opts.Pool = PoolCount
	}
	if opts.FerryModel == "" {
		opts.FerryModel = FerryLanding
	}
	if opts.Pool == PoolCount && opts.TileCount == 0 {
		opts.TileCount = m.DefaultTiles
	}
	if opts.Meeples == 0 {
		opts.Meeples = m.Meeples
	}
	s.Map = m.ID
	rng, err := setupRNG(s)
	if err != nil {
		return nil, err
	}
	g := newState(m, v, s, opts, rng)
	for _, name := range s.Players {
		p := Player{Name: name, Meeples: opts.Meeples}
		if opts.IC() {
			p.Big = 1
		}
		if opts.TB() {
			p.Builder, p.Pig = 1, 1
		}
		g.Players = append(g.Players, p)
	}
	if opts.RandomOrder {
		g.RNG.Shuffle(len(g.Players), func(i, j int) { g.Players[i], g.Players[j] = g.Players[j], g.Players[i] })
	}
	pool, err := tilePool(opts, &g.RNG)
	if err != nil {
		return nil, err
	}
	g.reserve(len(pool))
	g.RNG.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, c := range m.Cities {
		for _, cs := range c.Squares {
			g.put(cs.Square, cs.face, -1, true)
		}
	}
	if pool, err = g.placeStarts(pool); err != nil {
		return nil, err
	}
	if opts.LargeCityAnchorBeforeConnection {
		for ci := range m.Cities {
			g.connectCity(ci)
		}
	}
	if g.Deck, err = stackDeck(pool, s); err != nil {
		return nil, err
	}
	g.setupTiles = len(g.tiles)
	g.Turn = 0
	g.events = g.events[:0]
	if s.Chips != nil {
		if err := g.layChips(s.Chips); err != nil {
			return nil, err
		}
	}
	if err := g.prepareVariant(); err != nil {
		return nil, fmt.Errorf("set up %s: %w", m.Title, err)
	}
	// Chips the setup put out of the game were never shown: a determinization re-deals them.
	g.unseenOut = len(g.ChipsOut)
	// The first draw's events (tiles that fit nowhere) stay in LastEvents for the start message.
	g.events = g.events[:0]
	g.beginTurn(false)
	return g, nil
}

// newState is an empty game on map m: the setup, the options and the generator, no tiles yet.
func newState(m *Map, v Variant, s Setup, opts Options, rng RNG) *Game {
	g := &Game{Map: m, Variant: v, Setup: s, Opts: opts, RNG: rng, hooks: resolveHooks(v)}
	g.events = make([]Event, 0, 16)
	g.Log = make([]ScoreEntry, 0, 32)
	return g
}

// reserve sizes the tile and feature lists for a game of n land tiles: most tiles hold 3 to 6
// features, a printed large-city square up to 9.
func (g *Game) reserve(n int) {
	printed := 0
	for _, c := range g.Map.Cities {
		printed += len(c.Squares)
	}
	g.tiles = make([]placedTile, 0, n+printed)
	g.nodes = make([]node, 0, 5*n+9*printed)
}

// placeStarts lays the start tile and the random initial tiles on the used start squares (R1.3.2).
func (g *Game) placeStarts(pool []TileID) ([]TileID, error) {
	m := g.Map
	start := Tiles().Start.Index
	take := func(t TileID) bool {
		if i := slices.Index(pool, t); i >= 0 {
			pool = slices.Delete(pool, i, i+1)
			return true
		}
		return false
	}
	if len(g.Setup.Starts) > 0 {
		for _, st := range g.Setup.Starts {
			sq, err := g.startSquare(st.Start)
			if err != nil {
				return nil, err
			}
			if !take(st.Tile) {
				return nil, fmt.Errorf("start %s: no tile %s is left in the pool", st.Start, st.Tile)
			}
			face := st.Tile.Type().Face(st.Rotation)
			if !g.Map.Info(sq).Need.Allows(face) {
				return nil, fmt.Errorf("start %s: %s at %s° does not fit the printed edges of %s", st.Start, st.Tile, st.Rotation, sq)
			}
			g.lay(sq, face)
		}
		return pool, nil
	}
	if m.Open || len(m.Starts) == 0 {
		if !take(start) {
			return nil, fmt.Errorf("the pool has no start tile")
		}
		g.lay(m.Centre(), start.Type().Face(0))
		return pool, nil
	}
	used := make([]int, len(m.Starts))
	for i := range used {
		used[i] = i
	}
	g.RNG.Shuffle(len(used), func(i, j int) { used[i], used[j] = used[j], used[i] })
	used = used[:m.StartsUsed]
	slices.Sort(used)
	withStart := used[g.RNG.Intn(len(used))]
	take(start)
	for _, si := range used {
		sq := m.Starts[si].Square
		t := start
		if si != withStart {
			t, pool = pool[len(pool)-1], pool[:len(pool)-1]
		}
		var fits []Rotation
		for _, r := range t.Type().Distinct {
			if m.Info(sq).Need.Allows(t.Type().Face(r)) {
				fits = append(fits, r)
			}
		}
		if len(fits) == 0 {
			return nil, fmt.Errorf("start square %s: tile %s fits none of its printed edges", m.Starts[si].Name, t)
		}
		g.lay(sq, t.Type().Face(fits[g.RNG.Intn(len(fits))]))
	}
	return pool, nil
}

func (g *Game) startSquare(name string) (Square, error) {
	if i, ok := g.Map.StartByName(name); ok {
		return g.Map.Starts[i].Square, nil
	}
	// A square name works on every map, so test setups can start anywhere.
	if sq, err := ParseSquare(name); err == nil && g.Map.Info(sq).Kind == Playable {
		return sq, nil
	}
	var names []string
	for _, s := range g.Map.Starts {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return NoSquare, fmt.Errorf("%q is not a square of this map", Echo(name))
	}
	return NoSquare, fmt.Errorf("%q is not a start square of this map: use %s", Echo(name), strings.Join(names, ", "))
}

// lay places an initial tile: no meeple, no chip, no score.
func (g *Game) lay(sq Square, face *Face) {
	g.put(sq, face, -1, false)
	g.extendFrontier(sq)
}

// stackDeck builds the face-down stack: the shuffled pool, or the setup's exact stack, with the
// setup's next tiles on top.
func stackDeck(pool []TileID, s Setup) ([]TileID, error) {
	deck := pool
	if s.Stack != nil {
		deck = make([]TileID, len(s.Stack))
		for i, t := range s.Stack {
			deck[len(deck)-1-i] = t
		}
		return deck, nil
	}
	for i := len(s.DeckTop) - 1; i >= 0; i-- {
		t := s.DeckTop[i]
		j := slices.Index(deck, t)
		if j < 0 {
			return nil, fmt.Errorf("the stack has no tile %s left for the deck order", t)
		}
		deck = append(slices.Delete(deck, j, j+1), t)
	}
	return deck, nil
}

// DealTiles takes n face-down tiles from the bottom of the stack for a variant's setup (Benelux's
// island stacks), so that the tiles a table script put on top stay on top. It takes fewer when
// the stack is shorter.
func (g *Game) DealTiles(n int) []TileID {
	n = min(n, len(g.Deck))
	out := slices.Clone(g.Deck[:n])
	g.Deck = slices.Delete(g.Deck, 0, n)
	return out
}

// Clone returns an independent copy of the game. Maps, tiles and the variant are shared: they never
// change after loading.
func (g *Game) Clone() *Game { return g.CloneInto(new(Game)) }

// CloneInto is Clone made in dst's memory: dst, a game that is no longer needed and that nothing
// else refers to (made by Clone or CloneInto), is overwritten with a copy of g and returned.
// Searches copy thousands of positions a move; reusing the copies spares the allocator and the
// garbage collector most of that work.
func (g *Game) CloneInto(dst *Game) *Game {
	players, deck, discarded, meeples, pieces := dst.Players, dst.Deck, dst.Discarded, dst.Meeples, dst.Pieces
	mapChips, chipsOut := dst.MapChips, dst.ChipsOut
	tiles, nodes, cloisters, frontier, events := dst.tiles, dst.nodes, dst.cloisters, dst.frontier, dst.events
	ext := dst.Ext
	// The players' chips are copied into the hands dst held, which copying the players over
	// would lose: a search copies a game tens of thousands of times a decision.
	var hands [6][]Chip
	for i := range min(len(players), len(hands)) {
		hands[i] = players[i].Chips
	}
	*dst = *g
	dst.Players = CopyOver(players, g.Players)
	for i := range dst.Players {
		var hand []Chip
		if i < len(hands) {
			hand = hands[i]
		}
		dst.Players[i].Chips = CopyOver(hand, g.Players[i].Chips)
	}
	dst.Deck = CopyOver(deck, g.Deck)
	dst.Discarded = CopyOver(discarded, g.Discarded)
	dst.Meeples = CopyOver(meeples, g.Meeples)
	dst.Pieces = CopyOver(pieces, g.Pieces)
	dst.MapChips = CopyOver(mapChips, g.MapChips)
	dst.ChipsOut = CopyOver(chipsOut, g.ChipsOut)
	// The log is only ever appended to, so a copy shares it: capped at its length, the first
	// entry either side adds copies it.
	dst.Log = g.Log[:len(g.Log):len(g.Log)]
	dst.TurnState.Actions = maps.Clone(g.TurnState.Actions)
	dst.tiles = CopyOver(tiles, g.tiles)
	dst.nodes = CopyOver(nodes, g.nodes)
	dst.cloisters = CopyOver(cloisters, g.cloisters)
	dst.frontier = CopyOver(frontier, g.frontier)
	dst.events = events[:0]
	if c, ok := g.Ext.(StateCopier); ok && ext != nil {
		dst.Ext = c.CloneInto(ext)
	} else if g.Ext != nil {
		dst.Ext = g.Ext.Clone()
	}
	return dst
}

// CopyOver is slices.Clone(src) made in buf's memory when it has some: nil stays nil and empty
// stays empty, so that a copy's snapshot is its original's byte for byte. A variant state's
// CloneInto copies its slices with it.
func CopyOver[S ~[]E, E any](buf, src S) S {
	if buf == nil || src == nil {
		return slices.Clone(src)
	}
	return append(buf[:0], src...)
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// TilesLeft is the number of face-down tiles still to draw.
func (g *Game) TilesLeft() int { return len(g.Deck) }

// Placed lists the tiles on the map in the order they were laid (printed squares excluded).
func (g *Game) Placed() []PlacedTile {
	out := make([]PlacedTile, 0, len(g.tiles))
	for _, t := range g.tiles {
		if t.Printed {
			continue
		}
		out = append(out, PlacedTile{Square: t.Square, Tile: t.Tile, Rotation: t.Rotation, Turn: int(t.Turn), Player: int(t.Player)})
	}
	return out
}

// PlacedTile is a land tile on the map.
type PlacedTile struct {
	Square   Square
	Tile     TileID
	Rotation Rotation
	Turn     int
	// Player placed it, or -1 for an initial tile.
	Player int
}

// TileOn returns the land tile on square s.
func (g *Game) TileOn(s Square) (PlacedTile, bool) {
	t, ok := g.tileAt(s)
	if !ok || t.Printed {
		return PlacedTile{}, false
	}
	return PlacedTile{Square: t.Square, Tile: t.Tile, Rotation: t.Rotation, Turn: int(t.Turn), Player: int(t.Player)}, true
}

// IslandOpen reports whether island i is reached by a ferry.
func (g *Game) IslandOpen(i int) bool { return g.islandsOpen&(1<<i) != 0 }

// Face returns the tile face on a square (a printed large-city square included).
func (g *Game) Face(s Square) (*Face, bool) {
	t, ok := g.tileAt(s)
	if !ok {
		return nil, false
	}
	return t.face, true
}
