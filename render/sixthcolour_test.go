package render

import (
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// visions are the linear-RGB matrices of Machado, Oliveira and Fernandes (2009) at full severity:
// how a colour looks to readers with each common form of colour blindness.
var visions = map[string][3][3]float64{
	"full colour vision": {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	"protanopia":         {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
	"deuteranopia":       {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
	"tritanopia":         {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
}

// seen is colour c as a reader with vision m sees it, in CIE Lab.
func seen(c color.RGBA, m [3][3]float64) [3]float64 {
	lin := func(v uint8) float64 {
		f := float64(v) / 255
		if f <= 0.04045 {
			return f / 12.92
		}
		return math.Pow((f+0.055)/1.055, 2.4)
	}
	in := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
	var rgb [3]float64
	for i := range 3 {
		rgb[i] = min(1, max(0, m[i][0]*in[0]+m[i][1]*in[1]+m[i][2]*in[2]))
	}
	x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
	y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// apart is the CIE76 difference of a and b as a reader with vision m sees them.
func apart(a, b uint8, m [3][3]float64) float64 {
	p, q := seen(base[a], m), seen(base[b], m)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// TestSixthColourStaysDistinct: Inns & Cathedrals' sixth colour is told from the five others at
// least as well as those five are told from each other, for every common form of colour
// blindness, and clearly from the chips lying beside the meeples on the maps and from the lakes.
func TestSixthColourStaysDistinct(t *testing.T) {
	five, sixth := playerColors[:5], playerColors[5]
	for name, m := range visions {
		worst := math.Inf(1)
		for i, a := range five {
			for _, b := range five[i+1:] {
				worst = min(worst, apart(a, b, m))
			}
		}
		for i, a := range five {
			if d := apart(sixth, a, m); d < worst {
				t.Errorf("%s: the sixth colour is %.1f from seat %d's, closer than any two of the five (%.1f)", name, d, i+1, worst)
			}
		}
		for _, c := range []uint8{cChipPurple, cChipBlue, cChipOrange, cLake, cSea} {
			if d := apart(sixth, c, m); d < 20 {
				t.Errorf("%s: the sixth colour is only %.1f from the board's colour %d", name, d, c)
			}
		}
	}
}

// TestSixthSeatDrawnInItsColour: every piece of the sixth seat is drawn in its own colour, with its
// letter readable on it, and looks like no other seat's.
func TestSixthSeatDrawnInItsColour(t *testing.T) {
	for _, k := range game.PieceKinds() {
		sixth := pieceSprite(game.Meeple{Player: 5, Kind: k}, "F", 40)
		for seat := range 5 {
			if other := pieceSprite(game.Meeple{Player: seat, Kind: k}, "F", 40); slices.Equal(other.pix, sixth.pix) {
				t.Errorf("the sixth seat's %s is drawn like seat %d's", k.Name(), seat+1)
			}
		}
		dark, letter, opaque := 0, 0, 0
		for i, a := range sixth.alpha {
			if a < 255 {
				continue
			}
			opaque++
			switch c := base[cBlack]; pal().rgb[sixth.pix[i]] {
			case c:
				dark++
			case base[cWhite]:
				letter++
			}
		}
		if dark < opaque/2 || letter == 0 {
			t.Errorf("the sixth seat's %s: %d of %d opaque pixels in its colour, %d of its letter", k.Name(), dark, opaque, letter)
		}
	}
}
