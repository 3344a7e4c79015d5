package game

// EventKind names what happened.
type EventKind string

// Events a move can cause.
const (
	EventTurnStarted    EventKind = "turn_started"
	EventTilePlaced     EventKind = "tile_placed"
	EventTileDiscarded  EventKind = "tile_discarded"
	EventTileReturned   EventKind = "tile_returned"
	EventCityConnected  EventKind = "city_connected"
	EventIslandOpened   EventKind = "island_opened"
	EventMeeplePlaced   EventKind = "meeple_placed"
	EventMeepleReturned EventKind = "meeple_returned"
	// EventGoodsTaken: Player took Points tokens of the good Text, completing a city (R3.2.2).
	EventGoodsTaken EventKind = "goods_taken"
	// EventSecondTile: the tile extended Player's builder; a second tile follows (R3.2.3).
	EventSecondTile EventKind = "builder_second_tile"
	EventCompleted  EventKind = "feature_completed"
	EventScored     EventKind = "scored"
	EventVariant    EventKind = "variant"
	EventResigned   EventKind = "resigned"
	EventGameOver   EventKind = "game_over"
)

// Event is one thing a move caused, in order. Only the fields its kind needs are set.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player int       `json:"player"`
	Square Square    `json:"square"`
	// To is the far corner of a completed feature's squares (Square is the near one).
	To       Square   `json:"to"`
	Tile     TileID   `json:"tile"`
	Rotation Rotation `json:"rotation"`
	Spot     string   `json:"spot,omitempty"`
	// Piece is the kind of piece placed or returned (a meeple when empty).
	Piece  PieceKind `json:"piece,omitempty"`
	Points int       `json:"points,omitempty"`
	// Log is the index in Game.Log of the score change (EventScored), or -1.
	Log int `json:"log"`
	// Text is a name (a city, an island) or a variant's sentence.
	Text string `json:"text,omitempty"`
	// Words are a variant's sentence for the catalogues (Text is their English, which Note
	// writes).
	Words Words `json:"words,omitzero"`
	// Part tells a completed feature apart from another of its kind on its first tile
	// (ScoreEntry.Part); never stored.
	Part string `json:"-"`
}

func (g *Game) emit(e Event) {
	if g.searchCopy {
		return
	}
	if e.Kind != EventScored {
		e.Log = -1
	}
	g.events = append(g.events, e)
}

// Tells reports whether the game keeps what it tells people: a search's copies (Determinize)
// keep no events, score reasons or labels, so a map writes those texts only when it tells. A
// playout of a chip map would otherwise spend a tenth of its time writing sentences nobody reads.
func (g *Game) Tells() bool { return !g.searchCopy }

// Note records a variant's event for the current player: its message w, and in Text its English
// ("bob sold orange wine (orange 2) abroad.").
func (g *Game) Note(square Square, w Words) {
	if g.searchCopy {
		return
	}
	g.emit(Event{Kind: EventVariant, Player: g.Current, Square: square, Text: w.English(), Words: w})
}
