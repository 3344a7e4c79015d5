package discord

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// logCountingStore counts the reads of a game's whole log.
type logCountingStore struct {
	storage.Database
	reads atomic.Int64
}

func (s *logCountingStore) Moves(id string) ([]storage.Move, error) {
	s.reads.Add(1)
	return s.Database.Moves(id)
}

// TestARefusalThatCannotBeARetryReadsNoLog: a refused command is checked against the game's last
// move, in case it is that move sent again. The bot knows who made the last move and when, so a
// refusal of anyone else, or of its player long after it, is answered without reading the log;
// the player's own retry within the token's life is still recognised (one read). After a
// restart the first refusal reads the log, and the next ones do not.
func TestARefusalThatCannotBeARetryReadsNoLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	counting := &logCountingStore{}
	h.configure = func(c *bot.Config) {
		counting.Database = c.Store
		c.Store = counting
	}
	h.start()
	alice, bob, ch := openGame(h, "france", 8)
	carol := h.f.AddUser("carol")
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := users[cur.ID]
	other := alice
	if mover == alice {
		other = bob
	}
	args := placeArgs(tbl)
	if got := h.slash(mover, ch, "place", args...).Content; !contains(got, "placed") {
		t.Fatalf("the move: %s", got)
	}

	// want is what the answer says; "" for a plain refusal, which is not taken for a retry.
	refused := func(who string, u *fakediscord.User, wantReads int64, want string) {
		t.Helper()
		counting.reads.Store(0)
		got := h.slash(u, ch, "place", args...).Content
		if want != "" && !contains(got, want) || want == "" && contains(got, "already went through") {
			t.Errorf("%s: %q, want %q", who, got, want)
		}
		if n := counting.reads.Load(); n != wantReads {
			t.Errorf("%s read the game's log %d times, want %d", who, n, wantReads)
		}
	}
	refused("the player to move, on a square taken", other, 0, "")
	refused("someone who does not play", carol, 0, "")
	refused("the last mover sending the move again", mover, 1, "already went through")
	h.clock.Add(bot.RetryWithin + time.Minute)
	refused("the last mover, long after the move", mover, 0, "")

	h.stop()
	h.start()
	refused("the first refusal after a restart", other, 1, "")
	refused("the next one", other, 0, "")
}
