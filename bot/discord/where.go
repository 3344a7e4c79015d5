package discord

import (
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// where is what Discord tells the host of the place an interaction comes from (bot.Where).
type where struct {
	a      *Adapter
	i      *discordgo.Interaction
	once   sync.Once
	thread bool
}

// Thread tells whether the interaction's channel is a thread (asked of Discord once).
func (w *where) Thread() bool {
	w.once.Do(func() { w.thread = w.a.isThread(w.i.ChannelID) })
	return w.thread
}

// Missing names the permissions a game needs that the bot lacks where it will be played: in the
// interaction's channel, or in a thread it opens there for the game.
func (w *where) Missing(openThread bool) string {
	return missingPermissions(w.i.AppPermissions, openThread, w.Thread())
}

type permission struct {
	bit  int64
	name string
}

var (
	readPermissions = []permission{{discordgo.PermissionViewChannel, "View Channel"},
		{discordgo.PermissionReadMessageHistory, "Read Message History"}, {discordgo.PermissionAttachFiles, "Attach Files"}}
	channelPermissions = []permission{{discordgo.PermissionSendMessages, "Send Messages"}}
	threadPermissions  = []permission{{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"}}
	openPermissions    = []permission{{discordgo.PermissionCreatePublicThreads, "Create Public Threads"}}
)

// missingPermissions names the permissions a game needs that the bot lacks where it will be
// played: in the channel, in a thread it opens for the game, or in the thread it was asked in
// (where Send Messages in Threads, not Send Messages, is what counts).
func missingPermissions(have int64, openThread, inThread bool) string {
	need := append([]permission{}, readPermissions...)
	switch {
	case inThread:
		need = append(need, threadPermissions...)
	case openThread:
		need = append(append(append(need, channelPermissions...), openPermissions...), threadPermissions...)
	default:
		need = append(need, channelPermissions...)
	}
	var missing []string
	for _, p := range need {
		if have&p.bit == 0 {
			missing = append(missing, p.name)
		}
	}
	return strings.Join(missing, ", ")
}

// isThread tells whether a channel is a thread, from the gateway's cache (its shard's) or else
// from Discord.
func (a *Adapter) isThread(id string) bool {
	sessions := a.gateway
	if len(sessions) == 0 {
		sessions = []*discordgo.Session{a.s} // before Start, or in HTTP mode: an empty cache
	}
	for _, s := range sessions {
		if s.State == nil {
			continue
		}
		if ch, err := s.State.Channel(id); err == nil {
			return ch.IsThread()
		}
	}
	ch, err := a.s.Channel(id)
	if err != nil {
		a.log.Warn("could not tell whether a channel is a thread", "channel", id, "err", err)
		return false
	}
	return ch.IsThread()
}
