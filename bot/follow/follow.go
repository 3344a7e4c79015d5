package follow

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

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
func (fw *Follows) followersOf(gameID string) map[string]storage.Follow {
	ix := &fw.index
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if !ix.loaded {
		ix.games = map[string]map[string]storage.Follow{}
		err := fw.h.Store().EachPlayerSettings(func(userID string, p storage.Settings) error {
			for _, f := range p.Follows {
				ix.addLocked(userID, f)
			}
			return nil
		})
		if err != nil {
			fw.h.Log().Error("could not read the followed games", "err", err)
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
func (fw *Follows) setFollow(userID string, f storage.Follow, stop bool) error {
	fw.followersOf(f.GameID) // loads the index before it changes
	p, err := fw.h.Store().PlayerSettings(userID)
	if err != nil {
		return err
	}
	p.Follows = slices.DeleteFunc(p.Follows, func(x storage.Follow) bool { return x.GameID == f.GameID })
	if !stop {
		p.Follows = append(p.Follows, f)
	}
	if err := fw.h.Store().SetPlayerSettings(userID, p); err != nil {
		return err
	}
	ix := &fw.index
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if stop {
		delete(ix.games[f.GameID], userID)
	} else {
		ix.addLocked(userID, f)
	}
	return nil
}

// follow answers /player follow: in a game's channel, or anywhere with game: and the link of
// the game's page.
func (fw *Follows) follow(req *bot.Request, in commands.Input) bot.Message {
	pr := bot.Reader(in)
	g, by, refusal := fw.followedGame(req.Place, pr, in.Options["game"])
	if refusal != "" {
		return bot.Refusal(refusal)
	}
	t := g.Table
	f := storage.Follow{GameID: g.ID, Place: g.Place, Guild: g.Guild, Title: t.Entry().Title, ByLink: by.ok, Generation: by.generation}
	entry := t.Entry()
	title := commands.WordsFor(pr.Code()).MapTitle(entry)
	plays := t.Seat(in.User.ID) >= 0
	when := strings.ToLower(strings.TrimSpace(in.Options["when"]))
	switch when {
	case "", "turns":
	case "end":
		f.EndOnly = true
	case "off":
		if _, ok := fw.followersOf(g.ID)[in.User.ID]; !ok {
			return bot.Refusal(pr.T("follow_not_following", nil))
		}
		if err := fw.setFollow(in.User.ID, f, true); err != nil {
			fw.h.Log().Error("could not stop a follow", "user", in.User.ID, "err", err)
			return bot.Refusal(pr.T("follow_change_failed", lang.A{"Why": bot.Problem(err)}))
		}
		return bot.Message{Text: pr.T("follow_stopped", nil)}
	default:
		return bot.Refusal(pr.T("follow_bad_when", lang.A{"Value": game.Echo(in.Options["when"])}))
	}
	to := strings.ToLower(strings.TrimSpace(in.Options["to"]))
	if to != "" && to != "dm" && to != "thread" {
		return bot.Refusal(pr.T("follow_bad_to", lang.A{"Value": game.Echo(in.Options["to"])}))
	}
	if in.Options["channel"] != "" && to != "thread" {
		return bot.Refusal(pr.T("follow_channel_needs_thread", nil))
	}
	if plays {
		return bot.Refusal(pr.T("follow_plays", nil))
	}
	p, err := fw.h.Store().PlayerSettings(in.User.ID)
	if err != nil {
		return bot.Refusal(pr.T("follow_settings_unread", lang.A{"Why": bot.Problem(err)}))
	}
	if _, again := fw.followersOf(g.ID)[in.User.ID]; !again && len(p.Follows) >= maxFollows {
		return bot.Refusal(pr.T("follow_too_many", lang.A{"Max": maxFollows}))
	}
	if to == "thread" {
		return fw.followInThread(req, in, pr, f, entry)
	}
	if err := fw.h.Port().DM(in.User.ID, bot.Message{Cause: bot.CauseOf("follow-confirm", req.ID), Text: pr.T("follow_confirm", lang.A{"Map": title, "Link": fw.h.ChannelLink(f.Guild, f.Place)})}); err != nil {
		if errors.Is(err, bot.ErrDMsClosed) {
			return bot.Refusal(pr.T("follow_dms_closed", nil))
		}
		fw.h.Log().Warn("could not confirm a follow", "user", in.User.ID, "err", err)
		return bot.Refusal(pr.T("follow_dm_failed", nil))
	}
	if err := fw.setFollow(in.User.ID, f, false); err != nil {
		fw.h.Log().Error("could not save a follow", "user", in.User.ID, "err", err)
		return bot.Refusal(pr.T("follow_save_failed", lang.A{"Why": bot.Problem(err)}))
	}
	if f.EndOnly {
		return bot.Message{Text: pr.T("follow_dm_end", nil)}
	}
	return bot.Message{Text: pr.T("follow_dm_turns", nil)}
}

// followLink is how a follow reached its game: with the link of its page (ok) of a generation, or
// (ok false) in the game's own channel.
type followLink struct {
	ok         bool
	generation uint64
}

// followedGame is the game /player follow means: the one of the channel it is used in, or the
// one whose page link game: gives (checked as the page checks it, so a revoked or forged link
// follows nothing). A game's id alone shows nothing about who may read the game, so it is taken
// only in the game's own channel; anywhere else the page's link is the key. A refusal comes
// instead of a game.
func (fw *Follows) followedGame(place string, pr *lang.Printer, v string) (bot.Inspection, followLink, string) {
	v = strings.TrimSpace(v)
	here, isHere := fw.h.Inspect(place)
	switch {
	case v == "" && !isHere:
		return bot.Inspection{}, followLink{}, pr.T("follow_not_here", nil)
	case v == "":
		return here, followLink{}, ""
	case isHere && here.ID == v:
		return here, followLink{}, ""
	case !strings.Contains(v, "/"):
		return bot.Inspection{}, followLink{}, pr.T("follow_bare_id", lang.A{"Value": game.Echo(v)})
	}
	pages := fw.h.Pages()
	if pages == nil {
		return bot.Inspection{}, followLink{}, pr.T("follow_no_pages", nil)
	}
	id, gen, err := pages.CheckGameLink(v)
	switch {
	case web.BadLink(err):
		return bot.Inspection{}, followLink{}, pr.T("follow_bad_link", nil)
	case err != nil:
		fw.h.Log().Error("could not check a game page's link", "err", err)
		return bot.Inspection{}, followLink{}, pr.T("follow_link_unchecked", nil)
	}
	g, ok := fw.h.InspectGame(id)
	if !ok {
		return bot.Inspection{}, followLink{}, pr.T("follow_link_ended", nil)
	}
	if isHere && here.ID == id {
		return g, followLink{}, "" // the game's own channel: no link needed
	}
	return g, followLink{ok: true, generation: gen}, ""
}

// revoked splits a game's followers: those who follow it with a link its revoke (to generation
// gen) ended, and the others.
func revoked(followers map[string]storage.Follow, gen uint64) (ended, kept map[string]storage.Follow) {
	ended, kept = map[string]storage.Follow{}, map[string]storage.Follow{}
	for u, f := range followers {
		if f.ByLink && f.Generation < gen {
			ended[u] = f
		} else {
			kept[u] = f
		}
	}
	return ended, kept
}

// endRevokedFollows ends the follows of a game made with a link older than generation gen (the
// page's links were revoked), telling each follower once, by DM, in their language, in the
// background; a follow another caller ended already is not told again.
func (fw *Follows) endRevokedFollows(id string, entry variants.Entry, gen uint64) {
	ended, _ := revoked(fw.followersOf(id), gen)
	if len(ended) == 0 {
		return
	}
	fw.h.Background("telling followers that a game's links were revoked", func() {
		users := slices.Sorted(maps.Keys(ended))
		for _, u := range users {
			if !fw.endFollow(u, ended[u]) {
				continue
			}
			pr := fw.h.PlayerPrinter(u)
			text := pr.T("follow_revoked", lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(entry)})
			if err := fw.h.Port().DM(u, bot.Message{Cause: bot.CauseOf("follow-revoked", id, strconv.FormatUint(gen, 10), u), Text: text}); err != nil {
				fw.h.Log().Warn("could not tell a follower that the game's links were revoked", "game", id, "user", u, "err", err)
			}
		}
	})
}

// endFollow ends userID's follow f, if it still stands as it is (so that of two callers only
// one ends it and tells the follower), in the index and the store.
func (fw *Follows) endFollow(userID string, f storage.Follow) bool {
	ix := &fw.index
	ix.mu.Lock()
	cur, ok := ix.games[f.GameID][userID]
	if !ok || cur != f {
		ix.mu.Unlock()
		return false
	}
	delete(ix.games[f.GameID], userID)
	ix.mu.Unlock()
	p, err := fw.h.Store().PlayerSettings(userID)
	if err == nil {
		p.Follows = slices.DeleteFunc(p.Follows, func(x storage.Follow) bool { return x.GameID == f.GameID })
		err = fw.h.Store().SetPlayerSettings(userID, p)
	}
	if err != nil {
		fw.h.Log().Error("could not end a follow", "game", f.GameID, "user", userID, "err", err)
	}
	return true
}

// tellFollowers sends a game's followers what its place was just told (OnTold): every follower
// at the end, the others at each turn, by DM or in their thread (one post per thread, however many
// follow there). The messages go out in the background, in the order of the game's posts; the
// followers of an ended game stop following it.
func (fw *Follows) tellFollowers(told bot.Told) {
	t, seq, text, png, end := told.Table, told.Seq, told.Text, told.Board, told.End
	id := told.Game
	followers := fw.followersOf(id)
	if slices.ContainsFunc(slices.Collect(maps.Values(followers)), func(f storage.Follow) bool { return f.ByLink }) {
		// The page's links may have been revoked outside the bot (bot revoke-link): the follows
		// made with an older one end here, told once, and hear nothing of the game any more.
		gen, err := fw.h.Store().WebLinkGeneration(id)
		if err != nil {
			fw.h.Log().Error("could not read the generation of a game's links", "game", id, "err", err)
			return
		}
		fw.endRevokedFollows(id, t.Entry(), gen)
		_, followers = revoked(followers, gen)
	}
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
	// The turn's text is the channel's; what heads it is in each reader's language: a thread's
	// its server's, a DM its follower's.
	link := fw.h.ChannelLink(told.Guild, told.Place)
	head := func(pr *lang.Printer) string { return followText(pr, t.Entry(), link, text, end) }
	threadContent := head(fw.h.TablePrinter(t, told.Guild))
	before, done := fw.order.Enter(id)
	fw.h.Background("telling a game's followers", func() {
		defer done()
		<-before
		for _, th := range threads {
			m := bot.Message{Cause: bot.CauseOf("follow", id, strconv.FormatUint(seq, 10), th), Text: threadContent, Files: bot.BoardFile(png, told.BoardAlt)}
			if _, err := fw.h.Port().Post(th, m); err != nil {
				fw.h.Log().Warn("could not post in a followers' thread", "game", id, "thread", th, "err", err)
			}
		}
		for _, u := range to {
			m := bot.Message{Cause: bot.CauseOf("follow-dm", id, strconv.FormatUint(seq, 10), u), Text: head(fw.h.PlayerPrinter(u)), Files: bot.BoardFile(png, told.BoardAlt)}
			if err := fw.h.Port().DM(u, m); err != nil {
				fw.h.Log().Warn("could not tell a follower", "game", id, "user", u, "err", err)
			}
		}
		if end {
			for u, f := range followers {
				if err := fw.setFollow(u, f, true); err != nil {
					fw.h.Log().Error("could not end a follow", "game", id, "user", u, "err", err)
				}
			}
			fw.forgetFollowThreads(told.Guild, id)
		}
	})
}

// followText heads a turn's text (or the game's end) told to a follower.
func followText(pr *lang.Printer, entry variants.Entry, link, text string, end bool) string {
	a := lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(entry), "Link": link}
	if end {
		return pr.T("follow_over", a) + "\n" + text
	}
	return pr.T("follow_turn_head", a) + "\n" + text
}
