package bot

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Following. A member who does not play in a game follows it with /carc me follow in its channel,
// or anywhere with the link of its page (game:): at each of its turns what the channel was told,
// with the board, or only its end, by DM or in a thread (followthread.go). The follows are the
// followers' own settings; the bot keeps an index game -> followers, read from the store once and
// changed with them. A follower is mentioned only once, when they choose a thread, in that
// thread; the messages tell them only what the game's channel shows.

// maxFollows bounds the games one member follows.
const maxFollows = 50

// followIndex is, per game id, its followers.
type followIndex struct {
	mu     sync.Mutex
	loaded bool
	games  map[string]map[string]storage.Follow // game id -> user id -> follow
	// threads serialises the opening of followers' threads, so that two followers of a game who
	// choose threads at once share one.
	threads sync.Mutex
}

// followersOf returns the followers of a game (reading every player's follows at first use).
func (b *Bot) followersOf(gameID string) map[string]storage.Follow {
	ix := &b.follows
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.loaded {
		ix.games = map[string]map[string]storage.Follow{}
		err := b.store.EachPlayerSettings(func(userID string, p storage.Settings) error {
			for _, f := range p.Follows {
				ix.addLocked(userID, f)
			}
			return nil
		})
		if err != nil {
			b.log.Error("could not read the followed games", "err", err)
			return nil
		}
		ix.loaded = true
	}
	out := make(map[string]storage.Follow, len(ix.games[gameID]))
	for u, f := range ix.games[gameID] {
		out[u] = f
	}
	return out
}

func (ix *followIndex) addLocked(userID string, f storage.Follow) {
	if ix.games[f.GameID] == nil {
		ix.games[f.GameID] = map[string]storage.Follow{}
	}
	ix.games[f.GameID][userID] = f
}

// setFollow records (or, with stop, drops) userID's follow of a game, in the store and the index.
func (b *Bot) setFollow(userID string, f storage.Follow, stop bool) error {
	b.followersOf(f.GameID) // loads the index before it changes
	p, err := b.store.PlayerSettings(userID)
	if err != nil {
		return err
	}
	p.Follows = slices.DeleteFunc(p.Follows, func(x storage.Follow) bool { return x.GameID == f.GameID })
	if !stop {
		p.Follows = append(p.Follows, f)
	}
	if err := b.store.SetPlayerSettings(userID, p); err != nil {
		return err
	}
	ix := &b.follows
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if stop {
		delete(ix.games[f.GameID], userID)
	} else {
		ix.addLocked(userID, f)
	}
	return nil
}

// follow answers /carc me follow: in a game's channel, or anywhere with game: and the link of
// the game's page.
func (b *Bot) follow(i *discordgo.Interaction, in commands.Input) string {
	e, refusal := b.followedGame(i, in.Options["game"])
	if e == nil {
		return refusal
	}
	e.mu.Lock()
	t := e.table
	f := storage.Follow{GameID: e.id, Place: e.place, Guild: e.guild, Title: t.Entry().Title}
	plays := t.Seat(in.User.ID) >= 0
	e.mu.Unlock()
	when := strings.ToLower(strings.TrimSpace(in.Options["when"]))
	switch when {
	case "", "turns":
	case "end":
		f.EndOnly = true
	case "off":
		if _, ok := b.followersOf(e.id)[in.User.ID]; !ok {
			return "You do not follow this game."
		}
		if err := b.setFollow(in.User.ID, f, true); err != nil {
			b.log.Error("could not stop a follow", "user", in.User.ID, "err", err)
			return "Your follow could not be changed: " + storage.ForPlayers(err) + "."
		}
		return "You no longer follow this game."
	default:
		return fmt.Sprintf("when:%s: use turns (every turn and the end), end (the end only) or off.", game.Echo(in.Options["when"]))
	}
	to := strings.ToLower(strings.TrimSpace(in.Options["to"]))
	if to != "" && to != "dm" && to != "thread" {
		return fmt.Sprintf("to:%s: the turns come by direct message (dm) or in a thread (thread).", game.Echo(in.Options["to"]))
	}
	if in.Options["channel"] != "" && to != "thread" {
		return "channel: names where the followers' thread opens: add to:thread, or leave channel: out for direct messages."
	}
	if plays {
		return "You play in this game: your own turns come as you chose with /carc settings notify."
	}
	p, err := b.store.PlayerSettings(in.User.ID)
	if err != nil {
		return "Your settings could not be read: " + storage.ForPlayers(err) + "."
	}
	if _, again := b.followersOf(e.id)[in.User.ID]; !again && len(p.Follows) >= maxFollows {
		return fmt.Sprintf("You follow %d games already, the most one member may; stop one with /carc me follow when:off in its channel.", maxFollows)
	}
	if to == "thread" {
		return b.followInThread(i, in, f)
	}
	if err := b.dm(in.User.ID, followConfirmText(f), nil); err != nil {
		if dmsClosed(err) {
			return "I cannot send you direct messages, so you cannot follow games by DM. Allow direct messages from this server's members, or follow in a thread (to:thread), then try again."
		}
		b.log.Warn("could not confirm a follow", "user", in.User.ID, "err", err)
		return "Discord did not take my test message, so nothing was changed; try again in a minute."
	}
	if err := b.setFollow(in.User.ID, f, false); err != nil {
		b.log.Error("could not save a follow", "user", in.User.ID, "err", err)
		return "Your follow could not be saved: " + storage.ForPlayers(err) + "."
	}
	if f.EndOnly {
		return "You follow this game: a DM tells you how it ends. /carc me follow when:off stops it."
	}
	return "You follow this game: a DM at every turn, and at its end. /carc me follow when:off stops it."
}

// followedGame is the game /carc me follow means: the one of the channel it is used in, or the
// one whose page link game: gives (checked as the page checks it, so a revoked or forged link
// follows nothing). A game's id alone shows nothing about who may read the game, so it is taken
// only in the game's own channel; anywhere else the page's link is the key. A nil entry comes
// with the refusal.
func (b *Bot) followedGame(i *discordgo.Interaction, v string) (*gameEntry, string) {
	v = strings.TrimSpace(v)
	here := b.entryAt(i.ChannelID)
	switch {
	case v == "" && here == nil:
		return nil, "Use /carc me follow in the channel (or thread) of a running game, or anywhere with the link of its page: /carc me follow game:<link>."
	case v == "":
		return here, ""
	case here != nil && here.id == v:
		return here, ""
	case !strings.Contains(v, "/"):
		return nil, fmt.Sprintf("game:%s is not a link: a game's id alone does not show that you may read the game. Use /carc me follow in its channel, or give its page's link (/carc board shows it).", game.Echo(v))
	}
	b.mu.Lock()
	pages := b.web
	b.mu.Unlock()
	if pages == nil {
		return nil, "This bot serves no web pages, so game: takes no link: use /carc me follow in the game's channel."
	}
	id, err := pages.CheckGameLink(v)
	switch {
	case web.BadLink(err):
		return nil, "That link does not open a game's page: it was revoked, mistyped or never given out, so nothing was followed. Ask for a fresh one with /carc board in the game's channel."
	case err != nil:
		b.log.Error("could not check a game page's link", "err", err)
		return nil, "The link could not be checked just now, so nothing was followed; try again in a minute."
	}
	e := b.running(id)
	if e == nil {
		return nil, "The game of that link is not running any more: there is nothing to follow; its page shows how it ended."
	}
	return e, ""
}

// tellFollowers sends a game's followers what its channel was just told (text and board): every
// follower at the end, the others at each turn, by DM or in their thread (one post per thread,
// however many follow there). The messages go out after the game's lock is released, in the
// order of the game's posts; the followers of an ended game stop following it.
func (b *Bot) tellFollowers(e *gameEntry, t *table.Table, text string, png []byte, end bool) {
	if t == nil || t.Game == nil {
		return // a lobby's changes are not turns
	}
	followers := b.followersOf(e.id)
	var to, threads []string
	for u, f := range followers {
		switch {
		case !end && f.EndOnly:
		case f.Thread != "":
			if !slices.Contains(threads, f.Thread) {
				threads = append(threads, f.Thread)
			}
		default:
			to = append(to, u)
		}
	}
	if len(to) == 0 && len(threads) == 0 {
		return
	}
	slices.Sort(to)
	slices.Sort(threads)
	content := followText(t.Entry().Title, channelLink(e.guild, e.place), text, end)
	before, done := b.order.enter("follow:" + e.id)
	b.endPosts.Add(1)
	go func() {
		defer b.endPosts.Done()
		defer done()
		<-before
		for _, th := range threads {
			if _, err := b.send(th, content, nil, pngFile(png), nil); err != nil {
				b.log.Warn("could not post in a followers' thread", "game", e.id, "thread", th, "err", err)
			}
		}
		for _, u := range to {
			if err := b.dm(u, content, pngFile(png)); err != nil {
				b.log.Warn("could not tell a follower", "game", e.id, "user", u, "err", err)
			}
		}
		if end {
			for u, f := range followers {
				if err := b.setFollow(u, f, true); err != nil {
					b.log.Error("could not end a follow", "game", e.id, "user", u, "err", err)
				}
			}
		}
	}()
}

func followConfirmText(f storage.Follow) string {
	return fmt.Sprintf("You follow a game of %s: %s. Its turns come here.", f.Title, channelLink(f.Guild, f.Place))
}

func followText(title, link, text string, end bool) string {
	head := fmt.Sprintf("%s, %s:", title, link)
	if end {
		head = fmt.Sprintf("The game of %s you follow is over (%s):", title, link)
	}
	return head + "\n" + text
}
