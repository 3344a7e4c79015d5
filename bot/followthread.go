package bot

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Followers' threads. A follower who chooses to:thread reads the game in a public thread the bot
// keeps for the game's followers: one per game and channel, opened at the first such follow in
// the game's channel (the channel a game's own thread belongs to), or in the channel the follower
// names, which must be in the game's server. The bot mentions the follower once there, which
// adds them to the thread; after that each turn (or the end) is posted once for all its readers.

// followThreadPermissions are what the bot needs in the channel a followers' thread opens in.
var followThreadPermissions = []permission{{discordgo.PermissionViewChannel, "View Channel"},
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads"}, {discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"}}

// followInThread records a follow delivered in the game's followers' thread, opening the thread
// if it has none yet in that channel, and answers the command.
func (b *Bot) followInThread(i *discordgo.Interaction, in commands.Input, f storage.Follow) string {
	parent, refusal := b.followThreadChannel(in.Options["channel"], f)
	if refusal != "" {
		return refusal
	}
	ix := &b.follows
	ix.threads.Lock()
	defer ix.threads.Unlock()
	how := "every turn, and its end"
	if f.EndOnly {
		how = "its end only"
	}
	hello := fmt.Sprintf("<@%s> follows the game of %s (%s) here: %s.", in.User.ID, f.Title, channelLink(f.Guild, f.Place), how)
	thread := ""
	for _, o := range b.followersOf(f.GameID) {
		if o.Thread != "" && o.ThreadIn == parent {
			thread = o.Thread
			break
		}
	}
	if parent == i.ChannelID && i.GuildID != "" {
		// Discord told what the bot may do here: say what it lacks before trying.
		var missing []string
		for _, p := range followThreadPermissions {
			if i.AppPermissions&p.bit == 0 && (thread == "" || p.bit != discordgo.PermissionCreatePublicThreads) {
				missing = append(missing, p.name)
			}
		}
		if len(missing) > 0 {
			return fmt.Sprintf("I cannot keep a followers' thread in <#%s>: I lack %s there. Ask an administrator to grant them, or follow by direct message (leave out to:thread).", parent, strings.Join(missing, ", "))
		}
	}
	if thread != "" {
		if _, err := b.send(thread, hello, nil, nil, []string{in.User.ID}); err != nil {
			if !unknownChannel(err) {
				return b.threadRefusal(parent, err)
			}
			thread = "" // deleted meanwhile: open another
		}
	}
	if thread == "" {
		name := commands.Truncate(fmt.Sprintf("Followers: %s, game %s", f.Title, f.GameID), 90)
		th, err := b.s.ThreadStart(parent, name, discordgo.ChannelTypeGuildPublicThread, 10080)
		if err != nil {
			return b.threadRefusal(parent, err)
		}
		thread = th.ID
		if _, err := b.send(thread, hello, nil, nil, []string{in.User.ID}); err != nil {
			return b.threadRefusal(parent, err)
		}
	}
	if err := b.s.ThreadMemberAdd(thread, in.User.ID); err != nil {
		b.log.Warn("could not add a follower to their thread", "thread", thread, "user", in.User.ID, "err", err)
	}
	f.Thread, f.ThreadIn = thread, parent
	if err := b.setFollow(in.User.ID, f, false); err != nil {
		b.log.Error("could not save a follow", "user", in.User.ID, "err", err)
		return "Your follow could not be saved: " + storage.ForPlayers(err) + "."
	}
	return fmt.Sprintf("You follow this game in <#%s>: %s is posted there. /carc me follow when:off stops it.", thread, how)
}

// followThreadChannel is the channel the followers' thread opens in: the one named (a text
// channel of the game's server), else the game's channel, or the channel of the game's thread.
func (b *Bot) followThreadChannel(named string, f storage.Follow) (string, string) {
	if named == "" {
		ch, err := b.s.Channel(f.Place)
		if err != nil {
			b.log.Warn("could not read a game's channel", "channel", f.Place, "err", err)
			return "", "The game's channel could not be read just now, so nothing was followed; try again in a minute."
		}
		if ch.IsThread() {
			return ch.ParentID, ""
		}
		return ch.ID, ""
	}
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(named), "<#"), ">")
	ch, err := b.s.Channel(id)
	switch {
	case err != nil:
		return "", fmt.Sprintf("channel:%s is not a channel I can see: name one with #, like #games, in the game's server.", game.Echo(named))
	case ch.GuildID != f.Guild:
		return "", fmt.Sprintf("channel:%s is not in the game's server: a thread there would show the game to another server. Name a channel of the game's server.", game.Echo(named))
	case ch.Type != discordgo.ChannelTypeGuildText && ch.Type != discordgo.ChannelTypeGuildNews:
		return "", fmt.Sprintf("channel:%s cannot hold threads: name a text channel.", game.Echo(named))
	}
	return ch.ID, ""
}

// threadRefusal says why a followers' thread could not be opened or written in.
func (b *Bot) threadRefusal(parent string, err error) string {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusForbidden {
		return fmt.Sprintf("I cannot keep a followers' thread in <#%s>: Discord refused (I need View Channel, Create Public Threads and Send Messages in Threads there). Ask an administrator to grant them, or follow by direct message (leave out to:thread).", parent)
	}
	b.log.Warn("could not open a followers' thread", "channel", parent, "err", err)
	return "Discord did not take the followers' thread, so nothing was followed; try again in a minute."
}

// unknownChannel tells whether Discord answered that a channel does not exist (any more).
func unknownChannel(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownChannel
}
