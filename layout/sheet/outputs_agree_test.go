package sheet_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"bifrost/layout/internal/fpdf"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/draw/drawtest"
	"bifrost/layout/testenv"
	"bifrost/layout/text"
	"bifrost/rules"
)

// side is one card face or back of a game, drawn once.
type side struct {
	name string // "valkyrie A01 face"
	list *draw.List
	png  func() (*image.RGBA, error) // the list at 100 dpi, rasterized once
}

// shippedSides holds, by game, allSides' drawing of it: the tests that
// compare the backends draw each game's sides and rasterize them once.
var shippedSides sync.Map // game → func() ([]side, error)

// allSides draws every card design of a game's shipped data, face and back,
// with a version stamp, once for the test binary; the sides are shared,
// so callers must not change them.
func allSides(t *testing.T, game string) []side {
	t.Helper()
	once, _ := shippedSides.LoadOrStore(game, sync.OnceValues(func() ([]side, error) {
		return drawSides(game, cards.Options{Stamp: "git 0123abc 2026-01-01"})
	}))
	sides, err := once.(func() ([]side, error))()
	if err != nil {
		t.Fatal(err)
	}
	return sides
}

// drawSides draws every card design of a game's shipped data, face and
// back, with opt.
func drawSides(game string, opt cards.Options) ([]side, error) {
	res, _, lay, err := loadShipped(game)
	if err != nil {
		return nil, err
	}
	ds, err := cards.DrawAll(res, lay, opt)
	if err != nil {
		return nil, err
	}
	var out []side
	add := func(name string, l *draw.List) {
		out = append(out, side{name, l, sync.OnceValues(func() (*image.RGBA, error) { return l.PNG(100, false) })})
	}
	for _, d := range ds {
		add(fmt.Sprintf("%s %s %s face", game, d.Kind, d.ID), d.Face)
		if d.Back != nil {
			add(fmt.Sprintf("%s %s %s back", game, d.Kind, d.ID), d.Back)
		}
	}
	return out, nil
}

// pdfPages prints the lists through the PDF backend, one page each of the
// list's size with the list at its corner, and reads the pages back with
// pdftoppm at dpi. The pages come back as PPM: pdftoppm spends most of its
// time compressing PNGs, which nothing here needs.
func pdfPages(t *testing.T, lists []*draw.List, dpi int) []image.Image {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "sides.pdf")
	if err := os.WriteFile(path, fpdfDoc(t, lists), 0o644); err != nil {
		t.Fatal(err)
	}
	tool(t, "pdftoppm", "-r", strconv.Itoa(dpi), path, filepath.Join(dir, "p"))
	pages, _ := filepath.Glob(filepath.Join(dir, "p-*.ppm"))
	slices.Sort(pages) // pdftoppm pads the page numbers to one width
	if len(pages) != len(lists) {
		t.Fatalf("pdftoppm wrote %d pages for %d drawings", len(pages), len(lists))
	}
	imgs := make([]image.Image, len(pages))
	for i, p := range pages {
		imgs[i] = drawtest.ReadPPM(t, p)
	}
	return imgs
}

// fpdfDoc prints lists through the PDF backend, one page each of the
// list's size with the list at its corner.
func fpdfDoc(t *testing.T, lists []*draw.List) []byte {
	t.Helper()
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 100, Ht: 100}})
	doc.SetAutoPageBreak(false, 0)
	names := map[*text.Font]string{}
	out := draw.NewPDF(doc, func(f *text.Font) string {
		if _, ok := names[f]; !ok {
			names[f] = "F" + strconv.Itoa(len(names))
		}
		return names[f]
	})
	for _, l := range lists {
		doc.AddPageFormat("P", fpdf.SizeType{Wd: l.W, Ht: l.H})
		out.Draw(l, 0, 0)
	}
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sameSize checks that two renderings of one drawing agree in size to a
// pixel (the backends round the page size differently).
func sameSize(t *testing.T, what string, a, b image.Image) {
	t.Helper()
	da, db := a.Bounds().Size(), b.Bounds().Size()
	if abs(da.X-db.X) > 1 || abs(da.Y-db.Y) > 1 {
		t.Errorf("%s: %v against %v pixels", what, da, db)
	}
}

func abs(n int) int { return max(n, -n) }

// TestPNGMatchesPDF draws every card face and back of the four
// games once, prints the drawings through the PDF backend (read back with
// pdftoppm at 100 dpi) and rasterizes them with the PNG backend at 100
// dpi: every 16-pixel tile must agree (see compareTiles).
func TestPNGMatchesPDF(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) { pngMatchesPDF(t, allSides(t, g.ID)) })
	}
	// Outlined text and shapes: valkyrie's backs with the ink saver, and a
	// face with a DRAFT band (turned text, a translucent fill).
	t.Run("ink saver and draft", func(t *testing.T) {
		drawn, err := drawSides("valkyrie", cards.Options{InkSaver: true, Draft: map[string][]string{"A01": {"Valkyrie!C2", "x"}}})
		if err != nil {
			t.Fatal(err)
		}
		var sides []side
		for _, s := range drawn {
			if strings.HasSuffix(s.name, "back") || strings.Contains(s.name, " A01 ") {
				sides = append(sides, s)
			}
		}
		pngMatchesPDF(t, sides)
	})
}

func pngMatchesPDF(t *testing.T, sides []side) {
	pngMatches(t, sides, "the PDF", func(lists []*draw.List) []image.Image { return pdfPages(t, lists, 100) })
}

// pngMatches compares each side's PNG at 100 dpi, tile by tile, with its
// picture at 100 dpi from another backend (named by other in messages).
func pngMatches(t *testing.T, sides []side, other string, pictures func([]*draw.List) []image.Image) {
	t.Helper()
	lists := make([]*draw.List, len(sides))
	for i, s := range sides {
		lists[i] = s.list
	}
	pics := pictures(lists)
	most := 0.0
	for i, s := range sides {
		img, err := s.png()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		sameSize(t, s.name, pics[i], img)
		bad, worst := drawtest.CompareTiles(pics[i], img)
		if len(bad) > 0 {
			t.Errorf("%s: %d tiles of the PNG differ from %s, the worst at %v by %.1f (allowed %.1f)", s.name, len(bad), other, bad[0].Rectangle, bad[0].Diff, drawtest.Tolerance)
		}
		most = max(most, worst)
	}
	t.Logf("%d sides; the worst tile differs by %.1f", len(sides), most)
}

// TestComparisonCatchesAMissingLine proves the tolerance: the
// PDF of a card against the PNG of the same card with one line of text
// left out fails the comparison, for lines of at least four characters
// of dark text at 7.5 pt or more (the body text, names and cues) on the
// first card of each kind, up to twelve lines a game. Smaller or paler text (5 pt card
// IDs, the 3.5 pt stamp, light captions on a coloured band) hides within
// the tolerance.
func TestComparisonCatchesAMissingLine(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	const most = 12 // lines tried per game
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) {
			lines := 0
			kinds := map[string]bool{}
			for _, sd := range allSides(t, g.ID) {
				kind := strings.Fields(sd.name)[1]
				if lines >= most || kinds[kind] {
					continue
				}
				kinds[kind] = true
				l := sd.list
				page := pdfPages(t, []*draw.List{l}, 100)[0]
				for i, it := range l.Items {
					tx, ok := it.(*draw.Text)
					if !ok || lines >= most {
						continue
					}
					c := tx.Color
					if tx.Mode != draw.TextFill || utf8.RuneCountInString(strings.TrimSpace(tx.S)) < 4 || tx.Size < 7.5 ||
						299*int(c.R)+587*int(c.G)+114*int(c.B) > 100*1000 {
						continue
					}
					lines++
					cut := *l
					cut.Items = slices.Delete(slices.Clone(l.Items), i, i+1)
					img, err := cut.PNG(100, false)
					if err != nil {
						t.Fatal(err)
					}
					if bad, worst := drawtest.CompareTiles(page, img); len(bad) == 0 {
						t.Errorf("%s: leaving out %q (%.1f pt) still passes the comparison (worst tile %.1f, allowed %.1f)", sd.name, tx.S, tx.Size, worst, drawtest.Tolerance)
					}
				}
			}
			if lines == 0 {
				t.Fatal("no line of dark text on any card")
			}
			t.Logf("%d lines each left out in turn", lines)
		})
	}
}

// chromium finds headless Chromium: missing, it skips the test, but fails
// it under CI (CI=true).
func chromium(t *testing.T) string {
	t.Helper()
	return testenv.Tool(t, "chromium", "chromium", "chromium-browser", "google-chrome")
}

// svgShots lays the lists' SVGs out on one HTML page, each at dpi in a cell
// of its own, screenshots the page in headless Chromium and cuts the
// cells out again.
func svgShots(t *testing.T, bin string, lists []*draw.List, dpi float64) []image.Image {
	t.Helper()
	// Shelves: the drawings left to right, a new row when one is full.
	const width = 2400
	at := make([]image.Point, len(lists))
	x, y, rowH, pageW := 0, 0, 0, 0
	for i, l := range lists {
		w, h := int(l.W*dpi/25.4)+2, int(l.H*dpi/25.4)+2
		if x > 0 && x+w > width {
			x, y, rowH = 0, y+rowH, 0
		}
		at[i] = image.Point{x, y}
		x += w
		rowH, pageW = max(rowH, h), max(pageW, x)
	}
	pageH := y + rowH
	var page strings.Builder
	page.WriteString(`<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}div{position:absolute}svg{display:block}</style></head><body>`)
	for i, l := range lists {
		fmt.Fprintf(&page, `<div style="left:%dpx;top:%dpx">`, at[i].X, at[i].Y)
		var b bytes.Buffer
		if err := l.SVG(&b, false); err != nil {
			t.Fatal(err)
		}
		// Size the picture in CSS pixels at dpi; the viewBox stays in mm.
		svg := strings.Replace(b.String(), "<svg ", fmt.Sprintf(`<svg style="width:%.4fpx;height:%.4fpx" `, l.W*dpi/25.4, l.H*dpi/25.4), 1)
		page.WriteString(svg)
		page.WriteString("</div>")
	}
	page.WriteString("</body></html>")
	dir := t.TempDir()
	html := filepath.Join(dir, "sides.html")
	if err := os.WriteFile(html, []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--user-data-dir="+filepath.Join(dir, "profile"),
		fmt.Sprintf("--window-size=%d,%d", pageW, pageH), "--screenshot="+shot, "file://"+html)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	img := drawtest.RGBA(readPNG(t, shot))
	out := make([]image.Image, len(lists))
	for i, l := range lists {
		out[i] = img.SubImage(image.Rectangle{Min: at[i], Max: at[i].Add(image.Pt(int(l.W*dpi/25.4+0.5), int(l.H*dpi/25.4+0.5)))})
	}
	return out
}

// TestSVGMatchesPNG shows every card face and back of the four
// games as SVG in headless Chromium at 100 dpi and compares each with the
// PNG backend's picture, tile by tile.
func TestSVGMatchesPNG(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	bin := chromium(t)
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) {
			pngMatches(t, allSides(t, g.ID), "the SVG in Chromium", func(lists []*draw.List) []image.Image { return svgShots(t, bin, lists, 100) })
		})
	}
}

// TestDrawAllDrawsEachDesignOnce: DrawAll gives every card design
// once, with the copies the PDF prints, its name, sheet and workbook row,
// a face, and a back exactly when its kind has one.
func TestDrawAllDrawsEachDesignOnce(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All().Schemas() {
		res, _, lay := shipped(t, g.ID)
		drawn, err := cards.DrawAll(res, lay, cards.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := cards.NewDeck(res, lay, nil)
		if err != nil {
			t.Fatal(err)
		}
		copies := map[string]int{}
		seen := map[string]bool{}
		for _, c := range drawn {
			copies[c.Kind] += c.Copies
			key := c.Kind + "/" + c.ID
			if seen[key] {
				t.Errorf("%s: %s drawn twice", g.ID, key)
			}
			seen[key] = true
			if c.Face == nil || c.Name == "" || c.Sheet == "" || c.Copies < 1 {
				t.Errorf("%s: %s has face %v, name %q, sheet %q, copies %d", g.ID, key, c.Face != nil, c.Name, c.Sheet, c.Copies)
			}
			if c.ID != c.Kind && c.Row < 2 {
				t.Errorf("%s: %s has workbook row %d", g.ID, key, c.Row)
			}
			if c.Board != (c.Back == nil) && g.ID == "bloodrage" {
				t.Errorf("%s: %s is a board %v with back %v", g.ID, key, c.Board, c.Back != nil)
			}
		}
		for kind, n := range count(d) {
			if copies[kind] != n {
				t.Errorf("%s: DrawAll gives %d copies of %s, the PDF prints %d", g.ID, copies[kind], kind, n)
			}
		}
	}
}

// TestRegionsNameTheElements: each drawing records the boxes of
// its elements by what they show; valkyrie's A01 face has its name, effect
// text (field Text), cost badge, art, icon and footer ID.
func TestRegionsNameTheElements(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: []string{"A01"}})
	if err != nil {
		t.Fatal(err)
	}
	l := drawn[0].Face
	roles := map[string]draw.Region{}
	for _, r := range l.Regions {
		roles[r.Role] = r
		if r.X < 0 || r.Y < 0 || r.X+r.W > l.W+1e-9 || r.Y+r.H > l.H+1e-9 {
			t.Errorf("region %s %v lies outside the %g × %g mm drawing", r.Role, r, l.W, l.H)
		}
	}
	for _, want := range []string{"name", "text", "cost", "art", "id", "icon:資金"} {
		if _, ok := roles[want]; !ok {
			t.Errorf("no %q region among %v", want, l.Regions)
		}
	}
	if n := roles["name"]; n.Y > roles["art"].Y {
		t.Errorf("the name (y %g) is below the art (y %g)", n.Y, roles["art"].Y)
	}
}

// TestSVGIsStandalone: the SVG parses as XML, is sized in mm,
// crops the bleed when trimmed, sets text as <text> in a font stack that
// starts with the layout's font, and carries the card art as a data: URI.
func TestSVGIsStandalone(t *testing.T) {
	t.Parallel()
	needFonts(t, "BIZ UDPGothic")
	res, _, lay := shipped(t, "valkyrie")
	art := t.TempDir()
	writePNG(t, filepath.Join(art, "A01.png"))
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: []string{"A01"}, ArtDir: art})
	if err != nil {
		t.Fatal(err)
	}
	l := drawn[0].Face
	for _, trim := range []bool{false, true} {
		var b bytes.Buffer
		if err := l.SVG(&b, trim); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			XMLName xml.Name
			Width   string   `xml:"width,attr"`
			ViewBox string   `xml:"viewBox,attr"`
			Texts   []string `xml:"text"`
			Images  []struct {
				Href string `xml:"href,attr"`
			} `xml:"g>image"`
		}
		if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("trim %v: not XML: %v", trim, err)
		}
		w, box := fmt.Sprintf("%gmm", l.W), fmt.Sprintf("0 0 %g %g", l.W, l.H)
		if trim {
			w, box = fmt.Sprintf("%gmm", l.W-2*l.Bleed), fmt.Sprintf("%g %g %g %g", l.Bleed, l.Bleed, l.W-2*l.Bleed, l.H-2*l.Bleed)
		}
		if doc.XMLName.Local != "svg" || doc.Width != w || doc.ViewBox != box {
			t.Errorf("trim %v: <%s width=%q viewBox=%q>, want width %q viewBox %q", trim, doc.XMLName.Local, doc.Width, doc.ViewBox, w, box)
		}
		if !slices.Contains(doc.Texts, drawn[0].Name) {
			t.Errorf("trim %v: no <text> %q among %q", trim, drawn[0].Name, doc.Texts)
		}
		if !strings.Contains(b.String(), "font-family:'BIZ UDPGothic',") {
			t.Errorf("trim %v: the font stack does not start with the layout's font", trim)
		}
		if len(doc.Images) != 1 || !strings.HasPrefix(doc.Images[0].Href, "data:image/png;base64,") {
			t.Errorf("trim %v: images %v, want the art as one data: URI", trim, doc.Images)
		}
	}
}

// TestPNGSizeAndTrim: the PNG is the drawing at dpi, bleed
// included or trimmed away, and the same drawing gives the same pixels
// and the same SVG bytes twice.
func TestPNGSizeAndTrim(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "valkyrie")
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: []string{"A01"}})
	if err != nil {
		t.Fatal(err)
	}
	l := drawn[0].Face
	full, err := l.PNG(300, false)
	if err != nil {
		t.Fatal(err)
	}
	trim, err := l.PNG(300, true)
	if err != nil {
		t.Fatal(err)
	}
	px := func(mm float64) int { return int(math.Round(mm * 300 / 25.4)) }
	if got, want := full.Bounds().Size(), (image.Point{px(l.W), px(l.H)}); got != want {
		t.Errorf("full PNG %v, want %v", got, want)
	}
	if got, want := trim.Bounds().Size(), (image.Point{px(l.W - 2*l.Bleed), px(l.H - 2*l.Bleed)}); got != want {
		t.Errorf("trimmed PNG %v, want %v", got, want)
	}
	// The trimmed picture is the full one less the bleed, pixel for pixel.
	off := px(l.Bleed)
	inner := drawtest.RGBA(full.SubImage(image.Rect(off, off, off+trim.Rect.Dx(), off+trim.Rect.Dy())))
	if !bytes.Equal(inner.Pix, trim.Pix) {
		t.Error("the trimmed PNG is not the full one less the bleed")
	}
	again, _ := l.PNG(300, false)
	if !bytes.Equal(full.Pix, again.Pix) {
		t.Error("the same drawing rasterized twice differs")
	}
	var s1, s2 bytes.Buffer
	l.SVG(&s1, false)
	l.SVG(&s2, false)
	if !bytes.Equal(s1.Bytes(), s2.Bytes()) {
		t.Error("the same drawing gives two SVGs")
	}
}
