package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// DMs. A player's turns, reminders and follows may reach them by direct message; a DM the chat
// refuses (they closed their DMs) makes them a player who is mentioned from then on.

// DMsRefused remembers that a player's DMs are closed: they are mentioned from now on.
func (b *Host) DMsRefused(userID string, prefs storage.Settings) {
	b.log.Info("a player's DMs are closed: mentioning them instead", "user", userID)
	prefs.DMRefused = true
	if err := b.store.SetPlayerSettings(userID, prefs); err != nil {
		b.log.Error("could not remember that a player's DMs are closed", "user", userID, "err", err)
	}
}

// ChannelLink is a link to a game's place that works in a DM (the port's Link).
func (b *Host) ChannelLink(guild, place string) string { return b.port.Link(guild, place) }

// confirmDMText is sent when a player chooses notify:dm, so that closed DMs are found at once.
func confirmDMText(pr *lang.Printer) string { return pr.T("dm_confirm", nil) }
