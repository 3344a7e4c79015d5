package fakediscord

import (
	"sort"
	"strconv"
)

// Channel types, as in Discord's API.
const (
	ChannelText          = 0
	ChannelDM            = 1
	ChannelPublicThread  = 11
	ChannelPrivateThread = 12
)

// User is a Discord user. Users other than the bot are members of the
// fake's guild. Treat the fields as read-only.
type User struct {
	ID         string
	Username   string
	GlobalName string
	Bot        bool
	// Permissions are the user's permissions in the guild's channels, sent
	// as member.permissions and channel.permissions in interactions.
	Permissions int64
	roleID      string // a role carrying Permissions, when they differ from @everyone's
	dmsClosed   bool   // the user accepts no direct messages from the bot (CloseDMs)
	locale      string // the language of the user's client, sent as an interaction's locale (SetLocale)
	nick        string // the member's nickname in the guilds, "" for none (SetNick)
}

// Mention is the user's mention markup, "<@id>".
func (u *User) Mention() string { return "<@" + u.ID + ">" }

// Channel is a guild text channel, a thread or a DM channel. Treat the
// fields as read-only.
type Channel struct {
	ID          string
	Type        int    // ChannelText, ChannelDM, ChannelPublicThread or ChannelPrivateThread
	Name        string // empty for DMs
	GuildID     string // empty for DMs
	ParentID    string // threads: the text channel they belong to
	OwnerID     string // threads: who created them
	RecipientID string // DMs: the user the bot talks to
}

// IsThread reports whether c is a public or private thread.
func (c *Channel) IsThread() bool {
	return c.Type == ChannelPublicThread || c.Type == ChannelPrivateThread
}

// AddUser adds a guild member with DefaultMemberPermissions.
func (f *Fake) AddUser(username string) *User {
	return f.AddUserWithPermissions(username, DefaultMemberPermissions)
}

// AddUserWithPermissions adds a guild member with the given permissions,
// for tests of who may administer a game (Manage Channels, say). The
// permissions come from a role of their own, so code that computes
// permissions from roles sees the same thing as code that reads them from
// the interaction.
func (f *Fake) AddUserWithPermissions(username string, permissions int64) *User {
	f.mu.Lock()
	defer f.mu.Unlock()
	u := &User{ID: f.newIDLocked(), Username: username, GlobalName: username, Permissions: permissions}
	if permissions != DefaultMemberPermissions {
		u.roleID = f.newIDLocked()
	}
	f.addUserLocked(u)
	return u
}

func (f *Fake) addUserLocked(u *User) {
	f.users[u.ID] = u
	f.userOrder = append(f.userOrder, u)
	f.broadcastLocked()
}

// AddChannel adds a text channel to the first guild (GuildID). Text
// channels can hold threads.
func (f *Fake) AddChannel(name string) *Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.addChannelLocked(&Channel{ID: f.newIDLocked(), Type: ChannelText, Name: name, GuildID: f.GuildID})
}

// AddThread adds a public thread under parent, owned by the bot, as if the
// bot had opened it before the test (before a restart, say): for tests of
// games played in an existing thread.
func (f *Fake) AddThread(parent *Channel, name string) *Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.addChannelLocked(&Channel{
		ID: f.newIDLocked(), Type: ChannelPublicThread, Name: name, GuildID: parent.GuildID,
		ParentID: parent.ID, OwnerID: f.AppID,
	})
}

// CloseDMs makes u refuse direct messages from the bot, as a user who turned off "Allow direct
// messages from server members" does: opening the DM channel works, posting in it is refused with
// Discord's 403 50007 "Cannot send messages to this user" (recorded as a ProblemBadRequest).
func (f *Fake) CloseDMs(u *User) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u.dmsClosed = true
}

// DMChannel returns the DM channel between the bot and u, creating it if
// needed; it is the channel the bot gets from POST /users/@me/channels.
func (f *Fake) DMChannel(u *User) *Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dmChannelLocked(u)
}

func (f *Fake) dmChannelLocked(u *User) *Channel {
	if c := f.dms[u.ID]; c != nil {
		return c
	}
	c := f.addChannelLocked(&Channel{ID: f.newIDLocked(), Type: ChannelDM, RecipientID: u.ID})
	f.dms[u.ID] = c
	return c
}

func (f *Fake) addChannelLocked(c *Channel) *Channel {
	f.channels[c.ID] = c
	f.channelOrder = append(f.channelOrder, c)
	f.broadcastLocked()
	return c
}

// Channel returns the channel with the given id, or nil; threads the bot
// created are found here.
func (f *Fake) Channel(id string) *Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.channels[id]
}

// Threads returns the threads under parent, oldest first.
func (f *Fake) Threads(parent *Channel) []*Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*Channel
	for _, c := range f.channelOrder {
		if c.ParentID == parent.ID {
			out = append(out, c)
		}
	}
	return out
}

// ThreadMembers returns the ids of the users the bot added to a thread,
// sorted.
func (f *Fake) ThreadMembers(thread *Channel) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var ids []string
	for id := range f.threadUsers[thread.ID] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// userJSON is a user object as Discord sends it.
func userJSON(u *User) map[string]any {
	m := map[string]any{
		"id":                     u.ID,
		"username":               u.Username,
		"global_name":            nullable(u.GlobalName),
		"discriminator":          "0",
		"avatar":                 nil,
		"banner":                 nil,
		"accent_color":           nil,
		"public_flags":           0,
		"flags":                  0,
		"avatar_decoration_data": nil,
	}
	if u.Bot {
		m["bot"] = true
	}
	return m
}

// memberJSON is a guild member object. Interactions add "permissions".
func (f *Fake) memberJSON(u *User, withUser bool) map[string]any {
	roles := []string{}
	if u.roleID != "" {
		roles = append(roles, u.roleID)
	}
	m := map[string]any{
		"nick":                         nullable(u.nick),
		"avatar":                       nil,
		"banner":                       nil,
		"roles":                        roles,
		"joined_at":                    timestamp(f.started),
		"premium_since":                nil,
		"deaf":                         false,
		"mute":                         false,
		"flags":                        0,
		"pending":                      false,
		"communication_disabled_until": nil,
	}
	if withUser {
		m["user"] = userJSON(u)
	}
	return m
}

// rolesLocked are the guild's roles: @everyone (whose id is the guild's)
// and one role per user with non-default permissions.
func (f *Fake) rolesLocked(guild string) []map[string]any {
	roles := []map[string]any{roleJSON(guild, "@everyone", DefaultMemberPermissions, 0)}
	for _, u := range f.userOrder {
		if u.roleID != "" {
			roles = append(roles, roleJSON(u.roleID, u.Username+"-role", u.Permissions, len(roles)))
		}
	}
	return roles
}

func roleJSON(id, name string, permissions int64, position int) map[string]any {
	return map[string]any{
		"id":            id,
		"name":          name,
		"color":         0,
		"hoist":         false,
		"icon":          nil,
		"unicode_emoji": nil,
		"position":      position,
		"permissions":   strconv.FormatInt(permissions, 10),
		"managed":       false,
		"mentionable":   false,
		"flags":         0,
	}
}

// channelJSON is a channel object as the REST API returns it. Interactions
// add "permissions".
func (f *Fake) channelJSONLocked(c *Channel) map[string]any {
	m := map[string]any{
		"id":              c.ID,
		"type":            c.Type,
		"flags":           0,
		"last_message_id": nil,
	}
	if ids := f.channelMsgs[c.ID]; len(ids) > 0 {
		m["last_message_id"] = ids[len(ids)-1]
	}
	switch c.Type {
	case ChannelDM:
		m["recipients"] = []any{userJSON(f.users[c.RecipientID])}
	case ChannelPublicThread, ChannelPrivateThread:
		m["guild_id"] = c.GuildID
		m["name"] = c.Name
		m["parent_id"] = c.ParentID
		m["owner_id"] = c.OwnerID
		m["rate_limit_per_user"] = 0
		m["message_count"] = len(f.channelMsgs[c.ID])
		m["total_message_sent"] = len(f.channelMsgs[c.ID])
		m["member_count"] = len(f.threadUsers[c.ID])
		meta := map[string]any{
			"archived":              false,
			"auto_archive_duration": 1440,
			"archive_timestamp":     timestamp(f.started),
			"locked":                false,
			"create_timestamp":      timestamp(f.started),
		}
		if c.Type == ChannelPrivateThread {
			meta["invitable"] = true
		}
		m["thread_metadata"] = meta
	default:
		m["guild_id"] = c.GuildID
		m["name"] = c.Name
		m["position"] = 0
		m["parent_id"] = nil
		m["topic"] = nil
		m["nsfw"] = false
		m["rate_limit_per_user"] = 0
		m["permission_overwrites"] = f.overwritesJSONLocked(c)
	}
	return m
}

// guildJSONLocked is the GUILD_CREATE payload: the guild with its channels,
// threads, roles and members, as Discord sends it after READY.
func (f *Fake) guildJSONLocked(g *Guild) map[string]any {
	channels, threads, members := []any{}, []any{}, []any{}
	for _, c := range f.channelOrder {
		switch {
		case c.GuildID != g.ID:
		case c.IsThread():
			threads = append(threads, f.channelJSONLocked(c))
		case c.Type == ChannelText:
			channels = append(channels, f.channelJSONLocked(c))
		}
	}
	for _, u := range f.userOrder {
		members = append(members, f.memberJSON(u, true))
	}
	return map[string]any{
		"id":                            g.ID,
		"name":                          g.Name,
		"icon":                          nil,
		"splash":                        nil,
		"discovery_splash":              nil,
		"banner":                        nil,
		"description":                   nil,
		"owner_id":                      f.userOrder[0].ID,
		"afk_channel_id":                nil,
		"afk_timeout":                   300,
		"verification_level":            0,
		"default_message_notifications": 1,
		"explicit_content_filter":       0,
		"mfa_level":                     0,
		"nsfw_level":                    0,
		"premium_tier":                  0,
		"system_channel_id":             g.General.ID,
		"system_channel_flags":          0,
		"rules_channel_id":              nil,
		"preferred_locale":              "en-US",
		"features":                      []any{},
		"roles":                         f.rolesLocked(g.ID),
		"emojis":                        []any{},
		"stickers":                      []any{},
		"joined_at":                     timestamp(f.started),
		"large":                         false,
		"unavailable":                   false,
		"member_count":                  len(f.userOrder),
		"members":                       members,
		"channels":                      channels,
		"threads":                       threads,
		"voice_states":                  []any{},
		"presences":                     []any{},
		"stage_instances":               []any{},
		"guild_scheduled_events":        []any{},
		"application_id":                nil,
	}
}

// nullable maps "" to JSON null, as Discord does for optional strings.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
