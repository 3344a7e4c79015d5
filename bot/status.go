package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// yourTurns lists, across every server, the games where it is u's turn, with links to their
// channels, and the lobbies u sits in.
func (b *Bot) yourTurns(u table.User) string {
	b.mu.Lock()
	games := make([]*gameEntry, 0, len(b.games))
	for _, e := range b.games {
		games = append(games, e)
	}
	b.mu.Unlock()
	var turns, lobbies []string
	for _, e := range games {
		if !b.lock(e) {
			continue
		}
		t := e.table
		if cur, ok := t.Current(); ok && cur.ID == u.ID {
			line := fmt.Sprintf("%s in <#%s>: turn %d", t.Entry().Title, e.place, t.Game.Turn)
			switch t.Game.Phase {
			case game.PhasePlace:
				line += ", your tile " + t.Game.Drawn.String()
			case game.PhaseSource:
				line += ", your tile is not drawn yet"
			default:
				line += ", your tile " + t.Game.Drawn.String() + " is placed; finish your turn"
			}
			turns = append(turns, line)
		} else if t.Status == table.Lobby && t.Seat(u.ID) >= 0 {
			lobbies = append(lobbies, fmt.Sprintf("%s lobby in <#%s>", t.Entry().Title, e.place))
		}
		e.mu.Unlock()
	}
	sort.Strings(turns)
	sort.Strings(lobbies)
	text := "It is not your turn in any game."
	if len(turns) > 0 {
		text = "Your turn in:\n" + strings.Join(turns, "\n")
	}
	if len(lobbies) > 0 {
		text += "\nWaiting to start: " + strings.Join(lobbies, "; ")
	}
	return text
}
