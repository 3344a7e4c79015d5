package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// maxBytes bounds the size of an encoded picture (Discord's limits are far above it).
const maxBytes = 1 << 20

// PNG draws the picture o asks for from view v (see Draw) and encodes it: at most 2,000 pixels on
// a side and 1 MiB. Pictures are paletted and compressed for speed; one that comes out too large is
// compressed harder, then halved until it fits.
func PNG(v *game.View, o Options) ([]byte, error) {
	c, err := compose(v, o)
	if err != nil {
		return nil, err
	}
	return encode(c.Paletted)
}

// encoderPool lets the PNG encoders reuse their buffers and compressors across pictures.
type encoderPool struct{ sync.Pool }

func (p *encoderPool) Get() *png.EncoderBuffer {
	b, _ := p.Pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderPool) Put(b *png.EncoderBuffer) { p.Pool.Put(b) }

var (
	fastPNG  = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderPool{}}
	smallPNG = png.Encoder{CompressionLevel: png.BestCompression, BufferPool: &encoderPool{}}
)

func encode(img *image.Paletted) ([]byte, error) {
	for img.Rect.Dx() > maxSide || img.Rect.Dy() > maxSide {
		img = halve(img)
	}
	for {
		var buf bytes.Buffer
		if err := fastPNG.Encode(&buf, img); err != nil {
			return nil, fmt.Errorf("render: encode: %w", err)
		}
		if buf.Len() > maxBytes {
			buf.Reset()
			if err := smallPNG.Encode(&buf, img); err != nil {
				return nil, fmt.Errorf("render: encode: %w", err)
			}
		}
		if buf.Len() <= maxBytes {
			return buf.Bytes(), nil
		}
		img = halve(img)
	}
}

// halve scales a paletted picture down to half its size, keeping one pixel in four.
func halve(img *image.Paletted) *image.Paletted {
	b := img.Rect
	out := image.NewPaletted(image.Rect(0, 0, (b.Dx()+1)/2, (b.Dy()+1)/2), img.Palette)
	for y := 0; y < out.Rect.Dy(); y++ {
		for x := 0; x < out.Rect.Dx(); x++ {
			out.Pix[y*out.Stride+x] = img.Pix[img.PixOffset(b.Min.X+2*x, b.Min.Y+2*y)]
		}
	}
	return out
}
