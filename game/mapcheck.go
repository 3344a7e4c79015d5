package game

import "strings"

func equalFold(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// finish validates what needs the whole file and precomputes each square's sides and constraint.
func (p *mapParser) finish() error {
	m := p.m
	var err error
	m.Squares(func(s Square, info *SquareInfo) {
		switch {
		case err != nil:
		case info.Kind == Printed && info.City < 0:
			err = p.errf(p.gridLine, "large-city square %s (@) belongs to no city block", s)
		case info.Kind == Marked && info.Mark == "":
			err = p.errf(p.gridLine, "marked square %s (~) has no mark line saying what it is", s)
		}
	})
	if err != nil {
		return err
	}
	for _, st := range m.Starts {
		info := m.Info(st.Square)
		if info.Town < 0 {
			// A start square shows a small town (R1.3.6).
			info.Town = len(m.Towns)
			m.Towns = append(m.Towns, Town{Square: st.Square, Name: st.Name})
		}
	}
	if len(m.Starts) == 0 && !m.Open {
		return p.errf(p.gridLine, "a drawn map needs start squares (start SQ NAME)")
	}
	if m.StartsUsed == 0 {
		m.StartsUsed = len(m.Starts)
	}
	if len(m.Starts) > 0 && (m.StartsUsed > len(m.Starts) || m.StartsUsed < 1) {
		return p.errf(p.gridLine, "starts %d: the map has %d start squares", m.StartsUsed, len(m.Starts))
	}
	if m.DefaultTiles == 0 {
		m.DefaultTiles = 114
	}
	for i := range m.Ferries {
		f := &m.Ferries[i]
		hi, li := m.Info(f.Harbour), m.Info(f.Landing)
		if hi.Island >= 0 {
			return p.errf(p.ferryLine[i], "ferry harbour %s must be on the mainland, not on island %s", f.Harbour, m.Islands[hi.Island].Name)
		}
		if li.Island < 0 {
			return p.errf(p.ferryLine[i], "ferry landing %s must be a square of an island line", f.Landing)
		}
		if hi.Border[f.HarbourDir] != Neutral || li.Border[f.LandingDir] != Neutral {
			return p.errf(p.ferryLine[i], "a ferry edge cannot also carry a border connection")
		}
		f.Island = li.Island
		m.Islands[li.Island].Ferries = append(m.Islands[li.Island].Ferries, i)
	}
	for i, isl := range m.Islands {
		if len(isl.Ferries) == 0 {
			return p.errf(p.islandLine[i], "island %s has no ferry route, so no tile could ever reach it", isl.Name)
		}
	}
	if err := p.checkCities(); err != nil {
		return err
	}
	m.Squares(func(s Square, info *SquareInfo) {
		if info.Kind != Playable {
			return
		}
		for d := Dir(0); d < 4; d++ {
			n, ok := s.Step(d)
			ni := m.Info(n)
			if !ok {
				ni = &m.void
			}
			switch {
			case ni.Kind == Printed:
				info.Sides[d] = SideCity
				cs := m.citySquare(n)
				info.Need.Set(d, cs.Edges[d.Opposite()])
			case ni.Kind == Playable && ni.Island == info.Island:
				info.Sides[d] = SideLand
			default:
				info.Sides[d] = SideBorder
				switch info.Border[d] {
				case BorderRoad:
					info.Need.Set(d, Road)
				case BorderCity:
					info.Need.Set(d, City)
				}
			}
		}
	})
	for _, f := range m.Ferries {
		for _, end := range []struct {
			s Square
			d Dir
		}{{f.Harbour, f.HarbourDir}, {f.Landing, f.LandingDir}} {
			info := m.Info(end.s)
			info.Sides[end.d] = SideFerry
			info.Need.Set(end.d, Road)
		}
	}
	return nil
}

// PrintedFace is the pre-placed tile of a printed large-city square, as the engine scores it.
func (m *Map) PrintedFace(s Square) (*Face, bool) {
	cs := m.citySquare(s)
	if cs == nil {
		return nil, false
	}
	return cs.face, true
}

func (m *Map) citySquare(s Square) *CitySquare {
	info := m.Info(s)
	if info.City < 0 {
		return nil
	}
	for i := range m.Cities[info.City].Squares {
		if cs := &m.Cities[info.City].Squares[i]; cs.Square == s {
			return cs
		}
	}
	return nil
}

// checkCities validates the printed large cities and builds the pre-placed tile of each square.
func (p *mapParser) checkCities() error {
	m := p.m
	for ci := range m.Cities {
		c := &m.Cities[ci]
		line := p.cityLine[ci]
		if len(c.Squares) == 0 {
			return p.errf(line, "city %s has no square lines", c.Name)
		}
		open := 0
		for si := range c.Squares {
			cs := &c.Squares[si]
			cityEdges := 0
			for d := Dir(0); d < 4; d++ {
				n, ok := cs.Square.Step(d)
				ni := m.Info(n)
				if !ok {
					ni = &m.void
				}
				if cs.Edges[d] == City {
					cityEdges++
				}
				switch {
				case ni.Kind == Printed && ni.City == ci:
					if cs.Edges[d] != City || m.citySquare(n).Edges[d.Opposite()] != City {
						return p.errf(line, "city %s: the edge between %s and %s is inside the city and must be C on both squares", c.Name, cs.Square, n)
					}
				case ni.Kind == Printed:
					return p.errf(line, "city %s: %s touches %s of another large city", c.Name, cs.Square, m.Cities[ni.City].Name)
				case ni.Kind == Playable && cs.Edges[d] == City:
					open++
				}
			}
			if cityEdges == 0 {
				return p.errf(line, "city %s: square %s has no city edge (CCFF, CFFF ...)", c.Name, cs.Square)
			}
			cs.face = printedFace(cs.Edges, si == 0, c.Arms)
		}
		if open == 0 {
			return p.errf(line, "city %s has no open edge (C) facing a playable square, so it can never be connected", c.Name)
		}
	}
	return nil
}

// printedFace builds the pre-placed tile of a large-city square: one city over its C edges, a road
// ending at the city on each R edge, and fields along the walls, all bordering the city.
func printedFace(edges [4]Terrain, first bool, arms int) *Face {
	t := &TileType{ID: "printed", Count: 1}
	f := &t.Faces[0]
	f.Tile, f.Edges = t, edges
	city := TileFeature{Kind: CityFeature, Gate: -1, Name: "C1"}
	if first {
		city.Pennants = arms
	}
	for d := Dir(0); d < 4; d++ {
		if edges[d] == City {
			city.Edges |= 1 << d
		}
	}
	f.Features = append(f.Features, city)
	for d := Dir(0); d < 4; d++ {
		l, r := Half(d)*2, Half(d)*2+1
		switch edges[d] {
		case Road:
			f.Features = append(f.Features,
				TileFeature{Kind: RoadFeature, Edges: 1 << d, Terminus: "gate", Gate: 0, Name: "R"},
				TileFeature{Kind: FieldFeature, Edges: 1 << l, Borders: []int{0}, Gate: -1, Name: "F"},
				TileFeature{Kind: FieldFeature, Edges: 1 << r, Borders: []int{0}, Gate: -1, Name: "F"})
		case Field:
			f.Features = append(f.Features,
				TileFeature{Kind: FieldFeature, Edges: 1<<l | 1<<r, Borders: []int{0}, Gate: -1, Name: "F"})
		}
	}
	f.index()
	return f
}
