package game

import (
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// ScoreEntry is one score change with what a player needs to read its reason.
type ScoreEntry struct {
	Turn   int    `json:"turn"`
	Player int    `json:"player"`
	Points int    `json:"points"`
	Final  bool   `json:"final"`
	Kind   string `json:"kind"`
	// From and To bound the feature's squares (for features).
	From Square `json:"from"`
	To   Square `json:"to"`
	// Tiles, Arms, Cities and Neighbours are the counts the points come from.
	Tiles      int  `json:"tiles,omitempty"`
	Arms       int  `json:"arms,omitempty"`
	Cities     int  `json:"cities,omitempty"`
	Neighbours int  `json:"neighbours,omitempty"`
	Complete   bool `json:"complete,omitempty"`
	// Inn and Cathedral mark Inns & Cathedrals scoring (when the option is on).
	Inn       bool `json:"inn,omitempty"`
	Cathedral bool `json:"cathedral,omitempty"`
	// Pig marks a farm scored 4 per city for the winner's pig (R3.2.4).
	Pig bool `json:"pig,omitempty"`
	// Good and Tokens are the good a "goods" entry scored and the most tokens of it (R3.2.2).
	Good   string `json:"good,omitempty"`
	Tokens int    `json:"tokens,omitempty"`
	// Chip is the chip a "chip" entry scored (Map-Chips collection).
	Chip Chip `json:"chip,omitzero"`
	// Words are the reason of a variant's score change, and Text their English (AddScore
	// writes it). Words stay out of the snapshot, whose bytes (and so the published state hash)
	// must not change: a game restored from a snapshot has none, and whoever shows it replays
	// the moves to have them (the command layer's table does when it loads).
	Text  string `json:"text,omitempty"`
	Words Words  `json:"-"`
	// Part tells the feature apart from another of its kind that shares its first tile (see
	// Game.featurePart): "E", or "H1 E" where that tile is not on From. Like Words, it stays
	// out of the snapshot and is had again by replaying the moves.
	Part string `json:"-"`
}

// Where names the feature by its squares, "D4" or "D4-F6", and by its part where they would not
// tell it from another: "G1 (E)".
func (e ScoreEntry) Where() string { return FeatureWhere(e.From, e.To, e.Part) }

// FeatureWhere names a feature by its squares from and to, "D4" or "D4-F6", and by its part
// (Game.featurePart) where it has one: "G1 (E)", "G1-H2 (H1 E)".
func FeatureWhere(from, to Square, part string) string {
	where := from.String()
	if from != to {
		where += "-" + to.String()
	}
	if part != "" {
		where += " (" + part + ")"
	}
	return where
}

// Reason says why the points were scored, in English: "city D4-E5: 3 tiles + 1 coat of arms =
// 8" (the state's log). It is ReasonWords as the English catalogue writes them.
func (e ScoreEntry) Reason() string {
	if e.Text != "" {
		return e.Text
	}
	return e.ReasonWords().English()
}

// ReasonWords are why the points were scored, for the catalogues: a map's reason as the map gave
// it, the engine's by the entry's kind and counts.
func (e ScoreEntry) ReasonWords() Words {
	if e.Text != "" {
		return e.Words
	}
	points := msg.Count(e.Points)
	switch e.Kind {
	case "goods":
		return Say(idEngineScoreGoods, "Good", Say(goodIDs[e.Good]), "Count", msg.Count(e.Tokens), "Points", points)
	case "chip":
		return Say(idEngineScoreChip, "Square", e.From, "Chip", ChipValue(e.Chip), "Points", points)
	}
	sum := func(what Words) Words { return Say(idEngineScoreSum, "What", what, "Points", points) }
	tiles := Say(idEngineScoreTiles, "Count", msg.Count(e.Tiles))
	var detail Words
	switch e.Kind {
	case "road":
		switch {
		case e.Inn && !e.Complete:
			detail = Say(idEngineScoreRoadInnUnfinished)
		case e.Inn:
			detail = sum(Say(idEngineScoreWithInn, "Count", msg.Count(e.Tiles)))
		default:
			detail = sum(tiles)
		}
	case "city":
		if e.Cathedral && !e.Complete {
			detail = Say(idEngineScoreCityCathedralUnfinished)
			break
		}
		what := tiles
		if e.Arms > 0 {
			what = Say(idEngineScoreTilesArms, "Tiles", tiles, "Arms", Say(idEngineScoreArms, "Count", msg.Count(e.Arms)))
		}
		if e.Cathedral {
			what = Say(idEngineScoreWithCathedral, "What", what)
		}
		detail = sum(what)
	case "cloister":
		if e.Complete {
			detail = Say(idEngineScoreCloisterSurrounded)
		} else {
			detail = sum(Say(idEngineScoreNeighbours, "Count", msg.Count(e.Neighbours)))
		}
	case "farm":
		id := idEngineScoreFarm
		if e.Pig {
			id = idEngineScoreFarmPig
		}
		detail = sum(Say(id, "Count", msg.Count(e.Cities)))
	default:
		detail = Say(idEngineScorePoints, "Points", points)
	}
	id := idEngineScoreHead
	if !e.Complete && e.Kind != "farm" {
		id = idEngineScoreHeadIncomplete
	}
	return Say(id, "Feature", msg.Feature(e.Kind), "Where", e.Where(), "Detail", detail)
}

// goodIDs name the goods (GoodNames) by their messages.
var goodIDs = map[string]string{"wine": idGoodWine, "grain": idGoodGrain, "cloth": idGoodCloth}

// AddScore gives a player points with a reason w (for variants: coats of arms, wine); the entry's
// Text is its English, written only where the game tells (a search's copy keeps no reasons).
func (g *Game) AddScore(player, points int, kind string, w Words) {
	e := ScoreEntry{Player: player, Points: points, Kind: kind, Words: w, From: NoSquare, To: NoSquare}
	if !g.searchCopy && points != 0 {
		e.Text = w.English()
	}
	g.addEntry(e)
}

// ScoreChip gives a player the value of a chip collected on square s (R4.0.6); the reason is
// written when it is read.
func (g *Game) ScoreChip(player int, s Square, c Chip) {
	g.addEntry(ScoreEntry{Player: player, Points: c.Value, Kind: "chip", From: s, To: s, Chip: c})
}

func (g *Game) addEntry(e ScoreEntry) {
	if e.Points == 0 {
		return
	}
	e.Turn = g.Turn
	e.Final = g.Phase == PhaseOver || g.finalScoring
	g.Players[e.Player].Score += e.Points
	if g.searchCopy {
		return
	}
	g.Log = append(g.Log, e)
	g.emit(Event{Kind: EventScored, Player: e.Player, Points: e.Points, Log: len(g.Log) - 1})
}

// featureExtent walks the segments of the feature rooted at r: distinct tiles and bounding box.
func (g *Game) featureExtent(r int) (tiles int, from, to Square) {
	var seen [8]uint64
	minC, minR, maxC, maxR := MaxGridSide, MaxGridSide, -1, -1
	i := r
	for {
		t := g.nodes[i].tile
		if seen[t>>6]&(1<<(t&63)) == 0 {
			seen[t>>6] |= 1 << (t & 63)
			tiles++
			s := g.tiles[t].Square
			minC, maxC = min(minC, s.Col()), max(maxC, s.Col())
			minR, maxR = min(minR, s.Row()), max(maxR, s.Row())
		}
		i = int(g.nodes[i].next)
		if i == r {
			break
		}
	}
	return tiles, At(minC, minR), At(maxC, maxR)
}

// featurePart tells the feature rooted at r apart from another of its kind over the same squares
// from-to, which the squares alone do not: two roads from a crossing on I8 that meet again on J9
// are both "road I8-J9". It is the side of the feature's first tile (in reading order of the
// squares: by row, then column) that the feature is on, as its meeple spot names it ("E" of
// road:E), after that tile's square where it is not from: "E", "H1 E". Features on one tile have
// different spots, and on different tiles different squares, so no two features over the same
// squares get the same part. It is "" where no other feature of the kind covers exactly from-to
// now: the name stays as short as it always was.
func (g *Game) featurePart(r int, from, to Square) string {
	if !g.sharesSquares(r, from, to) {
		return ""
	}
	first, i := -1, r
	var at Square
	for {
		s := g.tiles[g.nodes[i].tile].Square
		if first < 0 || s.Row() < at.Row() || s.Row() == at.Row() && s.Col() < at.Col() {
			first, at = i, s
		}
		if i = int(g.nodes[i].next); i == r {
			break
		}
	}
	nd := &g.nodes[first]
	_, side, _ := strings.Cut(g.tiles[nd.tile].face.Spots[nd.local], ":")
	if at != from {
		return at.String() + " " + side
	}
	return side
}

// sharesSquares reports whether another feature of the kind of the one rooted at r covers exactly
// the squares from-to: such a feature has its tiles among those squares.
func (g *Game) sharesSquares(r int, from, to Square) bool {
	kind := g.nodes[r].kind
	var scratch [16]int
	seen := scratch[:0]
	for c := from.Col(); c <= to.Col(); c++ {
		for row := from.Row(); row <= to.Row(); row++ {
			t, ok := g.tileAt(At(c, row))
			if !ok {
				continue
			}
			for k := range t.face.Features {
				if t.face.Features[k].Kind != kind {
					continue
				}
				o := g.find(int(t.node) + k)
				if o == r || slices.Contains(seen, o) {
					continue
				}
				seen = append(seen, o)
				if _, f, l := g.featureExtent(o); f == from && l == to {
					return true
				}
			}
		}
	}
	return false
}

// PartsLeftOut reports whether score entries of the log may have had Parts that a restore from a
// snapshot left out: a road's, city's or farm's whose squares hold a tile with two features of its
// kind. Two features over the same squares share a tile (each reaches all four sides of their
// rectangle, so they cross), and the board keeps its tiles: a game where no such tile is found had
// no part. The others get them again from a replay of their moves (table.Load).
func (g *Game) PartsLeftOut() bool {
	for _, e := range g.Log {
		kind := e.Kind
		if kind == "farm" {
			kind = FieldFeature.String()
		}
		if e.Part != "" || (kind != RoadFeature.String() && kind != CityFeature.String() && kind != FieldFeature.String()) {
			continue
		}
		for c := e.From.Col(); c <= e.To.Col(); c++ {
			for r := e.From.Row(); r <= e.To.Row(); r++ {
				if t, ok := g.tileAt(At(c, r)); ok && t.face.count(kind) > 1 {
					return true
				}
			}
		}
	}
	return false
}

// count is how many features of the kind named the face has.
func (f *Face) count(kind string) int {
	n := 0
	for k := range f.Features {
		if f.Features[k].Kind.String() == kind {
			n++
		}
	}
	return n
}

// majority returns the players with the most meeple weight in the feature rooted at r (R2.5.4).
func (g *Game) majority(r int) (winners [6]bool, any bool) {
	var w [6]int
	best := 0
	for i := range g.Meeples {
		m := &g.Meeples[i]
		if g.find(g.meepleNode(m)) == r {
			w[m.Player] += m.Weight
			best = max(best, w[m.Player])
		}
	}
	for p := range w {
		winners[p] = best > 0 && w[p] == best
	}
	return winners, best > 0
}

// scoreFeature scores the city or road rooted at r, complete in play or not at the end.
func (g *Game) scoreFeature(r int) {
	nd := &g.nodes[r]
	complete := nd.open == 0
	tiles, from, to := g.featureExtent(r)
	e := ScoreEntry{Kind: nd.kind.String(), From: from, To: to, Tiles: tiles, Complete: complete,
		Points: g.featurePoints(r, tiles, complete)}
	if !g.searchCopy {
		e.Part = g.featurePart(r, from, to)
	}
	if nd.kind == CityFeature {
		e.Arms = int(nd.pennants)
	}
	if g.Opts.innsCathedralsScored() {
		e.Inn = nd.kind == RoadFeature && nd.flags&flagInn != 0
		e.Cathedral = nd.kind == CityFeature && nd.flags&flagCathedral != 0
	}
	nd.flags |= flagScored
	if complete {
		g.emit(Event{Kind: EventCompleted, Player: g.Current, Square: from, To: to, Points: e.Points, Text: e.Kind, Part: e.Part})
	}
	g.award(r, e)
	if complete && !g.finalScoring && g.Opts.TB() {
		if nd.kind == CityFeature {
			g.takeGoods(r)
		}
		g.returnBuilders(r)
	}
}

// featurePoints is what the city or road rooted at r scores, complete or not (R2.5, R3.1).
func (g *Game) featurePoints(r, tiles int, complete bool) int {
	nd := &g.nodes[r]
	ic := g.Opts.innsCathedralsScored()
	if nd.kind == RoadFeature {
		if ic && nd.flags&flagInn != 0 {
			if complete {
				return 2 * tiles
			}
			return 0
		}
		return tiles
	}
	per := 1
	if complete {
		per = 2
	}
	if ic && nd.flags&flagCathedral != 0 {
		per = 0
		if complete {
			per = 3
		}
	}
	return per * (tiles + int(nd.pennants))
}

// award gives e to each player with the majority in the feature rooted at r, then, during play,
// sends the feature's meeples home.
func (g *Game) award(r int, e ScoreEntry) {
	winners, _ := g.majority(r)
	for p, won := range winners {
		if won {
			e.Player = p
			g.addEntry(e)
		}
	}
	if g.finalScoring {
		return
	}
	for i := len(g.Meeples) - 1; i >= 0; i-- {
		if g.find(g.meepleNode(&g.Meeples[i])) == r {
			g.returnMeeple(i)
		}
	}
}

// scoreTurn scores every feature the tile on s completed (R2.2.1 step 3).
func (g *Game) scoreTurn(s Square) {
	t, ok := g.tileAt(s)
	if !ok {
		return
	}
	for i := range t.face.Features {
		if k := t.face.Features[i].Kind; k != CityFeature && k != RoadFeature {
			continue
		}
		r := g.find(int(t.node) + i)
		if g.nodes[r].open == 0 && g.nodes[r].flags&flagScored == 0 {
			g.scoreFeature(r)
		}
	}
	for i := range g.cloisters {
		c := &g.cloisters[i]
		if t := &g.tiles[c.tile]; !c.done && c.filled == 8 && (t.Square == s || adjacent8(t.Square, s)) {
			g.scoreCloister(i)
		}
	}
}

// cloisterComplete is what a completed cloister scores: itself and its 8 neighbours (R2.5).
const cloisterComplete = 9

// points is what the cloister scores at the end: 1 for itself and 1 per filled neighbour (R2.6).
func (c *cloisterRec) points() int { return 1 + int(c.filled) }

func (g *Game) scoreCloister(i int) {
	c := &g.cloisters[i]
	t := &g.tiles[c.tile]
	c.done = true
	r := g.cloisterNode(t)
	g.emit(Event{Kind: EventCompleted, Player: g.Current, Square: t.Square, To: t.Square, Points: cloisterComplete, Text: "cloister"})
	g.award(r, ScoreEntry{Kind: "cloister", From: t.Square, To: t.Square, Complete: true, Points: cloisterComplete, Neighbours: 8})
}

func (g *Game) cloisterNode(t *placedTile) int {
	for i := range t.face.Features {
		if t.face.Features[i].Kind == CloisterFeature {
			return int(t.node) + i
		}
	}
	return -1
}

// scoreFinal scores every feature that still holds meeples (R2.6): unfinished roads, cities and
// cloisters, and the farms.
func (g *Game) scoreFinal() {
	g.finalScoring = true
	done := make(map[int]bool)
	for i := 0; i < len(g.Meeples); i++ {
		m := &g.Meeples[i]
		r := g.find(g.meepleNode(m))
		if done[r] {
			continue
		}
		done[r] = true
		g.scoreAtEnd(r, m)
	}
	if g.Opts.TB() {
		g.scoreGoods()
	}
	g.finalScoring = false
}

// scoreAtEnd scores the feature rooted at r that meeple m stands in as the end of the game does
// (R2.6).
func (g *Game) scoreAtEnd(r int, m *Meeple) {
	switch g.nodes[r].kind {
	case CityFeature, RoadFeature:
		g.scoreFeature(r)
	case CloisterFeature:
		t := &g.tiles[m.tile]
		c := &g.cloisters[t.cloister]
		g.award(r, ScoreEntry{Kind: "cloister", From: t.Square, To: t.Square, Neighbours: int(c.filled), Points: c.points()})
	case FieldFeature:
		g.scoreFarm(r)
	}
}

// farmPoints is what a farm scores per completed city it borders (R2.6.4).
const farmPoints = 3

// pigPoints is what a farm scores per completed city to a winner with a pig in it (R3.2.4).
const pigPoints = 4

// scoreFarm scores the field rooted at r: 3 points per completed city it borders (R2.6.4), 4 to a
// winner whose pig is in it (R3.2.4).
func (g *Game) scoreFarm(r int) {
	done, _ := g.farmCities(r)
	_, from, to := g.featureExtent(r)
	e := ScoreEntry{Kind: "farm", From: from, To: to, Cities: done, Points: farmPoints * done}
	if !g.searchCopy {
		e.Part = g.featurePart(r, from, to)
	}
	if len(g.Pieces) == 0 {
		g.award(r, e)
		return
	}
	winners, _ := g.majority(r)
	for p, won := range winners {
		if !won {
			continue
		}
		e.Player, e.Pig, e.Points = p, false, farmPoints*done
		if g.hasPig(r, p) {
			e.Pig, e.Points = true, pigPoints*done
		}
		g.addEntry(e)
	}
}

// hasPig reports whether player p's pig stands in the field rooted at r.
func (g *Game) hasPig(r, p int) bool {
	for i := range g.Pieces {
		if pc := &g.Pieces[i]; pc.Kind == PiecePig && pc.Player == p && g.find(g.meepleNode(pc)) == r {
			return true
		}
	}
	return false
}

// farmCities counts the completed and the open cities the field rooted at r borders: what the
// farm scores at the end, and what the AI's evaluation reads (Holdings).
func (g *Game) farmCities(r int) (done, open int) {
	var scratch [32]int
	seen := scratch[:0]
	i := r
	for {
		nd := &g.nodes[i]
		t := &g.tiles[nd.tile]
		for _, b := range t.face.Features[nd.local].Borders {
			c := g.find(int(t.node) + b)
			if slices.Contains(seen, c) {
				continue
			}
			seen = append(seen, c)
			if g.nodes[c].open == 0 {
				done++
			} else {
				open++
			}
		}
		i = int(nd.next)
		if i == r {
			break
		}
	}
	return done, open
}
