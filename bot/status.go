package bot

import (
	"sort"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// yourTurns lists, across every server, the games where it is u's turn, with links to their
// channels, and the lobbies u sits in.
func (b *Host) yourTurns(pr *lang.Printer, u table.User) string {
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
		title := commands.WordsFor(pr.Code()).MapTitle(t.Entry())
		if cur, ok := t.Current(); ok && cur.ID == u.ID {
			a := lang.A{"Map": title, "Place": e.place, "Turn": t.Game.Turn, "Tile": t.Game.Drawn.String()}
			id := "turns_placed"
			switch t.Game.Phase {
			case game.PhasePlace:
				id = "turns_tile"
			case game.PhaseSource:
				id = "turns_undrawn"
			}
			turns = append(turns, pr.T(id, a))
		} else if t.Status == table.Lobby && t.Seat(u.ID) >= 0 {
			lobbies = append(lobbies, pr.T("turns_lobby", lang.A{"Map": title, "Place": e.place}))
		}
		e.mu.Unlock()
	}
	sort.Strings(turns)
	sort.Strings(lobbies)
	text := pr.T("turns_none", nil)
	if len(turns) > 0 {
		text = pr.T("turns_head", nil) + "\n" + strings.Join(turns, "\n")
	}
	if len(lobbies) > 0 {
		text += "\n" + pr.T("turns_lobbies", lang.A{"Lobbies": strings.Join(lobbies, "; ")})
	}
	return text
}
