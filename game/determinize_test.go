package game_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// boxVariant lays four chips of the box face down and puts two more out of the game unseen, as a
// map that lays fewer chips than the box holds does.
type boxVariant struct{}

func (boxVariant) Setup(g *game.Game) error {
	box := game.StandardChips()
	g.RNG.Shuffle(len(box), func(i, j int) { box[i], box[j] = box[j], box[i] })
	for i, sq := range []game.Square{game.At(2, 2), game.At(4, 2), game.At(2, 4), game.At(4, 4)} {
		if err := g.PutChip(game.MapChip{Square: sq, Chip: box[i]}); err != nil {
			return err
		}
	}
	g.ChipsOut = append(g.ChipsOut, box[4:6]...)
	return nil
}

type table struct {
	name string
	r    game.MapRules
}

var tables = []table{
	{"classic", game.MapRules{ID: "classic", Map: game.ClassicMap(), Variant: nil}},
	{"relay", testmaps.Relay()},
	{"box", game.MapRules{ID: "box", Map: game.ClassicMap(), Variant: boxVariant{}}},
}

// played is a game of r some random moves in (fewer if it ends first).
func played(t *testing.T, r game.MapRules, setup game.Setup, moves int) *game.Game {
	t.Helper()
	g, err := game.NewGame(r.Map, r.Variant, setup)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(99)
	var buf []game.Placement
	for range moves {
		if g.Over() {
			break
		}
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// twin is g with every hidden thing changed: another stack order, the face-down chip values and
// the chips out of the game unseen swapped around, a reserve dealt otherwise, another generator.
func twin(g *game.Game, seed uint64) *game.Game {
	c := g.Clone()
	rng := game.NewRNG(seed)
	var concealed []game.TileID
	if cc, ok := c.Variant.(game.Concealer); ok {
		concealed = cc.Concealed(c)
	}
	hidden := append(slices.Clone(c.Deck), concealed...)
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	c.Deck = hidden[:len(c.Deck)]
	if cc, ok := c.Variant.(game.Concealer); ok {
		cc.Reconceal(c, slices.Clone(hidden[len(c.Deck):]))
	}
	var down []int
	for i := range c.MapChips {
		if !c.MapChips[i].FaceUp {
			down = append(down, i)
		}
	}
	rng.Shuffle(len(down), func(i, j int) {
		c.MapChips[down[i]].Chip, c.MapChips[down[j]].Chip = c.MapChips[down[j]].Chip, c.MapChips[down[i]].Chip
	})
	if _, box := c.Variant.(boxVariant); box && len(down) > 0 {
		// The head of ChipsOut is the box's two chips put out unseen in setup.
		c.MapChips[down[0]].Chip, c.ChipsOut[0] = c.ChipsOut[0], c.MapChips[down[0]].Chip
	}
	c.RNG = game.NewRNG(seed + 1)
	c.Setup.Seed = seed
	return c
}

// A determinized copy is drawn from what the players know: games that differ only in what nobody
// can see give the same copy for the same sampler seed.
func TestDeterminizedCopiesDependOnlyOnWhatIsPublic(t *testing.T) {
	for _, tb := range tables {
		for _, moves := range []int{0, 7, 40} {
			g := played(t, tb.r, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 5, Options: game.DefaultOptions()}, moves)
			sampler := game.NewRNG(3)
			want := g.Determinize(&sampler).Hash()
			for i := range 20 {
				other := twin(g, uint64(100+i))
				if other.Hash() == g.Hash() {
					t.Fatalf("%s: the twin hides nothing new", tb.name)
				}
				s := game.NewRNG(3)
				if got := other.Determinize(&s).Hash(); got != want {
					t.Fatalf("%s after %d moves: twin %d gives another determinized copy", tb.name, moves, i)
				}
			}
		}
	}
}

// The copy's tiles face down are the tiles nobody has seen, dealt in another order by another
// sampler seed; its chips are the chips nobody has seen.
func TestDeterminizedCopyDealsTheUnseenPieces(t *testing.T) {
	for _, tb := range tables {
		opts := game.DefaultOptions()
		opts.Pool = game.PoolAll
		g := played(t, tb.r, game.Setup{Players: []string{"ann", "bob"}, Seed: 8, Options: opts}, 30)
		a, b := game.NewRNG(1), game.NewRNG(2)
		ca, cb := g.Determinize(&a), g.Determinize(&b)
		if !slices.Equal(sortedHidden(ca), sortedHidden(g)) {
			t.Errorf("%s: with every tile in the pool the face-down tiles are known, but the copy deals others", tb.name)
		}
		if slices.Equal(ca.Deck, cb.Deck) {
			t.Errorf("%s: two sampler seeds deal the stack in the same order", tb.name)
		}
		if !slices.Equal(sortedChips(ca), sortedChips(g)) {
			t.Errorf("%s: the copy's unseen chips are not the game's", tb.name)
		}
		if err := ca.CheckConsistency(); err != nil {
			t.Errorf("%s: %v", tb.name, err)
		}
	}
}

// With the Maps' pool of a given count, the expansion tiles in the game are a secret choice: the
// copy holds every unseen base tile and a choice of the unseen expansion tiles.
func TestDeterminizedCopyChoosesTheExpansionTilesAgain(t *testing.T) {
	g2 := played(t, tables[0].r, game.Setup{Players: []string{"ann", "bob"}, Seed: 4, Options: withCount(90)}, 10)
	differs := false
	for seed := range uint64(10) {
		s := game.NewRNG(seed)
		c := g2.Determinize(&s)
		if len(c.Deck) != len(g2.Deck) {
			t.Fatalf("the copy has %d face-down tiles, the game %d", len(c.Deck), len(g2.Deck))
		}
		differs = differs || !slices.Equal(sortedHidden(c), sortedHidden(g2))
	}
	if !differs {
		t.Error("ten copies all hold exactly the game's expansion tiles: the secret choice leaks")
	}
}

func withCount(n int) game.Options {
	o := game.DefaultOptions()
	o.TileCount = n
	return o
}

// A copy of a secret deal carries neither the key nor the game's generator, and a copy plays on
// with randomness from the caller's seed.
func TestDeterminizedCopyKeepsNoSecret(t *testing.T) {
	key := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	g := played(t, tables[1].r, game.Setup{Players: []string{"ann", "bob"}, Generator: game.GeneratorChaCha8, Key: key, Options: game.DefaultOptions()}, 5)
	s := game.NewRNG(1)
	c := g.Determinize(&s)
	if c.Setup.Key != "" || c.Setup.Generator != game.GeneratorPCG || c.Setup.Seed != 0 || c.Setup.Stack != nil || c.Setup.DeckTop != nil {
		t.Fatalf("the copy's setup keeps a secret: %+v", c.Setup)
	}
	snap, err := c.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(snap, []byte(key)) || bytes.Contains(snap, []byte(`"rng_secure"`)) {
		t.Fatal("the copy's snapshot holds the key or the secret generator")
	}
}

func sortedHidden(g *game.Game) []game.TileID {
	out := slices.Clone(g.Deck)
	if cc, ok := g.Variant.(game.Concealer); ok {
		out = append(out, cc.Concealed(g)...)
	}
	slices.Sort(out)
	return out
}

func sortedChips(g *game.Game) []string {
	var out []string
	for _, c := range g.MapChips {
		if !c.FaceUp {
			out = append(out, c.Chip.String())
		}
	}
	for _, c := range g.ChipsOut {
		out = append(out, c.String())
	}
	slices.Sort(out)
	return out
}
