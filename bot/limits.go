package bot

import (
	"slices"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// Open tables are capped per person and per server, so that nobody opens a thousand games in a
// second: a person may sit at MaxTablesPerUser open tables (a lobby or a running game each, where
// they have not resigned), and a server may have MaxTablesPerServer open. League games count for
// neither: a league's games are opened by the league, whose size MaxMembers caps. The counts come
// from the games in memory, which are every open game of the store (Load), so they hold across
// restarts.

// Defaults of Config.
const (
	DefaultMaxTablesPerUser   = 10
	DefaultMaxTablesPerServer = 200
)

// seatReservations are the seats being taken right now, between a cap's check and the store: two
// /carc new of one person at once cannot both pass the last free place.
type seatReservations struct {
	users  map[string]int
	guilds map[string]int
}

func newSeatReservations() seatReservations {
	return seatReservations{users: map[string]int{}, guilds: map[string]int{}}
}

// track records who still plays at a game (e.mu held), for the caps. Under b.mu: reserveSeat
// counts them without waiting for any game's lock.
func (b *Host) track(e *gameEntry, people []string) {
	b.mu.Lock()
	e.players = people
	b.mu.Unlock()
}

// reserveSeat reserves a seat for user at a table in guild, a new table if opening, or says why
// not. The caller releases the reservation once the seat counts (or was not taken), before it
// answers: the player's next command must not find it twice. Releasing twice is harmless.
func (b *Host) reserveSeat(p *lang.Printer, guild, user string, opening bool) (release func(), refusal string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	mine, here := b.seats.users[user], b.seats.guilds[guild]
	for _, e := range b.games {
		if e.league {
			continue
		}
		if slices.Contains(e.players, user) {
			mine++
		}
		if e.guild == guild {
			here++
		}
	}
	// The counts include the seats being taken right now; the refusals name the cap.
	if limit := b.cfg.MaxTablesPerUser; limit > 0 && mine >= limit {
		return nil, p.T("bot_seats_user", lang.A{"Limit": limit})
	}
	if limit := b.cfg.MaxTablesPerServer; opening && limit > 0 && here >= limit {
		return nil, p.T("bot_seats_server", lang.A{"Limit": limit, "Expiry": span(p, b.cfg.LobbyExpiry)})
	}
	b.seats.users[user]++
	if opening {
		b.seats.guilds[guild]++
	}
	var once sync.Once
	return func() { once.Do(func() { b.unreserve(guild, user, opening) }) }, ""
}

// unreserve gives back a seat reserveSeat reserved.
func (b *Host) unreserve(guild, user string, opening bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.seats.users[user]--
	if b.seats.users[user] == 0 {
		delete(b.seats.users, user)
	}
	if opening {
		b.seats.guilds[guild]--
		if b.seats.guilds[guild] == 0 {
			delete(b.seats.guilds, guild)
		}
	}
}

// span writes a duration for people in their language: "7 days", "36 hours", "90m0s".
func span(p *lang.Printer, d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return p.N("n_days", int(d/(24*time.Hour)), nil)
	case d%time.Hour == 0:
		return p.N("n_hours", int(d/time.Hour), nil)
	}
	return d.String()
}
