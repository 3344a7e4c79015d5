package discord

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Definitions are the slash commands as Discord takes them, built from their declarations (a
// host's Surface), each localized in every language of the catalogues.
func Definitions(surface []commands.Command) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range surface {
		out = append(out, localized(definition(c)))
	}
	return out
}

// discordLocales are the Discord locales each catalogue language is shown to (English as well:
// its names and descriptions are the declared ones, which Discord shows every other locale).
var discordLocales = map[string][]discordgo.Locale{
	"en":    {discordgo.EnglishUS, discordgo.EnglishGB},
	"de":    {discordgo.German},
	"fr":    {discordgo.French},
	"es":    {discordgo.SpanishES, discordgo.SpanishLATAM},
	"nl":    {discordgo.Dutch},
	"zh-TW": {discordgo.ChineseTW},
	"pt":    {discordgo.PortugueseBR},
}

// descriptionData are the values a description of the catalogues may name: the maps.
func descriptionData() lang.A {
	return lang.A{"Maps": strings.Join(variants.IDs(false), ", ")}
}

// localized adds to a command, and to each of its subcommands, options and choices, its name and
// its description in every Discord locale of the catalogue languages, from the catalogue messages
// their path names (lang.NameIDs, lang.DescriptionIDs, lang.ChoiceIDs). Discord shows a reader
// these, and still sends the canonical names and values, which stay the commands' grammar; the
// replies name commands as the reader's Discord shows them (lang.Printer.Command). What the
// catalogues lack stays unlocalised, and TestEveryCommandIsLocalizedWithinDiscordsLimits names it.
func localized(d *discordgo.ApplicationCommand) *discordgo.ApplicationCommand {
	path := []string{d.Name}
	if l := names(path); l != nil {
		d.NameLocalizations = &l
	}
	if l := descriptions(path); l != nil {
		d.DescriptionLocalizations = &l
	}
	var walk func(path []string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path []string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			p := append(slices.Clone(path), o.Name)
			o.NameLocalizations = names(p)
			o.DescriptionLocalizations = descriptions(p)
			for _, c := range o.Choices {
				if l := choices(p, fmt.Sprint(c.Value)); l != nil {
					// The English of the catalogue is the choice's name in every other locale too.
					c.Name, c.NameLocalizations = l[discordgo.EnglishUS], l
				}
			}
			walk(p, o.Options)
		}
	}
	walk(path, d.Options)
	return d
}

func names(path []string) map[discordgo.Locale]string {
	if lang.Default.First(lang.NameIDs(path)) == "" {
		return nil
	}
	return each(func(p *lang.Printer) string { return p.Name(path...) })
}

func descriptions(path []string) map[discordgo.Locale]string {
	id := lang.Default.First(lang.DescriptionIDs(path))
	if id == "" {
		return nil
	}
	return each(func(p *lang.Printer) string {
		return commands.Truncate(p.T(id, descriptionData()), commands.MaxDescription)
	})
}

func choices(path []string, value string) map[discordgo.Locale]string {
	id := lang.Default.First(lang.ChoiceIDs(path, value))
	if id == "" {
		return nil
	}
	return each(func(p *lang.Printer) string { return p.T(id, nil) })
}

// each is a text in every Discord locale of the catalogue languages.
func each(text func(p *lang.Printer) string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for code, locales := range discordLocales {
		t := text(lang.For(code))
		for _, l := range locales {
			out[l] = t
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
