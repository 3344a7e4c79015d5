package render

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// PlayerLetters are the letters the pictures write on each player's meeples, in seat order, so
// that a page beside a picture can name the players the same way.
func PlayerLetters(players []game.Player) []string { return playerLetters(players) }
