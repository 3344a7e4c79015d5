package discord

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Handle answers one interaction. It takes it for this process (once for all processes),
// acknowledges it, so that Discord's 3-second limit holds whatever the work costs, and hands it to
// the host; it recovers from panics, and logs with the game id.
func (a *Adapter) Handle(i *discordgo.Interaction, r responder) {
	done, open := a.host.Enter()
	if !open {
		_ = r.respond(ephemeralText(lang.For(string(i.Locale)).T("bot_restarting", nil)))
		return
	}
	defer done()
	acked := false
	defer func() {
		if rec := recover(); rec != nil {
			a.log.Error("panic while handling an interaction", "game", a.host.GameIn(i.ChannelID), "guild", i.GuildID, "interaction", i.ID, "channel", i.ChannelID, "panic", fmt.Sprint(rec),
				"stack", string(debug.Stack()))
			// The user's Discord locale only: their own setting is in the store, which may be what failed.
			msg := lang.For(string(i.Locale)).T("bot_went_wrong", nil)
			if acked {
				a.editOriginal(i, msg)
			} else {
				_ = r.respond(ephemeralText(msg))
			}
		}
	}()
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i, r)
	case discordgo.InteractionApplicationCommand:
		if !a.take(i, r) {
			return
		}
		acked = a.ack(i, r, deferral(i))
		if acked {
			a.host.Command(a.request(i))
		}
	case discordgo.InteractionMessageComponent:
		if !a.take(i, r) {
			return
		}
		acked = a.ack(i, r, deferral(i))
		if acked {
			a.host.Click(a.request(i))
		}
	}
}

// take takes interaction i for this process and reports whether it is to act on it
// (handled.go). When it is not, it has answered r: with the first answer given, else with the
// first delivery's acknowledgement, or, when the store cannot say (it is down), with why nothing
// was done.
func (a *Adapter) take(i *discordgo.Interaction, r responder) bool {
	prev, first, why := a.takeRecord(i.ID, i.ChannelID)
	if why.ID != "" {
		_ = r.respond(ephemeralText(lang.For(string(i.Locale)).T("bot_not_taken", lang.A{"Why": why})))
		return false
	}
	if first {
		return true
	}
	resp := deferredResponse(i)
	if prev.Done {
		resp = ephemeralText(prev.Answer)
	}
	if err := r.respond(resp); err != nil {
		a.log.Warn("could not answer an interaction delivered again", "channel", i.ChannelID, "interaction", i.ID, "err", err)
	}
	return false
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
func (a *Adapter) ack(i *discordgo.Interaction, r responder, kind discordgo.InteractionResponseType) bool {
	resp := deferredResponse(i)
	resp.Type = kind
	if err := r.respond(resp); err != nil {
		a.log.Warn("could not acknowledge an interaction", refusalAttrs(err, "game", a.host.GameIn(i.ChannelID), "guild", i.GuildID, "interaction", i.ID, "channel", i.ChannelID)...)
		return false
	}
	return true
}

// request is an interaction as the host takes it: who asked, where, in which language, and their
// command or click.
func (a *Adapter) request(i *discordgo.Interaction) *bot.Request {
	u, admin := user(i)
	req := &bot.Request{Interaction: &bot.Interaction{ID: i.ID, Place: i.ChannelID, App: i.AppID, Token: i.Token, Locale: string(i.Locale), Chat: i, Received: time.Now()},
		Guild: i.GuildID, User: u, Admin: admin, Manager: i.Member != nil && i.Member.Permissions&discordgo.PermissionManageGuild != 0,
		Where: &where{a: a, i: i}}
	if at, err := discordgo.SnowflakeTimestamp(i.ID); err == nil {
		req.Created = at // the interaction's token lives from its creation, which its id tells
	}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Input, req.Focused = input(i)
	case discordgo.InteractionMessageComponent:
		data := i.MessageComponentData()
		req.Click, req.Values = data.CustomID, data.Values
		req.Input = commands.Input{User: u, Admin: admin, Manager: req.Manager}
	}
	return req
}

// user is who acted, with the name they show in the server, the first of their nickname, display
// name and username that is still a name once cleaned at the door (game.CleanName: the name is
// stored and shown again), else their id; admin tells whether they manage the channel.
func user(i *discordgo.Interaction) (u table.User, admin bool) {
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

func (a *Adapter) autocomplete(i *discordgo.Interaction, r responder) {
	choices := a.host.Autocomplete(a.request(i))
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(choices))
	for _, c := range choices {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: commands.Truncate(c.Name, 100), Value: c.Value})
	}
	if err := r.respond(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: out}}); err != nil {
		a.log.Warn("could not answer autocomplete", refusalAttrs(err, "game", a.host.GameIn(i.ChannelID), "guild", i.GuildID, "interaction", i.ID, "channel", i.ChannelID)...)
	}
}

// editRetries are the pauses before an edit is sent again when Discord does not know the answer
// yet: in HTTP mode the response that creates it may still be on its way.
var editRetries = []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, time.Second, 2 * time.Second}
