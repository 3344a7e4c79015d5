package bot

import (
	"errors"
	"sync"
)

// A channel's messages follow the order of the changes they announce. Each announcement takes its
// turn in its channel (placeOrder.enter) while its game's lock is held, so turns follow the order
// of the commits, and is posted once the one before it in that channel is. A game's end, whose
// pictures take a second or two to draw, is drawn and posted after the game's lock is released:
// nothing posted later in its channel (a new game opened there) overtakes it.

// placeOrder queues the announcements of each channel.
type placeOrder struct {
	mu   sync.Mutex
	last map[string]chan struct{} // per channel, closed once its latest queued announcement is posted
}

// posted is an announcement already done: the one before the first of a channel.
var posted = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// enter queues an announcement in place. It returns a channel closed once the announcement before
// it there is done, and done, which the caller calls once its own is (posted or failed).
func (o *placeOrder) enter(place string) (before <-chan struct{}, done func()) {
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
	return prev, func() {
		o.mu.Lock()
		if o.last[place] == mine {
			delete(o.last, place)
		}
		o.mu.Unlock()
		close(mine)
	}
}

// posting is an announcement under way: wait reports how it went.
type posting struct {
	done  chan struct{}
	err   error
	id    string // the id of its last message
	later bool   // posted after the game's lock is released (a game's end)
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
