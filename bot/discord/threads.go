package discord

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// The adapter gives followers' threads what they need of Discord (bot.Threads).

var _ bot.Threads = (*Adapter)(nil)

// Channel is what Discord tells of a channel or thread.
func (a *Adapter) Channel(id string) (bot.Channel, error) {
	ch, err := a.s.Channel(id)
	if err != nil {
		return bot.Channel{}, chatError(err)
	}
	c := bot.Channel{ID: ch.ID, Guild: ch.GuildID, Threads: ch.Type == discordgo.ChannelTypeGuildText || ch.Type == discordgo.ChannelTypeGuildNews}
	if ch.IsThread() {
		c.Parent = ch.ParentID
	}
	return c, nil
}

// MayReadAndPost tells whether the member who asked may read and post in channel, as Discord
// computes their permissions: Discord told them for the channel the command was used in; for
// another, the adapter asks.
func (a *Adapter) MayReadAndPost(req *bot.Request, channel string) (bool, error) {
	need := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages)
	i := interactionOf(req.Interaction)
	var perms int64
	if i.Member != nil && channel == i.ChannelID {
		perms = i.Member.Permissions
	} else {
		var err error
		if perms, err = a.memberPermissionsIn(channel, req.User.ID); err != nil {
			return false, chatError(err)
		}
	}
	return perms&need == need, nil
}

// followThreadPermissions are what the bot needs in the channel a followers' thread opens in.
var followThreadPermissions = []permission{{discordgo.PermissionViewChannel, "View Channel"},
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads"}, {discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"}}

// MissingForThreads names what the bot lacks, in the channel of the interaction, to keep a
// followers' thread there, as Discord told with the interaction.
func (a *Adapter) MissingForThreads(req *bot.Request, open bool) string {
	i := interactionOf(req.Interaction)
	var missing []string
	for _, p := range followThreadPermissions {
		if i.AppPermissions&p.bit == 0 && (open || p.bit != discordgo.PermissionCreatePublicThreads) {
			missing = append(missing, p.name)
		}
	}
	return strings.Join(missing, ", ")
}

// AddToThread adds user to thread's members.
func (a *Adapter) AddToThread(thread, user string) error {
	return chatError(a.s.ThreadMemberAdd(thread, user))
}
