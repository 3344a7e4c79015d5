package mapchipstest

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Places are a map's named places by name: start squares, large cities (their squares joined by
// spaces) with their coats of arms, and towns, for tests to compare with the real geography.
type Places struct {
	Starts, Cities, Towns map[string]string
	Arms                  map[string]int
}

// PlacesOf lists the named places of m.
func PlacesOf(m *game.Map) Places {
	p := Places{Starts: map[string]string{}, Cities: map[string]string{}, Towns: map[string]string{}, Arms: map[string]int{}}
	for _, s := range m.Starts {
		p.Starts[s.Name] = s.Square.String()
	}
	for _, c := range m.Cities {
		var sqs []string
		for _, s := range c.Squares {
			sqs = append(sqs, s.Square.String())
		}
		p.Cities[c.Name] = strings.Join(sqs, " ")
		p.Arms[c.Name] = c.Arms
	}
	for _, town := range m.Towns {
		p.Towns[town.Name] = town.Square.String()
	}
	return p
}

// Named fails t unless got holds exactly the places of want, each where want puts it; kind names
// them in the failures ("start squares", "ferries").
func Named(t testing.TB, kind string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d %s, want %d: %v", len(got), kind, len(want), got)
	}
	for name, sq := range want {
		if got[name] != sq {
			t.Errorf("%s %s on %q, want %s", kind, name, got[name], sq)
		}
	}
}

// Census is a map counted, for its tests to compare with the published map in one line: the
// grid, its squares by kind (the playable ones on the mainland, off the ferry islands), and the
// map file's game defaults.
type Census struct {
	Cols, Rows               int
	Playable, Mainland       int
	Printed, Marked          int
	Starts, StartsUsed       int
	DefaultTiles, Meeples    int
	Islands, Ferries, Cities int
}

// CensusOf counts m.
func CensusOf(m *game.Map) Census {
	c := Census{Cols: m.Cols, Rows: m.Rows, Playable: m.PlayableCount(), Starts: len(m.Starts), StartsUsed: m.StartsUsed,
		DefaultTiles: m.DefaultTiles, Meeples: m.Meeples, Islands: len(m.Islands), Ferries: len(m.Ferries), Cities: len(m.Cities)}
	m.Squares(func(_ game.Square, info *game.SquareInfo) {
		switch info.Kind {
		case game.Playable:
			if info.Island < 0 {
				c.Mainland++
			}
		case game.Printed:
			c.Printed++
		case game.Marked:
			c.Marked++
		}
	})
	return c
}
