package mapchipstest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Reach is what tiles can ever reach from a map's start squares: the playable squares, crossing
// ferries to their landing squares, and the large cities with an open edge next to one of them.
type Reach struct {
	Squares map[game.Square]bool
	Cities  map[int]bool
}

// Reachable walks the playable land of m from all its start squares.
func Reachable(m *game.Map) Reach {
	r := Reach{Squares: map[game.Square]bool{}, Cities: map[int]bool{}}
	var queue []game.Square
	visit := func(s game.Square) {
		if !r.Squares[s] {
			r.Squares[s] = true
			queue = append(queue, s)
		}
	}
	for _, s := range m.Starts {
		visit(s.Square)
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		info := m.Info(s)
		for d := game.Dir(0); d < 4; d++ {
			n, _ := s.Step(d)
			switch info.Sides[d] {
			case game.SideLand:
				visit(n)
			case game.SideCity:
				if info.Need.On(d) == game.City {
					r.Cities[m.Info(n).City] = true
				}
			case game.SideFerry:
				for _, f := range m.Ferries {
					if f.Harbour == s && f.HarbourDir == d {
						visit(f.Landing)
					}
				}
			}
		}
	}
	return r
}

// CheckReach fails t with each of ReachProblems, and returns the reach for the map's own checks.
func CheckReach(t testing.TB, m *game.Map) Reach {
	t.Helper()
	r, problems := ReachProblems(m)
	for _, p := range problems {
		t.Error(p)
	}
	return r
}

// ReachProblems walks m from its start squares and names every large city no tile can reach at
// an open edge, and the playable squares no tile can reach (an island without a ferry, land cut
// off).
func ReachProblems(m *game.Map) (Reach, []string) {
	r := Reachable(m)
	var problems []string
	for i, c := range m.Cities {
		if !r.Cities[i] {
			problems = append(problems, "no tile can ever reach an open edge of "+c.Name)
		}
	}
	var cut []string
	m.Squares(func(s game.Square, info *game.SquareInfo) {
		if info.Kind != game.Playable || r.Squares[s] {
			return
		}
		name := s.String()
		if info.Island >= 0 {
			name += " (" + m.Islands[info.Island].Name + ")"
		}
		cut = append(cut, name)
	})
	if len(cut) > 0 {
		problems = append(problems, fmt.Sprintf("%d of %d playable squares can never be reached from the start squares: %s",
			len(cut), m.PlayableCount(), strings.Join(cut, ", ")))
	}
	return r, problems
}
