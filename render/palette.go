package render

import (
	"image/color"
	"sync"
)

// Every picture is an image.Paletted with one fixed palette: encoding 8-bit pixels without PNG
// filters is several times faster than RGBA and gives smaller files. The palette holds the named
// colours below exactly, then blends of the pairs of colours that meet on the pictures (for
// anti-aliased edges), so that drawings quantised to it keep smooth outlines.

// Named colours. The index of each in the palette is its position in base.
const (
	cField uint8 = iota
	cRoad
	cRoadEdge
	cCity
	cWall
	cRoof
	cGate
	cShield
	cShieldLight
	cBuilding
	cLake
	cGrape
	cGrain
	cCloth
	cSea
	cWave
	cLand
	cLandGrid
	cOutline
	cPaper
	cText
	cTextMuted
	cStart
	cHighlight
	cLegal
	cWhite
	cBlack
	cPlayer0
	cPlayer1
	cPlayer2
	cPlayer3
	cPlayer4
	cPlayer5
	cChipPurple
	cChipBlue
	cChipOrange
	cChipBack
	cChipRim
	cGold
	cCurrent
	cFieldShade
	cRoadShade
	cCityShade
	cWallShade
	cRoofShade
	cBuildingShade
	numBase
)

var base = [numBase]color.RGBA{
	cField:       rgb(0xa6c86b),
	cRoad:        rgb(0xf4eedf),
	cRoadEdge:    rgb(0x6f6152),
	cCity:        rgb(0xdcb77a),
	cWall:        rgb(0x7a5b3f),
	cRoof:        rgb(0xb5503a),
	cGate:        rgb(0x3a2b20),
	cShield:      rgb(0x2456a8),
	cShieldLight: rgb(0xf2f0e6),
	cBuilding:    rgb(0xece2cc),
	cLake:        rgb(0x5da7d6),
	cGrape:       rgb(0x6a2f7e),
	cGrain:       rgb(0xe2b232),
	cCloth:       rgb(0x3f86c9),
	cSea:         rgb(0xb4d3e6),
	cWave:        rgb(0x7fa9c8),
	cLand:        rgb(0xf0ead6),
	cLandGrid:    rgb(0xcfc4a5),
	cOutline:     rgb(0x463c33),
	cPaper:       rgb(0xf8f5ec),
	cText:        rgb(0x28241f),
	cTextMuted:   rgb(0x6d655a),
	cStart:       rgb(0xd42a22),
	cHighlight:   rgb(0xffd21a),
	cLegal:       rgb(0x3f9b3a),
	cWhite:       rgb(0xffffff),
	cBlack:       rgb(0x000000),
	cPlayer0:     rgb(0x0072b2), // Okabe-Ito blue
	cPlayer1:     rgb(0xd55e00), // vermillion
	cPlayer2:     rgb(0xf0e442), // yellow
	cPlayer3:     rgb(0x009e73), // bluish green
	cPlayer4:     rgb(0xcc79a7), // reddish purple
	cPlayer5:     rgb(0x000000), // black: the sixth colour (see playerColors)
	cChipPurple:  rgb(0x7d4ea3),
	cChipBlue:    rgb(0x4fa3e0),
	cChipOrange:  rgb(0xf08a24),
	cChipBack:    rgb(0x8f7c69),
	cChipRim:     rgb(0x4f4338),
	cGold:        rgb(0xf2b705),
	cCurrent:     rgb(0xeadfbf),
}

// blendPairs are the colours that meet on the pictures; the palette gets three blends of each.
var blendPairs = [][2]uint8{
	{cField, cRoadEdge}, {cRoad, cRoadEdge}, {cField, cWall}, {cCity, cWall}, {cCity, cRoadEdge},
	{cField, cBuilding}, {cBuilding, cRoadEdge}, {cRoof, cRoadEdge}, {cField, cRoof}, {cCity, cRoof},
	{cField, cLake}, {cLake, cRoadEdge}, {cCity, cShield}, {cShield, cShieldLight}, {cCity, cShieldLight},
	{cCity, cGrape}, {cCity, cGrain}, {cCity, cCloth}, {cCity, cGate}, {cWall, cGate}, {cRoad, cGate},
	{cLand, cLandGrid}, {cLand, cOutline}, {cSea, cOutline}, {cSea, cWave}, {cSea, cLand},
	{cPaper, cText}, {cPaper, cTextMuted}, {cCurrent, cText}, {cLand, cText}, {cSea, cText},
	{cField, cBlack}, {cCity, cBlack}, {cRoad, cBlack}, {cWhite, cBlack}, {cLand, cBlack},
	{cPlayer0, cBlack}, {cPlayer1, cBlack}, {cPlayer2, cBlack}, {cPlayer3, cBlack}, {cPlayer4, cBlack},
	{cPlayer0, cWhite}, {cPlayer1, cWhite}, {cPlayer3, cWhite}, {cPlayer4, cWhite},
	{cChipPurple, cBlack}, {cChipBlue, cBlack}, {cChipOrange, cBlack}, {cChipBack, cChipRim},
	{cChipPurple, cWhite}, {cChipOrange, cWhite}, {cLand, cChipRim}, {cField, cChipRim},
	{cField, cStart}, {cLand, cStart}, {cCity, cStart}, {cField, cHighlight}, {cHighlight, cBlack},
	{cLand, cLegal}, {cField, cLand}, {cCity, cLand}, {cRoad, cLand}, {cWall, cLand},
	{cGold, cBlack}, {cPaper, cOutline}, {cShield, cBlack}, {cWhite, cText},
}

// shades pairs the main colours of tiles with the darker ones of the thin line that marks the grid
// on a tile's rim.
var shades = [...][2]uint8{{cField, cFieldShade}, {cRoad, cRoadShade}, {cCity, cCityShade}, {cWall, cWallShade},
	{cRoof, cRoofShade}, {cBuilding, cBuildingShade}}

func init() {
	for _, s := range shades {
		c := base[s[0]]
		base[s[1]] = color.RGBA{uint8(int(c.R) * 82 / 100), uint8(int(c.G) * 82 / 100), uint8(int(c.B) * 82 / 100), 255}
	}
}

// shadeOf is the rim colour of palette colour i (i itself if it has none).
func shadeOf(i uint8) uint8 {
	for _, s := range shades {
		if s[0] == i {
			return s[1]
		}
	}
	return i
}

func rgb(v uint32) color.RGBA { return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255} }

// playerColors are the player colours in seat order: the Okabe-Ito palette, which people with
// the common forms of colour blindness can tell apart (each meeple also carries a letter). The
// sixth seat (Inns & Cathedrals' sixth colour) is Okabe-Ito black rather than its sky blue, which
// is hardly told from the blue chips and the lakes even with full colour vision, and from the
// bluish green under tritanopia; orange, the palette's other one left, is the orange chip's.
var playerColors = [...]uint8{cPlayer0, cPlayer1, cPlayer2, cPlayer3, cPlayer4, cPlayer5}

// paletteData is the palette with its lookup tables.
type paletteData struct {
	colors color.Palette
	rgb    []color.RGBA
	// lut maps a colour with 5 bits per channel to its nearest palette index.
	lut [32 * 32 * 32]uint8
}

var palOnce = sync.OnceValue(buildPalette)

// pal returns the shared palette (built on first use).
func pal() *paletteData { return palOnce() }

func buildPalette() *paletteData {
	p := &paletteData{}
	add := func(c color.RGBA) {
		if len(p.rgb) >= 256 {
			return
		}
		for _, o := range p.rgb {
			if dist(o, c) < 40 {
				return
			}
		}
		p.rgb = append(p.rgb, c)
	}
	p.rgb = append(p.rgb, base[:]...)
	for _, t := range []int{128, 64, 192} {
		for _, pr := range blendPairs {
			add(mix(base[pr[0]], base[pr[1]], t))
		}
	}
	p.colors = make(color.Palette, len(p.rgb))
	for i, c := range p.rgb {
		p.colors[i] = c
	}
	for i := range p.lut {
		c := color.RGBA{uint8(i>>10) << 3, uint8(i>>5&31) << 3, uint8(i&31) << 3, 255}
		c.R |= c.R >> 5
		c.G |= c.G >> 5
		c.B |= c.B >> 5
		p.lut[i] = p.nearestSlow(c)
	}
	return p
}

// mix blends a towards b: t=0 gives a, t=256 gives b.
func mix(a, b color.RGBA, t int) color.RGBA {
	return color.RGBA{
		uint8((int(a.R)*(256-t) + int(b.R)*t) >> 8),
		uint8((int(a.G)*(256-t) + int(b.G)*t) >> 8),
		uint8((int(a.B)*(256-t) + int(b.B)*t) >> 8),
		255,
	}
}

// dist is a weighted squared distance that roughly follows how people see colour differences.
func dist(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return 2*dr*dr + 4*dg*dg + 3*db*db
}

func (p *paletteData) nearestSlow(c color.RGBA) uint8 {
	best, bd := 0, 1<<62
	for i, o := range p.rgb {
		if d := dist(c, o); d < bd {
			best, bd = i, d
		}
	}
	return uint8(best)
}

// near is the palette index closest to c, through the lookup table (for blended pixels).
func (p *paletteData) near(r, g, b uint8) uint8 {
	return p.lut[int(r>>3)<<10|int(g>>3)<<5|int(b>>3)]
}

// blend mixes palette colour src over dst with coverage a (0..255) and returns the nearest index.
func (p *paletteData) blend(dst, src, a uint8) uint8 {
	d, s := p.rgb[dst], p.rgb[src]
	na := 255 - int(a)
	return p.near(
		uint8((int(s.R)*int(a)+int(d.R)*na)/255),
		uint8((int(s.G)*int(a)+int(d.G)*na)/255),
		uint8((int(s.B)*int(a)+int(d.B)*na)/255))
}
