package bot

import (
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // quiet hours (and the time zones /player settings accepts) in any zone, whatever the host has installed

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The host writes for readers: each text in its reader's language, and a ping only for those who
// want one now (not in their quiet hours, not when they chose DMs or no pings). What they chose is
// their /player settings (settings.go).

// The chat tells a user's language and their server's only with a request. The bot keeps the
// last of each it saw, so that what it writes with no interaction behind it (a turn's DM, a
// reminder, a timer's or an AI's turn, a league's round, a web page's picture) is in the
// reader's language too: a player's DMs in their own (their /player settings language:, else
// their client's), a server's posts in its own. Each is written only when it changes.

// guildLocales caches the servers' locales as stored, so that an interaction writes a server's
// settings only when its locale changed.
type guildLocales struct {
	mu   sync.Mutex
	seen map[string]string // guild id -> locale as stored
}

// langs are the languages of a request: the user's locale in the chat, their own choice
// (/player settings language:), and the server's locale. It records the user's locale and the
// server's where they changed.
func (b *Host) langs(req *Request, userID string) commands.Langs {
	l := commands.Langs{Locale: req.Locale, GuildLocale: req.GuildLocale}
	if req.Guild != "" {
		b.noteGuildLocale(req.Guild, l.GuildLocale)
	}
	if userID != "" {
		if p, err := b.store.PlayerSettings(userID); err == nil {
			l.Language = p.Language
			if l.Locale != "" && p.Locale != l.Locale {
				p.Locale = l.Locale
				if err := b.store.SetPlayerSettings(userID, p); err != nil {
					b.log.Warn("could not record a player's Discord locale", "user", userID, "err", err)
				}
			}
		}
	}
	return l
}

// noteGuildLocale records a server's locale as Discord sent it, when it changed.
func (b *Host) noteGuildLocale(guild, locale string) {
	if locale == "" {
		return
	}
	c := &b.guildLocales
	c.mu.Lock()
	defer c.mu.Unlock()
	if known, ok := c.seen[guild]; ok && known == locale {
		return
	}
	g, err := b.store.GuildSettings(guild)
	if err != nil {
		b.log.Warn("could not read a server's settings to record its locale", "guild", guild, "err", err)
		return
	}
	if g.Locale != locale {
		g.Locale = locale
		if err := b.store.SetGuildSettings(guild, g); err != nil {
			b.log.Warn("could not record a server's locale", "guild", guild, "err", err)
			return
		}
	}
	if c.seen == nil {
		c.seen = map[string]string{}
	}
	c.seen[guild] = locale
}

// GuildLocale is a server's locale as last recorded ("" for none: English).
func (b *Host) GuildLocale(guild string) string {
	if guild == "" {
		return ""
	}
	c := &b.guildLocales
	c.mu.Lock()
	known, ok := c.seen[guild]
	c.mu.Unlock()
	if ok && !b.cfg.Shared {
		return known // with several processes another may have recorded a newer one
	}
	g, err := b.store.GuildSettings(guild)
	if err != nil {
		b.log.Warn("could not read a server's locale", "guild", guild, "err", err)
		return known
	}
	return g.Locale
}

// PlayerPrinter is the printer of a DM to a player: their own language, else their Discord
// client's as last seen, else English.
func (b *Host) PlayerPrinter(userID string) *lang.Printer {
	p, err := b.store.PlayerSettings(userID)
	if err != nil {
		return lang.For(lang.English)
	}
	return ownPrinter(p.Language, p.Locale)
}

// ownPrinter is the printer of a player's own language from their settings.
func ownPrinter(language, locale string) *lang.Printer {
	return lang.For(lang.Private(language, locale))
}

// replyPrinter is the printer of the language r is written in: its own (Reply.Lang), else what
// the bot posts for game e on its own.
func (b *Host) replyPrinter(e *gameEntry, r commands.Reply) *lang.Printer {
	if r.Lang != "" {
		return lang.For(r.Lang)
	}
	return b.publicPrinter(e)
}

// publicPrinter is the printer of what the bot posts for game e on its own: the table's language,
// else its server's.
func (b *Host) publicPrinter(e *gameEntry) *lang.Printer {
	return commands.PublicLanguage(e.table, b.GuildLocale(e.guild))
}

// GuildPrinter is the printer of what a server reads from the bot with no table behind it (a
// league's posts, a game that cannot be read): the server's language as last recorded.
func (b *Host) GuildPrinter(guild string) *lang.Printer {
	return lang.For(lang.Public("", b.GuildLocale(guild)))
}

// TablePrinter is the printer of what the bot posts for table t of guild on its own: the table's
// language, else its server's.
func (b *Host) TablePrinter(t *table.Table, guild string) *lang.Printer {
	return commands.PublicLanguage(t, b.GuildLocale(guild))
}

// QuietAt reports whether at falls in the player's quiet hours, and when they end.
func QuietAt(p storage.Settings, at time.Time) (bool, time.Time) {
	if p.QuietStart == "" || p.QuietEnd == "" {
		return false, at
	}
	loc, err := time.LoadLocation(orDefault(p.TimeZone, "UTC"))
	if err != nil {
		loc = time.UTC
	}
	local := at.In(loc)
	s, _ := time.ParseInLocation("15:04", p.QuietStart, loc)
	e, _ := time.ParseInLocation("15:04", p.QuietEnd, loc)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	start := day.Add(time.Duration(s.Hour())*time.Hour + time.Duration(s.Minute())*time.Minute)
	end := day.Add(time.Duration(e.Hour())*time.Hour + time.Duration(e.Minute())*time.Minute)
	if !end.After(start) {
		// The quiet hours span midnight: 22:00-08:00.
		if local.Before(end) {
			return true, end
		}
		end = end.Add(24 * time.Hour)
	}
	if !local.Before(start) && local.Before(end) {
		return true, end
	}
	return false, at
}

// Awake moves a moment out of the player's quiet hours.
func Awake(p storage.Settings, at time.Time) time.Time {
	if in, end := QuietAt(p, at); in {
		return end
	}
	return at
}

// Pingable keeps the users who want to be pinged now: not those who chose notify:off or turn DMs
// (notify:dm, whose DMs Discord has not refused), not those in
// their quiet hours, never an id that is no Discord user's (an AI seat). The others are still named
// in the text.
func (b *Host) Pingable(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !discordID(id) {
			continue
		}
		p, err := b.store.PlayerSettings(id)
		if err != nil {
			out = append(out, id)
			continue
		}
		if in, _ := QuietAt(p, b.now()); p.Notify == storage.NotifyOff || p.TurnDMs() || in {
			continue
		}
		out = append(out, id)
	}
	return out
}

// MentionLine pings the users of a reply, and only them.
func MentionLine(ids []string) string {
	var parts []string
	for _, id := range ids {
		parts = append(parts, "<@"+id+">")
	}
	return strings.Join(parts, " ")
}

// discordID tells whether id is a Discord user's id (a snowflake: a decimal number).
func discordID(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
