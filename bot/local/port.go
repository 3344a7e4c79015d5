package local

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// Port is the terminal as the host's chat (bot.Port): it keeps what the host says, in order, until
// the table takes it to print. A thread it opens is a place of its own, which !table goes to.
type Port struct {
	mu       sync.Mutex
	said     []Said
	messages int
	threads  int
	answered map[string]bool
	// refuse, when set, refuses the direct messages to the users it returns an error for.
	refuse func(user string) error
}

// Said is one thing the host said: a post in a place, a private answer to an interaction, or a
// direct message to a user.
type Said struct {
	Kind Kind
	// Place is where a post went, or the place of the interaction an answer is for; User whom a
	// direct message went to.
	Place, User string
	// To is the interaction an answer is for.
	To      *bot.Interaction
	Message bot.Message
}

// Kind is what kind of thing the host said.
type Kind int

const (
	Posted Kind = iota
	Answered
	DMed
)

func (p *Port) keep(s Said) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.said = append(p.said, s)
}

// take returns what the host said since the last take, in order.
func (p *Port) take() []Said {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.said
	p.said = nil
	return out
}

// Post keeps m as posted in place.
func (p *Port) Post(place string, m bot.Message) (string, error) {
	p.keep(Said{Kind: Posted, Place: place, Message: m})
	p.mu.Lock()
	defer p.mu.Unlock()
	p.messages++
	return "m" + strconv.Itoa(p.messages), nil
}

// Edit does nothing: the terminal's lines have no buttons to take away.
func (p *Port) Edit(place, id string, m bot.Message) error { return nil }

// DM keeps m as sent to user, unless the table refuses the user's DMs (Options.DMs).
func (p *Port) DM(user string, m bot.Message) error {
	if p.refuse != nil {
		if err := p.refuse(user); err != nil {
			return err
		}
	}
	p.keep(Said{Kind: DMed, User: user, Message: m})
	return nil
}

// OpenThread opens a place named after the thread's channel and its number.
func (p *Port) OpenThread(channel, name string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.threads++
	return fmt.Sprintf("%s/thread-%d", channel, p.threads), nil
}

// Answer keeps m as the private answer to an interaction.
func (p *Port) Answer(to *bot.Interaction, m bot.Message) error {
	p.mu.Lock()
	if p.answered == nil {
		p.answered = map[string]bool{}
	}
	p.answered[to.ID] = true
	p.mu.Unlock()
	p.keep(Said{Kind: Answered, Place: to.Place, To: to, Message: m})
	return nil
}

// Thinking tells whether to is still unanswered.
func (p *Port) Thinking(to *bot.Interaction) (bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.answered[to.ID], nil
}

// Link is the place itself: the terminal has no links, and !table goes to a place by its game.
func (p *Port) Link(guild, place string) string { return place }

// chatMarkup are the mentions and dates of the chat's message syntax (Discord's, which the host
// writes).
var chatMarkup = regexp.MustCompile(`<(@!?|#)([^>\s]+)>|<t:(-?\d+)(:[a-zA-Z])?>`)

// text is m's text as the terminal shows it: a mention as the name (local ids are names), a date
// in UTC, and without the line of mentions that pings its players (nobody is notified at a
// terminal; the text names whose turn it is). A relative date ("in 2 days", which the chat writes
// in each reader's language) is the date too, written once where the text gives both: the
// terminal writes no words of its own, so every reader meets only their language's.
func text(m bot.Message) string {
	s := m.Text
	if len(m.Ping) > 0 {
		s = strings.TrimSuffix(s, "\n"+bot.MentionLine(m.Ping))
	}
	var dates []string
	s = chatMarkup.ReplaceAllStringFunc(s, func(mark string) string {
		p := chatMarkup.FindStringSubmatch(mark)
		if p[3] == "" {
			return p[2]
		}
		sec, err := strconv.ParseInt(p[3], 10, 64)
		if err != nil {
			return mark
		}
		date := time.Unix(sec, 0).UTC().Format("2006-01-02 15:04 UTC")
		dates = append(dates, date)
		return date
	})
	for _, d := range dates {
		for _, twice := range []string{d + " (" + d + ")", d + "（" + d + "）", d + " " + d} {
			s = strings.ReplaceAll(s, twice, d)
		}
	}
	return s
}
