package bot

import (
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestTheClockStopsOnlyForTheVacationWithinTheTurn reads stoppedUntil like the rule: a vacation
// pushes a timer by the part of it that falls within the turn, and one after the timer not at all.
func TestTheClockStopsOnlyForTheVacationWithinTheTurn(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	h := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Hour) }
	v := func(from, to int) storage.Vacation { return storage.Vacation{From: h(from), To: h(to)} }
	for _, c := range []struct {
		name string
		vs   []storage.Vacation
		want time.Time
	}{
		{"no vacation", nil, h(48)},
		{"before the turn", []storage.Vacation{v(-30, -6)}, h(48)},
		{"begun before the turn", []storage.Vacation{v(-6, 24)}, h(72)},
		{"within the turn", []storage.Vacation{v(10, 34)}, h(72)},
		{"two within the turn", []storage.Vacation{v(10, 34), v(60, 70)}, h(82)},
		{"after the deadline", []storage.Vacation{v(50, 70)}, h(48)},
	} {
		if got := stoppedUntil(c.vs, t0, h(48)); !got.Equal(c.want) {
			t.Errorf("%s: due %v, want %v", c.name, got.Sub(t0), c.want.Sub(t0))
		}
	}
}
