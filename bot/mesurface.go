package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// playerSurface is /player: what a player does for themselves across servers, answered by the bot
// from its store (the rating, leagues' RatingText, joins it in Definitions). The server's vacation
// days are set here too, by members with Manage Server: like a player's own settings, the bot keeps
// them outside any table.
var playerSurface = commands.Command{Name: "player", Description: "You: your games, settings, follows, vacations and rating", Subs: []commands.Sub{
	{Name: "games", Description: "Your games in every server, whose turn it is, with links"},
	{Name: "settings", Description: "Show or change your own settings (with Manage Server, the server's vacation days)", Options: []commands.Option{
		commands.TextOption("quiet", "Hours without pings, like 22-8 (or none)"),
		commands.TextOption("timezone", "Your time zone, like Europe/Paris"),
		commands.TextOption("notify", "Told of your turn by direct message (dm), pinged (mention) or not (off)").Among(notifyDM, notifyMention, notifyOff),
		commands.TextOption("reminders", "Reminders before deadlines").Among("on", "off"),
		commands.TextOption("language", "The language of your own replies (default: your Discord's)").Among(lang.Codes()...),
		commands.IntegerOption(vacationOption, "Server (Manage Server): vacation days a year for each member (default 30)", 0, 366),
	}},
	{Name: "follow", Description: "Follow a game without playing, by DM or in a thread (at every turn or its end)", Options: []commands.Option{
		commands.TextOption("when", "turns (default: every turn and the end), end (the end only) or off").Among("turns", "end", "off"),
		commands.TextOption("game", "The link of the game's page, to follow it from anywhere (default: this channel's game)"),
		commands.TextOption("to", "dm (default) or thread: a thread the bot keeps for the game's followers").Among("dm", "thread"),
		commands.TextOption("channel", "With to:thread, the channel of the thread, like #games (default: the game's)"),
	}},
	{Name: "vacation", Description: "Book days off (your deadlines stop), list them, or cancel them", Options: []commands.Option{
		commands.TextOption("from", "First day off, like 2026-12-20 (in your time zone)"),
		commands.TextOption("to", "Last day off, like 2026-12-27"),
		commands.FlagOption("cancel", "Cancel your vacations that have not ended"),
	}},
}}

// playerCommand answers the commands of /player but its rating (leagueCommand).
func (b *Host) playerCommand(req *Request, in commands.Input) {
	to := req.Interaction
	switch in.Sub {
	case "games":
		b.answerText(to, b.myGames(reader(in), in.User.ID))
	case "follow":
		b.answerText(to, b.follow(req, in))
	case "vacation":
		b.answerText(to, b.vacation(req.Guild, in))
	case "settings":
		if _, server := in.Options[vacationOption]; server {
			b.answerText(to, b.setVacationDays(req.Guild, in))
		} else {
			b.answerText(to, b.setPrefs(req.ID, in))
		}
	}
}
