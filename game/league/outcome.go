package league

// Outcome is what a game's end makes of it beyond its table, for the server's ratings and its
// league's standings: each seat's player (for a seat an AI played on, the one who left it: leaving
// cannot spare a loss), score and place, whether its league's rule adjudicated it, and why it is
// not rated ("" when it is). The command layer computes it from a table (commands.OutcomeOf).
type Outcome struct {
	Map         string   `json:"map"`
	Players     []string `json:"players"`
	Scores      []int    `json:"scores"`
	Places      []int    `json:"places"`
	Adjudicated bool     `json:"adjudicated,omitempty"`
	Unrated     string   `json:"unrated,omitempty"`
}
