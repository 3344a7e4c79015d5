package discord

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestTheSurfaceKeepsEveryLimitDiscordDocuments: the commands the bot registers pass the check
// the bot makes before it starts (every documented limit), and each is at most CommandBudget
// characters counted as Discord counts them, with room under Discord's 4,000 for a new option or
// a longer translation. Run with -v for the table of every command's size.
func TestTheSurfaceKeepsEveryLimitDiscordDocuments(t *testing.T) {
	t.Parallel()
	defs := definitions(t)
	if err := CheckSurface(defs); err != nil {
		t.Fatalf("the bot would refuse to start:\n%v", err)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-8s %8s %8s %8s\n", "command", "options", "English", "longest")
	for _, c := range defs {
		longest, english := CommandSize(c), CommandSizeDefault(c)
		fmt.Fprintf(&table, "/%-7s %8d %8d %8d\n", c.Name, len(c.Options), english, longest)
		if longest > CommandBudget {
			t.Errorf("/%s has %d characters counted as Discord counts them (%d in English): more than the %d this bot allows itself",
				c.Name, longest, english, CommandBudget)
		}
	}
	t.Logf("every command's size, counted as Discord counts it (longest localization of each field):\n%s", table.String())
}

// TestOneCharacterOverDiscordsLimitIsRefused: a command of exactly 4,000 characters, counting a
// long localization, passes the check; one character more is refused, naming the command, the
// locale whose text makes it too long, the field and the count.
func TestOneCharacterOverDiscordsLimitIsRefused(t *testing.T) {
	t.Parallel()
	exact := commandOfSize(t, MaxCommandChars)
	if err := CheckSurface([]*discordgo.ApplicationCommand{exact}); err != nil {
		t.Fatalf("a command of exactly %d characters is refused: %v", MaxCommandChars, err)
	}
	over := commandOfSize(t, MaxCommandChars+1)
	err := CheckSurface([]*discordgo.ApplicationCommand{over})
	var limit *LimitError
	if !errors.As(err, &limit) {
		t.Fatalf("a command of %d characters passes: %v", MaxCommandChars+1, err)
	}
	if limit.Command != "/padded" || limit.Locale != string(discordgo.German) || limit.Field != "size" || limit.Count != MaxCommandChars+1 || limit.Limit != MaxCommandChars {
		t.Errorf("the refusal names %+v; want /padded, de, size, %d of %d", limit, MaxCommandChars+1, MaxCommandChars)
	}
	if !strings.Contains(err.Error(), "/padded (de): size") || !strings.Contains(err.Error(), "4001, limit 4000") {
		t.Errorf("the refusal reads %q", err)
	}
	// The fake Discord, which counts on its own, takes the first and refuses the second at its root.
	f := fakediscord.New(t)
	s := f.Session(t)
	if _, err := s.ApplicationCommandBulkOverwrite(f.AppID, "", []*discordgo.ApplicationCommand{exact}); err != nil {
		t.Fatalf("the fake refuses a command of %d characters: %v", MaxCommandChars, err)
	}
	_, err = s.ApplicationCommandBulkOverwrite(f.AppID, "", []*discordgo.ApplicationCommand{over})
	if r, ok := refusalOf(err); !ok || r.status != 400 || r.code != 50035 || len(r.fields) != 1 ||
		!strings.HasPrefix(r.fields[0], "0._root: APPLICATION_COMMAND_TOO_LARGE (Command exceeds maximum size (4000): it has 4001 characters") {
		t.Errorf("the fake answers %+v (%v)", r, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := f.ExpectProblem(ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatal(err)
	}
}

// commandOfSize is fakediscord's padded command of size characters, checked to count as many here.
func commandOfSize(t *testing.T, size int) *discordgo.ApplicationCommand {
	t.Helper()
	c := fakediscord.PaddedCommand(size)
	if got := CommandSize(c); got != size {
		t.Fatalf("the padded command has %d characters, not %d", got, size)
	}
	return c
}

// TestTheStartUpCheckNamesEveryBreach: each documented limit, broken on its own, is refused with
// the command, the locale and the field.
func TestTheStartUpCheckNamesEveryBreach(t *testing.T) {
	t.Parallel()
	ok := func() *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: "cmd", Description: "A command", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "sub", Description: "A subcommand", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "need", Description: "Needed", Required: true},
				{Type: discordgo.ApplicationCommandOptionString, Name: "pick", Description: "Picked", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "One", Value: "one"}}},
			}},
		}}
	}
	sub := func(c *discordgo.ApplicationCommand) *discordgo.ApplicationCommandOption { return c.Options[0] }
	many := func(n int) []*discordgo.ApplicationCommandOption {
		var out []*discordgo.ApplicationCommandOption
		for i := range n {
			out = append(out, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: fmt.Sprintf("o%d", i), Description: "x"})
		}
		return out
	}
	for _, c := range []struct {
		rule                   string
		breakIt                func(c *discordgo.ApplicationCommand)
		command, locale, field string
	}{
		{"a name has capitals", func(c *discordgo.ApplicationCommand) { sub(c).Name = "Sub" }, "/cmd Sub", "", "name"},
		{"a localized name has a blank", func(c *discordgo.ApplicationCommand) {
			sub(c).NameLocalizations = map[discordgo.Locale]string{discordgo.French: "sous commande"}
		}, "/cmd sub", "fr", "name"},
		{"a name of 33 characters", func(c *discordgo.ApplicationCommand) { c.Name = strings.Repeat("c", 33) }, "/" + strings.Repeat("c", 33), "", "name"},
		{"an empty description", func(c *discordgo.ApplicationCommand) { c.Description = "" }, "/cmd", "", "description"},
		{"a localized description of 101 characters", func(c *discordgo.ApplicationCommand) {
			sub(c).DescriptionLocalizations = map[discordgo.Locale]string{discordgo.Dutch: strings.Repeat("d", 101)}
		}, "/cmd sub", "nl", "description"},
		{"26 options", func(c *discordgo.ApplicationCommand) { sub(c).Options = many(26) }, "/cmd sub", "", "options"},
		{"26 choices", func(c *discordgo.ApplicationCommand) {
			for i := range 25 {
				o := sub(c).Options[1]
				o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: fmt.Sprint(i), Value: fmt.Sprint(i)})
			}
		}, "/cmd sub pick", "", "choices"},
		{"a choice's localized name of 101 characters", func(c *discordgo.ApplicationCommand) {
			sub(c).Options[1].Choices[0].NameLocalizations = map[discordgo.Locale]string{discordgo.ChineseTW: strings.Repeat("字", 101)}
		}, "/cmd sub pick one", "zh-TW", "choice name"},
		{"a required option after an optional one", func(c *discordgo.ApplicationCommand) {
			o := sub(c).Options
			o[0], o[1] = o[1], o[0]
		}, "/cmd sub need", "", "required"},
		{"a locale Discord does not have", func(c *discordgo.ApplicationCommand) {
			c.DescriptionLocalizations = &map[discordgo.Locale]string{"xx": "Xx"}
		}, "/cmd", "xx", "description"},
		{"two options of one name in a locale", func(c *discordgo.ApplicationCommand) {
			for _, o := range sub(c).Options {
				o.NameLocalizations = map[discordgo.Locale]string{discordgo.German: "wahl"}
			}
		}, "/cmd sub wahl", "de", "name"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			cmd := ok()
			if err := CheckSurface([]*discordgo.ApplicationCommand{cmd}); err != nil {
				t.Fatalf("the command before the breach is refused: %v", err)
			}
			c.breakIt(cmd)
			err := CheckSurface([]*discordgo.ApplicationCommand{cmd})
			var limit *LimitError
			if !errors.As(err, &limit) {
				t.Fatalf("not refused: %v", err)
			}
			if limit.Command != c.command || limit.Locale != c.locale || limit.Field != c.field {
				t.Errorf("refused as %q, %q, %q (%v); want %q, %q, %q", limit.Command, limit.Locale, limit.Field, err, c.command, c.locale, c.field)
			}
		})
	}
	var hundredAndOne []*discordgo.ApplicationCommand
	for i := range MaxGlobalCommands + 1 {
		hundredAndOne = append(hundredAndOne, &discordgo.ApplicationCommand{Name: fmt.Sprintf("c%d", i), Description: "x"})
	}
	var limit *LimitError
	if err := CheckSurface(hundredAndOne); !errors.As(err, &limit) || limit.Field != "count" || limit.Count != MaxGlobalCommands+1 {
		t.Errorf("%d global commands: %v", MaxGlobalCommands+1, err)
	}
}
