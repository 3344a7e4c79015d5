package discord

import (
	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// responder sends the first answer to an interaction: over the gateway session, or as the body of
// the HTTP request in HTTP-interactions mode.
type responder interface {
	respond(*discordgo.InteractionResponse) error
}

type gatewayResponder struct {
	s *discordgo.Session
	i *discordgo.Interaction
}

func (g gatewayResponder) respond(r *discordgo.InteractionResponse) error {
	return g.s.InteractionRespond(g.i, r)
}

var styles = map[commands.ButtonStyle]discordgo.ButtonStyle{
	commands.Primary: discordgo.PrimaryButton, commands.Secondary: discordgo.SecondaryButton,
	commands.Success: discordgo.SuccessButton, commands.Danger: discordgo.DangerButton,
}

// components converts a message's buttons and select into Discord action rows (at most five).
func components(m bot.Message) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	if m.Select != nil && len(m.Select.Options) > 0 {
		var opts []discordgo.SelectMenuOption
		for _, o := range m.Select.Options {
			opts = append(opts, discordgo.SelectMenuOption{Label: commands.Truncate(o.Name, 100), Value: o.Value})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: m.Select.ID, Placeholder: commands.Truncate(m.Select.Placeholder, 150), Options: opts}}})
	}
	for _, row := range m.Buttons {
		if len(rows) == 5 {
			break
		}
		var btns []discordgo.MessageComponent
		for _, b := range row {
			btns = append(btns, discordgo.Button{CustomID: b.ID, Label: commands.Truncate(b.Label, 80), Style: styles[b.Style], Disabled: b.Disabled})
		}
		if len(btns) > 0 {
			rows = append(rows, discordgo.ActionsRow{Components: btns})
		}
	}
	return rows
}
