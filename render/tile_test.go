package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func TestTilePictureIsTheTileAtTheAskedSize(t *testing.T) {
	for _, tc := range []struct{ ask, want int }{{96, 96}, {8, 32}, {4000, 512}} {
		data, err := TilePNG(game.Tiles().Types[0].Index, tc.ask)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("size %d: not a PNG: %v", tc.ask, err)
		}
		if b := img.Bounds(); b.Dx() != tc.want || b.Dy() != tc.want {
			t.Errorf("asked %d pixels: got %v, want %d square", tc.ask, b, tc.want)
		}
	}
}
