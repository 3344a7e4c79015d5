// Package notify is turn DMs (/player settings notify:dm), a feature of the host (bot.Feature):
// a player who chose them is not mentioned in the game's channel; instead a turn that becomes
// theirs sets a notify timer (bot.Host.OnTurnTimers), due at once or when their quiet hours end.
// The timer loop hands the notify timers due together to the feature (AddTimers), which sends
// them as one direct message per player: one turn with its tile's picture, or a digest of every
// game waiting for them. The timers live with the game's other timers, so a restart loses no DM,
// and a DM sent is marked done before the next tick. A DM the chat refuses (the player closed
// their DMs) falls back to a mention in each waiting game's channel, once, saying why; from then
// on the player is mentioned until they choose notify:dm again.
package notify

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// kindNotify is the kind of a turn DM's timer.
const kindNotify = "notify"

// maxDigestTiles is how many tile pictures a digest attaches (Discord takes 10 files a message).
const maxDigestTiles = 10

// tileSize is the side of the drawn tile's picture in a turn DM, in pixels.
const tileSize = 160

// Notices is the feature.
type Notices struct {
	h *bot.Host
}

// New is the feature, for a host's Config.Features.
func New() *Notices { return &Notices{} }

// Attach has h set a notify timer at the turns of players who chose turn DMs, and hand them to
// the feature when they come due.
func (ns *Notices) Attach(h *bot.Host) error {
	ns.h = h
	h.OnTurnTimers(notifyTimers)
	h.AddTimers(kindNotify, ns.fireNotices)
	return nil
}

// notifyTimers are the DM timer of a turn of userID that begins at start, when the player chose
// turn DMs: due at once, or when the player's quiet hours end.
func notifyTimers(p storage.Settings, userID string, start time.Time) []storage.Timer {
	if !p.TurnDMs() {
		return nil
	}
	return []storage.Timer{{Kind: kindNotify, UserID: userID, At: bot.Awake(p, start)}}
}

// turnNotice is what a DM says of one game waiting for its player.
type turnNotice struct {
	timer    storage.Timer
	entry    variants.Entry // the game's map, named in the reader's language
	link     string
	turn     int
	tile     game.TileID
	drawn    bool // the tile is drawn (not so while a Benelux player may still take an island's tile)
	deadline time.Time
	place    string
	public   *lang.Printer // the language of the game's channel
}

// fireNotices sends the notify timers among due, one message per player.
func (ns *Notices) fireNotices(due []storage.Timer) {
	byUser := map[string][]turnNotice{}
	for _, tm := range due {
		n, ok := ns.notice(tm)
		if ok {
			byUser[tm.UserID] = append(byUser[tm.UserID], n)
		}
	}
	users := make([]string, 0, len(byUser))
	for u := range byUser {
		users = append(users, u)
	}
	sort.Strings(users)
	for _, u := range users {
		ns.deliver(u, byUser[u])
	}
}

// notice reads what a DM says of the game of a notify timer. A timer whose turn is over (or whose
// game is gone) is marked done and gives nothing; a game on hold keeps its timer for later.
func (ns *Notices) notice(tm storage.Timer) (turnNotice, bool) {
	g, ok := ns.h.InspectGame(tm.GameID)
	if !ok {
		_ = ns.h.Store().CompleteTimer(tm)
		return turnNotice{}, false
	}
	if g.Hold != "" {
		return turnNotice{}, false
	}
	t := g.Table
	cur, playing := t.Current()
	if !playing || cur.ID != tm.UserID || !slices.ContainsFunc(g.Timers, tm.Same) {
		_ = ns.h.Store().CompleteTimer(tm)
		return turnNotice{}, false
	}
	return turnNotice{timer: tm, entry: t.Entry(), link: ns.h.ChannelLink(g.Guild, g.Place), turn: t.Game.Turn,
		tile: t.Game.Drawn, drawn: t.Game.Phase != game.PhaseSource, deadline: g.Deadline, place: g.Place,
		public: ns.h.TablePrinter(t, g.Guild)}, true
}

// deliver sends a player their waiting turns in one direct message, or, if the player's settings
// changed since (notify:mention or off), lets the timers go; in quiet hours or on vacation they
// wait until the hours or the vacation end.
func (ns *Notices) deliver(userID string, notices []turnNotice) {
	prefs, err := ns.h.Store().PlayerSettings(userID)
	if err != nil {
		ns.h.Log().Error("could not read a player's settings for a turn DM", "user", userID, "err", err)
		return
	}
	if !prefs.TurnDMs() {
		ns.doneNotices(notices)
		return
	}
	if in, end := bot.QuietAt(prefs, ns.h.Now()); in {
		ns.postponeNotices(notices, end)
		return
	}
	if v, away := prefs.VacationAt(ns.h.Now()); away {
		ns.postponeNotices(notices, v.To) // what waits is told when they are back
		return
	}
	sort.Slice(notices, func(i, j int) bool { return notices[i].deadline.Before(notices[j].deadline) })
	var files []bot.File
	for i, n := range notices {
		if !n.drawn || len(files) == maxDigestTiles {
			continue
		}
		png, err := render.TilePNG(n.tile, tileSize)
		if err != nil {
			ns.h.Log().Error("could not draw a drawn tile for a turn DM", "game", n.timer.GameID, "err", err)
			continue
		}
		files = append(files, bot.File{Name: fmt.Sprintf("tile-%d.png", i+1), Data: png})
	}
	pr := lang.For(lang.Private(prefs.Language, prefs.Locale))
	text := turnDMText(pr, notices[0])
	if len(notices) > 1 {
		text = digestText(pr, notices)
	}
	ids := make([]string, len(notices))
	for i, n := range notices {
		ids[i] = n.timer.ID()
	}
	err = ns.h.Port().DM(userID, bot.Message{Cause: bot.CauseOf("turn-dm", ids...), Text: text, Files: files})
	if err == nil {
		ns.doneNotices(notices)
		return
	}
	if !errors.Is(err, bot.ErrDMsClosed) {
		// Discord or the network failed: the timers stay due and the next tick tries again.
		ns.h.Log().Warn("could not send a turn DM", "user", userID, "err", err)
		return
	}
	ns.h.DMsRefused(userID, prefs)
	for _, n := range notices {
		if _, err := ns.h.Port().Post(n.place, bot.Message{Cause: bot.CauseOf("dm-refused", n.timer.ID()), Text: dmRefusedText(n.public, userID, n), Ping: []string{userID}}); err != nil {
			ns.h.Log().Warn("could not mention a player whose DMs are closed", "game", n.timer.GameID, "err", err)
		}
	}
	ns.doneNotices(notices)
}

// doneNotices marks the notices' timers done, in the store and in their games.
func (ns *Notices) doneNotices(notices []turnNotice) {
	for _, n := range notices {
		ns.h.TimerDone(n.timer)
	}
}

// postponeNotices moves the notices' timers to at (the end of the player's quiet hours or
// vacation).
func (ns *Notices) postponeNotices(notices []turnNotice, at time.Time) {
	for _, n := range notices {
		ns.h.MoveTimer(n.timer, at)
	}
}

// turnDMText tells a player, in their language (pr), that one game waits for them.
func turnDMText(pr *lang.Printer, n turnNotice) string {
	return pr.T("dm_turn", lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(n.entry), "Turn": n.turn, "Link": n.link}) + "\n" + noticeDetail(pr, n)
}

// digestText tells a player that several games wait for them, the most pressing first.
func digestText(pr *lang.Printer, notices []turnNotice) string {
	lines := []string{pr.N("dm_digest", len(notices), nil)}
	for i, n := range notices {
		lines = append(lines, fmt.Sprintf("%d. %s\n   %s", i+1, pr.T("dm_digest_game", lang.A{"Map": commands.WordsFor(pr.Code()).MapTitle(n.entry),
			"Turn": n.turn, "Link": n.link}), noticeDetail(pr, n)))
	}
	return strings.Join(lines, "\n")
}

// noticeDetail says which tile waits and until when.
func noticeDetail(pr *lang.Printer, n turnNotice) string {
	what := pr.T("dm_tile_not_drawn", nil)
	if n.drawn {
		what = pr.T("dm_tile", lang.A{"Tile": n.tile.String()})
	}
	if n.deadline.IsZero() {
		return what
	}
	return what + " " + pr.T("dm_turn_ends", lang.A{"At": bot.Stamp(n.deadline, "f"), "In": bot.Stamp(n.deadline, "R")})
}

// dmRefusedText is the mention in the game's channel (in its language, pr) that replaces a DM
// Discord refused, said once.
func dmRefusedText(pr *lang.Printer, userID string, n turnNotice) string {
	return pr.T("dm_refused", lang.A{"User": userID, "Turn": n.turn})
}
