package game

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Meeple is a follower on the map.
type Meeple struct {
	Player int    `json:"player"`
	Square Square `json:"square"`
	Spot   string `json:"spot"`
	// Weight is how many meeples it counts for in a majority: 1 when placed, more once the rules
	// weigh it so (SetMeepleWeight).
	Weight int `json:"weight"`
	// Kind is the big meeple (weight 2), the builder or the pig; empty for a meeple.
	Kind  PieceKind `json:"kind,omitempty"`
	tile  uint16
	local uint8
}

// SetMeepleWeight makes the meeple m of this game count for w meeples in every majority until it
// goes home: a meeple placed again starts at its kind's weight (1, the big meeple 2). A weight below 1, or a meeple that is not on this
// game's map, is a bug in the rules that ask for it.
func (g *Game) SetMeepleWeight(m *Meeple, w int) {
	if w < 1 {
		panic(fmt.Sprintf("game: a meeple's weight is at least 1, not %d", w))
	}
	for i := range g.Meeples {
		if &g.Meeples[i] == m {
			m.Weight = w
			return
		}
	}
	panic("game: SetMeepleWeight of a meeple that is not on the map (a copy?)")
}

func (g *Game) meepleNode(m *Meeple) int { return int(g.tiles[m.tile].node) + int(m.local) }

// spotOrder puts knights, thieves and monks before farmers, the order of the numbered markers.
var spotOrder = [4]int{CityFeature: 0, RoadFeature: 1, CloisterFeature: 2, FieldFeature: 3}

// MeepleSpots lists the spots of the tile placed this turn where the current player may put a
// meeple now (R2.4), in the order of the numbered markers: cities, roads, cloister, fields.
func (g *Game) MeepleSpots() []string { return g.AppendMeepleSpots(nil) }

// AppendMeepleSpots appends the legal spots to buf (see MeepleSpots).
func (g *Game) AppendMeepleSpots(buf []string) []string {
	if g.Phase != PhaseMeeple || g.Players[g.Current].Meeples == 0 {
		return buf
	}
	t, ok := g.tileAt(g.TurnState.Placed)
	if !ok {
		return buf
	}
	for rank := 0; rank < 4; rank++ {
		for i := range t.face.Features {
			ft := &t.face.Features[i]
			if spotOrder[ft.Kind] != rank {
				continue
			}
			if g.nodes[g.find(int(t.node)+i)].meeples == 0 {
				buf = append(buf, t.face.Spots[i])
			}
		}
	}
	return buf
}

// hasMeepleSpot reports whether the current player could place a meeple, or another piece of the
// table's rules, now.
func (g *Game) hasMeepleSpot() bool {
	if g.Phase != PhaseMeeple {
		return false
	}
	t, ok := g.tileAt(g.TurnState.Placed)
	if !ok {
		return false
	}
	if g.Players[g.Current].Meeples > 0 {
		for i := range t.face.Features {
			if g.nodes[g.find(int(t.node)+i)].meeples == 0 {
				return true
			}
		}
	}
	return g.Opts.IC() && g.hasPieceSpot(t, PieceBig) ||
		g.Opts.TB() && (g.hasPieceSpot(t, PieceBuilder) || g.hasPieceSpot(t, PiecePig))
}

// checkSpot finds the feature of the tile placed this turn that spot names, and checks that the
// current player may put a piece of kind k there.
func (g *Game) checkSpot(spot string, k PieceKind) (int, error) {
	if k != PieceMeeple {
		return g.checkPieceSpot(spot, k)
	}
	t, _ := g.tileAt(g.TurnState.Placed)
	if g.Players[g.Current].Meeples == 0 {
		return -1, refuse(ErrNoMeeples, []string{"none"}, Say(idEngineNoMeepleLeft))
	}
	i, ok := t.face.SpotFeature(spot)
	if !ok {
		return -1, refuse(ErrIllegalSpot, append(g.MeepleSpots(), "none"), notASpot(spot, t))
	}
	if g.nodes[g.find(int(t.node)+i)].meeples != 0 {
		return -1, refuse(ErrIllegalSpot, append(g.MeepleSpots(), "none"),
			Say(idEngineSpotTaken, "Feature", t.face.Features[i].Kind.value(), "Spot", msg.Spot(t.face.Spots[i]), "Square", t.Square))
	}
	return i, nil
}

// checkPieceSpot is checkSpot for the expansions' pieces: the table's rules have them, one is in
// supply, and the spot is one the piece's rule allows.
func (g *Game) checkPieceSpot(spot string, k PieceKind) (int, error) {
	t, _ := g.tileAt(g.TurnState.Placed)
	legal := func() []string { return append(g.PieceSpots(k), "none") }
	if why := g.kindOffered(k); !why.IsZero() {
		return -1, refuse(ErrIllegalSpot, append(g.MeepleSpots(), "none"), Say(idEnginePieceNotOffered, "Piece", k.words(), "Why", why))
	}
	if g.supply(g.Current, k) == 0 {
		return -1, refuse(ErrNoMeeples, []string{"none"}, Say(piecesOnMap[k]))
	}
	i, ok := t.face.SpotFeature(spot)
	if !ok {
		return -1, refuse(ErrIllegalSpot, legal(), notASpot(spot, t))
	}
	if why := g.whyNotPiece(t, i, k); !why.IsZero() {
		return -1, refuse(ErrIllegalSpot, legal(), Say(idEnginePieceCannotGo, "Piece", k.words(), "Spot", msg.Spot(t.face.Spots[i]), "Why", why))
	}
	return i, nil
}

// pieceWeight is what a piece of kind k counts for in a majority when placed: the big meeple 2
// (R3.1.4), the builder and the pig nothing (R3.2.3, R3.2.4).
func pieceWeight(k PieceKind) int {
	switch k {
	case PieceBig:
		return 2
	case PieceBuilder, PiecePig:
		return 0
	}
	return 1
}

func (g *Game) placeMeeple(local int, k PieceKind) {
	t, _ := g.tileAt(g.TurnState.Placed)
	ti, _ := g.cells.get(g.TurnState.Placed)
	m := Meeple{Player: g.Current, Square: t.Square, Spot: t.face.Spots[local], Weight: pieceWeight(k), Kind: k, tile: uint16(ti), local: uint8(local)}
	if k.Follower() {
		g.Meeples = append(g.Meeples, m)
		g.nodes[g.find(int(t.node)+local)].meeples++
	} else {
		g.Pieces = append(g.Pieces, m)
	}
	g.addSupply(g.Current, k, -1)
	g.TurnState.Spot = m.Spot
	g.emit(Event{Kind: EventMeeplePlaced, Player: g.Current, Square: t.Square, Spot: m.Spot, Piece: k})
}

// returnMeeple sends meeple i back to its owner's supply.
func (g *Game) returnMeeple(i int) {
	m := g.Meeples[i]
	g.nodes[g.find(g.meepleNode(&m))].meeples--
	g.Meeples = append(g.Meeples[:i], g.Meeples[i+1:]...)
	g.addSupply(m.Player, m.Kind, 1)
	g.emit(Event{Kind: EventMeepleReturned, Player: m.Player, Square: m.Square, Spot: m.Spot, Piece: m.Kind})
	g.meepleReturned(m)
}

// notASpot is the refusal of a spot the tile placed this turn does not have.
func notASpot(spot string, t *placedTile) Words {
	return Say(idEngineNotASpot, "Value", Echo(spot), "Tile", t.Tile, "Rotation", t.Rotation, "Square", t.Square)
}
