package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/gif"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Animation is the whole game as an animated GIF, one frame per turn, posted at its end. Each
// frame is the full map at half size, so a phone shows it whole; only the part of a frame that
// changed since the previous one is stored, which keeps a 120-turn game far under Discord's
// 10 MiB for attachments.
type Animation struct {
	// Words are the frames' words in their reader's language (nil writes message ids).
	Words Words
	g     gif.GIF
	last  *image.Paletted
}

// MaxGIF is Discord's limit for an attachment.
const MaxGIF = 10 << 20

// frameDelay is how long a turn stays on screen, in hundredths of a second; the last frame
// stays longer.
const (
	frameDelay = 50
	lastDelay  = 500
)

// Add draws view v as the next frame.
func (a *Animation) Add(v *game.View) error {
	c, err := compose(v, Options{Kind: Full, Words: a.Words})
	if err != nil {
		return err
	}
	img := halve(c.Paletted)
	frame := img
	// An open table's picture grows with the board: a frame of another size is stored whole.
	if a.last != nil && a.last.Rect.Eq(img.Rect) {
		r := changedRect(a.last, img)
		if r.Empty() {
			a.g.Delay[len(a.g.Delay)-1] += frameDelay
			return nil
		}
		frame = img.SubImage(r).(*image.Paletted)
	}
	a.g.Image = append(a.g.Image, frame)
	a.g.Delay = append(a.g.Delay, frameDelay)
	a.g.Disposal = append(a.g.Disposal, gif.DisposalNone)
	a.last = img
	return nil
}

// GIF encodes the frames added so far.
func (a *Animation) GIF() ([]byte, error) {
	if len(a.g.Image) == 0 {
		return nil, errors.New("render: an animation without frames")
	}
	a.g.Delay[len(a.g.Delay)-1] = lastDelay
	w, h := 0, 0
	for _, f := range a.g.Image {
		w, h = max(w, f.Rect.Max.X), max(h, f.Rect.Max.Y)
	}
	a.g.Config = image.Config{ColorModel: a.g.Image[0].Palette, Width: w, Height: h}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &a.g); err != nil {
		return nil, fmt.Errorf("render: animation: %w", err)
	}
	return buf.Bytes(), nil
}

// changedRect is the smallest rectangle holding every pixel that differs between two frames.
func changedRect(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w, h := b.Rect.Dx(), b.Rect.Dy()
	for y := range h {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		if bytes.Equal(ra, rb) {
			continue
		}
		x0 := 0
		for ra[x0] == rb[x0] {
			x0++
		}
		x1 := w
		for ra[x1-1] == rb[x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	return r
}
