package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A move is committed before it is announced, so a process that dies between the two (killed,
// out of memory, a host's restart) leaves a move in the game that nobody ever posted: the channel
// never sees the new board and the player's "thinking..." fails. So the move's transaction also
// stores its announcement (storage.Announcement, with a turnNote as its message); the process
// clears it once it posted the turn and answered the player, and a live process posts any left
// over (sayUnannounced): at once when its writer is known to be gone, else after
// storage.AnnounceGrace. Both posts of one move carry the same message nonce, which Discord
// enforces, so a process that died just after posting, before clearing, is not posted twice.

// Discord lets an interaction's token edit its answer (PATCH .../messages/@original) and send
// followups for 15 minutes, but only once the interaction was acknowledged: one left unanswered
// for 3 seconds is gone, and its token takes no call at all (Unknown interaction / Unknown
// webhook). Handle acknowledges every command and click (a deferred "thinking...") before it
// works, so a committed move's interaction is always a deferred one, whose answer another
// process can still fill in.

// tokenLife is how long Discord keeps an interaction's token, after which its answer cannot be
// edited any more; a late answer is attempted only well within it.
const tokenLife = 15 * time.Minute

// lateAnswerWithin leaves room for the edit's own retries before the token expires.
const lateAnswerWithin = tokenLife - time.Minute

// dropAfter is how long an announcement that Discord keeps refusing for a passing reason (an
// outage) is tried again before it is given up and logged.
const dropAfter = time.Hour

// turnNote is the bot's account of a move, kept with its announcement: what its turn message says
// and what its player is answered. The board is drawn again from the stored game.
type turnNote struct {
	Text    string              `json:"text"`
	Ping    []string            `json:"ping,omitempty"`
	Buttons [][]commands.Button `json:"buttons,omitempty"`
	Select  *commands.Select    `json:"select,omitempty"`
	Image   commands.ImageKind  `json:"image,omitempty"`
	Lang    string              `json:"lang,omitempty"`
	// Answer is the first line of the player's private answer, and Locale their Discord
	// language; empty for a move no interaction made.
	Answer string `json:"answer,omitempty"`
	Locale string `json:"locale,omitempty"`
}

// announcement is what commit stores with a move: its turn message and, when from (the player's
// interaction, acknowledged already) made it, how to answer it later.
func (b *Host) announcement(e *gameEntry, reply commands.Reply, act *action) *storage.Announcement {
	// The language is settled now, as the post would have been: the server's may change before a
	// late post, and the process making it may not know it.
	note := turnNote{Text: reply.Text, Ping: reply.Ping, Buttons: reply.Buttons, Select: reply.Select, Image: reply.Image,
		Lang: b.replyPrinter(e, reply).Code()}
	a := &storage.Announcement{Channel: e.place}
	if act != nil && act.from != nil && act.from.Token != "" && act.from.App != "" {
		from := act.from
		note.Answer, note.Locale = answerLine(act.reader, reply), from.Locale
		a.AppID, a.Token, a.TokenTime = from.App, from.Token, b.now()
		if at := from.Created; !at.IsZero() && at.Before(a.TokenTime) && a.TokenTime.Sub(at) < tokenLife {
			a.TokenTime = at // the token lives from the interaction's creation
		}
	}
	a.Message, _ = json.Marshal(note) // plain strings and numbers: it cannot fail
	return a
}

// answerLine is what the player who made a move is told, as applyLocked tells it.
func answerLine(p *lang.Printer, reply commands.Reply) string {
	if reply.Refused != "" {
		return reply.Refused
	}
	return p.T("bot_done", lang.A{"What": firstLine(reply.Text)})
}

// said clears the announcement of a game's move once it was posted and answered. A failure only
// means another process (or this one, after AnnounceGrace) posts it again with the same nonces,
// which Discord turns into the message already posted.
func (b *Host) said(game string, seq uint64) {
	if seq == 0 {
		return
	}
	if err := b.store.Announced(game, seq); err != nil {
		b.log.Warn("could not clear a move's announcement", "game", game, "seq", seq, "err", err)
	}
}

// sayUnannounced posts every committed move whose announcement its process left unsaid and which
// is this process's to say (Store.ClaimAnnouncements), and returns how many it said.
func (b *Host) sayUnannounced(now time.Time) int {
	n, err := b.store.ClaimAnnouncements(now, func(a storage.Announcement) error { return b.sayLate(a, now) })
	if err != nil {
		b.log.Error("could not read the moves still to announce", "err", err)
	}
	return n
}

// sayLate posts the turn message of a move whose process died before posting it, with the board
// as it was after that move, and answers the player's interaction while its token lives. A move
// the game has since gone past is posted without its buttons and without pinging anyone: its
// turn is over. An error keeps the announcement for the next round (Discord is unreachable).
func (b *Host) sayLate(a storage.Announcement, now time.Time) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("panic while announcing a move late", "game", a.GameID, "seq", a.Seq, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			err = nil // drawn again, it would panic again
		}
	}()
	var note turnNote
	if err := json.Unmarshal(a.Message, &note); err != nil {
		b.log.Error("a move's announcement does not decode; it is dropped", "game", a.GameID, "seq", a.Seq, "err", err)
		return nil
	}
	var t *table.Table
	var deadline time.Time
	var before <-chan struct{}
	done := func() {}
	defer func() { done() }()
	e := b.running(a.GameID)
	latest := false
	if e != nil && b.lock(e) {
		if latest = e.seq == a.Seq; latest {
			t, deadline = e.table, b.turnDeadline(e)
		}
		// The late post takes its turn in the channel before the game can move on and post again;
		// it is posted once the lock is released.
		before, done = b.order.Enter(a.Channel)
		b.release(e)
	} else {
		e = nil
		before, done = b.order.Enter(a.Channel)
	}
	if !latest {
		if t, err = b.tableAt(a.GameID, a.Seq); err != nil {
			b.log.Error("could not rebuild a game to announce its move late; it is dropped", "game", a.GameID, "seq", a.Seq, "err", err)
			return nil
		}
	}
	reply := commands.Reply{Text: note.Text, Table: t, Image: note.Image, Lang: note.Lang}
	var ping []string
	pub := lang.For(lang.Public(note.Lang, ""))
	content := pub.T("pg_late_turn", lang.A{"At": Stamp(a.Created, "t")}) + "\n" + note.Text
	if latest {
		reply.Buttons, reply.Select = note.Buttons, note.Select
		ping = b.Pingable(note.Ping)
		if line := deadlineLine(pub, t, deadline); line != "" {
			content += "\n" + line
		}
	}
	if line := b.gameLinkLine(pub, t); line != "" {
		content += "\n" + line
	}
	public := content // what followers are told: no mention
	if line := MentionLine(ping); line != "" {
		content += "\n" + line
	}
	board, alt := b.picture(t, reply), commands.PictureAlt(t, reply)
	files := BoardFile(board, alt)
	if note.Image == commands.EndImage && b.cfg.EndFiles != nil {
		files = append(files, b.cfg.EndFiles(t, pub.Code())...)
	}
	<-before
	id, err := b.port.Post(a.Channel, Message{Cause: MoveCause(a.GameID, a.Seq), Text: content, Buttons: reply.Buttons, Select: reply.Select,
		Files: files, Ping: ping})
	if err == nil && latest && len(reply.Buttons) > 0 {
		e.posts.posted(id) // before the channel's next post, which may disable its buttons
	}
	done()
	done = func() {}
	if err != nil {
		if errors.Is(err, ErrUnconfirmed) && now.Sub(a.Created) < dropAfter {
			b.log.Warn("could not announce a move late; trying again", failAttrs(err, "game", a.GameID, "seq", a.Seq, "channel", a.Channel)...)
			return err
		}
		b.log.Error("could not announce a move late; it is dropped", failAttrs(err, "game", a.GameID, "seq", a.Seq, "channel", a.Channel)...)
	}
	// The followers are told as after a move posted in time: a turn once the channel has it, a
	// game's end even if its post failed. sayLate runs once per announcement that is not tried
	// again, so they are told once.
	ended := t.Status == table.Finished || t.Status == table.Abandoned
	if err == nil || ended {
		if guild, place, ok := b.lateTold(a, e); ok {
			b.told(Told{Game: a.GameID, Guild: guild, Place: place, Seq: a.Seq, Table: t, Text: public, Board: board, BoardAlt: alt, End: ended})
		}
	}
	if err == nil {
		b.log.Info("announced a move its process left unannounced", "game", a.GameID, "seq", a.Seq, "channel", a.Channel)
	}
	if a.Token != "" && now.Sub(a.TokenTime) < lateAnswerWithin {
		to := &Interaction{Place: a.Channel, App: a.AppID, Token: a.Token, Locale: note.Locale}
		if b.stillThinking(to) {
			b.answerText(to, lang.For(note.Locale).T("pg_late_answer", lang.A{"Answer": note.Answer}))
		}
	}
	return nil
}

// stillThinking tells whether the answer to to is still its "thinking...": a process that
// answered its player and died before it cleared the move's announcement gave the answer already,
// and an answer given is never rewritten. When the chat cannot show the answer, nothing is
// written either.
func (b *Host) stillThinking(to *Interaction) bool {
	thinking, err := b.port.Thinking(to)
	if err != nil {
		b.log.Warn("could not read a move's answer to fill it in late; it is left as it is", "channel", to.Place, "err", err)
		return false
	}
	return thinking
}

// lateTold is where the game of a move announced late is played, for those who hear of it
// elsewhere: the running game's, else the stored record's (the game ended, or another goroutine
// holds it).
func (b *Host) lateTold(a storage.Announcement, e *gameEntry) (guild, place string, ok bool) {
	if e != nil {
		return e.guild, e.place, true
	}
	rec, err := b.store.Game(a.GameID)
	if err != nil {
		b.log.Error("could not read a game to tell its followers of a move announced late", "game", a.GameID, "seq", a.Seq, "err", err)
		return "", "", false
	}
	return rec.Guild, rec.Place(), true
}

// tableAt rebuilds a game's table as it was after its first seq moves, from its stored record.
func (b *Host) tableAt(game string, seq uint64) (*table.Table, error) {
	moves, err := b.store.Moves(game)
	if err != nil {
		return nil, err
	}
	if uint64(len(moves)) < seq {
		return nil, fmt.Errorf("the log has %d moves, not %d", len(moves), seq)
	}
	return b.tableAfter(game, moves[:seq])
}

// tableAfter rebuilds a game's table as it was after moves, the start of its log.
func (b *Host) tableAfter(game string, moves []storage.Move) (*table.Table, error) {
	rec, err := b.store.Game(game)
	if err != nil {
		return nil, err
	}
	snap, _, err := storage.Replay(Engine{}, rec, moves)
	if err != nil {
		return nil, err
	}
	return table.Load(snap)
}
