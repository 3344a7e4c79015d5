package discord

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// hugeInputs are what a hostile player types into an option: 20 KB (a length no reply may come
// near) of letters, of digits, of words with line breaks, and a valid beginning with a long tail.
var hugeInputs = []string{
	strings.Repeat("Zq", 10_000),
	strings.Repeat("7", 20_000),
	strings.Repeat("Zq city:N\n", 2_000),
	"F7" + strings.Repeat("Zq", 10_000),
}

// echoed reports whether a reply repeats more of a huge input than a short prefix.
func echoed(reply string) bool {
	if len(reply) > 4000 {
		return true
	}
	for _, in := range hugeInputs {
		for _, run := range []string{in[:game.EchoLimit+8], in[len(in)-game.EchoLimit-8:]} {
			if strings.Contains(reply, run) {
				return true
			}
		}
	}
	return strings.Contains(reply, strings.Repeat("Zq", game.EchoLimit)) || strings.Contains(reply, strings.Repeat("7", 2*game.EchoLimit))
}

// testMapNamed finds a test map's id as a word of a reply.
var testMapNamed = func() *regexp.Regexp {
	var ids []string
	for _, e := range variants.All(true) {
		if e.Test {
			ids = append(ids, regexp.QuoteMeta(e.ID))
		}
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(ids, "|") + `)\b`)
}()

// surfaceCommand is one command of the slash-command surface with the names of its options.
type surfaceCommand struct {
	command, sub string
	options      []string
}

// surfaceCommands lists every command and subcommand Definitions registers.
func surfaceCommands(t *testing.T) []surfaceCommand {
	var out []surfaceCommand
	var walk func(command, sub string, opts []*discordgo.ApplicationCommandOption)
	walk = func(command, sub string, opts []*discordgo.ApplicationCommandOption) {
		c := surfaceCommand{command: command, sub: sub}
		for _, o := range opts {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand:
				walk(command, o.Name, o.Options)
			case discordgo.ApplicationCommandOptionSubCommandGroup:
				walk(command, o.Name, o.Options[0].Options)
			default:
				c.options = append(c.options, o.Name)
			}
		}
		out = append(out, c)
	}
	for _, d := range definitions(t) {
		walk(d.Name, "", d.Options)
	}
	return out
}

// surfaceTables are tables in every state a command meets: none, a lobby, and each map's game in
// each step of a turn its rules have.
func surfaceTables(t *testing.T) []*table.Table {
	tables := []*table.Table{nil}
	lobby := commands.Handle(nil, commands.Input{User: table.User{ID: "p1", Name: "p1"}, Command: "carc", Sub: "new", Options: map[string]string{"map": "taiwan"}}).Table
	tables = append(tables, lobby)
	for _, e := range variants.All(false) {
		seen := map[game.Phase]bool{}
		_, err := commands.AutoGame(e.ID, 3, 5, func(tbl *table.Table, _ commands.Input, _ commands.Reply) error {
			if tbl.Game != nil && tbl.Status == table.Playing && !seen[tbl.Game.Phase] && tbl.Game.Turn > 6 {
				seen[tbl.Game.Phase] = true
				tables = append(tables, tbl.Clone())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return tables
}

// TestRepliesQuoteOnlyAShortPrefixOfAnInput types 200 KB into every option of every command
// (and as an option's name, a subcommand and a button id), at every kind of table, in Discord and
// at the local table: no reply repeats more than a short prefix of it (a 200 KB square once came
// back as a 200,130-character line), and no reply offers a test map.
func TestRepliesQuoteOnlyAShortPrefixOfAnInput(t *testing.T) {
	t.Parallel()
	failures := 0
	store := &leaguecmd.Memory{}
	check := func(what, reply string) {
		t.Helper()
		if failures > 20 {
			t.FailNow()
		}
		if echoed(reply) {
			failures++
			t.Errorf("%s: the reply repeats the input (%d characters): %.300s", what, len(reply), reply)
		}
		if m := testMapNamed.FindString(reply); m != "" {
			t.Errorf("%s: the reply names the test map %s: %.300s", what, m, reply)
		}
	}
	for _, tbl := range surfaceTables(t) {
		users := []table.User{{ID: "p1", Name: "p1"}, {ID: "stranger", Name: "stranger"}}
		state := "no table"
		if tbl != nil {
			state = string(tbl.Status) + " " + tbl.Settings.Map
			if tbl.Game != nil {
				state += " " + string(tbl.Game.Phase)
				users = append(users, tbl.Seats[tbl.Game.Current])
			}
		}
		for _, c := range surfaceCommands(t) {
			for _, huge := range hugeInputs {
				for _, local := range []bool{false, true} {
					inputs := []commands.Input{{Command: c.command, Sub: huge}, {Command: huge}}
					if c.sub != "" || c.command == "place" || c.command == "meeple" {
						inputs = append(inputs, commands.Input{Command: c.command, Sub: c.sub, Options: map[string]string{huge: "1"}})
					}
					for _, o := range c.options {
						inputs = append(inputs, commands.Input{Command: c.command, Sub: c.sub, Options: map[string]string{o: huge}})
					}
					for _, in := range inputs {
						in.Local = local
						for _, u := range users {
							in.User = u
							what := fmt.Sprintf("%s: /%.20s %.20s %v as %s", state, in.Command, in.Sub, optionNames(in), u.Name)
							if in.Command == "league" {
								r := leaguecmd.Handle(leaguecmd.Context{Store: store, Guild: "g", Channel: "c", Now: time.Unix(1e9, 0), NewID: "L1"}, in)
								check(what, r.Text)
								continue
							}
							r := commands.Handle(tbl, in)
							check(what, r.Text+"\n"+r.Refused)
							for name := range in.Options {
								for _, ch := range commands.Autocomplete(tbl, in, name) {
									check(what+" autocomplete", ch.Name+" "+ch.Value)
								}
							}
						}
					}
				}
			}
		}
		for _, huge := range hugeInputs {
			check(state+": a button", commands.HandleComponent(tbl, users[len(users)-1], huge, nil).Text)
			if tbl != nil {
				check(state+": a button's value", commands.HandleComponent(tbl, users[len(users)-1], commands.ComponentID(tbl, "square"), []string{huge}).Text)
			}
		}
	}
}

func optionNames(in commands.Input) string {
	var names []string
	for k := range in.Options {
		names = append(names, game.Echo(k))
	}
	return strings.Join(names, ",")
}

// TestNoReplyOffersATestMap: a mistyped map lists the maps players can choose, never the engine's
// test maps, in Discord and at the local table (where a script may still open one by name).
func TestNoReplyOffersATestMap(t *testing.T) {
	t.Parallel()
	store := &leaguecmd.Memory{}
	for _, local := range []bool{false, true} {
		u := table.User{ID: "ann", Name: "ann"}
		replies := []string{
			commands.Handle(nil, commands.Input{User: u, Local: local, Command: "carc", Sub: "new", Options: map[string]string{"map": "frnace"}}).Text,
			commands.Handle(nil, commands.Input{User: u, Local: local, Command: "carc", Sub: "rules", Options: map[string]string{"map": "frnace"}}).Text,
			commands.Handle(nil, commands.Input{User: u, Local: local, Command: "carc", Sub: "help"}).Text,
			commands.Handle(nil, commands.Input{User: u, Local: local, Command: "carc", Sub: "status"}).Text,
			leaguecmd.Handle(leaguecmd.Context{Store: store, Guild: "g", Channel: "c", NewID: "L1"},
				commands.Input{User: u, Local: local, Command: "league", Sub: "create", Options: map[string]string{"name": "x", "map": "frnace"}}).Text,
		}
		if !local {
			// In Discord a test map is refused like any unknown name (which the reply may repeat).
			for _, r := range []commands.Reply{commands.Handle(nil, commands.Input{User: u, Command: "carc", Sub: "rules", Options: map[string]string{"map": "berlin"}}),
				commands.Handle(nil, commands.Input{User: u, Command: "carc", Sub: "new", Options: map[string]string{"map": "practice"}})} {
				_, choices, ok := strings.Cut(r.Text, "choose ")
				if !ok {
					t.Errorf("Discord offers a test map: %s", r.Text)
				}
				replies = append(replies, choices)
			}
		}
		for _, ch := range commands.Autocomplete(nil, commands.Input{User: u, Local: local, Command: "carc", Sub: "new", Options: map[string]string{"map": ""}}, "map") {
			replies = append(replies, ch.Name+" "+ch.Value)
		}
		for _, r := range replies {
			if m := testMapNamed.FindString(r); m != "" {
				t.Errorf("local %v: a reply offers the test map %s: %s", local, m, r)
			}
		}
		if !strings.Contains(replies[0], "france") {
			t.Errorf("local %v: a mistyped map does not list the maps: %s", local, replies[0])
		}
	}
	if r := commands.Handle(nil, commands.Input{User: table.User{ID: "ann", Name: "ann"}, Local: true, Command: "carc", Sub: "new", Options: map[string]string{"map": "practice"}}); !r.OK {
		t.Errorf("a table script can no longer open a test map: %s", r.Text)
	}
}
