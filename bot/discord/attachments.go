package discord

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// attachment is an uploaded file's entry in a message's "attachments": its index among the files
// of the request and its description, which screen readers read for the picture (Discord's
// attachment object; discordgo's has no description).
type attachment struct {
	ID          string `json:"id"`
	Description string `json:"description,omitempty"`
}

// described are the entries of fs's files in the order they are uploaded; nil when none of them
// has a description, so that a request without pictures to describe is sent as before.
func described(fs []bot.File) []attachment {
	var out []attachment
	some := false
	for i, f := range fs {
		out = append(out, attachment{ID: strconv.Itoa(i), Description: f.Description})
		some = some || f.Description != ""
	}
	if !some {
		return nil
	}
	return out
}

// describedEdit is an interaction response's edit whose attachments are the new files with their
// descriptions: the old ones, listed nowhere, go.
type describedEdit struct {
	*discordgo.WebhookEdit
	Attachments []attachment `json:"attachments"`
}

// describedParams is a followup with its files' descriptions.
type describedParams struct {
	*discordgo.WebhookParams
	Attachments []attachment `json:"attachments,omitempty"`
}

// editResponse replaces the answer of interaction i with edit, whose files are described by atts.
func (a *Adapter) editResponse(i *discordgo.Interaction, edit *discordgo.WebhookEdit, atts []attachment) error {
	if len(edit.Files) == 0 || atts == nil {
		_, err := a.s.InteractionResponseEdit(i, edit)
		return err
	}
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	kind, body, err := discordgo.MultipartBodyWithJSON(describedEdit{edit, atts}, edit.Files)
	if err != nil {
		return err
	}
	_, err = a.s.RequestRaw("PATCH", uri, kind, body, uri, 0)
	return err
}

// followup sends a followup of interaction i, whose files are described by atts.
func (a *Adapter) followup(i *discordgo.Interaction, params *discordgo.WebhookParams, atts []attachment) error {
	if len(params.Files) == 0 || atts == nil {
		_, err := a.s.FollowupMessageCreate(i, true, params)
		return err
	}
	uri := discordgo.EndpointWebhookToken(i.AppID, i.Token) + "?wait=true"
	kind, body, err := discordgo.MultipartBodyWithJSON(describedParams{params, atts}, params.Files)
	if err != nil {
		return err
	}
	_, err = a.s.RequestRaw("POST", uri, kind, body, uri, 0)
	return err
}
