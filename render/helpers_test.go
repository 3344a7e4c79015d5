package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func franceMap(t testing.TB) *game.Map {
	b, err := os.ReadFile("../variants/france/france.map")
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.ParseMap("france.map", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// newGame starts a game without a variant.
func newGame(t testing.TB, m *game.Map, players []string, chips []game.MapChip) *game.Game {
	g, err := game.NewGame(m, nil, game.Setup{Players: players, Seed: 1, Chips: chips})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playUntil plays random moves until the game is at least at turn n and in the meeple step, or
// over when n < 0.
func playUntil(t testing.TB, g *game.Game, n int) {
	rng := game.NewRNG(2)
	if n < 0 {
		g.PlayOut(&rng)
		return
	}
	var buf []game.Placement
	for g.Phase != game.PhaseOver && (g.Turn < n || g.Phase != game.PhaseMeeple || len(g.MeepleSpots()) == 0) {
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// encoded renders a view as PNG and checks the bounds every picture must keep.
func encoded(t testing.TB, v *game.View, o Options) (*image.Paletted, []byte) {
	b, err := PNG(v, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > maxBytes {
		t.Errorf("PNG of %d bytes", len(b))
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X > maxSide || s.Y > maxSide {
		t.Errorf("picture of %v pixels", s)
	}
	return img.(*image.Paletted), b
}

// english are the words of the pictures these tests draw without words of their own.
var english = commands.WordsFor(lang.English)

func init() { noneGiven = english }

// watched is what the tests hear of the pictures they draw (watch): the texts drawn wider than
// their canvas (overflows) and those cut inside a word (midWordCuts).
var watched = struct {
	overflows, midWordCuts textFaults
}{}

func init() { watch = watcher{} }

// watcher notes what watch hears in watched.
type watcher struct{}

func (watcher) overflow(s string)  { watched.overflows.note(s) }
func (watcher) cutInWord(s string) { watched.midWordCuts.note(s) }

// textFaults are texts drawn wrong, in the order they were drawn.
type textFaults struct {
	mu    sync.Mutex
	texts []string
}

func (f *textFaults) note(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.texts) < 10000 {
		f.texts = append(f.texts, s)
	}
}

// since are the texts noted after the first n.
func (f *textFaults) since(n int) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.texts[min(n, len(f.texts)):])
}

func (f *textFaults) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.texts)
}
