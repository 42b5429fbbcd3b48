package sheet

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"bifrost/layout/internal/fpdf"
)

// A card PDF is written in bounded memory: fpdf deflates each page's
// content when the page is finished, with cmyk its colours converted
// first (cmykContent), and writes the document out object by object, each
// object through objects.filter. The output is as deterministic as fpdf's
// own.

var zlibPool = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	return w
}}

var (
	catalog      = []byte("/Type /Catalog\n")
	printScaling = []byte("/Type /Catalog\n/ViewerPreferences <</PrintScaling /None>>\n")
)

// deflatedHead starts a page's content and an indexed image's palette, the
// streams fpdf deflates itself.
var deflatedHead = regexp.MustCompile(`^(\d+) 0 obj\n<</Filter /FlateDecode /Length (\d+)>>\nstream\n`)

// plainHead starts a stream fpdf leaves uncompressed whose dictionary is a
// bare <</Length n>> (a font's ToUnicode map): filter deflates it.
var plainHead = regexp.MustCompile(`^(\d+) 0 obj\n<</Length (\d+)>>\nstream\n`)

// objects rewrites a card PDF's objects as fpdf writes them: the catalog
// asks viewers to print at actual size, and with cmyk every colour is
// DeviceCMYK, converted by CMYK: the images, the palettes and the pages'
// transparency groups (the page contents are converted as each page is
// finished).
type objects struct {
	cmyk     bool
	palettes map[int]bool // the palettes of the indexed images written so far
}

// setOutput has pdf write its pages and objects as a card PDF, with cmyk
// in DeviceCMYK.
func setOutput(pdf *fpdf.Fpdf, cmyk bool) {
	pdf.SetCompression(true)
	o := &objects{cmyk: cmyk, palettes: map[int]bool{}}
	if cmyk {
		pdf.SetPageFilter(cmykContent)
	}
	pdf.SetObjectFilter(o.filter)
}

func (o *objects) filter(obj []byte) ([]byte, error) {
	if m := deflatedHead.FindSubmatch(obj); m != nil {
		n, _ := strconv.Atoi(string(m[1]))
		if !o.palettes[n] {
			return obj, nil
		}
		return cmykDeflated(obj, m)
	}
	if m := plainHead.FindSubmatch(obj); m != nil {
		return deflate(obj, m, nil)
	}
	if o.cmyk {
		var pal int
		var err error
		if obj, pal, err = cmykImage(obj); err != nil {
			return nil, err
		}
		if pal > 0 {
			o.palettes[pal] = true
		}
		obj = bytes.Replace(obj, []byte("/CS /DeviceRGB"), []byte("/CS /DeviceCMYK"), 1)
	}
	if i := bytes.Index(obj, catalog); i >= 0 {
		// fpdf cannot set viewer preferences: the catalog gets
		// PrintScaling /None here, so a viewer's print dialog starts at
		// actual size rather than fit to page.
		obj = slices.Concat(obj[:i], printScaling, obj[i+len(catalog):])
	}
	return obj, nil
}

// cmykDeflated converts the palette obj (whose head m matched) to CMYK.
func cmykDeflated(obj []byte, m [][]byte) ([]byte, error) {
	ln, _ := strconv.Atoi(string(m[2]))
	data := obj[len(m[0]):]
	if ln > len(data) {
		return nil, errBadStream
	}
	zr, err := zlib.NewReader(bytes.NewReader(data[:ln]))
	if err != nil {
		return nil, err
	}
	rgb, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return deflate(obj, m, cmykPalette(rgb))
}

// errBadStream is a programmer's error: the stream is one fpdf just wrote.
var errBadStream = errors.New("cards: cannot compress the PDF: a stream runs past its object")

// deflate writes the stream object obj, whose head m matched, with body
// (its own stream when nil) deflated.
func deflate(obj []byte, m [][]byte, body []byte) ([]byte, error) {
	ln, _ := strconv.Atoi(string(m[2]))
	data := obj[len(m[0]):]
	if ln > len(data) {
		return nil, errBadStream
	}
	if body == nil {
		body = data[:ln]
	}
	var packed bytes.Buffer
	zw := zlibPool.Get().(*zlib.Writer)
	defer zlibPool.Put(zw)
	zw.Reset(&packed)
	zw.Write(body)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", m[1], packed.Len())
	b.Write(packed.Bytes())
	b.Write(data[ln:])
	return b.Bytes(), nil
}
