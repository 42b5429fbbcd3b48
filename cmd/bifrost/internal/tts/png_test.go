package tts

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// noise is a w × h picture of random pixels, opaque or with random alpha,
// as a sub-image so its rows do not start at Pix[0] and its stride is wider
// than a row.
func noise(w, h int, opaque bool) *image.RGBA {
	r := rand.New(rand.NewPCG(1, 2))
	big := image.NewRGBA(image.Rect(0, 0, w+3, h+2))
	for i := range big.Pix {
		big.Pix[i] = byte(r.IntN(256))
		if i%4 == 3 && opaque {
			big.Pix[i] = 0xff
		}
	}
	if !opaque { // premultiplied: no channel above alpha
		for i := 0; i < len(big.Pix); i += 4 {
			for c := range 3 {
				big.Pix[i+c] = min(big.Pix[i+c], big.Pix[i+3])
			}
		}
	}
	return big.SubImage(image.Rect(2, 1, w+2, h+1)).(*image.RGBA)
}

// TestSheetPNGsDecodeToTheSamePixels decodes encode's output with
// image/png and compares every pixel: exactly on the hand-written opaque
// path (Up filter, byte wraparound, chunk CRCs), within PNG's rounding of
// premultiplied colour on the translucent fallback.
func TestSheetPNGsDecodeToTheSamePixels(t *testing.T) {
	for _, opaque := range []bool{true, false} {
		img := noise(37, 23, opaque)
		data, err := encode(img)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("opaque %v: %v", opaque, err)
		}
		if got.Bounds().Dx() != 37 || got.Bounds().Dy() != 23 {
			t.Fatalf("opaque %v: decoded %v, want 37 × 23", opaque, got.Bounds())
		}
		for y := range 23 {
			for x := range 37 {
				r0, g0, b0, a0 := img.At(x+2, y+1).RGBA()
				r1, g1, b1, a1 := got.At(x, y).RGBA()
				tol := uint32(0)
				if !opaque {
					tol = 0x101 // one step of 8 bits
				}
				if diff(r0, r1) > tol || diff(g0, g1) > tol || diff(b0, b1) > tol || a0 != a1 {
					t.Fatalf("opaque %v: pixel (%d, %d) is %v, want %v", opaque, x, y, got.At(x, y), img.At(x+2, y+1))
				}
			}
		}
	}
}

func diff(a, b uint32) uint32 { return max(a, b) - min(a, b) }

// BenchmarkEncode compares encode with image/png at BestSpeed on an opaque
// card-sized picture with flat colours and noise.
func BenchmarkEncode(b *testing.B) {
	img := noise(408, 570, true)
	for y := range 400 {
		for x := range 408 {
			copy(img.Pix[y*img.Stride+4*x:], []byte{200, byte(x / 40 * 20), 30, 0xff})
		}
	}
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := encode(img); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image/png", func(b *testing.B) {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		for b.Loop() {
			if err := enc.Encode(&bytes.Buffer{}, img); err != nil {
				b.Fatal(err)
			}
		}
	})
}
