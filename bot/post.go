package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

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

// unconfirmed tells (once done) whether the post failed without Discord saying whether it made
// the message (unknownOutcome).
func (p *posting) unconfirmed() bool {
	return p.err != nil && unknownOutcome(p.err)
}

// send posts content in place: one message, or as many in a row as Discord's limit needs (split),
// the last with the files and the components. Every part allows the same mentions, and carries a
// nonce derived from cause (nonce.go), which Discord enforces: the same cause posted again (a
// retry, a restart, another process) returns the message posted first instead of a second one.
// It returns the id of the last message.
func (b *Host) send(place, cause, content string, comps []discordgo.MessageComponent, files []*discordgo.File, ping []string) (string, error) {
	parts := split(content)
	id := ""
	for n, part := range parts {
		m := &discordgo.MessageSend{Content: part, AllowedMentions: &discordgo.MessageAllowedMentions{Users: ping}}
		if n == len(parts)-1 {
			m.Components, m.Files = comps, files
		}
		msg, err := b.sendNonced(place, m, nonce(cause, n))
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

// postRetries are the pauses before a post is sent again after a failure that leaves it unknown
// whether Discord made the message (no answer, a timeout, a server error): with its nonce, the
// post made already is returned instead of a second one. A process frozen while its post was
// under way finds its request timed out when it resumes, though the message may be posted.
var postRetries = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}

// sendNonced posts m with nonce, enforced: Discord answers a nonce its author used in the last few
// minutes with the message that used it, and creates none. A failure that may have posted it is
// tried again (postRetries).
func (b *Host) sendNonced(place string, m *discordgo.MessageSend, nonce string) (*discordgo.Message, error) {
	// The files' readers are spent by a try: each try reads them from the start.
	data := make([][]byte, len(m.Files))
	for i, f := range m.Files {
		var err error
		if data[i], err = io.ReadAll(f.Reader); err != nil {
			return nil, fmt.Errorf("read the attachment %s: %w", f.Name, err)
		}
	}
	for try := 0; ; try++ {
		for i, f := range m.Files {
			f.Reader = bytes.NewReader(data[i])
		}
		msg, err := b.postOnce(place, m, nonce)
		if err == nil || !unknownOutcome(err) || try == len(postRetries) || b.closing.Load() {
			return msg, err
		}
		b.log.Warn("a post got no clear answer from Discord; sending it again with its nonce", "channel", place, "try", try+1, "err", err)
		time.Sleep(postRetries[try])
	}
}

func (b *Host) postOnce(place string, m *discordgo.MessageSend, nonce string) (*discordgo.Message, error) {
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

// unknownOutcome tells whether a failed post may have been made all the same: Discord did not
// answer (a network failure, a timeout) or failed itself (5xx, a rate limit), rather than refused
// it (4xx: a missing permission, an unknown channel).
func unknownOutcome(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		return rest.Response.StatusCode >= 500 || rest.Response.StatusCode == http.StatusTooManyRequests
	}
	return true
}
