package commands

import (
	"time"
)

// ExpireLobby closes a lobby nobody changed for idle (the host's setting), which frees its
// channel for a new game, and tells the people seated.
func ExpireLobby(t *Table, idle time.Duration) Reply {
	if t == nil || t.Status != Lobby {
		return fail(t, "Only a lobby expires, and this table is not one.")
	}
	c := t.clone()
	c.Status = Abandoned
	var ping []string
	for _, u := range c.Seats {
		if _, isAI := AILevel(u); !isAI {
			ping = append(ping, u.ID)
		}
	}
	length := formatDuration(idle)
	if idle%(24*time.Hour) == 0 {
		length = plural(int(idle/(24*time.Hour)), "day", "days")
	}
	return Reply{OK: true, Changed: true, Table: c, Ping: ping,
		Text: "Nobody changed this lobby for " + length + ", so it is closed and the channel is free for a new game: /carc new opens one."}
}
