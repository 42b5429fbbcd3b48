package cards_test

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"bifrost/layout/cards"
)

var update = flag.Bool("update", false, "rewrite the golden PNG pages in layout/testdata")

// goldenPages names the page of each game kept as a picture: a page a
// playtester would look at first.
var goldenPages = []struct {
	game string
	page int
	what string
}{
	{"valkyrie", 1, "Assist faces"},
	{"nastrond", 25, "Einherjar faces"},
	{"guardian", 1, "Guardian faces"},
	{"bloodrage", 1, "the first AI board"},
}

// TestRender_LooksLikeTheGoldenPages renders one page per game at 60 dpi
// and compares it with layout/testdata/<game>.png, allowing for the small
// differences between rasterisers. Regenerate with -update after a layout
// change, and look at the pictures before committing them.
func TestRender_LooksLikeTheGoldenPages(t *testing.T) {
	for _, gp := range goldenPages {
		t.Run(gp.game, func(t *testing.T) {
			res, _, lay := shipped(t, gp.game)
			path := render(t, res, lay, cards.Options{})
			prefix := filepath.Join(t.TempDir(), "page")
			p := strconv.Itoa(gp.page)
			tool(t, "pdftoppm", "-png", "-r", "60", "-f", p, "-l", p, "-singlefile", path, prefix)
			got := prefix + ".png"
			golden := filepath.Join("..", "testdata", gp.game+".png")
			if *update {
				data, err := os.ReadFile(got)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, data, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			a, b := readPNG(t, got), readPNG(t, golden)
			if a.Bounds() != b.Bounds() {
				t.Fatalf("page %d (%s) is %v, the golden %v", gp.page, gp.what, a.Bounds(), b.Bounds())
			}
			if d := meanDiff(a, b); d > 2.0 {
				t.Errorf("page %d (%s) differs from %s by %.2f per channel on average (allowed 2.0); run go test ./layout/cards -run Golden -update and look", gp.page, gp.what, golden, d)
			}
		})
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// meanDiff is the mean absolute difference per colour channel, 0–255.
func meanDiff(a, b image.Image) float64 {
	var sum, n float64
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			sum += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
			n += 3
		}
	}
	return sum / n / 257
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
