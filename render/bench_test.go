package render

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// finishedFrance is a complete random game of 114 tiles on the France map.
func finishedFrance(b testing.TB) *game.View {
	g, err := game.NewGame(franceMap(b), nil, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRNG(2)
	g.PlayOut(&rng)
	return g.View(false)
}

// BenchmarkFullBoard renders and encodes the whole France board of a finished game (caches warm).
func BenchmarkFullBoard(b *testing.B) {
	v := finishedFrance(b)
	out, err := PNG(v, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		out, _ = PNG(v, Options{})
	}
	b.ReportMetric(float64(len(out)), "bytes")
}

// BenchmarkTurn renders and encodes the turn picture of a mid-game France board with the legal
// squares of the drawn tile, as the bot posts after every move (caches warm).
func BenchmarkTurn(b *testing.B) {
	v, legal := placing(b, franceMap(b), []string{"ann", "bob", "cy"}, 50)
	o := Options{Kind: Turn, Legal: legal, Markers: true}
	out, err := PNG(v, o)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		out, _ = PNG(v, o)
	}
	b.ReportMetric(float64(len(out)), "bytes")
}

// BenchmarkDraw renders the same board without encoding it.
func BenchmarkDraw(b *testing.B) {
	v := finishedFrance(b)
	for b.Loop() {
		if _, err := Draw(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFullBoardCold is BenchmarkFullBoard with every cache emptied first: the cost of the
// first picture of a map (map layer, tile sprites, pieces and glyphs drawn anew).
func BenchmarkFullBoardCold(b *testing.B) {
	v := finishedFrance(b)
	for b.Loop() {
		statics = newStatics()
		tileSprites = newLRU[tileKey, *sprite](32<<20, (*sprite).size)
		pieces = newLRU[pieceKey, *sprite](16<<20, (*sprite).size)
		glyphs = newLRU[glyphKey, *glyph](4<<20, func(g *glyph) int { return len(g.mask) + 64 })
		if _, err := PNG(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
