package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/layout/cards"
	"bifrost/layout/draw/drawtest"
	"bifrost/layout/spec"
)

// TestCardsPNG_OnePicturePerSideOfEveryCopyAsThePerCardPDFPrintsIt:
// cards --png writes a face and a back for every copy the workbook asks
// for, named by kind, ID and copy; each is the trim plus the bleed at the
// dpi asked (300 unless told, stated in the file), and it shows what the
// per-card PDF prints inside its bleed box, read back with pdftoppm.
func TestCardsPNG_OnePicturePerSideOfEveryCopyAsThePerCardPDFPrintsIt(t *testing.T) {
	t.Parallel()
	pdftoppm := needTool(t, "pdftoppm", "poppler-utils")
	src, out, pics := copySrc(t), t.TempDir(), t.TempDir()
	only := []string{"A01", "B07"}
	// 254 dpi puts the per-card PDF's bleed box (12 mm in) on whole pixels.
	r := bifrost(t, "cards", "valkyrie", "--src", src, "--out", out, "--per-card", "--only", "A01,B07", "--png", pics, "--dpi", "254")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	g := definition(t, "valkyrie").Schema
	painted, err := printout.Paint(shippedSrc, g, loadShipped(t, g), cards.Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	lay := painted.Layout
	var want []string
	sizes := map[string]spec.Size{}
	for _, d := range painted.Drawn {
		if !slices.Contains(only, d.ID) {
			continue
		}
		for c := 1; c <= d.Copies; c++ {
			want = append(want, fmt.Sprintf("%s-%s-%d-back.png", d.Kind, d.ID, c), fmt.Sprintf("%s-%s-%d-face.png", d.Kind, d.ID, c))
		}
		for _, k := range lay.Kinds {
			if k.Name == d.Kind {
				sizes[d.ID] = k.Size
			}
		}
	}
	got, _ := filepath.Glob(filepath.Join(pics, "*.png"))
	for i := range got {
		got[i] = filepath.Base(got[i])
	}
	slices.Sort(want)
	if len(want) < 4 || !slices.Equal(got, want) {
		t.Fatalf("--png wrote %v, want %v (each copy's face and back)", got, want)
	}
	for _, tt := range []struct{ id, pic, pdf, page string }{
		{"A01", "Assist-A01-1-face.png", "Assist-A01.pdf", "1"},
		{"B07", "Battle-B07-6-back.png", "Battle-B07.pdf", "2"},
	} {
		img := readPNG(t, filepath.Join(pics, tt.pic))
		s := sizes[tt.id]
		wantW, wantH := int(math.Round((s.W+2*lay.Bleed)*254/25.4)), int(math.Round((s.H+2*lay.Bleed)*254/25.4))
		if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
			t.Errorf("%s is %d × %d pixels, want %d × %d (trim plus bleed at 254 dpi)", tt.pic, b.Dx(), b.Dy(), wantW, wantH)
		}
		page := tt.page
		ref := filepath.Join(t.TempDir(), "ref")
		args := []string{"-r", "254", "-f", page, "-l", page, "-singlefile", "-x", "120", "-y", "120", "-W", strconv.Itoa(wantW), "-H", strconv.Itoa(wantH),
			filepath.Join(out, "valkyrie", "cards", tt.pdf), ref}
		if msg, err := exec.Command(pdftoppm, args...).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v\n%s", err, msg)
		}
		bad, worst := drawtest.CompareTiles(drawtest.ReadPPM(t, ref+".ppm"), img)
		if len(bad) > 0 {
			t.Errorf("%s: %d tiles differ from page %s of %s, the worst at %v by %.1f (allowed %.1f)", tt.pic, len(bad), page, tt.pdf, bad[0].Rectangle, bad[0].Diff, drawtest.Tolerance)
		}
		t.Logf("%s: the worst tile differs by %.1f", tt.pic, worst)
	}

	// Unless told, 300 dpi, stated in the file's pHYs chunk.
	pics300 := t.TempDir()
	if r := bifrost(t, "cards", "valkyrie", "--src", src, "--out", out, "--only", "A01", "--png", pics300); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(pics300, "Assist-A01-1-face.png"))
	if err != nil {
		t.Fatal(err)
	}
	s := sizes["A01"]
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if w, h := int(math.Round((s.W+2*lay.Bleed)*300/25.4)), int(math.Round((s.H+2*lay.Bleed)*300/25.4)); err != nil || cfg.Width != w || cfg.Height != h {
		t.Errorf("the default picture is %d × %d (%v), want %d × %d at 300 dpi", cfg.Width, cfg.Height, err, w, h)
	}
	phys := bytes.Index(data, []byte("pHYs"))
	if phys < 0 || binary.BigEndian.Uint32(data[phys+4:]) != 11811 || data[phys+12] != 1 {
		t.Errorf("the PNG does not state 300 dpi (11811 pixels a metre) in a pHYs chunk")
	}
}

// TestCardsCutSVG_OneFilePerSheetBesideThePDF: cards --cut-svg writes one
// SVG of cut lines per sheet of cards.pdf, named by game and sheet, each a
// page of the paper's size in mm.
func TestCardsCutSVG_OneFilePerSheetBesideThePDF(t *testing.T) {
	t.Parallel()
	src, out, cuts := copySrc(t), t.TempDir(), t.TempDir()
	if r := bifrost(t, "cards", "valkyrie", "--src", src, "--out", out, "--only", "A01,B07", "--faces-only", "--cut-svg", cuts, "--paper", "letter"); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	// Faces only and no boards: one page a sheet.
	sheets, _ := strconv.Atoi(pdfPages(t, filepath.Join(out, "valkyrie", "cards.pdf")))
	got, _ := filepath.Glob(filepath.Join(cuts, "*.svg"))
	var want []string
	for i := range sheets {
		want = append(want, filepath.Join(cuts, fmt.Sprintf("valkyrie-sheet-%02d.svg", i+1)))
	}
	if len(want) < 2 || !slices.Equal(got, want) {
		t.Fatalf("--cut-svg wrote %d files, want %d: %v", len(got), len(want), want)
	}
	data, err := os.ReadFile(want[0])
	if err != nil || !bytes.Contains(data, []byte(`width="215.9mm" height="279.4mm" viewBox="0 0 215.9 279.4"`)) {
		t.Errorf("%s is not a Letter page in mm (%v):\n%.300s", want[0], err, data)
	}
}

// TestCardsCMYK_EveryColourAndArtImageIsDeviceCMYK prints three nastrond
// cards with art (a PNG with transparency, a JPEG, an indexed PNG) with
// --cmyk, as sheets and as per-card PDFs: qpdf finds the files sound, the
// pages set their colours with k and K only (no rg or RG), and every
// art image is CMYK (the indexed one over a CMYK palette).
func TestCardsCMYK_EveryColourAndArtImageIsDeviceCMYK(t *testing.T) {
	t.Parallel()
	qpdf := needTool(t, "qpdf", "qpdf")
	pdfimages := needTool(t, "pdfimages", "poppler-utils")
	src, out := copySrc(t), t.TempDir()
	art := filepath.Join(src, "art")
	os.Mkdir(art, 0o755)
	rgba := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	pal := image.NewPaletted(image.Rect(0, 0, 40, 30), color.Palette{color.RGBA{200, 30, 40, 255}, color.RGBA{10, 120, 250, 255}})
	for y := range 30 {
		for x := range 40 {
			rgba.Set(x, y, color.NRGBA{uint8(6 * x), 90, uint8(8 * y), uint8(255 - 3*x)})
			pal.SetColorIndex(x, y, uint8((x/8+y/8)%2))
		}
	}
	for name, enc := range map[string]func(w *os.File) error{
		"E1-01.png": func(w *os.File) error { return png.Encode(w, rgba) },
		"E1-02.jpg": func(w *os.File) error { return jpeg.Encode(w, rgba, nil) },
		"E1-03.png": func(w *os.File) error { return png.Encode(w, pal) },
	} {
		f, err := os.Create(filepath.Join(art, name))
		if err == nil {
			err = enc(f)
			f.Close()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, extra := range [][]string{nil, {"--per-card"}} {
		args := append([]string{"cards", "nastrond", "--src", src, "--out", out, "--cmyk", "--only", "E1-01,E1-02,E1-03"}, extra...)
		if r := bifrost(t, args...); r.code != 0 {
			t.Fatalf("%v: exit %d\n%s", extra, r.code, r.stderr)
		}
	}
	pdfs, _ := filepath.Glob(filepath.Join(out, "nastrond", "cards", "*.pdf"))
	pdfs = append(pdfs, filepath.Join(out, "nastrond", "cards.pdf"))
	if len(pdfs) != 4 {
		t.Fatalf("wrote %v, want cards.pdf and three per-card PDFs", pdfs)
	}
	rgbOp := regexp.MustCompile(`(?m)(^|\s)[\d.]+ [\d.]+ [\d.]+ (rg|RG)\b`)
	cmykOp := regexp.MustCompile(`(?m)(^|\s)[\d.]+ [\d.]+ [\d.]+ [\d.]+ (k|K)\b`)
	for _, p := range pdfs {
		if msg, err := exec.Command(qpdf, "--check", p).CombinedOutput(); err != nil {
			t.Errorf("qpdf --check %s: %v\n%s", p, err, msg)
		}
		qdf := filepath.Join(t.TempDir(), "qdf.pdf")
		if msg, err := exec.Command(qpdf, "--qdf", "--object-streams=disable", p, qdf).CombinedOutput(); err != nil {
			t.Fatalf("qpdf --qdf: %v\n%s", err, msg)
		}
		raw, _ := os.ReadFile(qdf)
		if m := rgbOp.Find(raw); m != nil {
			t.Errorf("%s: an RGB colour operator %q", filepath.Base(p), m)
		}
		if !cmykOp.Match(raw) {
			t.Errorf("%s: no CMYK colour operator", filepath.Base(p))
		}
		list, err := exec.Command(pdfimages, "-list", p).Output()
		if err != nil {
			t.Fatal(err)
		}
		images := 0
		for _, line := range strings.Split(string(list), "\n")[2:] {
			f := strings.Fields(line)
			if len(f) < 6 || f[2] == "smask" {
				continue
			}
			images++
			if f[5] != "cmyk" && f[5] != "index" {
				t.Errorf("%s: an image in %s:\n%s", filepath.Base(p), f[5], line)
			}
		}
		if images == 0 {
			t.Errorf("%s: no art image printed", filepath.Base(p))
		}
	}
}
