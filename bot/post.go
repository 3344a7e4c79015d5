package bot

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

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
// m says so, as a posting of e's (e.mu held; nil for none); its cause names it (nonce.go). what
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

// posted records the message of a turn posted late (outbox.go), whose buttons the next turn
// disables.
func (s *postState) posted(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastMsg = id
}
