package render

import (
	"fmt"
	"image"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The picture of /carc tiles shows the tiles still to come, each kind drawn with the number left,
// grouped by set (the base game, Inns & Cathedrals, Traders & Builders), then the tiles face up on
// the map that no one has placed yet and those out of the game. It is drawn from counts every
// player can make (commands.CountTilesLeft), never from the stack, so it cannot tell where a tile
// lies. Like the turn picture it is phoneWidth pixels wide for Discord's 550 on a phone, and no
// text in it is smaller than phoneFont.

// TileCount is a number of tiles of one kind.
type TileCount struct {
	Tile  game.TileID
	Count int
}

// TileStock is what the picture of the tiles still to come shows.
type TileStock struct {
	// Title names the game: the map and the turn.
	Title string
	// Stack is the number of tiles in the face-down stack; FaceDown the tiles face down in piles
	// on the map (their kinds are among ToCome).
	Stack, FaceDown int
	// ToCome are the tiles nobody has seen yet, by kind.
	ToCome []TileCount
	// HiddenExpansion is how many tiles of a random choice of expansion tiles are still to come:
	// which ones is hidden, so they are shown as backs with their number.
	HiddenExpansion int
	// FaceUp are tiles face up on the map, not placed yet; Out the tiles out of the game.
	FaceUp, Out []TileCount
	// Words are the picture's words in its reader's language (nil writes message ids).
	Words Words
}

// Geometry of the tiles picture, in pixels.
const (
	stockCols  = 9
	stockTile  = 100
	stockCellH = stockTile + 40
	stockHeadH = 48
)

// stockCell is one kind of tile in the picture: where its tile is drawn and the number under it.
type stockCell struct {
	TileCount
	backs bool // face-down tiles of unknown kinds: a pile of backs
	tile  image.Rectangle
	label string
}

// stockSection is a heading and the cells under it.
type stockSection struct {
	head  string
	notes []string
	y     int
	cells []stockCell
}

// stockLayout places the header, the sections and their cells; h is the picture's height.
type stockLayout struct {
	lines    []string
	sections []stockSection
	h        int
}

func stockFaces() (title, body, head, count *face) {
	return fontFace(true, 30), fontFace(false, phoneFont+1), fontFace(true, phoneFont+5), fontFace(true, phoneFont+3)
}

func newStockLayout(s TileStock) *stockLayout {
	_, body, _, _ := stockFaces()
	inner := phoneWidth - 2*phonePad
	w := wordsOf(s.Words)
	l := &stockLayout{}
	faceDown := ""
	if s.FaceDown > 0 {
		faceDown = w.N("pic_stock_face_down", s.FaceDown, nil)
	}
	// wrap takes the space of a missing sentence away.
	l.lines = wrap(body, w.T("pic_stock_summary", map[string]any{"Stack": w.N("n_stack_unknown_order", s.Stack, nil),
		"FaceDown": faceDown, "ToCome": w.T("pic_stock_to_come", nil)}), inner)
	y := phonePad + 44 + len(l.lines)*body.height() + 12
	add := func(title string, notes []string, counts []TileCount, backs int) {
		sec := stockSection{head: title, y: y}
		for _, n := range notes {
			sec.notes = append(sec.notes, wrap(body, n, inner)...)
		}
		y += stockHeadH + len(sec.notes)*body.height()
		for _, c := range counts {
			sec.cells = append(sec.cells, stockCell{TileCount: c, label: strconv.Itoa(c.Count) + "× " + c.Tile.String()})
		}
		if backs > 0 {
			sec.cells = append(sec.cells, stockCell{TileCount: TileCount{Count: backs}, backs: true, label: strconv.Itoa(backs) + "×"})
		}
		colW := inner / stockCols
		for i := range sec.cells {
			x := phonePad + (i%stockCols)*colW + (colW-stockTile)/2
			top := y + (i/stockCols)*stockCellH
			sec.cells[i].tile = image.Rect(x, top, x+stockTile, top+stockTile)
		}
		y += (len(sec.cells) + stockCols - 1) / stockCols * stockCellH
		l.sections = append(l.sections, sec)
	}
	for _, set := range game.Tiles().Sets {
		var counts []TileCount
		n := 0
		for _, c := range s.ToCome {
			if c.Tile.Type().Set == set.ID {
				counts = append(counts, c)
				n += c.Count
			}
		}
		if n > 0 {
			add(w.N("pic_stock_set", n, map[string]any{"Set": w.tileSet(set)}), nil, counts, 0)
		}
	}
	if s.HiddenExpansion > 0 {
		var names []string
		for _, set := range game.Tiles().Sets[1:] {
			names = append(names, w.tileSet(set))
		}
		add(w.N("pic_stock_expansion", s.HiddenExpansion, nil),
			[]string{w.T("pic_stock_expansion_note", map[string]any{"Sets": w.list(names)})},
			nil, s.HiddenExpansion)
	}
	if len(s.ToCome) == 0 && s.HiddenExpansion == 0 {
		add(w.T("pic_stock_none", nil), nil, nil, 0)
	}
	if len(s.FaceUp) > 0 {
		add(w.N("pic_stock_face_up", countOf(s.FaceUp), nil), nil, s.FaceUp, 0)
	}
	if len(s.Out) > 0 {
		add(w.N("pic_stock_out", countOf(s.Out), nil), nil, s.Out, 0)
	}
	l.h = y + phonePad
	return l
}

func countOf(cs []TileCount) int {
	n := 0
	for _, c := range cs {
		n += c.Count
	}
	return n
}

// TilesPNG draws the picture of the tiles still to come.
func TilesPNG(s TileStock) ([]byte, error) {
	png, err := encode(drawTileStock(s, newStockLayout(s)).Paletted)
	if err != nil {
		return nil, fmt.Errorf("tiles picture: %w", err)
	}
	return png, nil
}

func drawTileStock(s TileStock, l *stockLayout) *canvas {
	title, body, head, count := stockFaces()
	c := newCanvas(phoneWidth, l.h)
	c.fill(c.Rect, cPaper)
	x := phonePad
	c.text(title, title.fit(s.Title, phoneWidth-2*phonePad), x, phonePad+title.ascent, cText)
	y := phonePad + 44
	for _, line := range l.lines {
		c.text(body, line, x, y+body.ascent, cTextMuted)
		y += body.height()
	}
	for _, sec := range l.sections {
		c.fill(image.Rect(x, sec.y+4, phoneWidth-phonePad, sec.y+6), cLandGrid)
		c.text(head, head.fit(sec.head, phoneWidth-2*phonePad), x, sec.y+14+head.ascent, cText)
		ny := sec.y + stockHeadH
		for _, n := range sec.notes {
			c.text(body, n, x, ny+body.ascent, cTextMuted)
			ny += body.height()
		}
		for _, cell := range sec.cells {
			if cell.backs {
				c.blit(backsSprite(stockTile), cell.tile.Min.X, cell.tile.Min.Y)
			} else {
				c.blit(tileSprite(cell.Tile, 0, stockTile), cell.tile.Min.X, cell.tile.Min.Y)
			}
			c.textCentred(count, cell.label, (cell.tile.Min.X+cell.tile.Max.X)/2, cell.tile.Max.Y+6+count.height()/2, cText)
		}
	}
	return c
}
