package game

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Placement is a square and a rotation for a tile.
type Placement struct {
	Square   Square   `json:"square"`
	Rotation Rotation `json:"rotation"`
}

func (p Placement) String() string { return fmt.Sprintf("%s %s°", p.Square, p.Rotation) }

// AppendLegalPlacements appends every legal (square, rotation) for tile t to buf, rotations that
// look the same merged (R2.3.1, R2.3.2 and the map's own limits: game/RULES.md, the map).
func (g *Game) AppendLegalPlacements(buf []Placement, t TileID) []Placement {
	fits := &t.Type().fits
	for _, f := range g.frontier {
		bits := fits[f.need.Want]
		if bits == 0 || !g.allowed(f.sq) {
			continue
		}
		for r := Rotation(0); bits != 0; r, bits = r+1, bits>>1 {
			if bits&1 != 0 {
				buf = append(buf, Placement{f.sq, r})
			}
		}
	}
	return buf
}

// allowed asks the variant's square filter, if it has one.
func (g *Game) allowed(s Square) bool { return g.hooks.filter == nil || g.hooks.filter.Placeable(g, s) }

// LegalPlacements lists every legal placement of tile t.
func (g *Game) LegalPlacements(t TileID) []Placement { return g.AppendLegalPlacements(nil, t) }

// CountLegalPlacements counts the legal placements of tile t without building a list.
func (g *Game) CountLegalPlacements(t TileID) int {
	tt := t.Type()
	n := 0
	if g.hooks.filter == nil {
		for _, f := range g.frontier {
			n += int(tt.fitCount[f.need.Want])
		}
		return n
	}
	for _, f := range g.frontier {
		if c := tt.fitCount[f.need.Want]; c != 0 && g.allowed(f.sq) {
			n += int(c)
		}
	}
	return n
}

// nthPlacement is the k-th legal placement of t in the order of AppendLegalPlacements, found
// without building the list (random playouts pick one this way).
func (g *Game) nthPlacement(t TileID, k int) Placement {
	tt := t.Type()
	for _, f := range g.frontier {
		n := int(tt.fitCount[f.need.Want])
		if n == 0 || (g.hooks.filter != nil && !g.allowed(f.sq)) {
			continue
		}
		if k >= n {
			k -= n
			continue
		}
		bits := tt.fits[f.need.Want]
		for r := Rotation(0); ; r, bits = r+1, bits>>1 {
			if bits&1 != 0 {
				if k == 0 {
					return Placement{f.sq, r}
				}
				k--
			}
		}
	}
	return Placement{NoSquare, 0}
}

// CanPlace reports whether tile t fits anywhere now (a variant offering a tile checks it first).
func (g *Game) CanPlace(t TileID) bool { return g.placeable(t) }

func (g *Game) placeable(t TileID) bool {
	fits := &t.Type().fits
	for _, f := range g.frontier {
		if fits[f.need.Want] != 0 && g.allowed(f.sq) {
			return true
		}
	}
	return false
}

// LegalRotations lists the rotations of tile t that are legal on square s (merged as above).
func (g *Game) LegalRotations(t TileID, s Square) []Rotation {
	i, ok := g.fpos.get(s)
	if !ok || !g.allowed(s) {
		return nil
	}
	var out []Rotation
	for _, r := range t.Type().Distinct {
		if g.frontier[i].need.Allows(t.Type().Face(r)) {
			out = append(out, r)
		}
	}
	return out
}

// CheckPlacement explains why tile t may not go on square s at rotation r, or returns nil.
func (g *Game) CheckPlacement(t TileID, s Square, r Rotation) error {
	m := g.Map
	info := m.Info(s)
	if info.Kind != Playable {
		why := m.describe(s)
		return refuse(ErrIllegalSquare, g.legalSquareNames(t), Say(idEngineSquareRefused, "Square", s, "Why", why))
	}
	if pt, ok := g.tileAt(s); ok {
		return refuse(ErrIllegalSquare, g.legalSquareNames(t), Say(idEngineSquareTaken, "Square", s, "Tile", pt.Tile, "Turn", msg.Count(int(pt.Turn))))
	}
	fi, anchored := g.fpos.get(s)
	if !anchored {
		why := g.whyUnanchored(s)
		return refuse(ErrIllegalSquare, g.legalSquareNames(t), Say(idEngineSquareRefused, "Square", s, "Why", why))
	}
	if !g.allowed(s) {
		return refuse(ErrIllegalSquare, g.legalSquareNames(t), Say(idEngineSquareNotAllowed, "Square", s))
	}
	face := t.Type().Face(r)
	need := g.frontier[fi].need
	if need.Allows(face) {
		return nil
	}
	var rots []string
	for _, lr := range g.LegalRotations(t, s) {
		rots = append(rots, lr.String()+"°")
	}
	for d := Dir(0); d < 4; d++ {
		want := need.On(d)
		if need.Mask&(3<<(2*d)) == 0 || face.Edges[d] == want {
			continue
		}
		across := g.whatIsAcross(s, d)
		edge := Say(idEngineEdgeAgainst, "Tile", t, "Rotation", r, "Square", s, "Dir", d.words(), "Edge", msg.Feature(face.Edges[d].String()), "Across", across)
		if len(rots) == 0 {
			return refuse(ErrIllegalSquare, g.legalSquareNames(t), Say(idEngineEdgeNoRotation, "Edge", edge, "Tile", t, "Square", s))
		}
		return refuse(ErrIllegalRotation, rots, Say(idEngineEdgeRefused, "Edge", edge))
	}
	return refuse(ErrIllegalRotation, rots, Say(idEngineRotationRefused, "Tile", t, "Square", s, "Rotation", r))
}

// whatIsAcross describes what side d of empty square s must match, for messages.
func (g *Game) whatIsAcross(s Square, d Dir) Words {
	info := g.Map.Info(s)
	n, _ := s.Step(d)
	switch info.Sides[d] {
	case SideCity:
		cs := g.Map.citySquare(n)
		edge, city := cs.Edges[d.Opposite()], g.Map.Cities[g.Map.Info(n).City].Name
		return Say(idEngineAcrossCity, "Edge", msg.Feature(edge.String()), "City", msg.Place(city), "Square", n)
	case SideFerry:
		return Say(idEngineAcrossFerry)
	case SideBorder:
		if info.Border[d] == BorderCity {
			return Say(idEngineAcrossBorderCity)
		}
		return Say(idEngineAcrossBorderRoad)
	}
	if t, ok := g.tileAt(n); ok {
		edge := t.face.Edges[d.Opposite()]
		return Say(idEngineAcrossTile, "Edge", msg.Feature(edge.String()), "Tile", t.Tile, "Square", n)
	}
	return Say(idEngineAcrossEmpty)
}

func (g *Game) whyUnanchored(s Square) Words {
	info := g.Map.Info(s)
	if info.Island >= 0 && !g.IslandOpen(info.Island) {
		isl := g.Map.Islands[info.Island]
		f := g.Map.Ferries[isl.Ferries[0]]
		return Say(idEngineWhyIslandClosed, "Island", msg.Place(isl.Name), "Harbour", f.Harbour, "Landing", f.Landing)
	}
	if info.Island >= 0 {
		name := g.Map.Islands[info.Island].Name
		return Say(idEngineWhyIslandAlone, "Island", msg.Place(name))
	}
	for d := Dir(0); d < 4; d++ {
		if info.Sides[d] == SideCity {
			n, _ := s.Step(d)
			if ci := g.Map.Info(n).City; !g.cityConnected(ci) {
				name := g.Map.Cities[ci].Name
				return Say(idEngineWhyCityUnconnected, "City", msg.Place(name))
			}
		}
	}
	return Say(idEngineWhyAlone)
}

// LegalSquares lists the squares where tile t fits, in the order of LegalPlacements.
func (g *Game) LegalSquares(t TileID) []Square {
	var out []Square
	for _, p := range g.LegalPlacements(t) {
		if len(out) == 0 || out[len(out)-1] != p.Square {
			out = append(out, p.Square)
		}
	}
	return out
}

// legalSquareNames lists the squares where t fits, for error messages.
func (g *Game) legalSquareNames(t TileID) []string {
	squares := g.LegalSquares(t)
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}
