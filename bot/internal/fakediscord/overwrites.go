package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Overwrite is a permission overwrite of a guild text channel (Discord's permission_overwrites):
// permissions it allows and denies to a role (the guild's id names @everyone) or to a member.
type Overwrite struct {
	ID          string
	Member      bool
	Allow, Deny int64
}

// Role is the id of the role that carries u's permissions, "" for a member who has only
// @everyone's: the target of a role's Overwrite.
func (u *User) Role() string { return u.roleID }

// SetOverwrites replaces a guild text channel's permission overwrites, as a server's
// administrator does, and tells the gateway (CHANNEL_UPDATE). From then on the channel's REST
// object carries them, and a member's permissions in the channel and its threads (interactions'
// member.permissions) follow Discord's computation (memberPermissionsLocked).
func (f *Fake) SetOverwrites(ch *Channel, ows ...Overwrite) {
	f.mu.Lock()
	f.overwrites[ch.ID] = append([]Overwrite(nil), ows...)
	data, _ := json.Marshal(f.channelJSONLocked(ch)) // only maps, slices and strings
	f.broadcastLocked()
	f.mu.Unlock()
	_ = f.Dispatch("CHANNEL_UPDATE", data) // no connection: nothing to tell
}

// overwritesJSONLocked are a channel's permission_overwrites.
func (f *Fake) overwritesJSONLocked(ch *Channel) []any {
	out := []any{}
	for _, o := range f.overwrites[ch.ID] {
		typ := 0 // role
		if o.Member {
			typ = 1
		}
		out = append(out, map[string]any{"id": o.ID, "type": typ,
			"allow": strconv.FormatInt(o.Allow, 10), "deny": strconv.FormatInt(o.Deny, 10)})
	}
	return out
}

// memberPermissionsLocked are u's permissions in ch as Discord computes them (Permissions:
// Permission Overwrites, https://discord.com/developers/docs/topics/permissions#permission-overwrites):
// @everyone's and u's role's permissions, all of them with Administrator; then the channel's
// overwrites (a thread's are its parent's) for @everyone, for u's role, for u; a member who may
// not view the channel has no permission in it.
func (f *Fake) memberPermissionsLocked(u *User, ch *Channel) int64 {
	base := DefaultMemberPermissions
	if u.roleID != "" {
		base |= u.Permissions
	}
	if ch == nil || ch.Type == ChannelDM {
		return base
	}
	if base&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	if ch.IsThread() && f.channels[ch.ParentID] != nil {
		ch = f.channels[ch.ParentID]
	}
	p := base
	apply := func(match func(Overwrite) bool) {
		var allow, deny int64
		for _, o := range f.overwrites[ch.ID] {
			if match(o) {
				allow, deny = allow|o.Allow, deny|o.Deny
			}
		}
		p = p&^deny | allow
	}
	apply(func(o Overwrite) bool { return !o.Member && o.ID == ch.GuildID })
	apply(func(o Overwrite) bool { return !o.Member && o.ID != "" && o.ID == u.roleID })
	apply(func(o Overwrite) bool { return o.Member && o.ID == u.ID })
	if p&discordgo.PermissionViewChannel == 0 {
		return 0
	}
	return p
}

// getGuild answers GET /guilds/{guild}: the guild object with its roles.
func (f *Fake) getGuild(r *Request, hr *http.Request) (any, error) {
	if err := f.routeGuild(hr); err != nil {
		return nil, err
	}
	g := f.guildJSONLocked(f.guilds[hr.PathValue("guild")])
	for _, k := range []string{"joined_at", "large", "unavailable", "member_count", "members", "channels", "threads", "voice_states",
		"presences", "stage_instances", "guild_scheduled_events"} {
		delete(g, k) // GUILD_CREATE's extra fields
	}
	return g, nil
}
