package draw

import (
	"bytes"
	"image/color"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/text"
)

// TestRotateTurnsCounterClockwise: a Rotate of 90° turns what
// lies right of its centre to above it, in the PNG as in the SVG (whose
// rotate turns clockwise, so it is written negated), and a Clip cuts.
func TestRotateTurnsCounterClockwise(t *testing.T) {
	black := RGB(0, 0, 0)
	l := &List{W: 20, H: 20, Items: []Item{
		&Rotate{Angle: 90, X: 10, Y: 10},
		&Shape{Kind: Rect, X: 12, Y: 8, W: 6, H: 4, Fill: black}, // right of the centre
		Pop{},
		&Clip{X: 0, Y: 15, W: 5, H: 5},
		&Shape{Kind: Rect, X: 0, Y: 10, W: 20, H: 10, Fill: black}, // only its clipped corner shows
		Pop{},
	}}
	img, err := l.PNG(25.4, false) // 1 pixel a mm
	if err != nil {
		t.Fatal(err)
	}
	dark := func(x, y int) bool { return img.RGBAAt(x, y) == color.RGBA{0, 0, 0, 255} }
	if !dark(10, 4) || dark(15, 10) {
		t.Errorf("after a 90° turn the bar is above the centre %v and not right of it %v", dark(10, 4), !dark(15, 10))
	}
	if !dark(2, 17) || dark(10, 17) {
		t.Errorf("the clip lets through its corner %v and nothing else %v", dark(2, 17), !dark(10, 17))
	}
	var b bytes.Buffer
	if err := l.SVG(&b, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `rotate(-90 10 10)`) {
		t.Errorf("the SVG does not turn counter-clockwise: %s", b.String())
	}
}

// TestPNGIsSafeConcurrently: pictures drawn at once from several
// goroutines (a deck export does) equal the one drawn alone.
func TestPNGIsSafeConcurrently(t *testing.T) {
	f := text.Default()
	l := &List{W: 40, H: 20}
	for i, s := range []string{"カードを1枚引く。", "Valkyrie 123", "戦闘に勝ったとき"} {
		l.Add(&Text{X: 2, Y: 5 + 5*float64(i), S: s, Font: f, Size: 9, Mode: TextMode(i % 3)})
	}
	want, err := l.PNG(300, true)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := l.PNG(300, true)
			if err != nil || !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("a picture drawn alongside others differs (err %v)", err)
			}
		})
	}
	wg.Wait()
}

// TestPNGDrawsArtByContentNotByName: art saved again under the same name
// and the same length (a designer repainting a card while serve runs) is
// drawn as it is now, not as the process first decoded it.
func TestPNGDrawsArtByContentNotByName(t *testing.T) {
	red, blue := pngFile(t, color.RGBA{255, 0, 0, 255}), pngFile(t, color.RGBA{0, 0, 255, 255})
	if len(red) != len(blue) {
		t.Fatalf("the two images differ in length (%d, %d); the test needs them equal", len(red), len(blue))
	}
	for _, tt := range []struct {
		data []byte
		want color.RGBA
	}{{red, color.RGBA{255, 0, 0, 255}}, {blue, color.RGBA{0, 0, 255, 255}}} {
		l := &List{W: 10, H: 10, Items: []Item{&Image{X: 0, Y: 0, W: 10, H: 10, Key: "E1-01.png", Data: tt.data, Type: "PNG"}}}
		img, err := l.PNG(25.4, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.RGBAAt(5, 5); got != tt.want {
			t.Errorf("E1-01.png is drawn %v, want %v", got, tt.want)
		}
	}
}

// bogus is an item kind no Renderer method takes.
type bogus struct{}

func (bogus) item() {}

// TestAnItemNoBackendPaintsFailsEveryBackend: an item of a kind the
// Renderer does not know is an error in the SVG and the PNG, and the PDF
// document's error, never silently left out.
func TestAnItemNoBackendPaintsFailsEveryBackend(t *testing.T) {
	l := &List{W: 10, H: 10, Items: []Item{&Shape{Kind: Rect, W: 5, H: 5, Fill: RGB(0, 0, 0)}, bogus{}}}
	if err := l.SVG(io.Discard, false); err == nil || !strings.Contains(err.Error(), "draw.bogus") {
		t.Errorf("SVG: %v, want an error naming draw.bogus", err)
	}
	if err := l.InlineSVG(io.Discard, "figure", "x"); err == nil || !strings.Contains(err.Error(), "draw.bogus") {
		t.Errorf("inline SVG: %v, want an error naming draw.bogus", err)
	}
	if _, err := l.PNG(25.4, false); err == nil || !strings.Contains(err.Error(), "draw.bogus") {
		t.Errorf("PNG: %v, want an error naming draw.bogus", err)
	}
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 595.28 * 25.4 / 72, Ht: 841.89 * 25.4 / 72}})
	doc.AddPage()
	NewPDF(doc, func(*text.Font) string { return "" }).Draw(l, 0, 0)
	if err := doc.Output(io.Discard); err == nil || !strings.Contains(err.Error(), "draw.bogus") {
		t.Errorf("PDF: %v, want the document to fail naming draw.bogus", err)
	}
}

// recorder is a Renderer that notes what it is told.
type recorder struct{ calls []string }

func (r *recorder) Shape(s *Shape) error   { r.calls = append(r.calls, "shape"); return nil }
func (r *recorder) Text(t *Text) error     { r.calls = append(r.calls, "text "+t.S); return nil }
func (r *recorder) Image(i *Image) error   { r.calls = append(r.calls, "image "+i.Key); return nil }
func (r *recorder) Clip(c *Clip) error     { r.calls = append(r.calls, "clip"); return nil }
func (r *recorder) Rotate(t *Rotate) error { r.calls = append(r.calls, "rotate"); return nil }
func (r *recorder) Pop() error             { r.calls = append(r.calls, "pop"); return nil }

// TestPlayTellsTheRendererEveryItemInPaintOrder: every item, in order.
func TestPlayTellsTheRendererEveryItemInPaintOrder(t *testing.T) {
	l := &List{W: 10, H: 10, Items: []Item{&Clip{W: 5, H: 5}, &Shape{Kind: Rect}, &Rotate{Angle: 90}, &Text{S: "カード"}, Pop{}, &Image{Key: "a.png"}, Pop{}}}
	var r recorder
	if err := l.Play(&r); err != nil {
		t.Fatal(err)
	}
	want := []string{"clip", "shape", "rotate", "text カード", "pop", "image a.png", "pop"}
	if !slices.Equal(r.calls, want) {
		t.Errorf("told %q, want %q", r.calls, want)
	}
}
