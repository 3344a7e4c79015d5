package discord

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// The adapter is the host's port on Discord (bot.Port): posts, edits, direct messages and threads
// through Discord's REST API, answers through the interactions' tokens.

var _ bot.Port = (*Adapter)(nil)

// Post posts m in place: one message, or as many in a row as Discord's limit needs (split), the
// last with the files and the components. Every part allows the same mentions, and carries a nonce
// derived from m.Cause, which Discord enforces: the same cause posted again (a retry, a restart,
// another process) returns the message posted first instead of a second one. It returns the id of
// the last message.
func (a *Adapter) Post(place string, m bot.Message) (string, error) {
	parts := split(m.Text)
	id := ""
	for n, part := range parts {
		ms := &discordgo.MessageSend{Content: part, AllowedMentions: &discordgo.MessageAllowedMentions{Users: m.Ping}}
		if n == len(parts)-1 {
			ms.Components, ms.Files = components(m), files(m.Files)
		}
		msg, err := a.sendNonced(place, ms, Nonce(m.Cause, n))
		if err != nil {
			return "", chatError(err)
		}
		id = msg.ID
	}
	return id, nil
}

// Edit replaces the components of message id in place with m's.
func (a *Adapter) Edit(place, id string, m bot.Message) error {
	comps := components(m)
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	_, err := a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: place, Components: &comps})
	return chatError(err)
}

// DM sends m to a user in their direct messages with the bot.
func (a *Adapter) DM(user string, m bot.Message) error {
	ch, err := a.s.UserChannelCreate(user)
	if err != nil {
		return fmt.Errorf("open the DM channel of %s: %w", user, chatError(err))
	}
	if _, err := a.Post(ch.ID, m); err != nil {
		return fmt.Errorf("send a DM to %s: %w", user, err)
	}
	return nil
}

// OpenThread opens a public thread in channel that archives after a week without messages.
func (a *Adapter) OpenThread(channel, name string) (string, error) {
	th, err := a.s.ThreadStart(channel, name, discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil {
		return "", chatError(err)
	}
	return th.ID, nil
}

// Answer replaces the private answer of to's interaction with m. A click's stale buttons (m.Stale)
// are greyed out first.
func (a *Adapter) Answer(to *bot.Interaction, m bot.Message) error {
	i := interactionOf(to)
	if m.Stale {
		a.greyOut(i)
	}
	return a.editAnswer(i, m)
}

// Thinking tells whether the answer to to's interaction is still its deferred "thinking...": a
// process that answered its player and died before it cleared the move's announcement gave the
// answer already.
func (a *Adapter) Thinking(to *bot.Interaction) (bool, error) {
	m, err := a.s.InteractionResponse(interactionOf(to))
	if err != nil {
		return false, chatError(err)
	}
	return m.Flags&discordgo.MessageFlagsLoading != 0, nil
}

// interactionOf is the Discord interaction the host's answer goes to: the one the adapter handed
// it, or, for a late answer of another process, one made from its token.
func interactionOf(to *bot.Interaction) *discordgo.Interaction {
	if i, ok := to.Chat.(*discordgo.Interaction); ok {
		return i
	}
	return &discordgo.Interaction{ID: to.ID, AppID: to.App, Token: to.Token, ChannelID: to.Place}
}

// files are the attachments of a message, each typed by its name's extension.
func files(fs []bot.File) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range fs {
		kind := mime.TypeByExtension(path.Ext(f.Name))
		if kind == "" {
			kind = "application/octet-stream"
		}
		out = append(out, &discordgo.File{Name: f.Name, ContentType: kind, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// Nonce is the message nonce of part n of the post of cause (at most Discord's 25 characters):
// the same post made again, by any process, carries the same nonce, and Discord shows it once.
func Nonce(cause string, part int) string {
	h := sha256.Sum256([]byte(cause))
	return hex.EncodeToString(h[:10]) + "-" + strconv.Itoa(part)
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
func (a *Adapter) sendNonced(place string, m *discordgo.MessageSend, nonce string) (*discordgo.Message, error) {
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
		msg, err := a.postOnce(place, m, nonce)
		if err == nil || !unknownOutcome(err) || try == len(postRetries) || a.host.Closing() {
			return msg, err
		}
		a.log.Warn("a post got no clear answer from Discord; sending it again with its nonce", "channel", place, "try", try+1, "err", err)
		time.Sleep(postRetries[try])
	}
}

func (a *Adapter) postOnce(place string, m *discordgo.MessageSend, nonce string) (*discordgo.Message, error) {
	body := noncedMessage{MessageSend: m, Nonce: nonce, EnforceNonce: true}
	endpoint := discordgo.EndpointChannelMessages(place)
	var resp []byte
	var err error
	if len(m.Files) > 0 {
		kind, data, encErr := discordgo.MultipartBodyWithJSON(body, m.Files)
		if encErr != nil {
			return nil, encErr
		}
		resp, err = a.s.RequestRaw("POST", endpoint, kind, data, endpoint, 0)
	} else {
		resp, err = a.s.RequestWithBucketID("POST", endpoint, body, endpoint)
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

// unknownOutcome tells whether a failed request may have been done all the same: Discord did not
// answer (a network failure, a timeout) or failed itself (5xx, a rate limit), rather than refused
// it (4xx: a missing permission, an unknown channel).
func unknownOutcome(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		return rest.Response.StatusCode >= 500 || rest.Response.StatusCode == http.StatusTooManyRequests
	}
	return true
}

// chatErr is a failure of Discord's, with what it means to the host (bot.ErrUnconfirmed,
// bot.ErrForbidden, ...) and, for the log, what Discord said (refusalAttrs).
type chatErr struct {
	kind error // nil when it means nothing more to the host
	err  error
}

// chatError wraps an error of Discord's with its meaning to the host (nil stays nil).
func chatError(err error) error {
	if err == nil {
		return nil
	}
	var rest *discordgo.RESTError
	kind := error(nil)
	switch {
	case unknownOutcome(err):
		kind = bot.ErrUnconfirmed
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownChannel:
		kind = bot.ErrNoChannel
	case errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser:
		kind = bot.ErrDMsClosed
	case errors.As(err, &rest) && (rest.Response.StatusCode == http.StatusForbidden ||
		rest.Message != nil && (rest.Message.Code == discordgo.ErrCodeMissingPermissions || rest.Message.Code == discordgo.ErrCodeMissingAccess)):
		kind = bot.ErrForbidden
	}
	return &chatErr{kind: kind, err: err}
}

func (e *chatErr) Error() string { return e.err.Error() }

func (e *chatErr) Unwrap() []error {
	if e.kind == nil {
		return []error{e.err}
	}
	return []error{e.kind, e.err}
}

// LogAttrs are what Discord said when it refused the request: its status, its code, its message
// and the fields it refused.
func (e *chatErr) LogAttrs() []any { return refusalAttrs(e.err)[2:] }

// Link is a link to a channel or thread that works in a DM, where a channel's mention may not.
func (a *Adapter) Link(guild, place string) string {
	if guild == "" {
		return "<#" + place + ">"
	}
	return "https://discord.com/channels/" + guild + "/" + place
}
