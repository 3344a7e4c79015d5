package discord

import "github.com/bwmarrin/discordgo"

// greyOut disables the buttons and menus of the public message a stale click came from, so that
// nobody clicks them again: the turn messages posted before a restart, whose buttons the next
// announcement could not disable because the bot no longer knew them.
func (a *Adapter) greyOut(i *discordgo.Interaction) {
	m := i.Message
	if m == nil || m.Flags&discordgo.MessageFlagsEphemeral != 0 || len(m.Components) == 0 {
		return
	}
	rows := disabled(m.Components)
	if _, err := a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: m.ChannelID, Components: &rows}); err != nil {
		a.log.Warn("could not grey out stale buttons", "channel", m.ChannelID, "message", m.ID, "err", err)
	}
}

// disabled copies rows of components with every button and menu disabled.
func disabled(rows []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, len(rows))
	for _, r := range rows {
		row, ok := r.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		var comps []discordgo.MessageComponent
		for _, c := range row.Components {
			switch c := c.(type) {
			case *discordgo.Button:
				b := *c
				b.Disabled = true
				comps = append(comps, b)
			case *discordgo.SelectMenu:
				sm := *c
				sm.Disabled = true
				comps = append(comps, sm)
			}
		}
		if len(comps) > 0 {
			out = append(out, discordgo.ActionsRow{Components: comps})
		}
	}
	return out
}
