package league

// Game is a finished game as the ratings see it: its players, their finishing places, and the
// reason it is not rated, if any.
type Game struct {
	Players []string `json:"players"`
	Places  []int    `json:"places"`
	// Unrated says why the game does not count ("AI seats", "abandoned", "a chosen seed", "fewer
	// than two human players", "the table is unrated (rated:false)"); empty for a rated game.
	Unrated string `json:"unrated,omitempty"`
}

// Book is the ratings of the players of one pool (a server, or a server's map).
type Book map[string]Rating

// Get is a player's rating, a new one for a player who played no rated game.
func (b Book) Get(player string) Rating {
	if r, ok := b[player]; ok {
		return r
	}
	return NewRating()
}

// Record rates a game and reports whether it changed the book: an unrated game changes nothing.
func (b Book) Record(g Game) (bool, error) {
	if g.Unrated != "" {
		return false, nil
	}
	before := make([]Rating, len(g.Players))
	for i, p := range g.Players {
		before[i] = b.Get(p)
	}
	after, err := Rate(before, g.Places)
	if err != nil {
		return false, err
	}
	for i, p := range g.Players {
		b[p] = after[i]
	}
	return true, nil
}
