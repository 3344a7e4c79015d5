package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// subcommand is a subcommand of a table's command (/carc, /turn, /table) and what runs it. A
// subcommand runs at the table of its channel; one marked anywhere runs without one too (t is
// then nil).
type subcommand struct {
	Sub
	run      func(t *table.Table, in Input) Reply
	anywhere bool
}

// The commands of a table are divided by who uses them and when, so that each stays well within
// Discord's 4,000 characters a command (bot's CheckSurface): /carc is a table's life (open it,
// join it, start it, look at it, leave it), /turn what a player does on a turn besides /place,
// /meeple and /chips, and /table the table's settings, its AI seats and what its administrators
// do. The names of /carc new (map), /carc join and /carc start are fixed: scripts and tests
// depend on them. (Set in init: the handlers lead back to the dispatch that reads the lists.)
var carcSubs, turnSubs, tableSubs []subcommand

// tableCommands are the commands whose subcommands run at a table, by name.
var tableCommands map[string][]subcommand

func init() {
	carcSubs = []subcommand{
		{Sub: Sub{Name: "new", Description: "Open a new game in this channel", Options: []Option{
			TextOption("map", "The map: "+strings.Join(variants.IDs(false), ", ")).Completed(),
			IntegerOption("tiles", "Number of land tiles, 72 to 114 (default: the map's recommendation)", 72, 114),
			TextOption("expansions", "Tile pool: none (72), ic (90) or all (114); default: base + random expansion tiles").Among("none", "ic", "all"),
			TextOption("deadline", "Time per turn, like 48h or 2d (default 48h), or bank: a time bank per player"),
			TextOption("bank", "With deadline:bank, the time each player starts with, like 3d (default)"),
			TextOption("increment", "With deadline:bank, the time each turn adds, like 1d (default)"),
			TextOption("policy", "When a deadline passes: skip the turn, or let the autopilot (easy AI) play it").Among(table.PolicySkip, table.PolicyAuto),
			TextOption("order", "Turn order: join (default) or random").Among("join", "random"),
			FlagOption("thread", "Open a thread for this game"),
			IntegerOption("meeples", "Meeples per player (default 9)", 1, 20),
			IntegerOption("missed", "Missed turns before a player can be removed (default 3)", 1, 20),
			FlagOption("hints", "Let the player to move see the normal AI's move with /turn hint (default false)"),
			leavingOption("When a player resigns or is removed: drop the seat (default), or an AI plays it on"),
			FlagOption("rated", "Count the game for the server's ratings (default true)"),
			FlagOption("vacations", "A player's vacation stops their deadlines here (default true; false for tournaments)"),
			TextOption("rules", "ic, tb or all: the expansions' own rules; or options like cloisterOffMapCountsFilled=false").Completed(),
			TextOption("language", "The language of the table's messages (default: the server's)").Among(lang.Codes()...),
		}}, run: carcNew, anywhere: true},
		{Sub: Sub{Name: "join", Description: "Take a seat at the open table"}, run: carcJoin},
		{Sub: Sub{Name: "leave", Description: "Leave the table before the game starts"}, run: carcLeave},
		{Sub: Sub{Name: "start", Description: "Start the game (the creator)"}, run: carcStart},
		{Sub: Sub{Name: "status", Description: "Scores, whose turn, and your games"}, run: func(t *table.Table, in Input) Reply {
			return Reply{OK: true, Ephemeral: true, Table: t, Text: statusText(in.own(), t), Image: imageIf(t.Status != table.Lobby, BoardImage)}
		}},
		{Sub: Sub{Name: "board", Description: "Show the board", Options: []Option{
			FlagOption("revoke", "Admins: stop every link given out to the game's web page (the new one is shown)"),
		}}, run: carcBoard},
		{Sub: Sub{Name: "tiles", Description: "The tiles still to come"}, run: func(t *table.Table, in Input) Reply {
			return Reply{OK: true, Ephemeral: true, Table: t, Text: tilesText(in.own(), t), Image: imageIf(t.Status != table.Lobby, TilesImage)}
		}},
		{Sub: Sub{Name: "log", Description: "The score log", Options: []Option{TextOption("player", "Only this player's entries").Completed()}},
			run: func(t *table.Table, in Input) Reply {
				return Reply{OK: true, Ephemeral: true, Table: t, Text: logText(in.own(), t, in.Options["player"])}
			}},
		{Sub: Sub{Name: "history", Description: "The turns played so far, page by page", Options: []Option{
			IntegerOption("page", "Which page: 1 holds the latest turns", 1, 0),
		}}, run: carcHistoryCommand},
		{Sub: Sub{Name: "replay", Description: "The board as it was after a turn", Options: []Option{
			IntegerOption("move", "The turn", 1, 0).Needed(),
		}}, run: carcReplay},
		{Sub: Sub{Name: "export", Description: "The game's record as a file (complete once the game is over)", Options: []Option{
			TextOption("format", "record (this bot's) or jcloisterzone (a finished classic game)").Among(record.ExportFormats()...),
		}}, run: carcExport},
		{Sub: Sub{Name: "resign", Description: "Leave the running game"}, run: carcResign},
		{Sub: Sub{Name: "rules", Description: "The rules of this map and table", Options: []Option{TextOption("map", "Another map").Completed()}},
			anywhere: true, run: func(t *table.Table, in Input) Reply {
				return Reply{Text: rulesText(in.own(), t, in), Ephemeral: true, OK: true, Table: t}
			}},
		{Sub: Sub{Name: "help", Description: "How to play with this bot"}, anywhere: true, run: func(t *table.Table, in Input) Reply {
			return Reply{Text: helpText(in.own(), in.Local), Ephemeral: true, OK: true, Table: t}
		}},
	}
	turnSubs = []subcommand{
		{Sub: Sub{Name: "draw", Description: "Draw a face-down tile, where your map lets you choose where your tile comes from"}, run: handleTurn},
		{Sub: Sub{Name: "pass", Description: "Finish your turn without the chip actions still on offer"}, run: handleTurn},
		{Sub: Sub{Name: "hint", Description: "The move the normal AI would play for you now, privately (tables with hints:true)", Options: []Option{
			TextOption("depth", "quick: the normal AI (default); deep: the master AI, about a second").Among(HintQuick, HintDeep),
		}}, run: carcHint},
		{Sub: Sub{Name: "undo", Description: "Ask to take back the last turn"}, run: carcUndo},
	}
	tableSubs = []subcommand{
		{Sub: Sub{Name: "settings", Description: "Show the table's settings, or change them before the game starts", Options: []Option{
			TextOption("deadline", "Time per turn, like 48h, or bank"),
			TextOption("bank", "With deadline:bank, each player's starting bank"),
			TextOption("increment", "With deadline:bank, the time each turn adds"),
			TextOption("policy", "When a deadline passes").Among(table.PolicySkip, table.PolicyAuto),
			TextOption("rules", "ic, tb or all (the expansions' rules), or options like ferryModel=c").Completed(),
			FlagOption("hints", "Let the player to move see the normal AI's move (/turn hint)"),
			leavingOption("A seat whose player resigns or is removed is dropped or played by an AI"),
			FlagOption("rated", "Count the game for the server's ratings"),
			FlagOption("vacations", "A player's vacation stops their deadlines"),
		}}, run: carcSettings},
		{Sub: Sub{Name: "bot", Description: "Seat an AI player at the open table (the game is then not rated)", Options: []Option{
			TextOption("level", "How strong: easy, normal, hard or master (about a second a move)").Needed().Among("easy", "normal", "hard", "master"),
		}}, run: carcBot},
		{Sub: Sub{Name: "kick", Description: "Remove a player (the table's admins; in a rated or league game never a player)", Options: []Option{
			TextOption("player", "Who").Needed().Completed(),
		}}, run: carcKick},
		{Sub: Sub{Name: "skip", Description: "Skip the current turn (the table's admins; in a rated or league game never a player)"}, run: carcAdmin},
		{Sub: Sub{Name: "abandon", Description: "End the game (the table's admins; in a rated or league game never a player)"}, run: carcAdmin},
	}
	tableCommands = map[string][]subcommand{"carc": carcSubs, "turn": turnSubs, "table": tableSubs}
}

// CommandOf is the command of a table whose subcommand sub is: carc, turn or table ("" for none).
func CommandOf(sub string) string {
	for _, name := range []string{"carc", "turn", "table"} {
		if _, ok := Lookup(tableCommands[name], sub); ok {
			return name
		}
	}
	return ""
}

func leavingOption(desc string) Option {
	return TextOption("leaving", desc).Among("drop", "ai", "normal", "hard", "master")
}

// Surface is the commands a player types at a table, as the bot registers them: /carc, /turn,
// /table, /place, /meeple and, for the maps' chip actions, /chips. The names of /place (square,
// rotation, meeple) and /meeple (spot) are fixed: scripts and tests depend on them.
func Surface() []Command {
	carc := Command{Name: "carc", Description: "Carcassonne Maps: open, join, follow and look back on a game"}
	turn := Command{Name: "turn", Description: "Your turn: draw, pass, a hint, or ask to take it back"}
	tbl := Command{Name: "table", Description: "The table's settings and AI seats; its admins remove a player, skip a turn or end it"}
	for _, c := range []struct {
		cmd  *Command
		subs []subcommand
	}{{&carc, carcSubs}, {&turn, turnSubs}, {&tbl, tableSubs}} {
		for _, s := range c.subs {
			c.cmd.Subs = append(c.cmd.Subs, s.Sub)
		}
	}
	place := Command{Name: "place", Description: "Place your tile (a whole turn in one command)", Options: []Option{
		TextOption("square", "Where: column letter and row, like F7").Needed().Completed(),
		TextOption("rotation", "Degrees clockwise: 0, 90, 180 or 270").Completed(),
		TextOption("meeple", "Meeple spot, like city:N, road:E, field:NL, cloister, or none").Completed(),
		TextOption("kind", "With the expansions' rules: meeple, big, builder or pig").Completed(),
		TextOption("chips", "The map's chip actions of this turn, like sell wine:orange to:abroad").Completed(),
	}}
	meeple := Command{Name: "meeple", Description: "Place a meeple on the tile you just placed", Options: []Option{
		TextOption("spot", "city:N, road:E, field:NL, cloister, or none").Needed().Completed(),
		TextOption("kind", "With the expansions' rules: meeple, big, builder or pig").Completed(),
	}}
	chips := Command{Name: "chips", Description: "The map's chip actions"}
	seen := map[string]bool{}
	shortcuts := map[string]bool{}
	for _, e := range variants.All(false) {
		for _, a := range e.Actions {
			if a.Shortcut != "" && !shortcuts[a.Shortcut] {
				shortcuts[a.Shortcut] = true
				place.Options = append(place.Options, TextOption(a.Shortcut, describe(e.Title, a.Description)).Completed())
				for _, name := range a.ShortcutOptions {
					for _, o := range a.Options {
						if o.Name == name && !shortcuts[name] {
							shortcuts[name] = true
							place.Options = append(place.Options, TextOption(name, describe(e.Title, "with "+a.Shortcut+": "+o.Description)).Completed())
						}
					}
				}
			}
			if seen[a.Name] {
				continue
			}
			seen[a.Name] = true
			var opts []Option
			for _, o := range a.Options {
				opt := TextOption(o.Name, Truncate(o.Description, MaxDescription)).Completed()
				opt.Required = o.Required
				opts = append(opts, opt)
			}
			chips.Subs = append(chips.Subs, Sub{Name: a.Name, Description: describe(e.Title, a.Description), Options: opts})
		}
	}
	cmds := []Command{carc, turn, place, meeple}
	if len(chips.Subs) > 0 {
		cmds = append(cmds, chips)
	}
	return append(cmds, tbl)
}

// MaxDescription is Discord's limit for a command's or an option's description.
const MaxDescription = 100

// describe is a map action's description on the command surface: with the map's title when it
// fits Discord's limit, else the action's own words, shortened only if they alone do not fit.
func describe(title, desc string) string {
	if full := title + ": " + desc; len([]rune(full)) <= MaxDescription {
		return full
	}
	return Truncate(desc, MaxDescription)
}
