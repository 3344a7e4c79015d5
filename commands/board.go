package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
)

// carcBoard shows the board. revoke:true, from one of the game's administrators, asks the bot
// (which serves the web pages) to stop the links given out to the game's page; local play has no
// pages.
func carcBoard(t *table.Table, in Input) Reply {
	if in.Options["revoke"] == "true" {
		if in.Local {
			return fail(t, "Local play has no web pages, so there is no link to revoke.")
		}
		if ok, why := administers(t, in, "revoke the links to the game's web page"); !ok {
			return fail(t, "%s", why)
		}
		return Reply{OK: true, Ephemeral: true, Table: t,
			Text: "The links given out so far to this game's web page no longer open it."}
	}
	return Reply{OK: true, Ephemeral: true, Table: t, Text: boardCaption(t), Image: imageIf(t.Status != table.Lobby, BoardImage)}
}
