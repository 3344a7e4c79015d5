package bot

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TerminalPlace begins the place of every game of the terminal (bot play) kept in a database: such
// a game is played in the terminal, never by the host, which loads none of them.
const TerminalPlace = "terminal-"

// terminalGame tells whether a stored game is one of the terminal's.
func terminalGame(rec storage.GameRecord) bool {
	return strings.HasPrefix(rec.ChannelID, TerminalPlace)
}
