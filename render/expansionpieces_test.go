package render

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// shape is the coverage of a sprite: what it looks like without its colours.
func shape(s *sprite) []uint8 {
	out := make([]uint8, len(s.alpha))
	for i, a := range s.alpha {
		out[i] = a >> 6
	}
	return out
}

// TestExpansionPiecesDifferByShape: the big meeple, the builder and the pig of one player differ
// from the meeple and from each other by their outline, not only their colour, and each good has
// its own shape.
func TestExpansionPiecesDifferByShape(t *testing.T) {
	var shapes [][]uint8
	for _, k := range game.PieceKinds() {
		sp := pieceSprite(game.Meeple{Player: 1, Kind: k}, "", 40)
		sh := shape(sp)
		if slices.ContainsFunc(shapes, func(o []uint8) bool { return slices.Equal(o, sh) }) {
			t.Errorf("the %s has the outline of another piece", k.Name())
		}
		shapes = append(shapes, sh)
	}
	var goods [][]uint8
	for k, name := range game.GoodNames {
		sh := shape(goodSprite(k, 24))
		if slices.ContainsFunc(goods, func(o []uint8) bool { return slices.Equal(o, sh) }) {
			t.Errorf("%s has the shape of another good", name)
		}
		goods = append(goods, sh)
	}
}

// TestPicturesOfAGameWithTheExpansionsRules draws a game played with both expansions' rules: the
// board and its legend show the pieces on the map, the panel the goods held.
func TestPicturesOfAGameWithTheExpansionsRules(t *testing.T) {
	o := game.DefaultOptions()
	o.InnsCathedrals, o.TradersBuilders, o.Pool = true, true, game.PoolAll
	shows := func(g *game.Game) bool {
		return len(g.Pieces) > 0 && slices.ContainsFunc(g.Meeples, func(m game.Meeple) bool { return m.Kind == game.PieceBig }) &&
			slices.ContainsFunc(g.Players, func(p game.Player) bool { return p.Goods != game.Goods{} })
	}
	var g *game.Game
	for seed := uint64(1); seed < 40 && (g == nil || !shows(g)); seed++ {
		var err error
		if g, err = game.NewGame(game.ClassicMap(), nil, game.Setup{Players: three, Seed: seed, Options: o}); err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(seed)
		for !g.Over() && !shows(g) {
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !shows(g) {
		t.Fatal("no game showed a big meeple, a builder or pig and goods together: the test shows nothing")
	}
	v := g.View(false)
	for _, kind := range []Kind{Full, Crop} {
		if _, err := Draw(v, Options{Kind: kind}); err != nil {
			t.Fatalf("%v: %v", kind, err)
		}
	}
	fr, _ := pickFrame(v, Options{Kind: Full})
	got := legendTexts(legendItems(v, Options{Kind: Full}, fr))
	want := []string{"big meeple: taller, white band; counts 2"}
	for _, pc := range g.Pieces {
		want = append(want, map[game.PieceKind]string{game.PieceBuilder: "builder (pointed roof): a second tile", game.PiecePig: "pig: 4 per city for its farm"}[pc.Kind])
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("the legend has no %q: %q", w, got)
		}
	}
	if !slices.ContainsFunc(got, func(s string) bool { return len(s) > 12 && s[len(s)-12:] == "held (panel)" }) {
		t.Errorf("the legend says nothing of the goods held: %q", got)
	}
}
