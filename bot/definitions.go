package bot

import (
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leagues"
)

// Definitions are the slash commands the bot registers, built from their declarations: the
// table's commands (commands.Surface), /league, the subcommands of /carc that leagues answer, and
// /carc me, a player's own commands across servers (meGroup).
func Definitions() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range append(commands.Surface(), leagues.Surface()...) {
		if c.Name == "carc" {
			me := meGroup
			me.Subs = append(append([]commands.Sub(nil), me.Subs...), leagues.PlayerSubs...)
			c.Subs = append(append(c.Subs, leagues.CarcSubs...), me)
		}
		out = append(out, localized(definition(c)))
	}
	return out
}

// discordLocales are the Discord locales each catalogue language is shown to.
var discordLocales = map[string][]discordgo.Locale{
	"de":    {discordgo.German},
	"fr":    {discordgo.French},
	"es":    {discordgo.SpanishES, discordgo.SpanishLATAM},
	"nl":    {discordgo.Dutch},
	"zh-TW": {discordgo.ChineseTW},
	"pt":    {discordgo.PortugueseBR},
}

// descriptionID is the catalogue message of a command's, subcommand's or option's description:
// cmd_ and its path ("cmd_carc_new", "cmd_place_square").
func descriptionID(path []string) string { return "cmd_" + strings.Join(path, "_") }

// localized adds the description_localizations of every catalogue language to a command and its
// options wherever the catalogues describe them. Names and choices stay canonical: Discord sends
// the canonical names whatever the user's language, and the help, the replies and table scripts
// name them so.
func localized(d *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	if l := descriptions([]string{d.Name}); l != nil {
		d.DescriptionLocalizations = &l
	}
	var walk func(path []string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path []string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			p := append(slices.Clone(path), o.Name)
			o.DescriptionLocalizations = descriptions(p)
			walk(p, o.Options)
		}
	}
	walk([]string{d.Name}, d.Options)
	return d
}

func descriptions(path []string) map[discordgo.Locale]string {
	id := descriptionID(path)
	if !lang.Default.Has(id) {
		return nil
	}
	out := map[discordgo.Locale]string{}
	for code, locales := range discordLocales {
		text := commands.Truncate(lang.For(code).T(id, nil), commands.MaxDescription)
		for _, l := range locales {
			out[l] = text
		}
	}
	return out
}

// definition is a command as Discord takes it.
func definition(c commands.Command) *discordgo.ApplicationCommand {
	d := &discordgo.ApplicationCommand{Name: c.Name, Description: c.Description, Options: options(c.Options)}
	for _, s := range c.Subs {
		d.Options = append(d.Options, subcommand(s))
	}
	return d
}

func subcommand(s commands.Sub) *discordgo.ApplicationCommandOption {
	if len(s.Subs) > 0 {
		group := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: s.Name, Description: s.Description}
		for _, sub := range s.Subs {
			group.Options = append(group.Options, subcommand(sub))
		}
		return group
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: s.Name, Description: s.Description,
		Options: options(s.Options)}
}

var optionTypes = map[commands.OptionType]discordgo.ApplicationCommandOptionType{
	commands.Text:    discordgo.ApplicationCommandOptionString,
	commands.Integer: discordgo.ApplicationCommandOptionInteger,
	commands.Boolean: discordgo.ApplicationCommandOptionBoolean,
	commands.Member:  discordgo.ApplicationCommandOptionUser,
}

func options(opts []commands.Option) []*discordgo.ApplicationCommandOption {
	var out []*discordgo.ApplicationCommandOption
	for _, o := range opts {
		d := &discordgo.ApplicationCommandOption{Type: optionTypes[o.Type], Name: o.Name, Description: o.Description,
			Required: o.Required, Autocomplete: o.Autocomplete}
		for _, c := range o.Choices {
			d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
		}
		if o.Type == commands.Integer && (o.Min != 0 || o.Max > 0) {
			lo := float64(o.Min)
			d.MinValue, d.MaxValue = &lo, float64(o.Max)
		}
		out = append(out, d)
	}
	return out
}
