package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// meGroup is /carc me: what a player does for themselves across servers, answered by the bot from
// its store (a group, since /carc has Discord's 25 subcommands already).
var meGroup = commands.Sub{Name: "me", Description: "Your games across servers, games you follow, vacations, rating", Subs: []commands.Sub{
	{Name: "games", Description: "Your games in every server, whose turn it is, with links"},
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

// playerCommand answers the commands of /carc me and the server options of /carc settings, and
// reports whether in was one of them.
func (b *Bot) playerCommand(i *discordgo.Interaction, in commands.Input) bool {
	switch {
	case in.Sub == "games":
		b.editOriginal(i, b.myGames(reader(in), in.User.ID), nil, nil)
	case in.Sub == "follow":
		b.editOriginal(i, b.follow(i, in), nil, nil)
	case in.Sub == "vacation":
		b.editOriginal(i, b.vacation(i.GuildID, in), nil, nil)
	case in.Sub == "settings" && in.Options[vacationOption] != "":
		b.editOriginal(i, b.setVacationDays(i.GuildID, in), nil, nil)
	default:
		return false
	}
	return true
}
