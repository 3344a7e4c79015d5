package bot

import (
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A lobby nobody changes for Config.LobbyExpiry closes, which frees its channel and the places it
// takes in the caps on open tables. The expiry is a stored timer like a deadline: every change in
// the lobby sets it again (timersFor), and it survives restarts.

// DefaultLobbyExpiry is how long a lobby stays open without a change.
const DefaultLobbyExpiry = 7 * 24 * time.Hour

// KindExpiry is the timer of a lobby's expiry.
const KindExpiry = "expiry"

// lobbyTimers is a lobby's timer set: its expiry, from now.
func (b *Host) lobbyTimers() []storage.Timer {
	return []storage.Timer{{Kind: KindExpiry, At: b.now().Add(b.cfg.LobbyExpiry)}}
}

// keepLobbyExpiry gives a lobby without an expiry one (e.mu held): a lobby just opened (a game's
// creation stores no timers), or one opened before lobbies expired.
func (b *Host) keepLobbyExpiry(e *gameEntry) {
	if e.table.Status != table.Lobby || slices.ContainsFunc(e.timers, func(t storage.Timer) bool { return t.Kind == KindExpiry }) {
		return
	}
	timers := b.lobbyTimers()
	if err := b.store.SetTimers(e.id, timers); err != nil {
		b.log.Error("could not set a lobby's expiry: it is set again at the next start", "game", e.id, "err", err)
		return
	}
	e.timers = timers
}

// expire closes a lobby whose expiry has come (e.mu held), as a step of its record stored with
// the timer's id, so that a restart never closes it twice.
func (b *Host) expire(e *gameEntry, tm storage.Timer) {
	if e.table.Status != table.Lobby {
		_ = b.store.CompleteTimer(tm)
		return
	}
	reply := commands.ExpireLobby(e.table, b.cfg.LobbyExpiry, b.GuildLocale(e.guild))
	if !reply.OK {
		b.log.Error("could not close an expired lobby", "game", e.id, "reply", reply.Text)
		_ = b.store.CompleteTimer(tm)
		return
	}
	if err := b.commit(e, reply, "bot", tm.ID(), nil); err != nil {
		b.log.Error("could not store the close of an expired lobby", "game", e.id, "err", err)
		return
	}
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
}
