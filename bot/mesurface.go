package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// meGroup is /carc me: what a player does for themselves across servers, answered by the bot from
// its store (a group, since /carc has Discord's 25 subcommands already).
var meGroup = commands.Sub{Name: "me", Description: "Your vacations, your games across servers, your rating", Subs: []commands.Sub{
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
	case in.Sub == "vacation":
		b.editOriginal(i, b.vacation(i.GuildID, in), nil, nil)
	case in.Sub == "settings" && in.Options[vacationOption] != "":
		b.editOriginal(i, b.setVacationDays(i.GuildID, in), nil, nil)
	default:
		return false
	}
	return true
}
