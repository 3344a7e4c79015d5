package fakediscord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// PaddedCommand is a valid command of exactly size characters as Discord counts them against its
// 4,000 a command: its options' German descriptions, of up to 100 characters, are the longest
// localization of each and count; its options sit 20 to a subcommand, under Discord's 25. Tests of
// the limit register it with one character too many.
func PaddedCommand(size int) *discordgo.ApplicationCommand {
	c := &discordgo.ApplicationCommand{Name: "padded", Description: "Padded"}
	n := len(c.Name) + len(c.Description)
	var last *discordgo.ApplicationCommandOption
	for i := 0; n < size; i++ {
		if i%20 == 0 {
			sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: fmt.Sprintf("s%d", i/20), Description: "S"}
			c.Options = append(c.Options, sub)
			n += len(sub.Name) + len(sub.Description)
		}
		name := fmt.Sprintf("o%02d", i)
		german := min(100, size-n-len(name))
		if german < 1 && last != nil {
			last.Name += strings.Repeat("x", size-n)
			break
		}
		last = &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "E",
			DescriptionLocalizations: map[discordgo.Locale]string{discordgo.German: strings.Repeat("ä", german)}}
		sub := c.Options[len(c.Options)-1]
		sub.Options = append(sub.Options, last)
		n += len(name) + german
	}
	return c
}
