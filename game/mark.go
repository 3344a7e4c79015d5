package game

// MarkKind is what a variant asks the board picture to draw for a piece of its state.
type MarkKind string

// Kinds of marks.
const (
	// MarkTile is a land tile lying face up off the map's play (a Benelux island stack's top tile):
	// Tile and Rotation, with Count tiles under it when Count > 0.
	MarkTile MarkKind = "tile"
	// MarkTileBacks is a pile of Count face-down tiles (an island stack whose top is not shown).
	MarkTileBacks MarkKind = "tile_backs"
	// MarkChip is a chip: face up with its colour and value, or a back (FaceUp false; Chip.Color
	// set only where the rules make the colour public).
	MarkChip MarkKind = "chip"
	// MarkMeeples is Count meeples of Player waiting off the board (the Isle of Man).
	MarkMeeples MarkKind = "meeples"
	// MarkMeepleChip is a chip lying under the meeple of Player on Square at Spot (a Taiwan
	// upgrade).
	MarkMeepleChip MarkKind = "meeple_chip"
	// MarkLabel is a short text: a place's name (Text), or a message (Words).
	MarkLabel MarkKind = "label"
)

// Mark is one thing a variant wants drawn. It stands on a square of the map (Square), in a named
// off-grid area of the map (Area, a game.Area id), or, with neither, in Player's row of the side
// panel. A mark in an area or the panel must set Square to NoSquare: the zero Square is A1. Only
// the fields its kind needs are set.
type Mark struct {
	Kind   MarkKind `json:"kind"`
	Square Square   `json:"square"`
	Area   string   `json:"area,omitempty"`
	// Player is the seat the mark belongs to, or -1.
	Player   int      `json:"player"`
	Tile     TileID   `json:"tile,omitzero"`
	Rotation Rotation `json:"rotation,omitzero"`
	Chip     Chip     `json:"chip,omitzero"`
	FaceUp   bool     `json:"face_up,omitempty"`
	Count    int      `json:"count,omitempty"`
	Spot     string   `json:"spot,omitempty"`
	Text     string   `json:"text,omitempty"`
	// Words are a label's message, which a picture writes in its reader's language.
	Words Words `json:"words,omitzero"`
}

// Marker is implemented by variants whose state shows on the board beyond the engine's own pieces
// (tiles, meeples, map chips, hands). full says whether hidden parts may be included; a variant
// must leave them out otherwise: the marks of the redacted view are what every player sees.
type Marker interface {
	Marks(g *Game, full bool) []Mark
}
