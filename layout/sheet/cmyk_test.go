package sheet

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf16"

	"bifrost/layout/internal/fpdf"
	"bifrost/layout/text"
)

// TestCMYK_IsTheNaiveConversion: k is 1 − max(r, g, b) and c, m, y what
// is left of each channel; greys and black are K alone.
func TestCMYK_IsTheNaiveConversion(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ r, g, b, c, m, y, k float64 }{
		{0, 0, 0, 0, 0, 0, 1},
		{1, 1, 1, 0, 0, 0, 0},
		{0.5, 0.5, 0.5, 0, 0, 0, 0.5},
		{1, 0, 0, 0, 1, 1, 0},
		{0.2, 0.4, 0.8, 0.75, 0.5, 0, 0.2},
	} {
		c, m, y, k := CMYK(tt.r, tt.g, tt.b)
		for i, v := range [][2]float64{{c, tt.c}, {m, tt.m}, {y, tt.y}, {k, tt.k}} {
			if math.Abs(v[0]-v[1]) > 1e-9 {
				t.Errorf("CMYK(%g, %g, %g) component %d is %g, want %g", tt.r, tt.g, tt.b, i, v[0], v[1])
			}
		}
	}
}

// TestCMYKOutput_ConvertsEveryColourAndImage prints rectangles, a line,
// text and three images (a PNG with transparency, an indexed PNG, a
// JPEG) with cmyk set: the page has no RGB or grey colour operator left,
// only k and K, each of the right inks; every image is DeviceCMYK (the
// indexed one over a CMYK palette) and turns back into its own pixels;
// a page's transparency group blends in DeviceCMYK.
// Without cmyk the same document keeps its rg.
func TestCMYKOutput_ConvertsEveryColourAndImage(t *testing.T) {
	t.Parallel()
	rgba := image.NewNRGBA(image.Rect(0, 0, 5, 4))
	pal := image.NewPaletted(image.Rect(0, 0, 5, 4), color.Palette{color.RGBA{200, 30, 40, 255}, color.RGBA{10, 120, 250, 255}, color.RGBA{128, 128, 128, 255}})
	ycc := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			if x < 5 && y < 4 {
				rgba.Set(x, y, color.NRGBA{uint8(40 * x), uint8(60 * y), 200, uint8(255 - 30*x)})
				pal.SetColorIndex(x, y, uint8((x+y)%3))
			}
			ycc.Set(x, y, color.RGBA{uint8(16 * x), 90, uint8(16 * y), 255})
		}
	}
	var pngA, pngP, jpg bytes.Buffer
	png.Encode(&pngA, rgba)
	png.Encode(&pngP, pal)
	jpeg.Encode(&jpg, ycc, &jpeg.Options{Quality: 100})
	wantJPEG, _ := jpeg.Decode(bytes.NewReader(jpg.Bytes()))

	doc := func(cmyk bool) []byte {
		pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 100, Ht: 100}})
		pdf.SetCatalogSort(true) // as newPDF: resources in a fixed order, the same bytes every run
		setOutput(pdf, cmyk)
		pdf.AddUTF8FontFromBytes("body", "", text.Default().Data)
		pdf.AddPage()
		pdf.SetFillColor(51, 102, 204)
		pdf.SetDrawColor(255, 0, 0)
		pdf.Rect(10, 10, 20, 20, "FD")
		pdf.SetFillColor(128, 128, 128)
		pdf.SetAlpha(0.5, "Normal") // a page with a transparency group, as the DRAFT band makes
		pdf.Rect(40, 10, 20, 20, "F")
		pdf.SetAlpha(1, "Normal")
		pdf.SetDrawColor(0, 0, 0)
		pdf.Line(10, 40, 90, 40)
		pdf.SetFont("body", "", 10)
		pdf.SetTextColor(0, 153, 51)
		pdf.Text(10, 50, "0.2 0.4 0.6 rg")
		for i, img := range []struct {
			name, kind string
			data       []byte
		}{{"a", "PNG", pngA.Bytes()}, {"p", "PNG", pngP.Bytes()}, {"j", "JPG", jpg.Bytes()}} {
			pdf.RegisterImageOptionsReader(img.name, fpdf.ImageOptions{ImageType: img.kind}, bytes.NewReader(img.data))
			pdf.ImageOptions(img.name, 10+float64(i)*25, 60, 20, 16, false, fpdf.ImageOptions{ImageType: img.kind}, 0, "")
		}
		var b bytes.Buffer
		if err := pdf.Output(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	plain := doc(false)
	if streams := pdfStreams(t, plain); !bytes.Contains(streams[0].data, []byte(" rg")) {
		t.Fatalf("without --cmyk the page has no rg:\n%s", streams[0].data)
	}
	converted := doc(true)
	if bytes.Contains(converted, []byte("DeviceRGB")) {
		t.Error("a DeviceRGB colour space is left (an image's, or a transparency group's)")
	}
	if !bytes.Contains(converted, []byte("/Group <</Type /Group /S /Transparency /CS /DeviceCMYK>>")) {
		t.Error("the page's transparency group does not blend in DeviceCMYK")
	}
	streams := pdfStreams(t, converted)
	page := streams[0].data
	for _, op := range []string{" rg\n", " RG\n", " g\n", " G\n", " rg ", " RG ", " g ", " G "} {
		if bytes.Contains(page, []byte(op)) {
			t.Errorf("the page still has the operator %q:\n%s", op, page)
		}
	}
	for _, want := range []string{
		"0.750 0.500 0.000 0.200 k",              // 51 102 204
		"0.000 1.000 1.000 0.000 K",              // red
		"0 0 0 0.498 k",                          // grey 128
		"0 0 0 1.000 K",                          // black
		"1.000 0.000 0.667 0.400 k",              // 0 153 51
		"(" + utf16BE("0.2 0.4 0.6 rg") + ") Tj", // text is not an operator
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	back := func(p []byte) [3]int { // CMYK bytes to RGB: r = (1 − c)(1 − k)
		var out [3]int
		for i := range 3 {
			out[i] = int(math.Round(255 * (1 - float64(p[i])/255) * (1 - float64(p[3])/255)))
		}
		return out
	}
	near := func(got [3]int, c color.Color, tol int) bool {
		r, g, b, _ := c.RGBA()
		want := [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
		for i := range 3 {
			if abs(got[i]-want[i]) > tol {
				return false
			}
		}
		return true
	}
	var images, palettes int
	for _, s := range streams {
		if !bytes.Contains(s.dict, []byte("/Subtype /Image")) || bytes.Contains(s.dict, []byte("/DeviceGray")) {
			continue
		}
		images++
		w, _ := strconv.Atoi(string(regexp.MustCompile(`/Width (\d+)`).FindSubmatch(s.dict)[1]))
		switch {
		case bytes.Contains(s.dict, []byte("/Indexed /DeviceCMYK")):
			ref := regexp.MustCompile(`/Indexed /DeviceCMYK \d+ (\d+) 0 R`).FindSubmatch(s.dict)
			n, _ := strconv.Atoi(string(ref[1]))
			for _, p := range streams {
				if p.obj != n {
					continue
				}
				palettes++
				for i, c := range pal.Palette {
					if got := back(p.data[4*i:]); !near(got, c, 1) {
						t.Errorf("palette entry %d turns back into %v, want %v", i, got, c)
					}
				}
			}
		case bytes.Contains(s.dict, []byte("/ColorSpace /DeviceCMYK")):
			want := image.Image(rgba)
			if w == 16 {
				want = wantJPEG
			}
			b := want.Bounds()
			if len(s.data) != 4*b.Dx()*b.Dy() {
				t.Fatalf("a %d-wide image has %d bytes of CMYK for %v", w, len(s.data), b)
			}
			for y := range b.Dy() {
				for x := range b.Dx() {
					c := want.At(x, y)
					if n, ok := c.(color.NRGBA); ok {
						c = color.RGBA{n.R, n.G, n.B, 255} // the alpha is the soft mask's
					}
					if got := back(s.data[4*(y*b.Dx()+x):]); !near(got, c, 1) {
						t.Fatalf("a %d-wide image's pixel (%d, %d) turns back into %v, want %v", w, x, y, got, c)
					}
				}
			}
		default:
			t.Errorf("an image is not in CMYK: %s", s.dict)
		}
	}
	if images != 3 || palettes != 1 {
		t.Errorf("%d images in CMYK (%d palettes), want 3 (1)", images, palettes)
	}
}

// TestRGBPixels_AreEachPixelAsAtGivesIt: the pixels of a decoded JPEG, at
// every chroma subsampling, and of an image with its own colour model
// whose bounds do not start at the origin, come out as At gives them,
// byte for byte, row by row.
func TestRGBPixels_AreEachPixelAsAtGivesIt(t *testing.T) {
	t.Parallel()
	var imgs []image.Image
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410} {
		ycc := image.NewYCbCr(image.Rect(0, 0, 13, 7), ratio)
		for i := range ycc.Y {
			ycc.Y[i] = uint8(37 * i)
		}
		for i := range ycc.Cb {
			ycc.Cb[i], ycc.Cr[i] = uint8(255-29*i), uint8(61*i)
		}
		imgs = append(imgs, ycc)
	}
	nrgba := image.NewNRGBA(image.Rect(3, 2, 9, 6))
	for i := range nrgba.Pix {
		nrgba.Pix[i] = uint8(53 * i)
	}
	imgs = append(imgs, nrgba)
	for _, img := range imgs {
		b := img.Bounds()
		var want []byte
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				want = append(want, byte(r>>8), byte(g>>8), byte(bl>>8))
			}
		}
		if got := rgbPixels(img); !bytes.Equal(got, want) {
			t.Errorf("%T %v: rgbPixels gives\n%v\nwant\n%v", img, b, got, want)
		}
	}
}

// stream is one stream object of a PDF output wrote, its data inflated.
type stream struct {
	obj        int
	dict, data []byte
}

var streamObj = regexp.MustCompile(`(?s)(\d+) 0 obj\n<<(.*?)/Length (\d+)>>\nstream\n`)

// pdfStreams lists the stream objects of pdf in file order, inflating
// those with /FlateDecode.
func pdfStreams(t *testing.T, pdf []byte) []stream {
	t.Helper()
	var out []stream
	for _, m := range streamObj.FindAllSubmatchIndex(pdf, -1) {
		obj, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
		n, _ := strconv.Atoi(string(pdf[m[6]:m[7]]))
		s := stream{obj: obj, dict: pdf[m[4]:m[5]], data: pdf[m[1] : m[1]+n]}
		if bytes.Contains(s.dict, []byte("/FlateDecode")) && !bytes.Contains(s.dict, []byte("/Predictor")) {
			zr, err := zlib.NewReader(bytes.NewReader(s.data))
			if err != nil {
				t.Fatalf("object %d: %v", obj, err)
			}
			if s.data, err = io.ReadAll(zr); err != nil {
				t.Fatalf("object %d: %v", obj, err)
			}
		}
		out = append(out, s)
	}
	return out
}

// utf16BE is s as fpdf writes text in a page's content.
func utf16BE(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}
