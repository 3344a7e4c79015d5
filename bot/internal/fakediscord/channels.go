package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// requireAppPermissions answers 403 50013 when the bot lacks a permission
// in a guild channel, as Discord does; see WithAppPermissions.
func (f *Fake) requireAppPermissions(ch *Channel, need int64) error {
	if ch.Type == ChannelDM {
		return nil
	}
	need |= discordgo.PermissionViewChannel
	if missing := need &^ f.cfg.appPermissions; missing != 0 {
		return missingPermissions(fmt.Sprintf("the bot lacks permissions %#x in channel %s", missing, ch.ID))
	}
	return nil
}

func (f *Fake) getChannel(r *Request, hr *http.Request) (any, error) {
	ch, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, err
	}
	return f.channelJSONLocked(ch), nil
}

// postThread creates a thread without a starting message. Note Discord's
// API v9 default, which discordgo's ThreadStart hits when the type is left
// zero: the thread is PRIVATE.
func (f *Fake) postThread(r *Request, hr *http.Request) (any, error) {
	parent, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, err
	}
	var body struct {
		Name string `json:"name"`
		Type int    `json:"type"`
	}
	if err := r.Decode(&body); err != nil {
		return nil, formError("_root", "MODEL_TYPE_CONVERT", err.Error())
	}
	if body.Type == 0 {
		body.Type = ChannelPrivateThread
	}
	if body.Type != ChannelPublicThread && body.Type != ChannelPrivateThread {
		return nil, formError("type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value %d is not a thread type this channel can hold.", body.Type))
	}
	perm := int64(discordgo.PermissionCreatePublicThreads)
	if body.Type == ChannelPrivateThread {
		perm = discordgo.PermissionCreatePrivateThreads
	}
	return f.createThreadLocked(parent, f.newIDLocked(), body.Name, body.Type, perm)
}

// postMessageThread creates a public thread from a message; like Discord,
// the thread gets the message's id.
func (f *Fake) postMessageThread(r *Request, hr *http.Request) (any, error) {
	parent, m, err := f.routeMessageLocked(hr)
	if err != nil {
		return nil, err
	}
	var body struct {
		Name string `json:"name"`
	}
	if err := r.Decode(&body); err != nil {
		return nil, formError("_root", "MODEL_TYPE_CONVERT", err.Error())
	}
	if f.channels[m.ID] != nil {
		return nil, badRequest(160004, "A thread has already been created for this message")
	}
	return f.createThreadLocked(parent, m.ID, body.Name, ChannelPublicThread, discordgo.PermissionCreatePublicThreads)
}

func (f *Fake) createThreadLocked(parent *Channel, id, name string, typ int, perm int64) (any, error) {
	if parent.Type != ChannelText {
		return nil, badRequest(50024, "Cannot execute action on this channel type")
	}
	if n := utf8.RuneCountInString(name); n < 1 || n > 100 {
		return nil, formError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	if err := f.requireAppPermissions(parent, perm); err != nil {
		return nil, err
	}
	th := f.addChannelLocked(&Channel{ID: id, Type: typ, Name: name, GuildID: parent.GuildID, ParentID: parent.ID, OwnerID: f.AppID})
	f.threadUsers[th.ID] = map[string]bool{f.AppID: true} // the creator joins
	return f.channelJSONLocked(th), nil
}

func (f *Fake) putThreadMember(r *Request, hr *http.Request) (any, error) {
	th, err := f.routeChannelLocked(hr)
	if err != nil {
		return nil, err
	}
	if !th.IsThread() {
		return nil, badRequest(50024, "Cannot execute action on this channel type")
	}
	u := f.users[hr.PathValue("user")]
	if u == nil {
		return nil, notFound(10007, "Unknown Member", hr.PathValue("user"))
	}
	if f.threadUsers[th.ID] == nil {
		f.threadUsers[th.ID] = map[string]bool{}
	}
	f.threadUsers[th.ID][u.ID] = true
	return nil, nil
}

func (f *Fake) getMe(*Request, *http.Request) (any, error) {
	return userJSON(f.Bot), nil
}

func (f *Fake) getUser(r *Request, hr *http.Request) (any, error) {
	u := f.users[hr.PathValue("user")]
	if u == nil {
		return nil, notFound(10013, "Unknown User", hr.PathValue("user"))
	}
	return userJSON(u), nil
}

// postDM opens (or returns) the DM channel with a user.
func (f *Fake) postDM(r *Request, hr *http.Request) (any, error) {
	var body struct {
		RecipientID json.RawMessage `json:"recipient_id"`
	}
	var id string
	if err := r.Decode(&body); err != nil || json.Unmarshal(body.RecipientID, &id) != nil {
		return nil, formError("recipient_id", "BASE_TYPE_REQUIRED", "A snowflake string is required.")
	}
	u := f.users[id]
	if u == nil {
		return nil, notFound(10013, "Unknown User", id)
	}
	if u.Bot {
		return nil, badRequest(50007, "Cannot send messages to this user")
	}
	return f.channelJSONLocked(f.dmChannelLocked(u)), nil
}

func (f *Fake) routeGuild(hr *http.Request) error {
	if f.guilds[hr.PathValue("guild")] == nil {
		return notFound(10004, "Unknown Guild", hr.PathValue("guild"))
	}
	return nil
}

func (f *Fake) getMember(r *Request, hr *http.Request) (any, error) {
	if err := f.routeGuild(hr); err != nil {
		return nil, err
	}
	u := f.users[hr.PathValue("user")]
	if u == nil {
		return nil, notFound(10007, "Unknown Member", hr.PathValue("user"))
	}
	return f.memberJSON(u, true), nil
}

func (f *Fake) getRoles(r *Request, hr *http.Request) (any, error) {
	if err := f.routeGuild(hr); err != nil {
		return nil, err
	}
	return f.rolesLocked(hr.PathValue("guild")), nil
}
