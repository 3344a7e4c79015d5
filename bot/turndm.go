package bot

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Turn DMs. A player who chose notify:dm is not mentioned in the game's channel; instead a turn
// that becomes theirs sets a notify timer, due at once or when their quiet hours end. The timer
// loop sends the notify timers due together as one direct message per player: one turn with its
// tile's picture, or a digest of every game waiting for them. The timers live with the game's
// other timers, so a restart loses no DM, and a DM sent is marked done before the next tick.
// A DM that Discord refuses (the player closed their DMs) falls back to a mention in each waiting
// game's channel, once, saying why; from then on the player is mentioned until they choose
// notify:dm again.

const kindNotify = "notify"

// maxDigestTiles is how many tile pictures a digest attaches (Discord takes 10 files a message).
const maxDigestTiles = 10

// tileSize is the side of the drawn tile's picture in a turn DM, in pixels.
const tileSize = 160

// wantsDM reports whether the player's turns are announced by direct message.
func wantsDM(p storage.Settings) bool { return p.Notify == notifyDM && !p.DMRefused }

// Notify modes of /player settings.
const (
	notifyDM      = "dm"
	notifyMention = "mention"
	notifyOff     = "off"
)

// notifyTimer is the DM timer of a turn of userID that begins at start: due at once, or when the
// player's quiet hours end.
func notifyTimer(p storage.Settings, userID string, start time.Time) storage.Timer {
	return storage.Timer{Kind: kindNotify, UserID: userID, At: awake(p, start)}
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
func (b *Host) fireNotices(due []storage.Timer) {
	byUser := map[string][]turnNotice{}
	for _, tm := range due {
		n, ok := b.notice(tm)
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
		b.deliver(u, byUser[u])
	}
}

// notice reads what a DM says of the game of a notify timer. A timer whose turn is over (or whose
// game is gone) is marked done and gives nothing; a game on hold keeps its timer for later.
func (b *Host) notice(tm storage.Timer) (turnNotice, bool) {
	e := b.running(tm.GameID)
	if e == nil {
		_ = b.store.CompleteTimer(tm)
		return turnNotice{}, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.hold != "" {
		return turnNotice{}, false
	}
	t := e.table
	cur, playing := t.Current()
	if !playing || cur.ID != tm.UserID || !hasTimer(e.timers, tm) {
		_ = b.store.CompleteTimer(tm)
		return turnNotice{}, false
	}
	return turnNotice{timer: tm, entry: t.Entry(), link: channelLink(e.guild, e.place), turn: t.Game.Turn,
		tile: t.Game.Drawn, drawn: t.Game.Phase != game.PhaseSource, deadline: b.turnDeadline(e), place: e.place,
		public: b.publicPrinter(e)}, true
}

// deliver sends a player their waiting turns in one direct message, or, if the player's settings
// changed since (notify:mention or off), lets the timers go; in quiet hours or on vacation they
// wait until the hours or the vacation end.
func (b *Host) deliver(userID string, notices []turnNotice) {
	prefs, err := b.store.PlayerSettings(userID)
	if err != nil {
		b.log.Error("could not read a player's settings for a turn DM", "user", userID, "err", err)
		return
	}
	if !wantsDM(prefs) {
		b.doneNotices(notices)
		return
	}
	if in, end := quiet(prefs, b.now()); in {
		b.postponeNotices(notices, end)
		return
	}
	if v, away := onVacation(prefs, b.now()); away {
		b.postponeNotices(notices, v.To) // what waits is told when they are back
		return
	}
	sort.Slice(notices, func(i, j int) bool { return notices[i].deadline.Before(notices[j].deadline) })
	var files []File
	for i, n := range notices {
		if !n.drawn || len(files) == maxDigestTiles {
			continue
		}
		png, err := render.TilePNG(n.tile, tileSize)
		if err != nil {
			b.log.Error("could not draw a drawn tile for a turn DM", "game", n.timer.GameID, "err", err)
			continue
		}
		files = append(files, File{Name: fmt.Sprintf("tile-%d.png", i+1), Data: png})
	}
	pr := ownPrinter(prefs.Language, prefs.Locale)
	text := turnDMText(pr, notices[0])
	if len(notices) > 1 {
		text = digestText(pr, notices)
	}
	ids := make([]string, len(notices))
	for i, n := range notices {
		ids[i] = n.timer.ID()
	}
	err = b.port.DM(userID, Message{Cause: causeOf("turn-dm", ids...), Text: text, Files: files})
	if err == nil {
		b.doneNotices(notices)
		return
	}
	if !errors.Is(err, ErrDMsClosed) {
		// Discord or the network failed: the timers stay due and the next tick tries again.
		b.log.Warn("could not send a turn DM", "user", userID, "err", err)
		return
	}
	b.dmRefused(userID, prefs)
	for _, n := range notices {
		if _, err := b.port.Post(n.place, Message{Cause: causeOf("dm-refused", n.timer.ID()), Text: dmRefusedText(n.public, userID, n), Ping: []string{userID}}); err != nil {
			b.log.Warn("could not mention a player whose DMs are closed", "game", n.timer.GameID, "err", err)
		}
	}
	b.doneNotices(notices)
}

// dmRefused remembers that a player's DMs are closed: they are mentioned from now on.
func (b *Host) dmRefused(userID string, prefs storage.Settings) {
	b.log.Info("a player's DMs are closed: mentioning them instead", "user", userID)
	prefs.DMRefused = true
	if err := b.store.SetPlayerSettings(userID, prefs); err != nil {
		b.log.Error("could not remember that a player's DMs are closed", "user", userID, "err", err)
	}
}

// doneNotices marks the notices' timers done, in the store and in their games.
func (b *Host) doneNotices(notices []turnNotice) {
	for _, n := range notices {
		if err := b.store.CompleteTimer(n.timer); err != nil {
			b.log.Error("could not mark a turn DM as sent", "game", n.timer.GameID, "err", err)
		}
		if e := b.running(n.timer.GameID); e != nil {
			e.mu.Lock()
			e.timers = withoutTimer(e.timers, n.timer)
			e.mu.Unlock()
		}
	}
}

// postponeNotices moves the notices' timers to at (the end of the player's quiet hours).
func (b *Host) postponeNotices(notices []turnNotice, at time.Time) {
	for _, n := range notices {
		e := b.running(n.timer.GameID)
		if e == nil {
			continue
		}
		e.mu.Lock()
		if hasTimer(e.timers, n.timer) {
			moved := append(withoutTimer(e.timers, n.timer), storage.Timer{Kind: kindNotify, UserID: n.timer.UserID, At: at})
			if err := b.store.SetTimers(e.id, moved); err != nil {
				b.log.Error("could not postpone a turn DM", "game", e.id, "err", err)
			} else {
				e.timers = moved
			}
		}
		e.mu.Unlock()
	}
}

func hasTimer(timers []storage.Timer, tm storage.Timer) bool {
	for _, x := range timers {
		if x.Kind == tm.Kind && x.UserID == tm.UserID && x.At.Equal(tm.At) {
			return true
		}
	}
	return false
}

func withoutTimer(timers []storage.Timer, tm storage.Timer) []storage.Timer {
	kept := timers[:0:0]
	for _, x := range timers {
		if x.Kind != tm.Kind || x.UserID != tm.UserID || !x.At.Equal(tm.At) {
			kept = append(kept, x)
		}
	}
	return kept
}

// channelLink is a link to a game's channel that works in a DM (a channel mention may not).
func channelLink(guild, place string) string {
	if guild == "" {
		return "<#" + place + ">"
	}
	return "https://discord.com/channels/" + guild + "/" + place
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
	return what + " " + pr.T("dm_turn_ends", lang.A{"At": stamp(n.deadline, "f"), "In": stamp(n.deadline, "R")})
}

// dmRefusedText is the mention in the game's channel (in its language, pr) that replaces a DM
// Discord refused, said once.
func dmRefusedText(pr *lang.Printer, userID string, n turnNotice) string {
	return pr.T("dm_refused", lang.A{"User": userID, "Turn": n.turn})
}

// confirmDMText is sent when a player chooses notify:dm, so that closed DMs are found at once.
func confirmDMText(pr *lang.Printer) string { return pr.T("dm_confirm", nil) }
