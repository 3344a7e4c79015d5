package fakediscord

import (
	"fmt"
	"strconv"
)

// Guild is a server the bot is in. Every user AddUser adds is a member of every guild. Treat the
// fields as read-only.
type Guild struct {
	ID      string
	Name    string
	General *Channel // the guild's #general text channel
	locale  string   // the guild's language, sent as an interaction's guild_locale (SetGuildLocale)
}

// SetLocale sets the language of u's Discord client ("de", "fr", "es-ES"), which every
// interaction of u carries as its locale from now on; Discord's default is "en-US".
func (f *Fake) SetLocale(u *User, locale string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u.locale = locale
}

// SetNick sets u's nickname, which Discord sends as the member's nick (a member chooses it, with
// any text Discord lets through); "" removes it.
func (f *Fake) SetNick(u *User, nick string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u.nick = nick
}

// SetGuildLocale sets a guild's language (its community's primary language), which every
// interaction in the guild carries as guild_locale from now on; Discord's default is "en-US".
func (f *Fake) SetGuildLocale(guildID, locale string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if g := f.guilds[guildID]; g != nil {
		g.locale = locale
	}
}

// ShardOf is the gateway shard that receives a guild's events, by Discord's rule
// (guild_id >> 22) % num_shards; DMs (guild "") go to shard 0.
func ShardOf(guildID string, shards int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || shards <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// AddGuild adds a guild with its #general channel. Consecutive guilds fall on consecutive
// shards: their ids differ in the timestamp bits that (id >> 22) keeps, as guilds created at
// different times do on Discord.
func (f *Fake) AddGuild(name string) *Guild {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.addGuildLocked(name, func(string) bool { return true })
}

// AddGuildOnShard adds a guild whose events go to the given shard of shards.
func (f *Fake) AddGuildOnShard(name string, shard, shards int) *Guild {
	if shard < 0 || shard >= shards {
		panic(fmt.Sprintf("fakediscord: AddGuildOnShard: shard %d is not in 0..%d", shard, shards-1))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.addGuildLocked(name, func(id string) bool { return ShardOf(id, shards) == shard })
}

// addGuildLocked adds a guild with the next id, in the next 2^22 block, that fits.
func (f *Fake) addGuildLocked(name string, fits func(id string) bool) *Guild {
	for {
		next := (((idBase + f.lastID) >> 22) + 1) << 22
		f.lastID = next - idBase
		if id := strconv.FormatUint(next, 10); fits(id) {
			g := &Guild{ID: id, Name: name}
			f.guilds[id] = g
			f.guildOrder = append(f.guildOrder, g)
			g.General = f.addChannelLocked(&Channel{ID: f.newIDLocked(), Type: ChannelText, Name: "general", GuildID: id})
			return g
		}
	}
}

// Guilds returns the guilds, oldest first; the first is the one New creates (GuildID).
func (f *Fake) Guilds() []*Guild {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*Guild(nil), f.guildOrder...)
}
