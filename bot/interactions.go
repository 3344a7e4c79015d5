package bot

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Handle answers one interaction. It acknowledges it first, so that Discord's 3-second limit holds
// whatever the work costs, recovers from panics, and logs with the game id.
func (b *Host) Handle(i *discordgo.Interaction, r responder) {
	if b.closing.Load() {
		_ = r.respond(ephemeralText(lang.For(string(i.Locale)).T("bot_restarting", nil)))
		return
	}
	b.inflight.Add(1)
	defer b.inflight.Done()
	b.handling.Add(1)
	defer b.handling.Add(-1)
	acked := false
	defer func() {
		if rec := recover(); rec != nil {
			game := ""
			if e := b.entryAt(i.ChannelID); e != nil {
				game = e.id
			}
			b.log.Error("panic while handling an interaction", "game", game, "channel", i.ChannelID, "panic", fmt.Sprint(rec),
				"stack", string(debug.Stack()))
			// The user's Discord locale only: their own setting is in the store, which may be what failed.
			msg := lang.For(string(i.Locale)).T("bot_went_wrong", nil)
			if acked {
				b.editOriginal(i, msg, nil, nil)
			} else {
				_ = r.respond(ephemeralText(msg))
			}
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.autocomplete(i, r)
	case discordgo.InteractionApplicationCommand:
		if !b.take(i, r) {
			return
		}
		acked = b.ack(i, r, deferral(i))
		if acked {
			b.command(i)
		}
	case discordgo.InteractionMessageComponent:
		if !b.take(i, r) {
			return
		}
		acked = b.ack(i, r, deferral(i))
		if acked {
			b.component(i)
		}
	}
}

// deferral is how an interaction is acknowledged before its work is done: a click in a private
// panel updates that panel; everything else gets a private "thinking...".
func deferral(i *discordgo.Interaction) discordgo.InteractionResponseType {
	if i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return discordgo.InteractionResponseDeferredMessageUpdate
	}
	return discordgo.InteractionResponseDeferredChannelMessageWithSource
}

// deferredResponse is the acknowledgement of that kind.
func deferredResponse(i *discordgo.Interaction) *discordgo.InteractionResponse {
	kind := deferral(i)
	resp := &discordgo.InteractionResponse{Type: kind}
	if kind == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return resp
}

func ephemeralText(text string) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral}}
}

// ack defers the answer: private ("thinking...") for commands and public-message clicks, an update
// for clicks in a private panel.
func (b *Host) ack(i *discordgo.Interaction, r responder, kind discordgo.InteractionResponseType) bool {
	resp := deferredResponse(i)
	resp.Type = kind
	if err := r.respond(resp); err != nil {
		b.log.Warn("could not acknowledge an interaction", refusalAttrs(err, "game", b.gameIn(i.ChannelID), "channel", i.ChannelID)...)
		return false
	}
	return true
}

// editOriginal replaces the private answer (or the clicked private panel).
func (b *Host) editOriginal(i *discordgo.Interaction, text string, png []byte, comps []discordgo.MessageComponent) {
	b.editAnswer(i, text, func() []*discordgo.File { return pngFile(png) }, comps)
}

// editAnswer replaces the private answer with text, the files files makes (called again for
// each try, since a try spends their readers) and components. A text longer than a message goes on
// in private followups (split), the last of which carries the files and the components.
func (b *Host) editAnswer(i *discordgo.Interaction, text string, files func() []*discordgo.File, comps []discordgo.MessageComponent) {
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	parts := split(text)
	first, rest := parts[0], parts[1:]
	firstComps, firstFiles := comps, files
	if len(rest) > 0 {
		firstComps, firstFiles = []discordgo.MessageComponent{}, func() []*discordgo.File { return nil }
	}
	// An empty list of attachments to keep: the new picture (if any) replaces the old one
	// instead of joining it.
	keep := []*discordgo.MessageAttachment{}
	edit := &discordgo.WebhookEdit{Content: &first, Components: &firstComps, Files: firstFiles(), Attachments: &keep,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}
	// Kept before it is shown: a delivery of the interaction again, once the player sees the
	// answer, finds it.
	b.answered(i, first)
	for try := 0; ; try++ {
		_, err := b.s.InteractionResponseEdit(i, edit)
		if err == nil {
			break
		}
		if try == len(editRetries) || !notYetKnown(err) {
			b.log.Warn("could not edit an interaction response", refusalAttrs(err, "game", b.gameIn(i.ChannelID), "channel", i.ChannelID, "tries", try+1)...)
			return
		}
		time.Sleep(editRetries[try])
		edit.Files = firstFiles()
	}
	for n, part := range rest {
		params := &discordgo.WebhookParams{Content: part, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: &discordgo.MessageAllowedMentions{}}
		if n == len(rest)-1 {
			params.Components, params.Files = comps, files()
		}
		if _, err := b.s.FollowupMessageCreate(i, true, params); err != nil {
			b.log.Warn("could not send the rest of an answer", refusalAttrs(err, "game", b.gameIn(i.ChannelID), "channel", i.ChannelID, "part", n+2)...)
			return
		}
	}
}

// editRetries are the pauses before an edit is sent again when Discord does not know the answer
// yet: in HTTP mode the response that creates it may still be on its way.
var editRetries = []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, time.Second, 2 * time.Second}

func notYetKnown(err error) bool {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil {
		return false
	}
	return rest.Message.Code == discordgo.ErrCodeUnknownMessage || rest.Message.Code == discordgo.ErrCodeUnknownInteraction ||
		rest.Message.Code == discordgo.ErrCodeUnknownWebhook
}

// user is who acted, with the name they show in the server, the first of their nickname, display
// name and username that is still a name once cleaned at the door (game.CleanName: the name is
// stored and shown again), else their id.
func user(i *discordgo.Interaction) (table.User, bool) {
	if i.Member != nil && i.Member.User != nil {
		u := i.Member.User
		return table.User{ID: u.ID, Name: shownName(u.ID, i.Member.Nick, u.GlobalName, u.Username)},
			i.Member.Permissions&discordgo.PermissionManageChannels != 0
	}
	if i.User != nil {
		return table.User{ID: i.User.ID, Name: shownName(i.User.ID, i.User.GlobalName, i.User.Username)}, false
	}
	return table.User{}, false
}

// shownName is the first of names that is not empty once cleaned, else id.
func shownName(id string, names ...string) string {
	for _, n := range names {
		if n = game.CleanName(n); n != "" {
			return n
		}
	}
	return id
}

// input turns a slash command into the command layer's input; focused names the option being
// completed, if any.
func input(i *discordgo.Interaction) (commands.Input, string) {
	data := i.ApplicationCommandData()
	u, admin := user(i)
	in := commands.Input{User: u, Admin: admin, Command: data.Name, Options: map[string]string{}}
	in.Manager = i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0
	opts := data.Options
	if len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		in.Sub = opts[0].Name
		opts = opts[0].Options
	}
	focused := ""
	for _, o := range opts {
		if o.Focused {
			focused = o.Name
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionInteger:
			in.Options[o.Name] = strconv.FormatInt(o.IntValue(), 10)
		case discordgo.ApplicationCommandOptionBoolean:
			in.Options[o.Name] = strconv.FormatBool(o.BoolValue())
		case discordgo.ApplicationCommandOptionUser:
			in.Options[o.Name] = fmt.Sprint(o.Value)
		default:
			in.Options[o.Name] = strings.TrimSpace(fmt.Sprint(o.Value))
		}
	}
	return in, focused
}

// reader is the printer of a reply only in's user reads.
func reader(in commands.Input) *lang.Printer { return lang.For(lang.Private(in.Language, in.Locale)) }

func (b *Host) autocomplete(i *discordgo.Interaction, r responder) {
	in, focused := input(i)
	var choices []commands.Choice
	if e := b.entryAt(i.ChannelID); e != nil && b.lock(e) {
		choices = commands.Autocomplete(e.table, in, focused)
		e.mu.Unlock()
	} else {
		choices = commands.Autocomplete(nil, in, focused)
	}
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(choices))
	for _, c := range choices {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: commands.Truncate(c.Name, 100), Value: c.Value})
	}
	if err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out}}); err != nil {
		b.log.Warn("could not answer autocomplete", refusalAttrs(err, "game", b.gameIn(i.ChannelID), "channel", i.ChannelID)...)
	}
}

func (b *Host) command(i *discordgo.Interaction) {
	in, _ := input(i)
	in.Langs = b.langs(i, in.User.ID)
	if in.User.ID == "" {
		b.editOriginal(i, reader(in).T("command_no_user", nil), nil, nil)
		return
	}
	if b.leagueCommand(i, in) {
		return
	}
	if why, ok := b.aside.at(i.ChannelID); ok && aboutItsGame(in) && b.entryAt(i.ChannelID) == nil {
		b.editOriginal(i, reader(in).T("aside_here", lang.A{"Why": why}), nil, nil)
		return
	}
	if in.Command == "carc" && in.Sub == "status" && b.entryAt(i.ChannelID) == nil {
		b.editOriginal(i, b.yourTurns(reader(in), in.User), nil, nil)
		return
	}
	if b.playerCommand(i, in) {
		return
	}
	if in.Command == "carc" && in.Sub == "new" {
		b.newGame(i, in)
		return
	}
	e := b.entryAt(i.ChannelID)
	if e == nil && in.Command == "carc" && slices.Contains(afterTheEnd, in.Sub) {
		e = b.finished(i.ChannelID)
	}
	if e == nil {
		if a, ok := b.retryAfterEnd(i.ChannelID, b.commandAction(&gameEntry{place: i.ChannelID}, in), in.User); ok {
			b.editOriginal(i, a.text, a.png, nil)
			return
		}
		r := commands.Handle(nil, in)
		b.editOriginal(i, r.Text, nil, nil)
		return
	}
	if in.Command == "carc" && in.Sub == "join" && b.takesASeat(e, in.User) {
		release, refusal := b.reserveSeat(reader(in), i.GuildID, in.User.ID, false)
		if refusal != "" {
			b.editOriginal(i, refusal, nil, nil)
			return
		}
		defer release()
		b.run(i, e, b.commandAction(e, in), in.User, release)
		return
	}
	b.run(i, e, b.commandAction(e, in), in.User)
}

// takesASeat tells whether u joining the table of e would take a place in the caps on open
// tables: a lobby of a table that is not a league's, where u does not sit yet. Any other /carc
// join is refused by the table itself, with its own reason.
func (b *Host) takesASeat(e *gameEntry, u table.User) bool {
	if !b.lock(e) {
		return false
	}
	defer e.mu.Unlock()
	return !e.league && e.table.Status == table.Lobby && e.table.Seat(u.ID) < 0
}

func (b *Host) component(i *discordgo.Interaction) {
	data := i.MessageComponentData()
	u, admin := user(i)
	if c, err := commands.ParseComponentID(data.CustomID); err == nil && c.Verb == "mute" {
		b.editOriginal(i, b.mute(reader(commands.Input{Langs: b.langs(i, u.ID)}), i.ChannelID, u, c), nil, nil)
		return
	}
	if c, err := commands.ParseComponentID(data.CustomID); err == nil && c.Verb == "resume" {
		in := commands.Input{User: u, Admin: admin, Manager: i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0, Langs: b.langs(i, u.ID)}
		b.editOriginal(i, b.resume(i.ChannelID, i.ID, in), nil, nil)
		return
	}
	e := b.entryAt(i.ChannelID)
	if c, err := commands.ParseComponentID(data.CustomID); e == nil && err == nil && c.Verb == "hist" {
		e = b.finished(i.ChannelID)
	}
	if e == nil {
		b.greyOut(i)
		if a, ok := b.retryAfterEnd(i.ChannelID, click(u, data.CustomID, data.Values, b.langs(i, u.ID)), u); ok {
			b.editOriginal(i, a.text, a.png, nil)
			return
		}
		b.editOriginal(i, reader(commands.Input{Langs: b.langs(i, u.ID)}).T("button_game_gone", nil), nil, nil)
		return
	}
	b.run(i, e, click(u, data.CustomID, data.Values, b.langs(i, u.ID)), u)
}
