package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// playerSurface is /player: what a player does for themselves across servers. The host answers
// their games and their own settings; the features add the rest (follows, vacations and, among the
// settings, the server's vacation days, the rating).
var playerSurface = commands.Command{Name: "player", Description: "You: your games, settings, follows, vacations and rating", Subs: []commands.Sub{
	{Name: "games", Description: "Your games in every server, whose turn it is, with links"},
	{Name: "settings", Description: "Show or change your own settings (with Manage Server, the server's vacation days)", Options: []commands.Option{
		commands.TextOption("quiet", "Hours without pings, like 22-8 (or none)"),
		commands.TextOption("timezone", "Your time zone, like Europe/Paris"),
		commands.TextOption("notify", "Told of your turn by direct message (dm), pinged (mention) or not (off)").Among(storage.NotifyDM, storage.NotifyMention, storage.NotifyOff),
		commands.TextOption("reminders", "Reminders before deadlines").Among("on", "off"),
		commands.TextOption("language", "The language of your own replies (default: your Discord's)").Among(lang.Codes()...),
	}},
}}

// playerGames answers /player games.
func (b *Host) playerGames(req *Request, in commands.Input) {
	b.answerText(req.Interaction, b.myGames(reader(in), in.User.ID))
}

// playerSettings answers /player settings (the options the host keeps: a feature answers its own,
// AddOption).
func (b *Host) playerSettings(req *Request, in commands.Input) {
	b.answerText(req.Interaction, b.setPrefs(req.ID, in))
}
