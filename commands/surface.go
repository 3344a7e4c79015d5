package commands

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Definitions are the slash commands the bot registers: /carc, /place, /meeple and /chips. The
// names of /carc new (map), /carc join, /carc start, /place (square, rotation, meeple) and /meeple
// (spot) are fixed: scripts and tests depend on them.
func Definitions() []*discordgo.ApplicationCommand {
	str := discordgo.ApplicationCommandOptionString
	opt := func(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: str, Name: name, Description: desc, Required: required, Autocomplete: auto}
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	choices := func(values ...string) []*discordgo.ApplicationCommandOptionChoice {
		out := make([]*discordgo.ApplicationCommandOptionChoice, len(values))
		for i, v := range values {
			out[i] = &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
		}
		return out
	}
	withChoices := func(o *discordgo.ApplicationCommandOption, values ...string) *discordgo.ApplicationCommandOption {
		o.Choices = choices(values...)
		return o
	}
	hintsOption := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "hints", Description: desc}
	}
	leavingOption := func(desc string) *discordgo.ApplicationCommandOption {
		return withChoices(opt("leaving", desc, false, false), "drop", "ai", "normal", "hard")
	}
	carc := &discordgo.ApplicationCommand{Name: "carc", Description: "Carcassonne Maps: start, join and follow a game",
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a new game in this channel",
				opt("map", "The map: "+strings.Join(variants.IDs(false), ", "), false, true),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "tiles",
					Description: "Number of land tiles, 72 to 114 (default: the map's recommendation)", MinValue: floatPtr(72), MaxValue: 114},
				withChoices(opt("expansions", "Tile pool: none (72), ic (90) or all (114); default: base + random expansion tiles", false, false), "none", "ic", "all"),
				opt("deadline", "Time per turn, like 48h or 2d (default 48h)", false, false),
				withChoices(opt("policy", "When a deadline passes: skip the turn, or let the autopilot (easy AI) play it", false, false), table.PolicySkip, table.PolicyAuto),
				withChoices(opt("order", "Turn order: join (default) or random", false, false), "join", "random"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "thread", Description: "Open a thread for this game"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "meeples", Description: "Meeples per player (default 9)", MinValue: floatPtr(1), MaxValue: 20},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "missed", Description: "Missed turns before a player can be removed (default 3)", MinValue: floatPtr(1), MaxValue: 20},
				hintsOption("Let the player to move see the normal AI's move with /carc hint (default false)"),
				leavingOption("When a player resigns or is removed: drop the seat (default), or an AI plays it on"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Count the game for the server's ratings (default true)"},
				opt("rules", "Rule options, like cloisterOffMapCountsFilled=false (see /carc rules)", false, false)),
			sub("join", "Take a seat at the open table"),
			sub("bot", "Seat an AI player at the open table (the game is then not rated)",
				withChoices(opt("level", "How strong: easy, normal or hard", true, false), "easy", "normal", "hard")),
			sub("hint", "The move the normal AI would play for you now, privately (tables with hints:true)"),
			sub("leave", "Leave the table before the game starts"),
			sub("start", "Start the game (the creator)"),
			sub("status", "Scores, whose turn, and your games"),
			sub("board", "Show the board"),
			sub("tiles", "The tiles still to come"),
			sub("log", "The score log", opt("player", "Only this player's entries", false, true)),
			sub("draw", "Draw a face-down tile, where your map lets you choose where your tile comes from"),
			sub("pass", "Finish your turn without the chip actions still on offer"),
			sub("undo", "Ask to take back the last turn"),
			sub("resign", "Leave the running game"),
			sub("settings", "Show or change the table's settings (lobby) and your own",
				opt("deadline", "Table: time per turn, like 48h", false, false),
				withChoices(opt("policy", "Table: when a deadline passes", false, false), table.PolicySkip, table.PolicyAuto),
				opt("rules", "Table: rule options, like ferryModel=c", false, false),
				hintsOption("Table: let the player to move see the normal AI's move (/carc hint)"),
				leavingOption("Table: a seat whose player resigns or is removed is dropped or played by an AI"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "rated", Description: "Table: count the game for the server's ratings"},
				opt("quiet", "You: hours without pings, like 22-8 (or none)", false, false),
				opt("timezone", "You: your time zone, like Europe/Paris", false, false),
				withChoices(opt("notify", "You: pinged on your turn (mention) or not (off)", false, false), "mention", "off"),
				withChoices(opt("reminders", "You: reminders before deadlines", false, false), "on", "off")),
			sub("help", "How to play with this bot"),
			sub("rules", "The rules of this map and table", opt("map", "Another map", false, true)),
			sub("abandon", "End the game (the table's admins; in a rated or league game never a player)"),
			sub("kick", "Remove a player (the table's admins; in a rated or league game never a player)", opt("player", "Who", true, true)),
			sub("skip", "Skip the current turn (the table's admins; in a rated or league game never a player)"),
			sub("history", "The turns played so far, page by page",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "page", Description: "Which page: 1 holds the latest turns", MinValue: floatPtr(1)}),
			sub("replay", "The board as it was after a turn",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "move", Description: "The turn", Required: true, MinValue: floatPtr(1)}),
			sub("export", "The game's record as a file (complete once the game is over)",
				withChoices(opt("format", "record (this bot's) or jcloisterzone (a finished classic game)", false, false), record.ExportFormats...)),
		}}
	place := &discordgo.ApplicationCommand{Name: "place", Description: "Place your tile (a whole turn in one command)",
		Options: []*discordgo.ApplicationCommandOption{
			opt("square", "Where: column letter and row, like F7", true, true),
			opt("rotation", "Degrees clockwise: 0, 90, 180 or 270", false, true),
			opt("meeple", "Meeple spot, like city:N, road:E, field:NL, cloister, or none", false, true),
			opt("chips", "The map's chip actions of this turn, like sell wine:orange to:abroad", false, true),
		}}
	meeple := &discordgo.ApplicationCommand{Name: "meeple", Description: "Place a meeple on the tile you just placed",
		Options: []*discordgo.ApplicationCommandOption{opt("spot", "city:N, road:E, field:NL, cloister, or none", true, true)}}
	chips := &discordgo.ApplicationCommand{Name: "chips", Description: "The map's chip actions"}
	seen := map[string]bool{}
	shortcuts := map[string]bool{}
	for _, e := range variants.All(false) {
		for _, a := range e.Actions {
			if a.Shortcut != "" && !shortcuts[a.Shortcut] {
				shortcuts[a.Shortcut] = true
				place.Options = append(place.Options, opt(a.Shortcut, describe(e.Title, a.Description), false, true))
				for _, name := range a.ShortcutOptions {
					for _, o := range a.Options {
						if o.Name == name && !shortcuts[name] {
							shortcuts[name] = true
							place.Options = append(place.Options, opt(name, describe(e.Title, "with "+a.Shortcut+": "+o.Description), false, true))
						}
					}
				}
			}
			if seen[a.Name] {
				continue
			}
			seen[a.Name] = true
			var opts []*discordgo.ApplicationCommandOption
			for _, o := range a.Options {
				opts = append(opts, opt(o.Name, Truncate(o.Description, maxDescription), o.Required, true))
			}
			chips.Options = append(chips.Options, sub(a.Name, describe(e.Title, a.Description), opts...))
		}
	}
	carc.Options = append(carc.Options, ratingSubs()...)
	cmds := []*discordgo.ApplicationCommand{carc, place, meeple, leagueDefinition()}
	if len(chips.Options) > 0 {
		cmds = append(cmds, chips)
	}
	return cmds
}

func floatPtr(f float64) *float64 { return &f }

// maxDescription is Discord's limit for a command's or an option's description.
const maxDescription = 100

// describe is a map action's description on the command surface: with the map's title when it
// fits Discord's limit, else the action's own words, shortened only if they alone do not fit.
func describe(title, desc string) string {
	if full := title + ": " + desc; len([]rune(full)) <= maxDescription {
		return full
	}
	return Truncate(desc, maxDescription)
}
