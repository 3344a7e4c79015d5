package commands

import (
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
)

// ExpireLobby closes a lobby nobody changed for idle (the host's setting), which frees its
// channel for a new game, and tells the people seated.
func ExpireLobby(t *table.Table, idle time.Duration) Reply {
	if t == nil || t.Status != table.Lobby {
		return fail(t, "Only a lobby expires, and this table is not one.")
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
	length := FormatDuration(idle)
	if idle%(24*time.Hour) == 0 {
		length = Plural(int(idle/(24*time.Hour)), "day", "days")
	}
	return changed(x, Reply{Ping: ping,
		Text: "Nobody changed this lobby for " + length + ", so it is closed and the channel is free for a new game: /carc new opens one."})
}
