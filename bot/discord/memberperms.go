package discord

import (
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// memberPermissionsIn reads from Discord a member's permissions in a guild channel (a thread's
// are its parent's): the channel with its overwrites, the server with its roles, the member
// with theirs.
func (a *Adapter) memberPermissionsIn(channelID, userID string) (int64, error) {
	ch, err := a.s.Channel(channelID)
	if err != nil {
		return 0, fmt.Errorf("read channel %s: %w", channelID, err)
	}
	if ch.IsThread() {
		if ch, err = a.s.Channel(ch.ParentID); err != nil {
			return 0, fmt.Errorf("read the parent of thread %s: %w", channelID, err)
		}
	}
	g, err := a.s.Guild(ch.GuildID)
	if err != nil {
		return 0, fmt.Errorf("read server %s: %w", ch.GuildID, err)
	}
	m, err := a.s.GuildMember(ch.GuildID, userID)
	if err != nil {
		return 0, fmt.Errorf("read member %s of server %s: %w", userID, ch.GuildID, err)
	}
	return memberPermissions(g, ch, userID, m.Roles), nil
}

// memberPermissions are a member's permissions in a channel as Discord computes them
// (Permissions: Permission Overwrites,
// https://discord.com/developers/docs/topics/permissions#permission-overwrites): the server's
// owner holds them all; anyone else @everyone's and their roles' permissions, all of them with
// Administrator; then the channel's overwrites, @everyone's, their roles' together, their own, in
// that order; and a member who may not view the channel holds no permission in it.
func memberPermissions(g *discordgo.Guild, ch *discordgo.Channel, userID string, roles []string) int64 {
	if userID == g.OwnerID {
		return discordgo.PermissionAll
	}
	held := func(id string) bool { return slices.Contains(roles, id) }
	var p int64
	for _, r := range g.Roles {
		if r.ID == g.ID || held(r.ID) {
			p |= r.Permissions
		}
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	apply := func(match func(*discordgo.PermissionOverwrite) bool) {
		var allow, deny int64
		for _, o := range ch.PermissionOverwrites {
			if match(o) {
				allow, deny = allow|o.Allow, deny|o.Deny
			}
		}
		p = p&^deny | allow
	}
	apply(func(o *discordgo.PermissionOverwrite) bool {
		return o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == g.ID
	})
	apply(func(o *discordgo.PermissionOverwrite) bool {
		return o.Type == discordgo.PermissionOverwriteTypeRole && o.ID != g.ID && held(o.ID)
	})
	apply(func(o *discordgo.PermissionOverwrite) bool {
		return o.Type == discordgo.PermissionOverwriteTypeMember && o.ID == userID
	})
	if p&discordgo.PermissionViewChannel == 0 {
		return 0
	}
	return p
}
