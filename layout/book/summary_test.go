package book

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bifrost/schema"
)

const summaryMD = "---\ntitle: サマリー\npaper: A5\nsheet: true\n---\n# 手番\n\n"

func TestSummaryPrintsAtCardSizeOnTwoSides(t *testing.T) {
	md := summaryMD + strings.Repeat("手番の流れを書きます。\n\n", 24)
	r := typesetT(t, md, WithPaper("card"))
	if r.g.trimW != 63 || r.g.trimH != 88 || len(r.pages) != 2 {
		t.Fatalf("trim %gx%g, %d pages; want a 63x88 card, front and back", r.g.trimW, r.g.trimH, len(r.pages))
	}
	// The text keeps 1 mm or more inside the panel, which lies 1.5 mm
	// inside the cut.
	x0, y0 := r.g.cut+2.5, r.g.cut+2.5
	x1, y1 := r.g.cut+r.g.trimW-2.5, r.g.cut+r.g.trimH-2.5
	for i, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opText && (o.x < x0 || o.x > x1 || o.y < y0 || o.y > y1) {
				t.Errorf("side %d: %q at (%.1f, %.1f) is outside the card's panel", i+1, o.s, o.x-r.g.cut, o.y-r.g.cut)
			}
			if o.kind == opText && o.y == r.g.footerY {
				t.Errorf("side %d has a page number %q", i+1, o.s)
			}
		}
	}
	if _, err := typeset([]byte(md+strings.Repeat("手番の流れを書きます。\n\n", 40)), stubCards, WithPaper("card"), WithPDFLang(schema.English)); err == nil || !strings.Contains(err.Error(), "must fit on 2 page(s)") {
		t.Errorf("a summary longer than two sides: %v", err)
	}
	// A book is never set at card size.
	_, err := typeset([]byte("---\npaper: card\n---\n# 題\n"), stubCards, WithPDFLang(schema.English))
	var se *SourceError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "or card for a sheet") {
		t.Errorf("a book at card size: %v", err)
	}
	if _, err := typeset([]byte("---\nsheet: true\n---\n# 題\n"), stubCards, WithPaper("card")); err != nil {
		t.Errorf("a sheet at card size: %v", err)
	}
}

var (
	boxRe  = regexp.MustCompile(`/(Media|Trim|Bleed)Box \[\s*(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\s*\]`)
	lineRe = regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S`)
	fillRe = regexp.MustCompile(`(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re f`)
)

// qdf returns the PDF with its streams uncompressed by qpdf.
func qdf(t *testing.T, pdf []byte) string {
	t.Helper()
	tool := need(t, "qpdf", "qpdf")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(tool, "--qdf", "--object-streams=disable", in, out).CombinedOutput(); err != nil {
		t.Fatalf("qpdf: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func mm(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v * 25.4 / 72
}

// TestSummaryCard_HasBleedCropMarksAndAFrame measures the card-size summary
// from its PDF: every page is the 63 × 88 mm trim with 3 mm of bleed on
// every side (TrimBox, BleedBox), the frame's colour fills the whole bleed,
// and トンボ lie outside the bleed at the trim's and the bleed's lines;
// with the ink saver the fill goes and the text stays the same.
func TestSummaryCard_HasBleedCropMarksAndAFrame(t *testing.T) {
	md := summaryMD + strings.Repeat("手番の流れを書きます。\n\n", 24)
	var plain, saver bytes.Buffer
	if err := PDF(&plain, []byte(md), stubCards, WithPaper("card")); err != nil {
		t.Fatal(err)
	}
	if err := PDF(&saver, []byte(md), stubCards, WithPaper("card"), WithInkSaver(true)); err != nil {
		t.Fatal(err)
	}
	raw := qdf(t, plain.Bytes())
	boxes := map[string][][4]float64{}
	for _, m := range boxRe.FindAllStringSubmatch(plain.String(), -1) { // page dictionaries are not compressed
		boxes[m[1]] = append(boxes[m[1]], [4]float64{mm(m[2]), mm(m[3]), mm(m[4]), mm(m[5])})
	}
	if len(boxes["Trim"]) != 2 || len(boxes["Bleed"]) != 2 {
		t.Fatalf("TrimBox %v, BleedBox %v: want one of each on both sides", boxes["Trim"], boxes["Bleed"])
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	trim, bleed := boxes["Trim"][0], boxes["Bleed"][0]
	if !near(trim[2]-trim[0], 63) || !near(trim[3]-trim[1], 88) {
		t.Errorf("TrimBox %v is not 63 × 88 mm", trim)
	}
	for i, d := range []float64{trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]} {
		if !near(d, 3) {
			t.Errorf("bleed on side %d is %.2f mm, want 3", i, d)
		}
	}
	// The frame's fill covers the trim and its bleed.
	filled := false
	for _, m := range fillRe.FindAllStringSubmatch(raw, -1) {
		if near(math.Abs(mm(m[3])), 69) && near(math.Abs(mm(m[4])), 94) {
			filled = true
		}
	}
	if !filled {
		t.Error("no fill over the trim and its bleed")
	}
	for _, m := range fillRe.FindAllStringSubmatch(qdf(t, saver.Bytes()), -1) {
		if near(math.Abs(mm(m[3])), 69) && near(math.Abs(mm(m[4])), 94) {
			t.Error("the ink saver still fills the bleed")
		}
	}
	// Crop marks: strokes wholly outside the bleed, on the lines of the
	// trim and of the bleed, on all four sides.
	var marks int
	on := map[float64]bool{}
	for _, m := range lineRe.FindAllStringSubmatch(raw, -1) {
		x1, y1, x2, y2 := mm(m[1]), mm(m[2]), mm(m[3]), mm(m[4])
		outside := func(x, y float64) bool {
			return x < bleed[0]+0.01 || x > bleed[2]-0.01 || y < bleed[1]+0.01 || y > bleed[3]-0.01
		}
		if !outside(x1, y1) || !outside(x2, y2) {
			continue
		}
		marks++
		for _, v := range []float64{trim[0], trim[2], bleed[0], bleed[2]} {
			if x1 == x2 && near(x1, v) {
				on[v] = true
			}
		}
	}
	if marks < 2*24 || len(on) != 4 {
		t.Errorf("%d crop-mark strokes on the two sides, on %d of the 4 vertical cut and bleed lines; want 24 a side on all 4", marks, len(on))
	}
	if a, b := pdftotext(t, plain.Bytes()), pdftotext(t, saver.Bytes()); a != b || !strings.Contains(a, "手番の流れ") {
		t.Errorf("the ink saver changed the text layer:\n%s\n---\n%s", a, b)
	}
}
