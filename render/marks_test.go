package render

import (
	"image"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// markBoard is the synthetic map mid-game, zoomed on square q, with only mark mk of the variant:
// the picture and the frame.
func markBoard(t *testing.T, q game.Square, marks ...game.Mark) (*image.Paletted, *frame, *game.View) {
	t.Helper()
	g := newGame(t, testmaps.SyntheticMap(), three, nil)
	playUntil(t, g, 20)
	v := g.View(false)
	v.Marks = marks
	o := Options{Kind: Zoom, Center: q, Radius: 2}
	img, _ := encoded(t, v, o)
	fr, err := pickFrame(v, o)
	if err != nil {
		t.Fatal(err)
	}
	return img, fr, v
}

// changed counts the pixels of r that differ between two pictures, and reports whether any pixel
// of the board part outside r differs.
func changed(a, b *image.Paletted, r image.Rectangle, board image.Rectangle) (int, bool) {
	n, outside := 0, false
	for y := board.Min.Y; y < board.Max.Y; y++ {
		for x := board.Min.X; x < board.Max.X; x++ {
			if a.ColorIndexAt(x, y) == b.ColorIndexAt(x, y) {
				continue
			}
			if image.Pt(x, y).In(r) {
				n++
			} else {
				outside = true
			}
		}
	}
	return n, outside
}

// TestSquareMarks draws each kind of mark on a square: it changes that square and nothing else
// of the board, shows what it must (the colour of a chip only when the mark gives it, the tile
// backs' colour), and a different count draws a different number.
func TestSquareMarks(t *testing.T) {
	q := game.At(9, 3) // J4, a wave square of the synthetic map: no tile, no meeple
	blank, fr, _ := markBoard(t, q)
	r := fr.rect(q)
	for _, c := range []struct {
		name       string
		mk         game.Mark
		other      game.Mark
		has, hasnt uint8
	}{
		{"tile with 4 under", game.Mark{Kind: game.MarkTile, Square: q, Player: -1, Tile: 3, Count: 4},
			game.Mark{Kind: game.MarkTile, Square: q, Player: -1, Tile: 3, Count: 2}, cField, cChipOrange},
		{"tile backs", game.Mark{Kind: game.MarkTileBacks, Square: q, Player: -1, Count: 5},
			game.Mark{Kind: game.MarkTileBacks, Square: q, Player: -1, Count: 3}, cChipBack, cField},
		{"public colour of a face-down chip", game.Mark{Kind: game.MarkChip, Square: q, Player: -1, Chip: game.Chip{Color: game.Orange}},
			game.Mark{Kind: game.MarkChip, Square: q, Player: -1, Chip: game.Chip{Color: game.Purple}}, cChipOrange, cChipPurple},
		{"face-up chip", game.Mark{Kind: game.MarkChip, Square: q, Player: -1, Chip: game.Chip{Color: game.Blue, Value: 2}, FaceUp: true},
			game.Mark{Kind: game.MarkChip, Square: q, Player: -1, Chip: game.Chip{Color: game.Blue, Value: 1}, FaceUp: true}, cChipBlue, cChipOrange},
		{"meeples", game.Mark{Kind: game.MarkMeeples, Square: q, Player: 1, Count: 2},
			game.Mark{Kind: game.MarkMeeples, Square: q, Player: 1, Count: 3}, cPlayer1, cPlayer5},
		{"label", game.Mark{Kind: game.MarkLabel, Square: q, Player: -1, Text: "treat"},
			game.Mark{Kind: game.MarkLabel, Square: q, Player: -1, Text: "trick"}, cWhite, cChipBack},
	} {
		img, _, _ := markBoard(t, q, c.mk)
		n, outside := changed(blank, img, r, fr.board())
		if n < r.Dx()*r.Dy()/50 || outside {
			t.Errorf("%s: %d pixels of the square changed, some outside it: %v", c.name, n, outside)
		}
		if !contains(img, r, c.has) || contains(img, r, c.hasnt) {
			t.Errorf("%s: the square lacks colour %d or shows colour %d", c.name, c.has, c.hasnt)
		}
		other, _, _ := markBoard(t, q, c.other)
		if n, _ := changed(img, other, r, fr.board()); n == 0 {
			t.Errorf("%s: a different count or text draws the same picture", c.name)
		}
	}
	hidden, _, _ := markBoard(t, q, game.Mark{Kind: game.MarkChip, Square: q, Player: -1})
	for _, col := range []uint8{cChipOrange, cChipPurple, cChipBlue} {
		if contains(hidden, r, col) {
			t.Errorf("a face-down chip without a public colour shows colour %d", col)
		}
	}
}

// TestMeepleChipMarksTheUpgrade checks that a chip under a meeple draws a gold ring and the chip
// around that meeple, and nothing under the other meeples.
func TestMeepleChipMarksTheUpgrade(t *testing.T) {
	_, _, v := markBoard(t, game.At(0, 0))
	m := v.Meeples[0]
	mk := game.Mark{Kind: game.MarkMeepleChip, Square: m.Square, Spot: m.Spot, Player: m.Player, Chip: game.Chip{Color: game.Purple, Value: 2}}
	plain, fr, _ := markBoard(t, m.Square)
	up, _, _ := markBoard(t, m.Square, mk)
	near := fr.rect(m.Square).Inset(-fr.s / 3)
	if n, outside := changed(plain, up, near, fr.board()); n == 0 || outside {
		t.Errorf("the upgrade changed %d pixels around the meeple, some elsewhere: %v", n, outside)
	}
	if !contains(up, near, cGold) || !contains(up, near, cChipPurple) {
		t.Error("the upgrade shows no gold ring or no chip")
	}
}

// TestAreaMarks draws meeples waiting in a named area, each player's with their number, from
// MarkMeeples marks (the Isle of Man of the synthetic map).
func TestAreaMarks(t *testing.T) {
	a := testmaps.SyntheticMap().Areas[0]
	q := areaNear(testmaps.SyntheticMap(), a)
	blank, fr, _ := markBoard(t, q)
	r := areaRect(fr, a)
	marks := []game.Mark{{Kind: game.MarkMeeples, Area: a.ID, Player: 0, Count: 2}, {Kind: game.MarkMeeples, Area: a.ID, Player: 2, Count: 1}}
	img, _, _ := markBoard(t, q, marks...)
	if n, outside := changed(blank, img, r, fr.board()); n == 0 || outside {
		t.Errorf("the area's meeples changed %d pixels of its box, some outside it: %v", n, outside)
	}
	if !contains(img, r, cPlayer0) || !contains(img, r, cPlayer2) || contains(img, r, cPlayer1) {
		t.Error("the box does not show exactly the meeples of players 0 and 2")
	}
	marks[0].Count = 3
	more, _, _ := markBoard(t, q, marks...)
	if n, _ := changed(img, more, r, fr.board()); n == 0 {
		t.Error("3 meeples draw the same picture as 2")
	}
}

// TestPanelMarks checks that marks with neither a square nor an area go into their player's row
// of the panel (or the table's line), and that one naming an unknown area does too.
func TestPanelMarks(t *testing.T) {
	v := &game.View{Map: testmaps.SyntheticMap(), Players: []game.Player{{Name: "ann"}, {Name: "bob"}}, Marks: []game.Mark{
		{Kind: game.MarkChip, Square: game.NoSquare, Player: 1, Chip: game.Chip{Color: game.Orange, Value: 1}, FaceUp: true},
		{Kind: game.MarkLabel, Area: "atlantis", Player: 1, Text: "lost"},
		{Kind: game.MarkTileBacks, Square: game.NoSquare, Player: -1, Count: 12},
		{Kind: game.MarkMeeples, Area: "isle-of-man", Player: 0, Count: 1},
		{Kind: game.MarkChip, Square: game.At(2, 2), Player: 0},
	}}
	if got := panelMarks(v, 1); len(got) != 2 || got[0].Kind != game.MarkChip || got[1].Text != "lost" {
		t.Errorf("bob's row holds %+v", got)
	}
	if got := panelMarks(v, -1); len(got) != 1 || got[0].Count != 12 {
		t.Errorf("the table's line holds %+v", got)
	}
	if got := panelMarks(v, 0); len(got) != 0 {
		t.Errorf("ann's row holds %+v: marks in an area or on a square", got)
	}
	o := Options{}
	fr, _ := pickFrame(v, o)
	with, _ := encoded(t, v, o)
	v.Marks = nil
	without, _ := encoded(t, v, o)
	bs := fr.size()
	row := image.Rect(bs.X, headerH+marksH+playerH, with.Rect.Dx(), headerH+marksH+2*playerH+marksH)
	if !contains(with, row, cChipOrange) || contains(without, row, cChipOrange) {
		t.Error("bob's row does not show his orange chip")
	}
}
