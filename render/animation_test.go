package render

import (
	"bytes"
	"image/gif"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestAnimationOfTheLongestGameFitsDiscord: a whole game on France with all 114 tiles, one frame
// per turn, decodes as a GIF within Discord's 10 MiB, at a size a phone shows whole.
func TestAnimationOfTheLongestGameFitsDiscord(t *testing.T) {
	g, err := game.NewGame(franceMap(t), nil, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 3,
		Options: game.Options{Pool: game.PoolAll}})
	if err != nil {
		t.Fatal(err)
	}
	var a Animation
	rng := game.NewRNG(4)
	var buf []game.Placement
	turns := 0
	for !g.Over() {
		turn := g.Turn
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if g.Turn != turn || g.Over() {
			turns++
			if err := a.Add(g.View(false)); err != nil {
				t.Fatal(err)
			}
		}
	}
	data, err := a.GIF()
	if err != nil {
		t.Fatal(err)
	}
	out, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > MaxGIF || out.Config.Width > 1000 || len(out.Image) < turns/2 {
		t.Fatalf("%d turns: a GIF of %d bytes, %d px wide, %d frames", turns, len(data), out.Config.Width, len(out.Image))
	}
	t.Logf("%d turns: %d frames, %d bytes, %dx%d", turns, len(out.Image), len(data), out.Config.Width, out.Config.Height)
}
