package game

// View is the game as it may be shown. The redacted view (full=false) is what players see: no
// face-down chip values or colours and no order of the face-down stack. The full view adds them,
// for local play and admins. Everything Discord-facing is built from the redacted view.
type View struct {
	Map       *Map         `json:"-"`
	Full      bool         `json:"full"`
	Over      bool         `json:"over"`
	Turn      int          `json:"turn"`
	Current   int          `json:"current"`
	Phase     Phase        `json:"phase"`
	Drawn     *TileID      `json:"drawn,omitempty"`
	TilesLeft int          `json:"tiles_left"`
	Players   []Player     `json:"players"`
	Board     []PlacedTile `json:"board"`
	Meeples   []Meeple     `json:"meeples"`
	// Pieces are the builders and pigs on the map (Traders & Builders).
	Pieces    []Meeple     `json:"pieces,omitempty"`
	MapChips  []MapChip    `json:"map_chips"`
	ChipsOut  int          `json:"chips_out"`
	Log       []ScoreEntry `json:"log"`
	Discarded []TileID     `json:"discarded,omitempty"`
	// Last is the square of the last tile placed, or NoSquare.
	Last Square `json:"last"`
	// Spots are the legal meeple spots of the tile just placed, in marker order.
	Spots []string `json:"spots,omitempty"`
	// Choice is what the current player must choose first, completing "must first ...", or "".
	Choice string `json:"choice,omitempty"`
	// Extra is the variant's public state (Isle of Man, island stacks ...), for the state JSON.
	Extra map[string]any `json:"extra,omitempty"`
	// Marks are the variant's pieces to draw (island stacks, meeples on the Isle of Man, upgrade
	// chips), redacted like the rest of the view.
	Marks []Mark `json:"marks,omitempty"`
	// Deck is the face-down stack, top first: full view only.
	Deck []TileID `json:"deck,omitempty"`
}

// Viewer is implemented by variants whose state shows on the board. full says whether hidden
// parts may be included; a variant must leave them out otherwise.
type Viewer interface {
	View(g *Game, full bool) map[string]any
}

// ChipColorShower is implemented by variants whose face-down chips show their colour to everyone
// (Great Britain lays each colour on the chip squares printed in it): the value stays hidden.
type ChipColorShower interface {
	// PublicChipColor is the colour everyone sees of the face-down chip on sq, or "".
	PublicChipColor(g *Game, sq Square) string
}

// PublicChipColor is the colour everyone sees of the face-down chip on sq: "" unless the variant
// shows it (ChipColorShower).
func (g *Game) PublicChipColor(sq Square) string {
	if g.hooks.colors != nil {
		return g.hooks.colors.PublicChipColor(g, sq)
	}
	return ""
}

// View builds the game's view; see View for what full means.
func (g *Game) View(full bool) *View {
	v := &View{Map: g.Map, Full: full, Over: g.Phase == PhaseOver, Turn: g.Turn, Current: g.Current, Phase: g.Phase,
		TilesLeft: len(g.Deck), Board: g.Placed(), Meeples: append([]Meeple(nil), g.Meeples...),
		Pieces:   append([]Meeple(nil), g.Pieces...),
		ChipsOut: len(g.ChipsOut), Log: append([]ScoreEntry(nil), g.Log...), Last: NoSquare,
		Discarded: append([]TileID(nil), g.Discarded...)}
	if g.HasDrawn() {
		d := g.Drawn
		v.Drawn = &d
	}
	v.Players = make([]Player, len(g.Players))
	for i, p := range g.Players {
		p.Chips = append([]Chip(nil), p.Chips...)
		v.Players[i] = p
	}
	for _, c := range g.MapChips {
		if !c.FaceUp && !full {
			c.Chip = Chip{}
		}
		v.MapChips = append(v.MapChips, c)
	}
	for i := len(g.tiles) - 1; i >= 0; i-- {
		if t := g.tiles[i]; !t.Printed && i >= g.setupTiles {
			v.Last = t.Square
			break
		}
	}
	v.Spots = g.MeepleSpots()
	if c := g.TurnState.Choice; c != nil {
		v.Choice = c.Prompt
	}
	if g.hooks.viewer != nil {
		v.Extra = g.hooks.viewer.View(g, full)
	}
	if g.hooks.marker != nil {
		v.Marks = g.hooks.marker.Marks(g, full)
	}
	if full {
		for i := len(g.Deck) - 1; i >= 0; i-- {
			v.Deck = append(v.Deck, g.Deck[i])
		}
	}
	return v
}
