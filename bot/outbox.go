package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
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
	if line := b.web.Load().GameLinkLine(pub, t); line != "" {
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

// A channel's messages follow the order of the changes they announce. Each announcement takes its
// turn in its channel (PlaceOrder.enter) while its game's lock is held, so turns follow the order
// of the commits, and is drawn and posted once the one before it in that channel is, by a goroutine
// of its own (async): network I/O never holds a game's lock. Whoever holds the lock waits for the
// postings it started once it has let the lock go (release), so that a command is answered, and
// the timer loop goes on, once what it changed is told.

// PlaceOrder queues the announcements of each place (the host's channels; a feature's own
// destinations): each is posted once the one before it there is done.
type PlaceOrder struct {
	mu   sync.Mutex
	last map[string]chan struct{} // per channel, closed once its latest queued announcement is posted
}

// posted is an announcement already done: the one before the first of a channel.
var posted = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// Enter queues an announcement in place. It returns a channel closed once the announcement before
// it there is done, and done, which the caller calls once its own is (posted or failed); calling
// done again does nothing.
func (o *PlaceOrder) Enter(place string) (before <-chan struct{}, done func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.last == nil {
		o.last = map[string]chan struct{}{}
	}
	prev, ok := o.last[place]
	if !ok {
		prev = posted
	}
	mine := make(chan struct{})
	o.last[place] = mine
	var once sync.Once
	return prev, func() {
		once.Do(func() {
			o.mu.Lock()
			if o.last[place] == mine {
				delete(o.last, place)
			}
			o.mu.Unlock()
			close(mine)
		})
	}
}

// posting is an announcement under way: wait reports how it went.
type posting struct {
	done chan struct{}
	err  error
	id   string // the id of its last message
	end  bool   // a game's end
	// panicked is what the posting's work panicked with (nil if it did not): release panics
	// with it again, in the goroutine of the work that started the posting.
	panicked any
}

func (p *posting) wait() error {
	<-p.done
	return p.err
}

// unconfirmed tells (once done) whether the post failed without the chat saying whether it made
// the message (ErrUnconfirmed).
func (p *posting) unconfirmed() bool {
	return p.err != nil && errors.Is(p.err, ErrUnconfirmed)
}

// async runs work, a posting, by a goroutine of its own: it returns at once. The posting is one of
// e's pending ones (e.mu held), which the lock's holder waits for once it lets the lock go
// (release), and whose panic it meets there as its own; with no game (e nil), only Close waits
// for it, and a panic is logged as what. Either way the posting fails.
func (b *Host) async(e *gameEntry, what string, work func(p *posting)) *posting {
	p := &posting{done: make(chan struct{})}
	b.endPosts.Add(1)
	go func() {
		defer b.endPosts.Done()
		defer close(p.done)
		defer func() {
			if r := recover(); r != nil {
				p.err = fmt.Errorf("%w: the bot hit an internal error while %s", ErrUnconfirmed, what)
				if e != nil {
					p.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
					return
				}
				b.log.Error("panic while "+what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			}
		}()
		work(p)
	}()
	if e != nil {
		e.pending = append(e.pending, p)
	}
	return p
}

// release lets go of e's lock, then waits for the postings started while it was held. A posting
// that panicked panics again here, where the work that started it recovers as from its own panic
// (a game the bot's own work fails on is put on hold, a person's command is answered).
func (b *Host) release(e *gameEntry) {
	pending := e.pending
	e.pending = nil
	e.mu.Unlock()
	var panicked any
	for _, p := range pending {
		_ = p.wait() // each logs its own failure
		if p.panicked != nil && panicked == nil {
			panicked = p.panicked
		}
	}
	if panicked != nil {
		panic(panicked)
	}
}

// sayAsync posts a message of the bot's own in place, in the place's order, pinging nobody unless
// m says so, as a posting of e's (e.mu held; nil for none); its cause names it (MoveCause, CauseOf). what
// says what it is, for the log.
func (b *Host) sayAsync(e *gameEntry, place, what string, m Message) *posting {
	before, done := b.order.Enter(place)
	return b.async(e, "posting "+what, func(p *posting) {
		defer done()
		<-before
		p.id, p.err = b.port.Post(place, m)
		if p.err != nil {
			game := ""
			if e != nil {
				game = e.id
			}
			b.log.Warn("could not post "+what, failAttrs(p.err, "game", game, "channel", place)...)
		}
	})
}

// postState is what a game's turn messages leave for the next: why the last one could not be
// posted (problem: /carc status tells it), and the message whose buttons the next one disables
// (lastMsg). The postings update it after the game's lock is released: mu guards it.
type postState struct {
	mu      sync.Mutex
	problem msg.Message
	lastMsg string
}

// after records how posting p (of a turn message in place) went; buttons says whether it has
// buttons, which a later turn disables. It returns the message whose buttons p's own replace.
func (s *postState) after(place string, p *posting, buttons bool) (old string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.err != nil {
		s.problem = postProblem(place, p.err)
		return ""
	}
	s.problem = msg.Message{}
	if !buttons {
		return ""
	}
	old, s.lastMsg = s.lastMsg, p.id
	return old
}

// lastProblem is why the game's last turn message could not be posted (no ID once one was).
func (s *postState) lastProblem() msg.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.problem
}

// posted records the message of a turn posted late (sayLate), whose buttons the next turn
// disables.
func (s *postState) posted(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastMsg = id
}

// post announces the change in the game's channel (e.mu held): the text, the picture, the
// buttons, and a mention of exactly the users the reply pings (minus those in quiet hours or who
// chose no pings); the previous turn message loses its buttons. It takes the change's turn in the
// channel now, so that the channel's posts keep the order of the commits, and returns at once: the
// picture is drawn and the message posted after the lock is released (a game's end, with its
// score chart and animation, takes a second or two to draw), and the lock's holder waits for it
// when it lets the lock go (release). The posting reports how it went.
func (b *Host) post(e *gameEntry, reply commands.Reply) *posting {
	pr := b.replyPrinter(e, reply)
	reply.Lang = pr.Code() // the picture in the text's language
	ping := b.Pingable(reply.Ping)
	content := reply.Text
	if line := deadlineLine(pr, reply.Table, b.turnDeadline(e)); line != "" {
		content += "\n" + line
	}
	if line := b.web.Load().GameLinkLine(pr, reply.Table); line != "" {
		content += "\n" + line
	}
	public := content // what followers are told: no mention
	end := reply.Image == commands.EndImage
	ended := end || reply.Table != nil && (reply.Table.Status == table.Finished || reply.Table.Status == table.Abandoned)
	if line := MentionLine(ping); line != "" {
		content += "\n" + line
	}
	// The announcement commit stored for this move: posted with the nonce of its cause, and
	// cleared once posted when no player's answer is to come (else by run, once the player is
	// answered). A post whose fate the chat left unknown is not cleared: the announcement is posted
	// again later (sayUnannounced), and its cause makes that the same message if the first one was made.
	cause, seq := MoveCause(e.id, e.seq), e.seq
	clear := uint64(0)
	if !e.answering {
		clear, e.unsaid = e.unsaid, 0
	}
	buttons := b.web.Load().WithPlayButton(pr, reply.Table, reply.Buttons, reply.Select)
	before, done := b.order.Enter(e.place)
	acting := e.acting // the interaction that made the change, which the log of a failure names
	p := b.async(e, "posting a game's message", func(p *posting) {
		defer done() // a second time, after a panic, does nothing
		// Drawn before the channel's turn is taken: a drawing that fails never holds up the channel.
		board, alt := b.picture(reply.Table, reply), commands.PictureAlt(reply.Table, reply)
		files := BoardFile(board, alt)
		if end {
			files = append(files, b.cfg.EndFiles(reply.Table, reply.Lang)...)
		}
		<-before
		p.id, p.err = b.port.Post(e.place, Message{Cause: cause, Text: content, Buttons: buttons, Select: reply.Select, Files: files, Ping: ping})
		old := ""
		if !end {
			// The game's next turn message reads what this one left before it may post.
			old = e.posts.after(e.place, p, len(reply.Buttons) > 0)
		}
		if p.err == nil || end {
			// In the game's order, before the channel's next post; a game's end is told even if
			// its post failed.
			b.told(Told{Game: e.id, Guild: e.guild, Place: e.place, Seq: seq, Table: reply.Table, Text: public, Board: board, BoardAlt: alt, End: ended})
		}
		done()
		if !p.unconfirmed() {
			b.said(e.id, clear)
		}
		switch {
		case p.err != nil && end:
			b.log.Error("could not post a game's end", failAttrs(p.err, append(interactionAttr(acting), "game", e.id, "channel", e.place)...)...)
		case p.err != nil:
			b.log.Error("could not post in the game's channel", failAttrs(p.err, append(interactionAttr(acting), "game", e.id, "channel", e.place)...)...)
		}
		if old != "" {
			if err := b.port.Edit(e.place, old, Message{}); err != nil {
				b.log.Warn("could not disable the old turn buttons", failAttrs(err, append(interactionAttr(acting), "game", e.id)...)...)
			}
		}
	})
	p.end = end
	return p
}

// postProblem says why a game's message could not be posted, in words an admin can act on, in
// the language of the message that tells it (the chat's own error goes to the log).
func postProblem(place string, err error) msg.Message {
	switch {
	case errors.Is(err, ErrForbidden):
		return msg.Message{ID: "post_no_permission", Args: lang.A{"Channel": place}}
	case errors.Is(err, ErrNoChannel):
		return msg.Message{ID: "post_no_channel", Args: lang.A{"Channel": place}}
	}
	return msg.Message{ID: "post_failed", Args: lang.A{"Channel": place}}
}

// Every post of the bot names what caused it (its cause, Message.Cause), the same in every process
// and every run, and the port makes the chat show one post per cause (on Discord, a nonce derived
// from it, which Discord enforces: it answers a nonce its author used in the last few minutes with
// the message that used it, and creates none). So a post tried again after a failure, made again
// by a restarted process or by another one that took over a dead process's work, shows once. A
// cause names one post: two different posts never share one.

// MoveCause is the cause of the announcement of move seq of game (its turn message), and of the
// post of a game's table as it stands at seq when no move made it (a new game's lobby).
func MoveCause(game string, seq uint64) string {
	return game + "\x00" + strconv.FormatUint(seq, 10)
}

// CauseOf is the cause of any other post: its kind and what tells it apart from the other posts
// of that kind (a timer's id, an interaction's id, a league's round, a follower).
func CauseOf(kind string, parts ...string) string {
	return kind + "\x01" + strings.Join(parts, "\x00")
}
