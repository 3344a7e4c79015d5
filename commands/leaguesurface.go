package commands

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// leagueDefinition is the /league command.
func leagueDefinition() *discordgo.ApplicationCommand {
	str := func(name, desc string, required bool, choices ...string) *discordgo.ApplicationCommandOption {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
		for _, c := range choices {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
		}
		return o
	}
	integer := func(name, desc string, lo, hi int) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc,
			MinValue: floatPtr(float64(lo)), MaxValue: float64(hi)}
	}
	which := func() *discordgo.ApplicationCommandOption {
		return str("league", "Which league (needed only when the server runs several)", false)
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc,
			Options: append(opts, which())}
	}
	create := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "create",
		Description: "Create a league in this channel (you administer it)",
		Options: []*discordgo.ApplicationCommandOption{
			str("name", "The league's name", true),
			str("map", "The map: "+strings.Join(variants.IDs(false), ", "), false),
			str("format", "How players are paired (default round-robin)", false, "round-robin", "double-round-robin", "swiss"),
			integer("players", "Players at each game, 2 to 5 (default 2)", 2, 5),
			integer("rounds", "Swiss rounds (default 5)", 1, 30),
			str("round", "How long a round lasts, like 7d (default 7d)", false),
			str("next", "Next round: when the last game ends, or on the round's date (round: after the last)", false, "ends", "date"),
			str("adjudicate", "A game unfinished at the round's end: score stands, or forfeit by the player to move", false, "score", "forfeit"),
			str("deadline", "Games: time per turn, like 48h", false),
			str("policy", "Games: when a turn deadline passes", false, table.PolicySkip, table.PolicyAuto),
			integer("tiles", "Games: number of land tiles, 72 to 114", 72, 114),
			str("rules", "Games: rule options, like ferryModel=c", false),
		}}
	return &discordgo.ApplicationCommand{Name: "league", Description: "Leagues: seasons of games the bot schedules and referees",
		Options: []*discordgo.ApplicationCommandOption{
			create,
			sub("join", "Join the league before its season starts"),
			sub("leave", "Leave the league before its season starts"),
			sub("start", "Start the season, or its next round (administrators)"),
			sub("kick", "Remove a member (administrators)", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser,
				Name: "player", Description: "Who", Required: true}),
			sub("pause", "Pause the league: no round starts, no deadline applies (administrators)"),
			sub("resume", "Resume a paused league (administrators)"),
			sub("end", "End the season (administrators)"),
			sub("standings", "The standings", integer("season", "A past season", 1, 1000)),
			sub("schedule", "The rounds, each game's state and thread", integer("season", "A past season", 1, 1000)),
			sub("export", "Every game as a CSV file"),
			{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "season", Description: "Seasons",
				Options: []*discordgo.ApplicationCommandOption{sub("new", "Start the next season with the same members (administrators)")}},
		}}
}

// ratingSubs are /carc rating and /carc leaderboard.
func ratingSubs() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "rating", Description: "A player's rating in this server",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose (default: yours)"}}},
		{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "leaderboard", Description: "The server's top 20, overall or on one map",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "map", Description: "One map's leaderboard"}}},
	}
}
