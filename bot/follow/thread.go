package follow

import (
	"errors"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Followers' threads. A follower who chooses to:thread reads the game in a public thread the bot
// keeps for the game's followers: one per game and channel, opened at the first such follow in
// the game's channel (the channel a game's own thread belongs to), or in the channel the follower
// names, which must be in the game's server, and kept (the server's settings remember it) for
// every later follow there while the game runs, whoever follows. A thread opens only where its
// follower may read and post, as Discord computes their permissions there (memberPermissions):
// the bot never posts for a member where they could not themselves. The bot mentions the follower
// once there, which adds them to the thread; after that each turn (or the end) is posted once for
// all its readers. What the threads need of the chat beyond the port is bot.Threads.

// followInThread records a follow delivered in the game's followers' thread, opening the thread
// if it has none yet in that channel, and answers the command. entry is the game's map.
func (fw *Follows) followInThread(req *bot.Request, in commands.Input, pr *lang.Printer, f storage.Follow, entry variants.Entry) bot.Message {
	chat, ok := fw.h.Port().(bot.Threads)
	if !ok {
		return bot.Refusal(pr.T("follow_thread_failed", nil))
	}
	parent, refusal := fw.followThreadChannel(chat, pr, in.Options["channel"], f)
	if refusal != "" {
		return bot.Refusal(refusal)
	}
	if refusal := fw.mayReadAndPost(chat, req, pr, parent); refusal != "" {
		return bot.Refusal(refusal)
	}
	ix := &fw.index
	ix.threads.Lock()
	defer ix.threads.Unlock()
	// What the thread reads is in the server's language; the answer in the follower's.
	pub := lang.For(lang.Public("", in.GuildLocale))
	helloID, doneID := "follow_thread_hello_turns", "follow_thread_turns"
	if f.EndOnly {
		helloID, doneID = "follow_thread_hello_end", "follow_thread_end"
	}
	title := commands.WordsFor(pub.Code()).MapTitle(entry)
	hello := pub.T(helloID, lang.A{"User": in.User.ID, "Title": title, "Link": fw.h.ChannelLink(f.Guild, f.Place)})
	thread := fw.followThread(f, parent)
	if parent == req.Place && req.Guild != "" {
		// The chat told what the bot may do here: say what it lacks before trying.
		if missing := chat.MissingForThreads(req, thread == ""); missing != "" {
			return bot.Refusal(pr.T("follow_thread_lacks", lang.A{"Channel": parent, "Missing": missing}))
		}
	}
	helloTo := func(thread string) bot.Message {
		return bot.Message{Cause: bot.CauseOf("follow-hello", req.ID, thread), Text: hello, Ping: []string{in.User.ID}}
	}
	if thread != "" {
		if _, err := fw.h.Port().Post(thread, helloTo(thread)); err != nil {
			if !errors.Is(err, bot.ErrNoChannel) {
				return bot.Refusal(fw.threadRefusal(pr, parent, err))
			}
			thread = "" // deleted meanwhile: open another
		}
	}
	if thread == "" {
		name := commands.Truncate(pub.T("follow_thread_name", lang.A{"Title": title, "Game": f.GameID}), 90)
		th, err := fw.h.Port().OpenThread(parent, name)
		if err != nil {
			return bot.Refusal(fw.threadRefusal(pr, parent, err))
		}
		thread = th
		fw.keepFollowThread(f, parent, thread)
		if _, err := fw.h.Port().Post(thread, helloTo(thread)); err != nil {
			return bot.Refusal(fw.threadRefusal(pr, parent, err))
		}
	}
	if err := chat.AddToThread(thread, in.User.ID); err != nil {
		fw.h.Log().Warn("could not add a follower to their thread", "thread", thread, "user", in.User.ID, "err", err)
	}
	f.Thread, f.ThreadIn = thread, parent
	if err := fw.setFollow(in.User.ID, f, false); err != nil {
		fw.h.Log().Error("could not save a follow", "user", in.User.ID, "err", err)
		return bot.Refusal(pr.T("follow_save_failed", lang.A{"Why": bot.Problem(err)}))
	}
	return bot.Message{Text: pr.T(doneID, lang.A{"Thread": thread})}
}

// followThreadChannel is the channel the followers' thread opens in: the one named (a text
// channel of the game's server), else the game's channel, or the channel of the game's thread.
func (fw *Follows) followThreadChannel(chat bot.Threads, pr *lang.Printer, named string, f storage.Follow) (string, string) {
	if named == "" {
		ch, err := chat.Channel(f.Place)
		if err != nil {
			fw.h.Log().Warn("could not read a game's channel", "channel", f.Place, "err", err)
			return "", pr.T("follow_channel_unread", nil)
		}
		if ch.Parent != "" {
			return ch.Parent, ""
		}
		return ch.ID, ""
	}
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(named), "<#"), ">")
	ch, err := chat.Channel(id)
	switch {
	case err != nil:
		return "", pr.T("follow_channel_unknown", lang.A{"Value": game.Echo(named)})
	case ch.Guild != f.Guild:
		return "", pr.T("follow_channel_other_server", lang.A{"Value": game.Echo(named)})
	case !ch.Threads:
		return "", pr.T("follow_channel_no_threads", lang.A{"Value": game.Echo(named)})
	}
	return ch.ID, ""
}

// threadRefusal says why a followers' thread could not be opened or written in.
func (fw *Follows) threadRefusal(pr *lang.Printer, parent string, err error) string {
	if errors.Is(err, bot.ErrForbidden) {
		return pr.T("follow_thread_refused", lang.A{"Channel": parent})
	}
	fw.h.Log().Warn("could not open a followers' thread", "channel", parent, "err", err)
	return pr.T("follow_thread_failed", nil)
}

// followThread is the followers' thread of f's game in channel parent: the one its followers
// read, else the one the server's settings keep ("" when it has none yet).
func (fw *Follows) followThread(f storage.Follow, parent string) string {
	for _, o := range fw.followersOf(f.GameID) {
		if o.Thread != "" && o.ThreadIn == parent {
			return o.Thread
		}
	}
	g, err := fw.h.Store().GuildSettings(f.Guild)
	if err != nil {
		fw.h.Log().Warn("could not read a server's followers' threads", "guild", f.Guild, "err", err)
		return ""
	}
	return g.FollowThreads[followThreadKey(f.GameID, parent)]
}

// keepFollowThread records in the server's settings the followers' thread just opened for f's
// game in channel parent, so that every later follow there reuses it; the threads of games no
// longer running go.
func (fw *Follows) keepFollowThread(f storage.Follow, parent, thread string) {
	fw.changeFollowThreads(f.Guild, func(threads map[string]string) {
		for k := range threads {
			if id, _, _ := strings.Cut(k, " "); id != f.GameID && !fw.h.Running(id) {
				delete(threads, k)
			}
		}
		threads[followThreadKey(f.GameID, parent)] = thread
	})
}

// forgetFollowThreads drops the followers' threads of a game that ended from its server's
// settings.
func (fw *Follows) forgetFollowThreads(guild, gameID string) {
	fw.changeFollowThreads(guild, func(threads map[string]string) {
		for k := range threads {
			if id, _, _ := strings.Cut(k, " "); id == gameID {
				delete(threads, k)
			}
		}
	})
}

// changeFollowThreads changes the followers' threads a server's settings keep, under the lock
// of the followers' threads.
func (fw *Follows) changeFollowThreads(guild string, change func(map[string]string)) {
	if guild == "" {
		return
	}
	g, err := fw.h.Store().GuildSettings(guild)
	if err != nil {
		fw.h.Log().Warn("could not read a server's followers' threads", "guild", guild, "err", err)
		return
	}
	if g.FollowThreads == nil {
		g.FollowThreads = map[string]string{}
	}
	before := len(g.FollowThreads)
	change(g.FollowThreads)
	if len(g.FollowThreads) == 0 && before == 0 {
		return
	}
	if err := fw.h.Store().SetGuildSettings(guild, g); err != nil {
		fw.h.Log().Warn("could not save a server's followers' threads", "guild", guild, "err", err)
	}
}

func followThreadKey(gameID, channel string) string { return gameID + " " + channel }

// mayReadAndPost refuses a followers' thread in channel for a member who may not read and post
// there, as the chat computes their permissions ("" when they may).
func (fw *Follows) mayReadAndPost(chat bot.Threads, req *bot.Request, pr *lang.Printer, channel string) string {
	ok, err := chat.MayReadAndPost(req, channel)
	if err != nil {
		fw.h.Log().Warn("could not read a member's permissions", "channel", channel, "user", req.User.ID, "err", err)
		return pr.T("follow_channel_unchecked", lang.A{"Channel": channel})
	}
	if !ok {
		return pr.T("follow_channel_no_access", lang.A{"Channel": channel})
	}
	return ""
}
