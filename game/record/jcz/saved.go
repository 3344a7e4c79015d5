package jcz

// AppVersion is the JCloisterZone version whose saved-game format this package writes: the oldest
// the client still loads (its SAVED_GAME_COMPATIBILITY), and the version of its engine tests.
const AppVersion = "5.7.0"

// SavedGame is a JCloisterZone saved game.
type SavedGame struct {
	AppVersion      string          `json:"appVersion"`
	GameID          string          `json:"gameId"`
	Name            string          `json:"name"`
	InitialRandom   float64         `json:"initialRandom"`
	Created         string          `json:"created,omitempty"`
	Clock           int             `json:"clock"`
	Setup           Setup           `json:"setup"`
	Players         []Player        `json:"players"`
	Replay          []Message       `json:"replay"`
	GameAnnotations GameAnnotations `json:"gameAnnotations"`
}

// Setup is the table: tile sets, figures and rules, and the start tile.
type Setup struct {
	Sets     map[string]int `json:"sets"`
	Elements map[string]any `json:"elements"`
	Rules    map[string]any `json:"rules"`
	Timer    any            `json:"timer"`
	Start    []StartTile    `json:"start"`
}

// StartTile is a tile on the table before the first turn.
type StartTile struct {
	Tile     string `json:"tile"`
	X        int    `json:"x"`
	Y        int    `json:"y"`
	Rotation int    `json:"rotation"`
}

// Player is a seat; the order of Players is the turn order.
type Player struct {
	Name string `json:"name"`
	Slot int    `json:"slot"`
}

// Message is one step of the replay: its type, its payload, the seat that sent it, and the
// client's clock in milliseconds (0: this record keeps no clock).
type Message struct {
	Type    string `json:"type"`
	Payload any    `json:"payload"`
	Player  int    `json:"player"`
	Clock   int    `json:"clock"`
}

// GameAnnotations carries the forced draw order.
type GameAnnotations struct {
	DrawOrder []string `json:"drawOrder"`
}

// PlaceTile is the payload of PLACE_TILE.
type PlaceTile struct {
	TileID   string `json:"tileId"`
	Rotation string `json:"rotation"`
	Position [2]int `json:"position"`
}

// DeployMeeple is the payload of DEPLOY_MEEPLE.
type DeployMeeple struct {
	Pointer  Pointer `json:"pointer"`
	MeepleID string  `json:"meepleId"`
}

// Commit is the payload of COMMIT: the random number the next draw would use, were it not forced.
type Commit struct {
	Random float64 `json:"random"`
}
