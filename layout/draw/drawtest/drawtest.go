package drawtest

import (
	"cmp"
	"image"
	"image/draw"
	"os"
	"slices"
	"strconv"
	"testing"
)

// TileDiff is one tile that differs, and by how much (0–255).
type TileDiff struct {
	image.Rectangle
	Diff float64
}

// The backends are compared in tiles of Tile × Tile pixels
// (4 mm at 100 dpi). Each pixel counts its difference from the closest
// pixel within one pixel in the other picture (both ways, per colour
// channel): poppler, Chromium and the PNG backend anti-alias differently,
// and poppler snaps rectangle edges and baselines to whole pixels, which
// this forgives; a stroke that is missing or out of place costs its full
// contrast. A tile fails when the mean passes Tolerance. The
// outermost pixel of the picture is left out: the backends round the page
// size differently. TestComparisonCatchesAMissingLine (package sheet) shows that
// a line of text left out fails.
const (
	Tile      = 16
	Tolerance = 16.0
)

// CompareTiles returns the tiles of a and b (over their common area)
// whose mean difference passes Tolerance, worst first, and the
// worst difference of any tile.
func CompareTiles(a, b image.Image) ([]TileDiff, float64) {
	ra, rb := RGBA(a), RGBA(b)
	r := ra.Bounds().Intersect(rb.Bounds()).Inset(1)
	var out []TileDiff
	most := 0.0
	for y := r.Min.Y; y < r.Max.Y; y += Tile {
		for x := r.Min.X; x < r.Max.X; x += Tile {
			tile := image.Rect(x, y, x+Tile, y+Tile).Intersect(r)
			d := nearDiff(ra, rb, r, tile)
			most = max(most, d)
			if d > Tolerance {
				out = append(out, TileDiff{tile, d})
			}
		}
	}
	slices.SortFunc(out, func(a, b TileDiff) int { return cmp.Compare(b.Diff, a.Diff) })
	return out, most
}

// nearDiff is the mean over tile of each pixel's difference from the
// closest pixel within one pixel (inside area) in the other picture, the
// larger of the two ways, per colour channel.
func nearDiff(a, b *image.RGBA, area, tile image.Rectangle) float64 {
	// nearest is the difference of v from the closest value of channel c
	// of p within one pixel of (x, y) inside area.
	nearest := func(v int, p *image.RGBA, x, y, c int) int {
		best := 255
		for ny := max(y-1, area.Min.Y); ny <= min(y+1, area.Max.Y-1); ny++ {
			for nx := max(x-1, area.Min.X); nx <= min(x+1, area.Max.X-1); nx++ {
				best = min(best, abs(v-int(p.Pix[p.PixOffset(nx, ny)+c])))
			}
		}
		return best
	}
	sum := 0
	for y := tile.Min.Y; y < tile.Max.Y; y++ {
		ia, ib := a.PixOffset(tile.Min.X, y), b.PixOffset(tile.Min.X, y)
		for x := tile.Min.X; x < tile.Max.X; x, ia, ib = x+1, ia+4, ib+4 {
			for c := range 3 {
				// The same value both ways is nothing nearer either way.
				if va, vb := int(a.Pix[ia+c]), int(b.Pix[ib+c]); va != vb {
					sum += max(nearest(va, b, x, y, c), nearest(vb, a, x, y, c))
				}
			}
		}
	}
	return float64(sum) / float64(3*tile.Dx()*tile.Dy())
}

// ReadPPM decodes a binary PPM (P6, 8 bits a channel) as pdftoppm writes it.
func ReadPPM(t testing.TB, path string) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The header is four fields (P6, width, height, maxval), each followed
	// by one white space; the pixels follow the last.
	var fields []string
	head := 0
	for len(fields) < 4 && head < len(data) {
		for head < len(data) && (data[head] == ' ' || data[head] == '\n') {
			head++
		}
		start := head
		for head < len(data) && data[head] != ' ' && data[head] != '\n' {
			head++
		}
		fields = append(fields, string(data[start:head]))
	}
	w, errW := strconv.Atoi(fields[1])
	h, errH := strconv.Atoi(fields[2])
	if len(fields) != 4 || fields[0] != "P6" || fields[3] != "255" || errW != nil || errH != nil {
		t.Fatalf("%s: not an 8-bit P6 PPM (header %q)", path, fields)
	}
	pix := data[head+1:]
	if len(pix) != w*h*3 {
		t.Fatalf("%s: %d bytes of pixels for %d×%d", path, len(pix), w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range w * h {
		copy(img.Pix[i*4:i*4+3], pix[i*3:i*3+3])
		img.Pix[i*4+3] = 255
	}
	return img
}

// RGBA is img as an *image.RGBA whose bounds start at the origin.
func RGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok && r.Rect.Min == (image.Point{}) {
		return r
	}
	out := image.NewRGBA(image.Rectangle{Max: img.Bounds().Size()})
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

func abs(n int) int { return max(n, -n) }
