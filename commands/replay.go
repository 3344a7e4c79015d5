package commands

import (
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// carcReplay shows the board as it was after turn n, with that turn's line; while the game runs
// only finished turns can be shown.
func carcReplay(t *table.Table, in Input) Reply {
	if t.Game == nil {
		return failT(t, in, "replay_not_started", nil)
	}
	last := t.Game.Turn - 1
	if t.Status != table.Playing {
		last = t.Game.Turn
	}
	n, err := strconv.Atoi(strings.TrimSpace(in.Options["move"]))
	if err != nil || n < 1 || n > last {
		if last < 1 {
			return failT(t, in, "replay_none_yet", nil)
		}
		return failT(t, in, "replay_bad_move", lang.A{"Value": game.Echo(in.Options["move"]), "Last": last})
	}
	g, turns, err := turnEvents(t, n)
	if err != nil {
		return failT(t, in, "replay_failed", lang.A{"Turn": n})
	}
	past := t.Clone()
	past.Game = g
	past.Status = table.Playing
	if g.Over() {
		past.Status = t.Status
	}
	p := in.own()
	text := p.T("replay_after", lang.A{"Map": mapTitle(p, t.Entry()), "Turn": n, "Last": last})
	if n < len(turns) && len(turns[n]) > 0 {
		text += "\n" + historyLine(p, t, g, n, turns[n])
	}
	return spoken(p, Reply{OK: true, Ephemeral: true, Table: t, Shown: past, Text: text, Image: BoardImage})
}
