package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// PieceKind names what a player puts on the tile they just placed: a meeple (the zero kind), or,
// with the expansions' rules on, the big meeple (R3.1.4), the builder (R3.2.3) or the pig (R3.2.4).
type PieceKind string

// Piece kinds.
const (
	PieceMeeple  PieceKind = ""
	PieceBig     PieceKind = "big"
	PieceBuilder PieceKind = "builder"
	PiecePig     PieceKind = "pig"
)

// offeredKinds are the kinds in the order players are offered them (PieceKinds).
var offeredKinds = []PieceKind{PieceMeeple, PieceBig, PieceBuilder, PiecePig}

// PieceKinds are the kinds in the order players are offered them.
func PieceKinds() []PieceKind { return slices.Clone(offeredKinds) }

// String is the kind's name: "meeple" for the plain meeple.
func (k PieceKind) String() string {
	if k == PieceMeeple {
		return "meeple"
	}
	return string(k)
}

// Name is the kind in words: "meeple", "big meeple", "builder", "pig".
func (k PieceKind) Name() string {
	if k == PieceBig {
		return "big meeple"
	}
	return k.String()
}

// ParsePieceKind reads a kind by name: meeple (or normal, or empty), big, builder, pig.
func ParsePieceKind(s string) (PieceKind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "meeple", "normal":
		return PieceMeeple, nil
	case "big", "large", "bigmeeple", "big meeple":
		return PieceBig, nil
	case "builder":
		return PieceBuilder, nil
	case "pig":
		return PiecePig, nil
	}
	return PieceMeeple, fmt.Errorf("%q is not a kind of piece: use meeple, big, builder or pig", Echo(s))
}

// Follower reports whether the kind is a follower: a meeple or the big meeple, which hold features
// and count for majorities. The builder and the pig never do.
func (k PieceKind) Follower() bool { return k == PieceMeeple || k == PieceBig }

// Weighed reports whether the rules weigh the meeple more than its kind does (a Taiwan upgrade):
// a big meeple counts 2 by itself.
func (m Meeple) Weighed() bool { return m.Kind.Follower() && m.Weight > pieceWeight(m.Kind) }

// IC and TB report whether the table plays the full rules of Inns & Cathedrals and of Traders &
// Builders (game/RULES.md; off by default, R3.3).
func (o Options) IC() bool { return o.InnsCathedrals }

// TB reports whether the table plays the full rules of Traders & Builders (see IC).
func (o Options) TB() bool { return o.TradersBuilders }

// innsCathedralsScored reports whether inns and cathedrals score as in R3.1: the box's full rules,
// or the scoring alone (OQ-34's flag).
func (o Options) innsCathedralsScored() bool { return o.InnsCathedralsScoring || o.InnsCathedrals }

// KindsOffered are the kinds of piece the table's rules have: the meeple always, the big meeple
// with Inns & Cathedrals, the builder and the pig with Traders & Builders.
func (o Options) KindsOffered() []PieceKind {
	out := []PieceKind{PieceMeeple}
	if o.IC() {
		out = append(out, PieceBig)
	}
	if o.TB() {
		out = append(out, PieceBuilder, PiecePig)
	}
	return out
}

// supply is how many pieces of kind k player p has in supply.
func (g *Game) supply(p int, k PieceKind) int {
	pl := &g.Players[p]
	switch k {
	case PieceBig:
		return pl.Big
	case PieceBuilder:
		return pl.Builder
	case PiecePig:
		return pl.Pig
	}
	return pl.Meeples
}

// addSupply gives player p n pieces of kind k (n < 0 takes them).
func (g *Game) addSupply(p int, k PieceKind, n int) {
	pl := &g.Players[p]
	switch k {
	case PieceBig:
		pl.Big += n
	case PieceBuilder:
		pl.Builder += n
	case PiecePig:
		pl.Pig += n
	default:
		pl.Meeples += n
	}
}

// hasFollower reports whether player p has a follower in the feature rooted at r.
func (g *Game) hasFollower(r, p int) bool {
	for i := range g.Meeples {
		if m := &g.Meeples[i]; m.Player == p && g.find(g.meepleNode(m)) == r {
			return true
		}
	}
	return false
}

// pieceAllowed reports whether the current player may put a piece of kind k on feature local of
// the tile placed this turn (whyNotPiece says why not, for a refusal).
func (g *Game) pieceAllowed(t *placedTile, local int, k PieceKind) bool {
	r := g.find(int(t.node) + local)
	switch kind := t.face.Features[local].Kind; k {
	case PieceBuilder:
		return (kind == RoadFeature || kind == CityFeature) && g.hasFollower(r, g.Current)
	case PiecePig:
		return kind == FieldFeature && g.hasFollower(r, g.Current)
	}
	return g.nodes[r].meeples == 0
}

// whyNotPiece says why the current player may not put a piece of kind k on feature local of the
// tile placed this turn, or is "" when they may. It names the rule.
func (g *Game) whyNotPiece(t *placedTile, local int, k PieceKind) Words {
	ft := &t.face.Features[local]
	r := g.find(int(t.node) + local)
	p := g.Current
	spot := t.face.Spots[local]
	switch k {
	case PieceMeeple, PieceBig:
		if g.nodes[r].meeples != 0 {
			return Say(idEngineWhyOccupied, "Feature", ft.Kind.value(), "Spot", msg.Spot(spot))
		}
	case PieceBuilder:
		if ft.Kind != RoadFeature && ft.Kind != CityFeature {
			return Say(idEngineWhyBuilderFeature, "Feature", ft.Kind.value())
		}
		if !g.hasFollower(r, p) {
			return Say(idEngineWhyBuilderAlone, "Feature", ft.Kind.value(), "Spot", msg.Spot(spot))
		}
	case PiecePig:
		if ft.Kind != FieldFeature {
			return Say(idEngineWhyPigFeature, "Feature", ft.Kind.value())
		}
		if !g.hasFollower(r, p) {
			return Say(idEngineWhyPigAlone, "Spot", msg.Spot(spot))
		}
	}
	return Words{}
}

// kindOn reports whether the table's rules have pieces of kind k.
func (o Options) kindOn(k PieceKind) bool {
	switch k {
	case PieceBig:
		return o.IC()
	case PieceBuilder, PiecePig:
		return o.TB()
	}
	return true
}

// kindOffered says why the table's rules have no pieces of kind k, or is zero when they have.
func (g *Game) kindOffered(k PieceKind) Words {
	switch k {
	case PieceBig:
		if !g.Opts.IC() {
			return Say(idEngineWhyNoBig)
		}
	case PieceBuilder, PiecePig:
		if !g.Opts.TB() {
			return Say(idEngineWhyNoTb, "Piece", k.words())
		}
	}
	return Words{}
}

// PieceSpots lists the spots of the tile placed this turn where the current player may put a
// piece of kind k now, in the order of the numbered markers.
func (g *Game) PieceSpots(k PieceKind) []string { return g.appendPieceSpots(nil, k) }

// appendPieceSpots appends the legal spots of kind k to buf (see PieceSpots).
func (g *Game) appendPieceSpots(buf []string, k PieceKind) []string {
	if k == PieceMeeple {
		return g.AppendMeepleSpots(buf)
	}
	if g.Phase != PhaseMeeple || !g.Opts.kindOn(k) || g.supply(g.Current, k) == 0 {
		return buf
	}
	t, ok := g.tileAt(g.TurnState.Placed)
	if !ok {
		return buf
	}
	for rank := 0; rank < 4; rank++ {
		for i := range t.face.Features {
			if spotOrder[t.face.Features[i].Kind] == rank && g.pieceAllowed(t, i, k) {
				buf = append(buf, t.face.Spots[i])
			}
		}
	}
	return buf
}

// hasPieceSpot reports whether the current player could put a piece of kind k (not a meeple)
// anywhere on the tile placed this turn, without listing the spots.
func (g *Game) hasPieceSpot(t *placedTile, k PieceKind) bool {
	if !g.Opts.kindOn(k) || g.supply(g.Current, k) == 0 {
		return false
	}
	for i := range t.face.Features {
		if g.pieceAllowed(t, i, k) {
			return true
		}
	}
	return false
}

// PieceChoice is a piece the current player may put on a spot now.
type PieceChoice struct {
	Kind PieceKind
	Spot string
}

// PieceChoices lists every piece the current player may put now: each kind the table's rules
// have, in the order of PieceKinds, with each of its legal spots.
func (g *Game) PieceChoices() []PieceChoice { return g.appendPieceChoices(nil) }

// appendPieceChoices appends the legal pieces to buf (see PieceChoices).
func (g *Game) appendPieceChoices(buf []PieceChoice) []PieceChoice {
	var scratch [16]string
	for _, k := range offeredKinds {
		if !g.Opts.kindOn(k) {
			continue
		}
		for _, s := range g.appendPieceSpots(scratch[:0], k) {
			buf = append(buf, PieceChoice{Kind: k, Spot: s})
		}
	}
	return buf
}

// returnBuilders sends the builders in the feature rooted at r home: their feature was scored
// (R3.2.3).
func (g *Game) returnBuilders(r int) {
	for i := len(g.Pieces) - 1; i >= 0; i-- {
		pc := g.Pieces[i]
		if pc.Kind != PieceBuilder || g.find(g.meepleNode(&pc)) != r {
			continue
		}
		g.Pieces = append(g.Pieces[:i], g.Pieces[i+1:]...)
		g.addSupply(pc.Player, pc.Kind, 1)
		g.emit(Event{Kind: EventMeepleReturned, Player: pc.Player, Square: pc.Square, Spot: pc.Spot, Piece: pc.Kind})
	}
}

// extendsBuilder reports whether the tile on s joins a road or city holding the current player's
// builder: a builder placed in an earlier turn, since this turn's piece comes after the tile.
func (g *Game) extendsBuilder(s Square) bool {
	t, ok := g.tileAt(s)
	if !ok {
		return false
	}
	for i := range g.Pieces {
		pc := &g.Pieces[i]
		if pc.Kind != PieceBuilder || pc.Player != g.Current {
			continue
		}
		br := g.find(g.meepleNode(pc))
		for j := range t.face.Features {
			if g.find(int(t.node)+j) == br {
				return true
			}
		}
	}
	return false
}

// BuilderTile reports whether the turn being played is a builder's second tile (R3.2.3).
func (g *Game) BuilderTile() bool { return g.TurnState.second }

// BuilderTileOwed reports whether the tile of this turn extended the player's builder, so that a
// second tile follows it (R3.2.3).
func (g *Game) BuilderTileOwed() bool { return g.TurnState.secondOwed }

// ExtraTurnOwed reports whether an extra turn is owed after this turn (GrantExtraTurn).
func (g *Game) ExtraTurnOwed() bool { return g.TurnState.extraOwed }
