package bot

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"
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

// send posts content in place: one message, or as many in a row as Discord's limit needs (split),
// the last with the files and the components. Every part allows the same mentions. It returns the
// id of the last message.
func (b *Bot) send(place, content string, comps []discordgo.MessageComponent, files []*discordgo.File, ping []string) (string, error) {
	return b.sendMove(place, content, comps, files, ping, "", 0)
}

// sendMove is send for the announcement of move seq of game (none when game is empty): each part
// carries the move's nonce (announceNonce), which Discord enforces, so a second post of the same
// announcement by another process returns the message already posted instead of a new one.
func (b *Bot) sendMove(place, content string, comps []discordgo.MessageComponent, files []*discordgo.File, ping []string, game string, seq uint64) (string, error) {
	parts := split(content)
	id := ""
	for n, part := range parts {
		m := &discordgo.MessageSend{Content: part, AllowedMentions: &discordgo.MessageAllowedMentions{Users: ping}}
		if n == len(parts)-1 {
			m.Components, m.Files = comps, files
		}
		var msg *discordgo.Message
		var err error
		if game == "" {
			msg, err = b.s.ChannelMessageSendComplex(place, m)
		} else {
			msg, err = b.sendNonced(place, m, announceNonce(game, seq, n))
		}
		if err != nil {
			return "", err
		}
		id = msg.ID
	}
	return id, nil
}

// noncedMessage is a message with the nonce fields discordgo's MessageSend lacks.
type noncedMessage struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

// sendNonced posts m with nonce, enforced: Discord answers a nonce its author used in the last few
// minutes with the message that used it, and creates none.
func (b *Bot) sendNonced(place string, m *discordgo.MessageSend, nonce string) (*discordgo.Message, error) {
	body := noncedMessage{MessageSend: m, Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(place)
	var resp []byte
	var err error
	if len(m.Files) > 0 {
		kind, data, encErr := discordgo.MultipartBodyWithJSON(body, m.Files)
		if encErr != nil {
			return nil, encErr
		}
		resp, err = b.s.RequestRaw("POST", endpoint, kind, data, endpoint, 0)
	} else {
		resp, err = b.s.RequestWithBucketID("POST", endpoint, body, endpoint)
	}
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("decode the posted message: %w", err)
	}
	return &msg, nil
}
