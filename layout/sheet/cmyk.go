package sheet

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"io"
	"math"
	"regexp"
	"strconv"
)

// CMYK is the naive conversion of an sRGB colour (each component 0–1) to
// process colours, with no colour management: black is all K,
//
//	k = 1 − max(r, g, b),  c = (1 − r − k) / (1 − k),
//	m = (1 − g − k) / (1 − k),  y = (1 − b − k) / (1 − k)
//
// (c = m = y = 0 when k = 1). A print shop's profile would give other,
// usually duller, inks; this keeps greys and black on K alone.
func CMYK(r, g, b float64) (c, m, y, k float64) {
	k = 1 - math.Max(r, math.Max(g, b))
	if k >= 1 {
		return 0, 0, 0, 1
	}
	return (1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k
}

// The colour operators fpdf writes in page contents: three components
// and rg (fill) or RG (stroke), or one and g or G for a grey.
var (
	rgbOp  = regexp.MustCompile(`(^|\s)([\d.]+) ([\d.]+) ([\d.]+) (rg|RG)\b`)
	grayOp = regexp.MustCompile(`(^|\s)([\d.]+) (g|G)\b`)
)

// cmykContent rewrites a page content stream's colours as DeviceCMYK:
// rg and g become k, RG and G become K. Text in strings is left alone.
func cmykContent(data []byte) []byte {
	var out []byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "(<")
		if i < 0 {
			i = len(data)
		}
		out = append(out, cmykOperators(data[:i])...)
		data = data[i:]
		if len(data) == 0 {
			break
		}
		n := stringLen(data)
		out = append(out, data[:n]...)
		data = data[n:]
	}
	return out
}

// stringLen is the length of the string that data starts with: a literal
// string in balanced parentheses (with backslash escapes) or a hex string
// in angle brackets; a dictionary's << is two bytes.
func stringLen(data []byte) int {
	if data[0] == '<' {
		if len(data) > 1 && data[1] == '<' {
			return 2
		}
		if end := bytes.IndexByte(data, '>'); end >= 0 {
			return end + 1
		}
		return len(data)
	}
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(data)
}

// cmykOperators rewrites the colour operators of content outside strings.
func cmykOperators(data []byte) []byte {
	num := func(b []byte) float64 { v, _ := strconv.ParseFloat(string(b), 64); return v }
	op := func(stroke bool) string {
		if stroke {
			return "K"
		}
		return "k"
	}
	data = rgbOp.ReplaceAllFunc(data, func(m []byte) []byte {
		s := rgbOp.FindSubmatch(m)
		c, mg, y, k := CMYK(num(s[2]), num(s[3]), num(s[4]))
		return fmt.Appendf(nil, "%s%.3f %.3f %.3f %.3f %s", s[1], c, mg, y, k, op(s[5][0] == 'R'))
	})
	return grayOp.ReplaceAllFunc(data, func(m []byte) []byte {
		s := grayOp.FindSubmatch(m)
		return fmt.Appendf(nil, "%s0 0 0 %.3f %s", s[1], 1-num(s[2]), op(s[3][0] == 'G'))
	})
}

// The parts of an image XObject fpdf wrote that cmykImage reads.
var (
	imageDict   = regexp.MustCompile(`(?s)^(\d+) 0 obj\n<</Type /XObject\n/Subtype /Image\n(.*?)/Length (\d+)>>\nstream\n`)
	imageWidth  = regexp.MustCompile(`/Width (\d+)\n`)
	imageHeight = regexp.MustCompile(`/Height (\d+)\n`)
	indexedRGB  = regexp.MustCompile(`/ColorSpace \[/Indexed /DeviceRGB (\d+) (\d+) 0 R\]`)
	predictor   = regexp.MustCompile(`/DecodeParms <</Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns \d+>>\n`)
)

// cmykImage rewrites an image XObject fpdf wrote in DeviceRGB as
// DeviceCMYK, each pixel converted by CMYK: a PNG's pixels (Flate with
// PNG predictors) or a JPEG's (decoded) are stored again Flate-compressed;
// an indexed PNG keeps its pixels and has its palette, object pal,
// converted (cmykPalette). Other objects, grey and CMYK images are
// returned as they are, with pal 0.
func cmykImage(seg []byte) (out []byte, pal int, err error) {
	m := imageDict.FindSubmatchIndex(seg)
	if m == nil {
		return seg, 0, nil
	}
	dict := seg[m[4]:m[5]]
	if im := indexedRGB.FindSubmatch(dict); im != nil {
		pal, _ = strconv.Atoi(string(im[2]))
		return bytes.Replace(seg, []byte("/Indexed /DeviceRGB"), []byte("/Indexed /DeviceCMYK"), 1), pal, nil
	}
	if !bytes.Contains(dict, []byte("/ColorSpace /DeviceRGB\n")) {
		return seg, 0, nil
	}
	w, _ := strconv.Atoi(string(imageWidth.FindSubmatch(dict)[1]))
	h, _ := strconv.Atoi(string(imageHeight.FindSubmatch(dict)[1]))
	n, _ := strconv.Atoi(string(seg[m[6]:m[7]]))
	data := seg[m[1] : m[1]+n]
	var rgb []byte
	switch {
	case bytes.Contains(dict, []byte("/Filter /DCTDecode\n")):
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, 0, err
		}
		rgb = rgbPixels(img)
	case bytes.Contains(dict, []byte("/Filter /FlateDecode\n")) && predictor.Match(dict):
		zr, err := zlib.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, 0, err
		}
		rows, err := io.ReadAll(zr)
		if err != nil {
			return nil, 0, err
		}
		if rgb, err = unfilter(rows, w, h, 3); err != nil {
			return nil, 0, err
		}
	default:
		return nil, 0, fmt.Errorf("cards: cannot convert an image with %q to CMYK", dict) // a programmer's error: fpdf wrote another kind
	}
	cmyk := make([]byte, 0, w*h*4)
	for i := 0; i+2 < len(rgb); i += 3 {
		cmyk = appendCMYK(cmyk, rgb[i], rgb[i+1], rgb[i+2])
	}
	var packed bytes.Buffer
	zw := zlib.NewWriter(&packed)
	zw.Write(cmyk)
	if err := zw.Close(); err != nil {
		return nil, 0, err
	}
	dict = predictor.ReplaceAll(dict, nil)
	dict = bytes.Replace(dict, []byte("/ColorSpace /DeviceRGB\n"), []byte("/ColorSpace /DeviceCMYK\n"), 1)
	dict = bytes.Replace(dict, []byte("/Filter /DCTDecode\n"), []byte("/Filter /FlateDecode\n"), 1)
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s 0 obj\n<</Type /XObject\n/Subtype /Image\n%s/Length %d>>\nstream\n", seg[m[2]:m[3]], dict, packed.Len())
	b.Write(packed.Bytes())
	b.Write(seg[m[1]+n:])
	return b.Bytes(), 0, nil
}

// cmykPalette converts an indexed image's palette, r g b per entry, to
// c m y k per entry.
func cmykPalette(rgb []byte) []byte {
	out := make([]byte, 0, len(rgb)/3*4)
	for i := 0; i+2 < len(rgb); i += 3 {
		out = appendCMYK(out, rgb[i], rgb[i+1], rgb[i+2])
	}
	return out
}

// appendCMYK appends the CMYK of one 8-bit RGB pixel.
func appendCMYK(out []byte, r, g, b byte) []byte {
	c, m, y, k := CMYK(float64(r)/255, float64(g)/255, float64(b)/255)
	q := func(v float64) byte { return byte(math.Round(v * 255)) }
	return append(out, q(c), q(m), q(y), q(k))
}

// rgbPixels lists an image's pixels as r g b bytes, row by row: the image
// drawn once into RGBA (a JPEG's YCbCr by the arithmetic of its At), then
// each pixel's alpha dropped in place.
func rgbPixels(img image.Image) []byte {
	rgba := image.NewRGBA(image.Rectangle{Max: img.Bounds().Size()})
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	pix, n := rgba.Pix, 0
	for i := 0; i < len(pix); i += 4 {
		pix[n], pix[n+1], pix[n+2] = pix[i], pix[i+1], pix[i+2]
		n += 3
	}
	return pix[:n]
}

// unfilter undoes the PNG row filters of h rows of w pixels of bpp bytes
// each, every row led by its filter type.
func unfilter(data []byte, w, h, bpp int) ([]byte, error) {
	stride := w * bpp
	if len(data) < h*(stride+1) {
		return nil, fmt.Errorf("cards: an image's data is short: %d bytes for %d × %d", len(data), w, h)
	}
	out := make([]byte, h*stride)
	prev := make([]byte, stride)
	for y := range h {
		ft, row := data[y*(stride+1)], data[y*(stride+1)+1:(y+1)*(stride+1)]
		cur := out[y*stride : (y+1)*stride]
		for i := range stride {
			var a, c byte
			if i >= bpp {
				a, c = cur[i-bpp], prev[i-bpp]
			}
			b := prev[i]
			switch ft {
			case 0:
				cur[i] = row[i]
			case 1:
				cur[i] = row[i] + a
			case 2:
				cur[i] = row[i] + b
			case 3:
				cur[i] = row[i] + byte((int(a)+int(b))/2)
			case 4:
				cur[i] = row[i] + paeth(a, b, c)
			default:
				return nil, fmt.Errorf("cards: PNG row filter %d", ft)
			}
		}
		prev = cur
	}
	return out, nil
}

func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(n int) int { return max(n, -n) }
