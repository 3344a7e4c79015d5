package bot

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Following. A member who does not play in a game follows it with /player follow in its channel,
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
func (b *Host) followersOf(gameID string) map[string]storage.Follow {
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
func (b *Host) setFollow(userID string, f storage.Follow, stop bool) error {
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

// follow answers /player follow: in a game's channel, or anywhere with game: and the link of
// the game's page.
func (b *Host) follow(req *Request, in commands.Input) string {
	pr := reader(in)
	e, by, refusal := b.followedGame(req.Place, pr, in.Options["game"])
	if e == nil {
		return refusal
	}
	e.mu.Lock()
	t := e.table
	f := storage.Follow{GameID: e.id, Place: e.place, Guild: e.guild, Title: t.Entry().Title, ByLink: by.ok, Generation: by.generation}
	entry := t.Entry()
	title := commands.WordsFor(pr.Code()).MapTitle(entry)
	plays := t.Seat(in.User.ID) >= 0
	e.mu.Unlock()
	when := strings.ToLower(strings.TrimSpace(in.Options["when"]))
	switch when {
	case "", "turns":
	case "end":
		f.EndOnly = true
	case "off":
		if _, ok := b.followersOf(e.id)[in.User.ID]; !ok {
			return pr.T("follow_not_following", nil)
		}
		if err := b.setFollow(in.User.ID, f, true); err != nil {
			b.log.Error("could not stop a follow", "user", in.User.ID, "err", err)
			return pr.T("follow_change_failed", lang.A{"Why": storeProblem(err)})
		}
		return pr.T("follow_stopped", nil)
	default:
		return pr.T("follow_bad_when", lang.A{"Value": game.Echo(in.Options["when"])})
	}
	to := strings.ToLower(strings.TrimSpace(in.Options["to"]))
	if to != "" && to != "dm" && to != "thread" {
		return pr.T("follow_bad_to", lang.A{"Value": game.Echo(in.Options["to"])})
	}
	if in.Options["channel"] != "" && to != "thread" {
		return pr.T("follow_channel_needs_thread", nil)
	}
	if plays {
		return pr.T("follow_plays", nil)
	}
	p, err := b.store.PlayerSettings(in.User.ID)
	if err != nil {
		return pr.T("follow_settings_unread", lang.A{"Why": storeProblem(err)})
	}
	if _, again := b.followersOf(e.id)[in.User.ID]; !again && len(p.Follows) >= maxFollows {
		return pr.T("follow_too_many", lang.A{"Max": maxFollows})
	}
	if to == "thread" {
		return b.followInThread(req, in, pr, f, entry)
	}
	if err := b.port.DM(in.User.ID, Message{Cause: causeOf("follow-confirm", req.ID), Text: pr.T("follow_confirm", lang.A{"Map": title, "Link": channelLink(f.Guild, f.Place)})}); err != nil {
		if errors.Is(err, ErrDMsClosed) {
			return pr.T("follow_dms_closed", nil)
		}
		b.log.Warn("could not confirm a follow", "user", in.User.ID, "err", err)
		return pr.T("follow_dm_failed", nil)
	}
	if err := b.setFollow(in.User.ID, f, false); err != nil {
		b.log.Error("could not save a follow", "user", in.User.ID, "err", err)
		return pr.T("follow_save_failed", lang.A{"Why": storeProblem(err)})
	}
	if f.EndOnly {
		return pr.T("follow_dm_end", nil)
	}
	return pr.T("follow_dm_turns", nil)
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
// only in the game's own channel; anywhere else the page's link is the key. A nil entry comes
// with the refusal.
func (b *Host) followedGame(place string, pr *lang.Printer, v string) (*gameEntry, followLink, string) {
	v = strings.TrimSpace(v)
	here := b.entryAt(place)
	switch {
	case v == "" && here == nil:
		return nil, followLink{}, pr.T("follow_not_here", nil)
	case v == "":
		return here, followLink{}, ""
	case here != nil && here.id == v:
		return here, followLink{}, ""
	case !strings.Contains(v, "/"):
		return nil, followLink{}, pr.T("follow_bare_id", lang.A{"Value": game.Echo(v)})
	}
	b.mu.Lock()
	pages := b.web
	b.mu.Unlock()
	if pages == nil {
		return nil, followLink{}, pr.T("follow_no_pages", nil)
	}
	id, gen, err := pages.CheckGameLink(v)
	switch {
	case web.BadLink(err):
		return nil, followLink{}, pr.T("follow_bad_link", nil)
	case err != nil:
		b.log.Error("could not check a game page's link", "err", err)
		return nil, followLink{}, pr.T("follow_link_unchecked", nil)
	}
	e := b.running(id)
	if e == nil {
		return nil, followLink{}, pr.T("follow_link_ended", nil)
	}
	if here != nil && here.id == id {
		return e, followLink{}, "" // the game's own channel: no link needed
	}
	return e, followLink{ok: true, generation: gen}, ""
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
// page's links were revoked), telling each follower once, by DM, in their language. It runs after
// the game's lock is released; a follow another caller ended already is not told again.
func (b *Host) endRevokedFollows(id string, entry variants.Entry, gen uint64) {
	ended, _ := revoked(b.followersOf(id), gen)
	if len(ended) == 0 {
		return
	}
	b.endPosts.Add(1)
	go func() {
		defer b.endPosts.Done()
		users := slices.Sorted(maps.Keys(ended))
		for _, u := range users {
			if !b.endFollow(u, ended[u]) {
				continue
			}
			pr := b.playerPrinter(u)
			text := pr.T("follow_revoked", lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(entry)})
			if err := b.port.DM(u, Message{Cause: causeOf("follow-revoked", id, strconv.FormatUint(gen, 10), u), Text: text}); err != nil {
				b.log.Warn("could not tell a follower that the game's links were revoked", "game", id, "user", u, "err", err)
			}
		}
	}()
}

// endFollow ends userID's follow f, if it still stands as it is (so that of two callers only
// one ends it and tells the follower), in the index and the store.
func (b *Host) endFollow(userID string, f storage.Follow) bool {
	ix := &b.follows
	ix.mu.Lock()
	cur, ok := ix.games[f.GameID][userID]
	if !ok || cur != f {
		ix.mu.Unlock()
		return false
	}
	delete(ix.games[f.GameID], userID)
	ix.mu.Unlock()
	p, err := b.store.PlayerSettings(userID)
	if err == nil {
		p.Follows = slices.DeleteFunc(p.Follows, func(x storage.Follow) bool { return x.GameID == f.GameID })
		err = b.store.SetPlayerSettings(userID, p)
	}
	if err != nil {
		b.log.Error("could not end a follow", "game", f.GameID, "user", userID, "err", err)
	}
	return true
}

// tellFollowers sends a game's followers what its channel was just told (text and board): every
// follower at the end, the others at each turn, by DM or in their thread (one post per thread,
// however many follow there). The messages go out after the game's lock is released, in the
// order of the game's posts; the followers of an ended game stop following it.
func (b *Host) tellFollowers(e *gameEntry, seq uint64, t *table.Table, text string, png []byte, end bool) {
	if t == nil || t.Game == nil {
		return // a lobby's changes are not turns
	}
	followers := b.followersOf(e.id)
	if slices.ContainsFunc(slices.Collect(maps.Values(followers)), func(f storage.Follow) bool { return f.ByLink }) {
		// The page's links may have been revoked outside the bot (bot revoke-link): the follows
		// made with an older one end here, told once, and hear nothing of the game any more.
		gen, err := b.store.WebLinkGeneration(e.id)
		if err != nil {
			b.log.Error("could not read the generation of a game's links", "game", e.id, "err", err)
			return
		}
		b.endRevokedFollows(e.id, t.Entry(), gen)
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
	link := channelLink(e.guild, e.place)
	head := func(pr *lang.Printer) string { return followText(pr, t.Entry(), link, text, end) }
	threadContent := head(b.publicPrinter(e))
	before, done := b.order.enter("follow:" + e.id)
	b.endPosts.Add(1)
	go func() {
		defer b.endPosts.Done()
		defer done()
		<-before
		for _, th := range threads {
			if _, err := b.port.Post(th, Message{Cause: causeOf("follow", e.id, strconv.FormatUint(seq, 10), th), Text: threadContent, Files: boardFile(png)}); err != nil {
				b.log.Warn("could not post in a followers' thread", "game", e.id, "thread", th, "err", err)
			}
		}
		for _, u := range to {
			if err := b.port.DM(u, Message{Cause: causeOf("follow-dm", e.id, strconv.FormatUint(seq, 10), u), Text: head(b.playerPrinter(u)), Files: boardFile(png)}); err != nil {
				b.log.Warn("could not tell a follower", "game", e.id, "user", u, "err", err)
			}
		}
		if end {
			for u, f := range followers {
				if err := b.setFollow(u, f, true); err != nil {
					b.log.Error("could not end a follow", "game", e.id, "user", u, "err", err)
				}
			}
			b.forgetFollowThreads(e.guild, e.id)
		}
	}()
}

// followText heads a turn's text (or the game's end) told to a follower.
func followText(pr *lang.Printer, entry variants.Entry, link, text string, end bool) string {
	a := lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(entry), "Link": link}
	if end {
		return pr.T("follow_over", a) + "\n" + text
	}
	return pr.T("follow_turn_head", a) + "\n" + text
}
