package sheet_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/schema"
)

const mmPerPt = 25.4 / 72

// segment is one stroked line of a page's content, in mm.
type segment struct{ x1, y1, x2, y2 float64 }

func (s segment) length() float64 { return math.Hypot(s.x2-s.x1, s.y2-s.y1) }

var (
	lineOp = regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S`)
	clipOp = regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re W n`)
)

// lineOps and clipOps are lineOp's and clipOp's matches in a page's content.
// Neither matches across a line break, so only the lines holding the
// operator are searched: most of a page is text, which the regexps
// would read slowly for nothing.
func lineOps(content string) [][]string { return opsIn(content, lineOp, " l S") }
func clipOps(content string) [][]string { return opsIn(content, clipOp, " re W n") }

func opsIn(content string, op *regexp.Regexp, marker string) [][]string {
	var out [][]string
	for line := range strings.Lines(content) {
		if strings.Contains(line, marker) {
			out = append(out, op.FindAllStringSubmatch(line, -1)...)
		}
	}
	return out
}

// pageContents splits the uncompressed (qpdf --qdf) document into the
// content of each page, in page order.
func pageContents(raw []byte) []string {
	parts := strings.Split(string(raw), "%% Contents for page ")
	return parts[1:]
}

func floats(m []string) []float64 {
	out := make([]float64, len(m)-1)
	for i, s := range m[1:] {
		out[i], _ = strconv.ParseFloat(s, 64)
		out[i] *= mmPerPt
	}
	return out
}

// cardClips counts on one page's content the clips of whole cards (a
// trim, plus up to the bleed on each side) and those of them with the
// full bleed on every side; a card's inner clips (art, bands) are smaller
// than its trim.
func cardClips(content string, w, h, bleed float64) (all, full int) {
	for _, m := range clipOps(content) {
		f := floats(m)
		cw, ch := math.Abs(f[2]), math.Abs(f[3])
		if cw < w-0.05 || ch < h-0.05 || cw > w+2*bleed+0.05 || ch > h+2*bleed+0.05 {
			continue
		}
		all++
		if math.Abs(cw-(w+2*bleed)) < 0.05 && math.Abs(ch-(h+2*bleed)) < 0.05 {
			full++
		}
	}
	return all, full
}

// TestSheets_KeepTheMarginFullBleedAndARuler measures the printed sheets of
// every game on A4 and Letter: nothing is printed within the 5 mm margin
// of any paper edge (crop marks, ruler and note included), every card is
// clipped to its trim plus the full 3 mm bleed on every side, every card
// sheet carries a ruler whose line is 50 mm long with a tick each
// millimetre, the first carries the print-at-100% note, and the catalog
// asks for PrintScaling /None.
func TestSheets_KeepTheMarginFullBleedAndARuler(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		for _, paper := range []string{"a4", "letter"} {
			t.Run(game+"/"+paper, func(t *testing.T) {
				res, _, lay := shipped(t, game)
				path := render(t, res, lay, cards.Options{Paper: paper})
				raw := qdfBytes(t, path)
				if !regexp.MustCompile(`/ViewerPreferences\s*<<\s*/PrintScaling\s*/None\s*>>`).Match(raw) {
					t.Error("the catalog has no ViewerPreferences /PrintScaling /None")
				}
				sheets, first := 0, 0
				for i, content := range pageContents(raw) {
					page := i + 1
					all, full := cardClips(content, lay.Card.W, lay.Card.H, lay.Bleed)
					if all == 0 {
						continue // a board's page: no cards, no ruler
					}
					sheets++
					if first == 0 {
						first = page
					}
					if full != all {
						t.Errorf("page %d: %d of %d cards have the full %g mm bleed on every side", page, full, all, lay.Bleed)
					}
					var segs []segment
					for _, m := range lineOps(content) {
						f := floats(m)
						segs = append(segs, segment{f[0], f[1], f[2], f[3]})
					}
					if ruler, ok := findRuler(segs); !ok {
						t.Errorf("page %d: no ruler with a tick each millimetre", page)
					} else if math.Abs(ruler-sheet.Ruler) > 0.1 || sheet.Ruler != 50 {
						t.Errorf("page %d: the ruler is %.2f mm long, want 50 ± 0.1", page, ruler)
					}
					if sheets <= 2 { // the picture of the first face and back is enough
						inkMargin(t, path, page, 5) // at least 5 mm by default, whatever DefaultMargin says
					}
				}
				if sheets == 0 {
					t.Fatal("no page of cards found")
				}
				p := strconv.Itoa(first)
				txt := squeeze(tool(t, "pdftotext", "-f", p, "-l", p, path, "-"))
				if !strings.Contains(txt, squeeze("100%（実際のサイズ）で印刷してください")) {
					t.Errorf("page %d lacks the print-at-100%% note: %q", first, txt)
				}
			})
		}
	}
}

// findRuler finds a line with a perpendicular tick starting on it every
// millimetre along its whole length and returns its length.
func findRuler(segs []segment) (float64, bool) {
	for _, s := range segs {
		l := s.length()
		if l < 20 {
			continue
		}
		ux, uy := (s.x2-s.x1)/l, (s.y2-s.y1)/l
		ticks := map[int]bool{}
		for _, o := range segs {
			if o == s || o.length() < 0.5 || o.length() > 5 {
				continue
			}
			// A tick starts on the line and runs across it.
			dx, dy := o.x1-s.x1, o.y1-s.y1
			along, across := dx*ux+dy*uy, -dx*uy+dy*ux
			tx, ty := (o.x2-o.x1)/o.length(), (o.y2-o.y1)/o.length()
			if math.Abs(across) < 0.05 && math.Abs(tx*ux+ty*uy) < 0.01 {
				if k := math.Round(along); math.Abs(along-k) < 0.05 {
					ticks[int(k)] = true
				}
			}
		}
		n := int(math.Round(l))
		all := len(ticks) == n+1
		for i := 0; i <= n && all; i++ {
			all = ticks[i]
		}
		if all {
			return l, true
		}
	}
	return 0, false
}

// inkMargin fails when anything is printed within margin mm of an edge of
// the page.
func inkMargin(t *testing.T, path string, page int, margin float64) {
	t.Helper()
	const dpi = 100
	img := pdfPage(t, path, page, dpi, "-gray")
	b := img.Bounds()
	edge := int(math.Floor(margin/25.4*dpi)) - 1 // a pixel of antialiasing
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if x >= edge && x < b.Max.X-edge && y >= edge && y < b.Max.Y-edge {
				continue
			}
			if g, _, _, _ := img.At(x, y).RGBA(); g>>8 < 240 {
				t.Errorf("page %d: ink at %.1f, %.1f mm, within the %g mm margin", page, float64(x)/dpi*25.4, float64(y)/dpi*25.4, margin)
				return
			}
		}
	}
}

// TestSheets_FewerCardsRatherThanShrunk: a paper that cannot hold the grid
// with the margin, the bleed and the gutter prints fewer cards a sheet, at
// full size, and says so once in the player's language; shared cuts
// (--gutter 0) fit A4's 3 × 3, say nothing, and leave no bleed between
// neighbours.
func TestSheets_FewerCardsRatherThanShrunk(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "nastrond")
	zero := 0.0
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	for _, tc := range []struct {
		name     string
		opt      cards.Options
		lang     *schema.Lang
		perSheet int
		notice   string
	}{
		{"a4", cards.Options{}, ja, 6, "A4 用紙には 63 × 88 mm のカードを 1 枚に 6 枚（2 列 × 3 段）印刷します。余白 5.0 mm、塗り足し 3.0 mm、間隔 6.0 mm を保つため縮小はしません（--gutter 0 で切り線を共有すると 9 枚）"},
		{"a4 in English", cards.Options{}, en, 6, "A4 paper: the 63 × 88 mm cards print 6 a sheet (2 columns × 3 rows) to keep the 5.0 mm margin, 3.0 mm bleed and 6.0 mm gutter; nothing is shrunk (--gutter 0 shares the cuts: 9 a sheet)"},
		{"letter", cards.Options{Paper: "letter"}, ja, 4, "LETTER 用紙には 63 × 88 mm のカードを 1 枚に 4 枚（2 列 × 2 段）印刷します。余白 5.0 mm、塗り足し 3.0 mm、間隔 6.0 mm を保つため縮小はしません（--gutter 0 で切り線を共有すると 6 枚）"},
		{"shared cuts", cards.Options{Gutter: &zero}, ja, 9, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var notices []string
			opt := tc.opt
			opt.Lang = tc.lang
			opt.Notice = func(err error) { notices = append(notices, tc.lang.ErrText(err)) }
			path := render(t, res, lay, opt)
			most, full := 0, 0
			for _, content := range pageContents(qdfBytes(t, path)) {
				all, f := cardClips(content, lay.Card.W, lay.Card.H, lay.Bleed)
				if all > most {
					most, full = all, f
				}
			}
			if most != tc.perSheet {
				t.Errorf("%d cards on the fullest sheet, want %d", most, tc.perSheet)
			}
			if tc.notice == "" && len(notices) > 0 || tc.notice != "" && (len(notices) != 1 || notices[0] != tc.notice) {
				t.Errorf("told %q, want %q once", notices, tc.notice)
			}
			// Shared cuts: only the corner cards keep bleed on two sides.
			if tc.opt.Gutter != nil && full != 0 {
				t.Errorf("%d cards with bleed on every side under shared cuts", full)
			}
		})
	}
}
