package sheet_test

import (
	"flag"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/draw/drawtest"
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
	{"nastrond", 25, "Edda faces of layers 1 and 2"},
	{"guardian", 1, "Guardian faces"},
	{"bloodrage", 1, "the first AI board"},
}

// TestRender_LooksLikeTheGoldenPages renders one page per game at 60 dpi
// and compares it with layout/testdata/<game>.png tile by tile (see
// diffTiles): one word more or less anywhere on the page fails. Regenerate
// with -update after a layout change, and look at the pictures before
// committing them.
func TestRender_LooksLikeTheGoldenPages(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic") // the goldens are drawn with the chain's first font
	for _, gp := range goldenPages {
		t.Run(gp.game, func(t *testing.T) {
			got := goldenRender(t, gp.game, gp.page)
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
			if bad := diffTiles(a, b); len(bad) > 0 {
				t.Errorf("page %d (%s) differs from %s in %d tiles of %d px, the first at %v (mean difference %.1f per channel, allowed %.1f); run go test ./layout/sheet -run Golden -update and look",
					gp.page, gp.what, golden, len(bad), goldenTile, bad[0].Rectangle, bad[0].diff, tileTolerance)
			}
		})
	}
}

// goldenRender renders page of a game's shipped cards at 60 dpi and
// returns the path of the PNG.
func goldenRender(t *testing.T, game string, page int) string {
	t.Helper()
	res, _, lay := shipped(t, game)
	path := render(t, res, lay, cards.Options{})
	prefix := filepath.Join(t.TempDir(), "page")
	p := strconv.Itoa(page)
	tool(t, "pdftoppm", "-png", "-r", "60", "-f", p, "-l", p, "-singlefile", path, prefix)
	return prefix + ".png"
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

// The golden comparison cuts the page into tiles of goldenTile × goldenTile
// pixels (about 3.4 mm at 60 dpi) and fails on any tile whose mean
// difference per colour channel (0–255) passes tileTolerance. A mean over
// the whole page (as before) let a missing line of text in every card
// through. Erasing the faintest line of text on the four golden pages (a
// card's footer ID) changes one of its tiles by 3.9 or more (see
// TestGoldenComparisonSeesOneMissingLine); poppler renders the same PDF identically (0).
const (
	goldenTile    = 8
	tileTolerance = 1.0
)

// tileDiff is a tile that differs, and by how much.
type tileDiff struct {
	image.Rectangle
	diff float64
}

// diffTiles returns the tiles of a and b (the same size) that differ by
// more than tileTolerance, in reading order.
func diffTiles(a, b image.Image) []tileDiff {
	ra, rb := drawtest.RGBA(a), drawtest.RGBA(b)
	var out []tileDiff
	r := ra.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += goldenTile {
		for x := r.Min.X; x < r.Max.X; x += goldenTile {
			tile := image.Rect(x, y, x+goldenTile, y+goldenTile).Intersect(r)
			if d := meanDiff(ra, rb, tile); d > tileTolerance {
				out = append(out, tileDiff{tile, d})
			}
		}
	}
	return out
}

// meanDiff is the mean absolute difference per colour channel, 0–255,
// over the rectangle r.
func meanDiff(a, b *image.RGBA, r image.Rectangle) float64 {
	var sum, n int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pa, pb := a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)], b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]
		for i := 0; i < len(pa); i += 4 {
			for c := range 3 {
				sum += absDiff(pa[i+c], pb[i+c])
			}
			n += 3
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// textLine is a line of text on a rendered page, in pixels.
type textLine struct {
	image.Rectangle
	text string
}

var bboxLine = regexp.MustCompile(`(?s)<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</line>`)
var lineWord = regexp.MustCompile(`<word[^>]*>([^<]*)</word>`)

// textLines finds the lines of text on one page of a PDF with poppler, in
// pixels at dpi.
func textLines(t *testing.T, pdf string, page int, dpi float64) []textLine {
	t.Helper()
	p := strconv.Itoa(page)
	out := tool(t, "pdftotext", "-f", p, "-l", p, "-bbox-layout", pdf, "-")
	var lines []textLine
	px := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v * dpi / 72
	}
	for _, m := range bboxLine.FindAllStringSubmatch(out, -1) {
		var words []string
		for _, w := range lineWord.FindAllStringSubmatch(m[5], -1) {
			words = append(words, w[1])
		}
		r := image.Rect(int(math.Floor(px(m[1]))), int(math.Floor(px(m[2]))), int(math.Ceil(px(m[3]))), int(math.Ceil(px(m[4]))))
		lines = append(lines, textLine{r, strings.Join(words, " ")})
	}
	return lines
}

// erase paints over r with the colour just above each of its columns, as
// if the text there had not been drawn.
func erase(img *image.RGBA, r image.Rectangle) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	copy(out.Pix, img.Pix)
	r = r.Inset(-1).Intersect(out.Bounds())
	for x := r.Min.X; x < r.Max.X; x++ {
		c := out.At(x, max(r.Min.Y-1, 0))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			out.Set(x, y, c)
		}
	}
	return out
}

// TestGoldenComparisonSeesOneMissingLine erases each line of
// text of each golden page in turn, from the smallest card ID to a whole
// line of card text, as the mutation "drop the last line of every text
// box" would, and expects the comparison to report a tile on that line.
func TestGoldenComparisonSeesOneMissingLine(t *testing.T) {
	t.Parallel()
	for _, gp := range goldenPages {
		t.Run(gp.game, func(t *testing.T) {
			res, _, lay := shipped(t, gp.game)
			pdf := render(t, res, lay, cards.Options{})
			p := strconv.Itoa(gp.page)
			prefix := filepath.Join(t.TempDir(), "page")
			tool(t, "pdftoppm", "-png", "-r", "60", "-f", p, "-l", p, "-singlefile", pdf, prefix)
			page := drawtest.RGBA(readPNG(t, prefix+".png"))
			if bad := diffTiles(page, page); len(bad) > 0 {
				t.Fatalf("a page differs from itself: %v", bad)
			}
			lines := textLines(t, pdf, gp.page, 60)
			if len(lines) < 10 {
				t.Fatalf("found %d lines of text on page %d, want many", len(lines), gp.page)
			}
			for _, l := range lines {
				bad := diffTiles(erase(page, l.Rectangle), page)
				if len(bad) == 0 {
					t.Errorf("erasing the line %q at %v passes the comparison", l.text, l.Rectangle)
					continue
				}
				for _, b := range bad {
					if !b.Overlaps(l.Rectangle.Inset(-1)) {
						t.Errorf("erasing %q at %v reports the tile %v, off the line", l.text, l.Rectangle, b.Rectangle)
					}
				}
			}
		})
	}
}
