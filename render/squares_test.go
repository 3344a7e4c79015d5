package render

import (
	"image"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The boxes SquareBoxes gives are where Draw paints the squares: the picture has the size it
// says, and the legal squares' highlight (cLegal's frame) lies on the boxes' edges.
func TestSquareBoxesAreWhereTheBoardIsDrawn(t *testing.T) {
	g := newGame(t, franceMap(t), []string{"ann", "bob"}, nil)
	playUntil(t, g, 6)
	if err := g.Play(game.Move{Kind: game.MoveMeeple, Player: g.Current, Spot: "none"}); err != nil {
		t.Fatal(err)
	}
	for g.Phase != game.PhasePlace {
		m, _ := g.RandomMove(new(game.NewRNG(3)), nil)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(false)
	legal := g.LegalPlacements(*v.Drawn)
	var squares []game.Square
	for _, p := range legal {
		squares = append(squares, p.Square)
	}
	o := Options{Kind: Full, Legal: legal, Markers: true}
	size, boxes, err := SquareBoxes(v, o, squares)
	if err != nil {
		t.Fatal(err)
	}
	img, err := Draw(v, o)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Size() != size {
		t.Fatalf("SquareBoxes says %v, the picture is %v", size, img.Bounds().Size())
	}
	if len(boxes) == 0 {
		t.Fatal("no legal square has a box")
	}
	for q, r := range boxes {
		edge := image.Pt(r.Min.X+r.Dx()/2, r.Min.Y+3)
		if img.At(edge.X, edge.Y) != img.(*image.Paletted).Palette[cLegal] {
			t.Errorf("square %s: the highlight's frame is not on its box's edge at %v", q, edge)
		}
	}
}
