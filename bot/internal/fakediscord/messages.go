package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message flags the fake interprets.
const (
	flagSuppressEmbeds        = 1 << 2
	flagEphemeral             = 1 << 6
	flagLoading               = 1 << 7 // a deferred response: "Bot is thinking..."
	flagSuppressNotifications = 1 << 12
	flagComponentsV2          = 1 << 15
)

// Message is one version of a message the bot posted: in a channel, as an
// interaction response, or as a followup. Versions never change: an edit
// makes a new version whose Previous is the old one, so a test can hold on
// to what it saw and still read the history. Treat the fields as read-only.
type Message struct {
	ID        string
	ChannelID string
	AuthorID  string
	Content   string
	Flags     int
	// Components is the message's component tree (action rows holding
	// buttons and selects, or components v2 layouts).
	Components      []Component
	Embeds          []json.RawMessage
	Attachments     []Attachment
	AllowedMentions *AllowedMentions // nil when the request had none
	// InteractionID is set on interaction responses and followups.
	InteractionID string
	Version       int      // 0 as created, then one more per edit
	Previous      *Message // the version before this one; nil for version 0
	Deleted       bool     // the last version of a deleted message
	Created       time.Time
	Edited        time.Time // zero for version 0

	rawComponents json.RawMessage // echoed back as the bot sent them
}

// Ephemeral reports whether only the invoking user sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&flagEphemeral != 0 }

// Loading reports whether the message is a deferred response the bot has
// not filled in yet.
func (m *Message) Loading() bool { return m.Flags&flagLoading != 0 }

// Buttons returns the message's buttons, depth first.
func (m *Message) Buttons() []Component {
	var out []Component
	walkComponents(m.Components, func(c Component) {
		if c.Type == componentButton {
			out = append(out, c)
		}
	})
	return out
}

// FindComponent returns the button or select with the given custom_id.
func (m *Message) FindComponent(customID string) (Component, bool) {
	var found Component
	ok := false
	walkComponents(m.Components, func(c Component) {
		if !ok && c.CustomID == customID && c.CustomID != "" {
			found, ok = c, true
		}
	})
	return found, ok
}

// Attachment is a file attached to a message.
type Attachment struct {
	ID  string
	URL string // served by the fake
	File
}

// AllowedMentions is a message's allowed_mentions object.
type AllowedMentions struct {
	Parse       []string `json:"parse"`
	Users       []string `json:"users"`
	Roles       []string `json:"roles"`
	RepliedUser bool     `json:"replied_user"`
}

// Component is a message component as the bot sent it. Only the fields the
// fake checks or tests look at are decoded; the bot's JSON is echoed back
// unchanged.
type Component struct {
	Type        int             `json:"type"`
	CustomID    string          `json:"custom_id"`
	Label       string          `json:"label"`
	Style       int             `json:"style"`
	Disabled    bool            `json:"disabled"`
	URL         string          `json:"url"`
	Emoji       json.RawMessage `json:"emoji"`
	Placeholder string          `json:"placeholder"`
	MinValues   *int            `json:"min_values"`
	MaxValues   *int            `json:"max_values"`
	Options     []SelectOption  `json:"options"`
	Content     string          `json:"content"` // text display (components v2)
	Components  []Component     `json:"components"`
	Accessory   *Component      `json:"accessory"` // section (components v2)
}

// SelectOption is one option of a string select.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description"`
	Default     bool   `json:"default"`
}

// Component types the fake distinguishes.
const (
	componentActionRow    = 1
	componentButton       = 2
	componentStringSelect = 3
)

// isSelect covers the string, user, role, mentionable and channel selects.
func isSelect(t int) bool { return t == componentStringSelect || (t >= 5 && t <= 8) }

func walkComponents(cs []Component, fn func(Component)) {
	for _, c := range cs {
		fn(c)
		walkComponents(c.Components, fn)
		if c.Accessory != nil {
			walkComponents([]Component{*c.Accessory}, fn)
		}
	}
}

// messageFields is the part of a message body the fake understands, with
// which keys were present: for edits an absent key keeps the old value and
// a present one (even null) replaces it.
type messageFields struct {
	present         map[string]bool
	content         string
	flags           int
	components      []Component
	rawComponents   json.RawMessage
	embeds          []json.RawMessage
	allowedMentions *AllowedMentions
	keepAttachments []string // ids listed in "attachments" (edits)
	other           bool     // stickers or a poll: a message needs no content then
	nonce           string   // "nonce", a string or an integer
	enforceNonce    bool
}

// parseMessageFields decodes a message body. A field of the wrong JSON type
// is a 50035, as Discord answers.
func parseMessageFields(raw []byte) (*messageFields, error) {
	var obj map[string]json.RawMessage
	if len(raw) == 0 {
		raw = []byte("{}")
	}
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, formError("_root", "MODEL_TYPE_CONVERT", "Expected an object.")
	}
	p := &messageFields{present: map[string]bool{}}
	decode := func(key string, v any) error {
		p.present[key] = true
		if err := json.Unmarshal(obj[key], v); err != nil {
			return formError(key, "MODEL_TYPE_CONVERT", "Invalid type: "+err.Error())
		}
		return nil
	}
	for key := range obj {
		var err error
		switch key {
		case "content":
			err = decode(key, &p.content)
		case "flags":
			err = decode(key, &p.flags)
		case "components":
			if err = decode(key, &p.components); err == nil && !bytes.Equal(obj[key], []byte("null")) {
				p.rawComponents = obj[key]
			}
		case "embeds":
			err = decode(key, &p.embeds)
		case "allowed_mentions":
			err = decode(key, &p.allowedMentions)
		case "attachments":
			var atts []struct {
				ID json.RawMessage `json:"id"`
			}
			if err = decode(key, &atts); err == nil {
				for _, a := range atts {
					p.keepAttachments = append(p.keepAttachments, string(bytes.Trim(a.ID, `"`)))
				}
			}
		case "nonce":
			var v any
			if err = decode(key, &v); err == nil {
				switch n := v.(type) {
				case string:
					p.nonce = n
				case float64:
					p.nonce = strconv.FormatFloat(n, 'f', -1, 64)
				case nil:
				default:
					err = formError(key, "MODEL_TYPE_CONVERT", "Must be an integer or a string.")
				}
			}
			if err == nil && len(p.nonce) > 25 {
				err = formError(key, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
			}
		case "enforce_nonce":
			err = decode(key, &p.enforceNonce)
		case "sticker_ids", "poll":
			var v any
			if err = decode(key, &v); err == nil && v != nil {
				p.other = true
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return p, nil
}

// createMessageLocked stores a new message from parsed fields and files.
// The caller has validated them.
func (f *Fake) createMessageLocked(ch *Channel, p *messageFields, files []File, interactionID string, extraFlags int) *Message {
	m := &Message{
		ID: f.newIDLocked(), ChannelID: ch.ID, AuthorID: f.AppID,
		Content: p.content, Flags: p.flags | extraFlags,
		Components: p.components, rawComponents: p.rawComponents,
		Embeds: p.embeds, AllowedMentions: p.allowedMentions,
		InteractionID: interactionID, Created: time.Now().UTC(),
	}
	m.Attachments = f.attachLocked(m, nil, files)
	f.messages[m.ID] = m
	f.channelMsgs[ch.ID] = append(f.channelMsgs[ch.ID], m.ID)
	return m
}

// editMessageLocked stores a new version of old with the fields present in
// p replaced. Attachments follow API v9: without an "attachments" list the
// old ones are kept; new files are added either way. Editing a deferred
// response fills it in, which clears its loading flag.
func (f *Fake) editMessageLocked(old *Message, p *messageFields, files []File) *Message {
	m := *old
	m.Version, m.Previous, m.Edited = old.Version+1, old, time.Now().UTC()
	m.Flags &^= flagLoading
	if p.present["content"] {
		m.Content = p.content
	}
	if p.present["components"] {
		m.Components, m.rawComponents = p.components, p.rawComponents
	}
	if p.present["embeds"] {
		m.Embeds = p.embeds
	}
	if p.present["allowed_mentions"] {
		m.AllowedMentions = p.allowedMentions
	}
	if p.present["flags"] {
		// Only the suppress-embeds bit can change after creation.
		m.Flags = m.Flags&^flagSuppressEmbeds | p.flags&flagSuppressEmbeds
	}
	var kept []Attachment
	if p.present["attachments"] {
		for _, a := range old.Attachments {
			for _, id := range p.keepAttachments {
				if a.ID == id {
					kept = append(kept, a)
				}
			}
		}
	} else {
		kept = old.Attachments
	}
	m.Attachments = f.attachLocked(&m, kept, files)
	f.messages[m.ID] = &m
	return &m
}

func (f *Fake) attachLocked(m *Message, kept []Attachment, files []File) []Attachment {
	out := append([]Attachment(nil), kept...)
	for _, file := range files {
		id := f.newIDLocked()
		out = append(out, Attachment{ID: id, File: file,
			URL: fmt.Sprintf("%s/attachments/%s/%s/%s", f.srv.URL, m.ChannelID, id, file.Name)})
	}
	return out
}

func (f *Fake) deleteMessageLocked(old *Message) {
	m := *old
	m.Version, m.Previous, m.Deleted = old.Version+1, old, true
	f.messages[m.ID] = &m
}

// Messages returns the current version of every message in a channel that
// has not been deleted, oldest first. Ephemeral responses are included:
// tests see what each user saw.
func (f *Fake) Messages(channelID string) []*Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.messagesLocked(channelID)
}

// Versions are the contents of every version of the message, oldest first.
func (m *Message) Versions() []string {
	var out []string
	for ; m != nil; m = m.Previous {
		out = append([]string{m.Content}, out...)
	}
	return out
}

// ChangedAfter tells whether the message, once a version of it said sub, was ever changed.
func (m *Message) ChangedAfter(sub string) bool {
	said := ""
	for _, v := range m.Versions() {
		switch {
		case said == "" && strings.Contains(v, sub):
			said = v
		case said != "" && v != said:
			return true
		}
	}
	return false
}

// Announced counts the bot's public messages in a channel: its announcements, not the private
// answers to interactions.
func (f *Fake) Announced(channelID string) int {
	n := 0
	for _, m := range f.Messages(channelID) {
		if !m.Ephemeral() && m.InteractionID == "" {
			n++
		}
	}
	return n
}

func (f *Fake) messagesLocked(channelID string) []*Message {
	var out []*Message
	for _, id := range f.channelMsgs[channelID] {
		if m := f.messages[id]; !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// AllMessages returns the current version of every message not deleted, in every channel, DMs
// and threads included, oldest first: what anyone was shown.
func (f *Fake) AllMessages() []*Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Message
	for _, c := range f.channelOrder {
		out = append(out, f.messagesLocked(c.ID)...)
	}
	return out
}

// LastMessage returns the newest message in a channel, or nil.
func (f *Fake) LastMessage(channelID string) *Message {
	ms := f.Messages(channelID)
	if len(ms) == 0 {
		return nil
	}
	return ms[len(ms)-1]
}

// Message returns the current version of a message (possibly Deleted), or
// nil.
func (f *Fake) Message(id string) *Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.messages[id]
}

// WaitMessage waits until a message in the channel, in its current version,
// satisfies match, and returns the newest such message.
func (f *Fake) WaitMessage(ctx context.Context, channelID string, match func(*Message) bool) (*Message, error) {
	return waitFor(ctx, f, "a matching message in channel "+channelID, func() (*Message, bool) {
		ms := f.messagesLocked(channelID)
		for i := len(ms) - 1; i >= 0; i-- {
			if match(ms[i]) {
				return ms[i], true
			}
		}
		return nil, false
	})
}

// messageJSONLocked is a message object as Discord returns it.
func (f *Fake) messageJSONLocked(m *Message) map[string]any {
	mentions := []any{}
	for _, id := range mentionedUsers(m.Content) {
		if u := f.users[id]; u != nil {
			mentions = append(mentions, userJSON(u))
		}
	}
	attachments := []any{}
	for _, a := range m.Attachments {
		aj := map[string]any{
			"id": a.ID, "filename": a.Name, "size": len(a.Data), "url": a.URL, "proxy_url": a.URL,
		}
		if a.ContentType != "" {
			aj["content_type"] = a.ContentType
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(a.Data)); err == nil {
			aj["width"], aj["height"] = cfg.Width, cfg.Height
		}
		if m.Ephemeral() {
			aj["ephemeral"] = true
		}
		attachments = append(attachments, aj)
	}
	embeds := []json.RawMessage{}
	if m.Embeds != nil {
		embeds = m.Embeds
	}
	components := json.RawMessage("[]")
	if m.rawComponents != nil {
		components = m.rawComponents
	}
	j := map[string]any{
		"id":               m.ID,
		"channel_id":       m.ChannelID,
		"type":             0,
		"content":          m.Content,
		"author":           userJSON(f.users[m.AuthorID]),
		"timestamp":        timestamp(m.Created),
		"edited_timestamp": nil,
		"tts":              false,
		"mention_everyone": false,
		"mentions":         mentions,
		"mention_roles":    []any{},
		"attachments":      attachments,
		"embeds":           embeds,
		"components":       components,
		"pinned":           false,
		"flags":            m.Flags,
	}
	if !m.Edited.IsZero() {
		j["edited_timestamp"] = timestamp(m.Edited)
	}
	if in := f.interactions[m.InteractionID]; in != nil {
		if in.Type == InteractionCommand {
			j["type"] = 20 // CHAT_INPUT_COMMAND
		}
		j["webhook_id"] = f.AppID
		j["application_id"] = f.AppID
		meta := map[string]any{
			"id":                             in.ID,
			"type":                           in.Type,
			"user":                           userJSON(in.User),
			"authorizing_integration_owners": f.integrationOwnersLocked(in.channel),
		}
		if in.Type == InteractionComponent {
			meta["interacted_message_id"] = in.messageID
		}
		j["interaction_metadata"] = meta
	}
	return j
}

// The channel message routes.

func (f *Fake) routeChannelLocked(hr *http.Request) (*Channel, error) {
	ch := f.channels[hr.PathValue("channel")]
	if ch == nil {
		return nil, notFound(10003, "Unknown Channel", hr.PathValue("channel"))
	}
	return ch, nil
}

func (f *Fake) routeMessageLocked(hr *http.Request) (*Channel, *Message, error) {
	ch, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, nil, err
	}
	m := f.messages[hr.PathValue("message")]
	if m == nil || m.Deleted || m.ChannelID != ch.ID {
		return nil, nil, notFound(10008, "Unknown Message", hr.PathValue("message"))
	}
	return ch, m, nil
}

func (f *Fake) postMessage(r *Request, hr *http.Request) (any, error) {
	ch, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, err
	}
	if u := f.users[ch.RecipientID]; ch.Type == ChannelDM && u != nil && u.dmsClosed {
		return nil, &apiError{kind: ProblemBadRequest, status: http.StatusForbidden, code: 50007,
			message: "Cannot send messages to this user", detail: "user " + u.ID + " closed their DMs"}
	}
	need := int64(0)
	if ch.Type != ChannelDM {
		need = discordgo.PermissionSendMessages
		if ch.IsThread() {
			need = discordgo.PermissionSendMessagesInThreads
		}
		if len(r.Files) > 0 {
			need |= discordgo.PermissionAttachFiles
		}
	}
	if err := f.requireAppPermissions(ch, need); err != nil {
		return nil, err
	}
	p, err := parseMessageFields(r.JSON)
	if err != nil {
		return nil, err
	}
	if err := validateMessage(p, r.Files, true, false); err != nil {
		return nil, err
	}
	// Discord: with enforce_nonce, a nonce its author used in the past few minutes returns the
	// message that used it, and no new message is created.
	if p.enforceNonce && p.nonce != "" {
		if id, ok := f.nonces[p.nonce]; ok {
			if m := f.messages[id]; m != nil && time.Since(m.firstVersion().Created) < nonceWindow {
				return f.messageJSONLocked(m), nil
			}
		}
	}
	m := f.createMessageLocked(ch, p, r.Files, "", 0)
	if p.enforceNonce && p.nonce != "" {
		f.nonces[p.nonce] = m.ID
		f.nonceOf[m.ID] = p.nonce
	}
	f.checkMentionsLocked(r, m)
	return f.messageJSONLocked(m), nil
}

// Nonce is the enforced nonce that created a message, "" when it was posted without one.
func (f *Fake) Nonce(messageID string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.nonceOf[messageID]
}

// nonceWindow is how long the fake remembers an enforced nonce ("the past few minutes").
const nonceWindow = 5 * time.Minute

// firstVersion is the message as it was created.
func (m *Message) firstVersion() *Message {
	for m.Previous != nil {
		m = m.Previous
	}
	return m
}

func (f *Fake) getMessages(r *Request, hr *http.Request) (any, error) {
	ch, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, err
	}
	limit := 50
	if l, err := strconv.Atoi(r.Query.Get("limit")); err == nil && l >= 1 && l <= 100 {
		limit = l
	}
	ms := f.messagesLocked(ch.ID)
	out := []any{}
	for i := len(ms) - 1; i >= 0 && len(out) < limit; i-- { // newest first, as Discord
		if !ms[i].Ephemeral() {
			out = append(out, f.messageJSONLocked(ms[i]))
		}
	}
	return out, nil
}

func (f *Fake) getMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.routeMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	return f.messageJSONLocked(m), nil
}

func (f *Fake) patchMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.routeMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	if m.AuthorID != f.AppID {
		return nil, &apiError{kind: ProblemBadRequest, status: http.StatusForbidden, code: 50005,
			message: "Cannot edit a message authored by another user"}
	}
	p, err := parseMessageFields(r.JSON)
	if err != nil {
		return nil, err
	}
	if err := validateMessage(p, r.Files, false, false); err != nil {
		return nil, err
	}
	return f.messageJSONLocked(f.editMessageLocked(m, p, r.Files)), nil
}

func (f *Fake) deleteMessage(r *Request, hr *http.Request) (any, error) {
	_, m, err := f.routeMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	f.deleteMessageLocked(m)
	return nil, nil
}

// getAttachment serves the files behind the attachment URLs the fake puts
// in message objects, so even code that downloads them stays on loopback.
func (f *Fake) getAttachment(r *Request, hr *http.Request) (any, error) {
	for _, id := range f.channelMsgs[hr.PathValue("channel")] {
		for _, a := range f.messages[id].Attachments {
			if a.ID == hr.PathValue("attachment") && a.Name == hr.PathValue("name") {
				return rawFile(a.File), nil
			}
		}
	}
	return nil, notFound(0, "Unknown Attachment", hr.PathValue("attachment"))
}
