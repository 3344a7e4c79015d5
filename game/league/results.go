package league

import "time"

// GameResult is what a game's end changes beyond the game: the players' ratings (overall and on
// the game's map, in the game's guild) and, for a league game, its season's fixture. The store
// applies it in the transaction that ends the game (storage.Commit.Result, FinishWithResult), so
// the game's end, the ratings and the standings are on disk together or not at all.
type GameResult struct {
	Guild   string   `json:"guild"`
	Map     string   `json:"map"`
	GameID  string   `json:"game_id"`
	Players []string `json:"players"` // user ids in seat order
	Scores  []int    `json:"scores"`
	Places  []int    `json:"places"` // 1 is first; equal places tie
	// Unrated says why the game leaves the ratings alone (Game.Unrated); empty rates it.
	Unrated string `json:"unrated,omitempty"`
	// League and Season name the season whose fixture this game is; empty for a friendly game.
	League      string    `json:"league,omitempty"`
	Season      int       `json:"season,omitempty"`
	Adjudicated bool      `json:"adjudicated,omitempty"` // stopped at the round's deadline
	At          time.Time `json:"at"`
}

// RatedGame is one rated game in a guild's history, with each player's shown rating (overall)
// after it.
type RatedGame struct {
	GameResult
	Shown []float64 `json:"shown"`
}

// RatingRow is a player's rating in a pool.
type RatingRow struct {
	UserID string `json:"user_id"`
	Rating Rating `json:"rating"`
}
