package mapchipstest

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

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
