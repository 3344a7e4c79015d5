package discord

import (
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// editOriginal replaces the private answer (or the clicked private panel) with text.
func (a *Adapter) editOriginal(i *discordgo.Interaction, text string) {
	_ = a.editAnswer(i, bot.Message{Text: text})
}

// editAnswer replaces the private answer with m: its text, files and components. A text longer
// than a message goes on in private followups (split), the last of which carries the files and the
// components. The first part is kept before it is shown (answered, handled.go): a delivery of the
// interaction again, once the player sees the answer, finds it.
func (a *Adapter) editAnswer(i *discordgo.Interaction, m bot.Message) error {
	comps := components(m)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	parts := split(m.Text)
	first, rest := parts[0], parts[1:]
	firstComps, firstFiles, firstAtts := comps, func() []*discordgo.File { return files(m.Files) }, described(m.Files)
	if len(rest) > 0 {
		firstComps, firstFiles, firstAtts = []discordgo.MessageComponent{}, func() []*discordgo.File { return nil }, nil
	}
	// An empty list of attachments to keep: the new picture (if any) replaces the old one
	// instead of joining it.
	keep := []*discordgo.MessageAttachment{}
	edit := &discordgo.WebhookEdit{Content: &first, Components: &firstComps, Files: firstFiles(), Attachments: &keep,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}
	a.answered(i.ID, first)
	for try := 0; ; try++ {
		err := a.editResponse(i, edit, firstAtts)
		if err == nil {
			break
		}
		if try == len(editRetries) || !notYetKnown(err) {
			a.log.Warn("could not edit an interaction response", refusalAttrs(err, "game", a.host.GameIn(i.ChannelID), "guild", i.GuildID, "interaction", i.ID, "channel", i.ChannelID, "tries", try+1)...)
			return chatError(err)
		}
		time.Sleep(editRetries[try])
		edit.Files = firstFiles()
	}
	for n, part := range rest {
		params := &discordgo.WebhookParams{Content: part, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}
		var atts []attachment
		if n == len(rest)-1 {
			params.Components, params.Files, atts = comps, files(m.Files), described(m.Files)
		}
		if err := a.followup(i, params, atts); err != nil {
			a.log.Warn("could not send the rest of an answer", refusalAttrs(err, "game", a.host.GameIn(i.ChannelID), "guild", i.GuildID, "interaction", i.ID, "channel", i.ChannelID, "part", n+2)...)
			return chatError(err)
		}
	}
	return nil
}

func notYetKnown(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil {
		return false
	}
	return rest.Message.Code == discordgo.ErrCodeUnknownMessage || rest.Message.Code == discordgo.ErrCodeUnknownInteraction ||
		rest.Message.Code == discordgo.ErrCodeUnknownWebhook
}
