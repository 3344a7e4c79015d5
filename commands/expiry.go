package commands

import (
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// ExpireLobby closes a lobby nobody changed for idle (the host's setting), which frees its
// channel for a new game, and tells the people seated.
// It is written in the table's language, else in guildLocale, its server's as last known.
func ExpireLobby(t *table.Table, idle time.Duration, guildLocale string) Reply {
	p := PublicLanguage(t, guildLocale)
	if t == nil || t.Status != table.Lobby {
		return fail(t, "%s", p.T("expiry_not_lobby", nil))
	}
	x := table.Begin(t, "bot")
	if err := x.Do(table.Abandon(table.ReasonExpired)); err != nil {
		return fail(t, "%v", err)
	}
	var ping []string
	for _, u := range t.Seats {
		if _, isAI := table.AILevel(u); !isAI {
			ping = append(ping, u.ID)
		}
	}
	return spoken(p, changed(x, Reply{Ping: ping, Text: p.T("expiry_closed", lang.A{"Idle": DurationIn(p, idle)})}))
}
