package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// carcBoard shows the board. revoke:true, from one of the game's administrators, asks the bot
// (which serves the web pages) to stop the links given out to the game's page; local play has no
// pages.
func carcBoard(t *table.Table, in Input) Reply {
	if in.Options["revoke"] == "true" {
		if in.Local {
			return fail(t, "%s", in.own().T("board_no_pages", nil))
		}
		if ok, why := administers(t, in, "revoke"); !ok {
			return fail(t, "%s", why)
		}
		return Reply{OK: true, Ephemeral: true, Table: t,
			Text: in.own().T("board_revoked", nil)}
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Text: boardCaption(in.own(), t), Image: imageIf(t.Game != nil, BoardImage)}
}
