package render

import (
	"math"
	"testing"
)

// distinctFromEachOther is the least CIE76 difference two seats' colours keep for every reader: 15
// is well past what a reader tells apart at a glance (about 10); the palette's worst pair, seats 1
// and 4 under tritanopia, keeps 17.
const distinctFromEachOther = 15

// TestPlayerColoursStayApartForColourBlindReaders: the six seats' colours stay apart from each other
// for readers with full colour vision and with each common form of colour blindness (Machado et
// al.'s simulation, visions), so that the colour alone tells whose meeple it is; the letter on every
// piece tells them apart as well. (A piece is edged in black, so it stands out from any ground.)
func TestPlayerColoursStayApartForColourBlindReaders(t *testing.T) {
	for name, m := range visions {
		worst := math.Inf(1)
		for i, a := range playerColors {
			for j, b := range playerColors[i+1:] {
				d := apart(a, b, m)
				worst = min(worst, d)
				if d < distinctFromEachOther {
					t.Errorf("%s: seats %d and %d are only %.1f apart", name, i+1, i+j+2, d)
				}
			}
		}
		t.Logf("%s: the closest two seats are %.1f apart", name, worst)
	}
}
