package render

import (
	"testing"

	"golang.org/x/image/math/fixed"
)

// textPicture writes s on a blank canvas in face f and returns the canvas.
func textPicture(f *face, s string) *canvas {
	c := newCanvas(f.width(s)+20, f.height()+10)
	c.fill(c.Rect, cPaper)
	c.text(f, s, 10, 5+f.ascent, cText)
	return c
}

func samePixels(a, b *canvas) bool {
	if a.Rect != b.Rect {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}

// TestNamesInEveryScriptAreDrawn: players' names are written in the script they are typed in. Two
// different names of the same length in Chinese, Korean, Japanese kana, Armenian or with symbols
// give different pictures in both weights (a missing glyph would draw the same empty box for
// both), and every character of them leaves ink.
func TestNamesInEveryScriptAreDrawn(t *testing.T) {
	for _, c := range []struct{ script, a, b string }{
		{"Traditional Chinese", "李小龍", "王大明"},
		{"Korean", "김민수", "박지훈"},
		{"kana", "さくら", "カタナ"},
		{"Armenian", "Արամ", "Սոսի"},
		{"symbols", "Zoë ☃", "Zoë ★"},
		{"Cyrillic", "Ёжик", "Юлия"},
	} {
		for _, bold := range []bool{false, true} {
			f := fontFace(bold, 24)
			if samePixels(textPicture(f, c.a), textPicture(f, c.b)) {
				t.Errorf("%s (bold %v): %q and %q are drawn alike", c.script, bold, c.a, c.b)
			}
			for _, r := range c.a + c.b {
				if r == ' ' {
					continue
				}
				g := f.glyph(r)
				ink := 0
				for _, a := range g.mask {
					ink += int(a)
				}
				if ink == 0 || g.advance == 0 {
					t.Errorf("%s (bold %v): %q draws nothing", c.script, bold, r)
				}
			}
		}
	}
}

// TestUndrawableCharactersAreLeftOut: a character no embedded font has (most emoji, joiners,
// skin tones) is left out, not drawn as an empty box; a name of nothing else is written "player
// N".
func TestUndrawableCharactersAreLeftOut(t *testing.T) {
	for _, c := range []struct {
		name string
		seat int
		want string
	}{
		{"Ann 🐱", 0, "Ann"},
		{"🐱 Ann", 0, "Ann"},
		{"Bo 👍🏽 Li", 1, "Bo Li"},
		{"👨‍👩‍👧", 2, "player 3"},
		{"李小龍", 0, "李小龍"},
		{"", 4, "player 5"},
	} {
		if got := shownName(c.name, c.seat, wordsOf(nil)); got != c.want {
			t.Errorf("shownName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	f := fontFace(false, 24)
	if !samePixels(textPicture(f, "Ann🐱"), textPicture(f, "Ann")) {
		t.Error("an emoji no font has leaves a mark")
	}
}

// TestChartFaceFallsBack: the score chart's text (drawn by gg) uses the same fonts.
func TestChartFaceFallsBack(t *testing.T) {
	f := chartFace(true, 20)
	for _, r := range "A李☃" {
		dr, mask, _, adv, ok := f.Glyph(fixed.Point26_6{}, r)
		if !ok || mask == nil || adv == 0 || dr.Empty() {
			t.Errorf("%q: no glyph in the chart's face", r)
		}
	}
	if _, _, _, _, ok := f.Glyph(fixed.Point26_6{}, '🐱'); ok {
		t.Error("the chart's face claims a glyph for an emoji it lacks")
	}
}
