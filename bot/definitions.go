package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
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
		out = append(out, definition(c))
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
