package sheet

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"sync"
)

// fpdf compresses every stream with a new zlib writer, about 1 MB each, so
// most of what printing allocated was compressors. Render and RenderEach
// therefore have fpdf write the page contents uncompressed and deflate them
// here with pooled writers, rewriting the cross-reference table. The
// output is as deterministic as fpdf's own.

var zlibPool = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	return w
}}

var (
	startXref = regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n?$`)
	xrefHead  = regexp.MustCompile(`^xref\n0 (\d+)\n`)
	plainHead = regexp.MustCompile(`^\d+ 0 obj\n<</Length (\d+)>>\nstream\n`)
)

var (
	catalog      = []byte("/Type /Catalog\n")
	printScaling = []byte("/Type /Catalog\n/ViewerPreferences <</PrintScaling /None>>\n")
)

// contentsRef finds a page's content stream.
var contentsRef = regexp.MustCompile(`/Contents (\d+) 0 R`)

// deflateStreams writes pdf to w with each stream whose dictionary is a
// bare <</Length n>> (the page contents fpdf writes with compression off,
// and the palettes of indexed images) compressed, its offsets fixed, its
// catalog asking viewers to print at actual size and its page boxes in a
// fixed order (SortBoxes). It writes object by object as it goes, holding
// no copy of the document. With cmyk, every colour is DeviceCMYK,
// converted by CMYK: the colour operators of the page contents, the
// images, the palettes and the pages' transparency groups.
func deflateStreams(pdf []byte, w io.Writer, cmyk bool) error {
	// A programmer's error: the PDF is the one fpdf just wrote.
	bad := func(why string) error { return fmt.Errorf("cards: cannot compress the PDF: %s", why) }
	m := startXref.FindSubmatchIndex(pdf)
	if m == nil {
		return bad("no startxref")
	}
	xref, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
	if xref <= 0 || xref >= len(pdf) {
		return bad("startxref out of range")
	}
	h := xrefHead.FindSubmatch(pdf[xref:])
	if h == nil {
		return bad("no xref table")
	}
	n, _ := strconv.Atoi(string(h[1]))
	table := xref + len(h[0])
	if table+20*n > len(pdf) {
		return bad("short xref table")
	}
	offsets := make([]int, n) // by object number; 0 is the free entry
	for i := 1; i < n; i++ {
		off, err := strconv.Atoi(string(pdf[table+20*i : table+20*i+10]))
		if err != nil || off <= 0 || off >= xref {
			return bad("bad xref entry")
		}
		offsets[i] = off
	}
	order := make([]int, 0, n-1)
	for i := 1; i < n; i++ {
		order = append(order, i)
	}
	slices.SortFunc(order, func(a, b int) int { return offsets[a] - offsets[b] })
	contents, palettes := map[int]bool{}, map[int]bool{}
	if cmyk {
		for _, m := range contentsRef.FindAllSubmatch(pdf[:xref], -1) {
			n, _ := strconv.Atoi(string(m[1]))
			contents[n] = true
		}
	}

	out := &counter{w: bufio.NewWriterSize(w, 1<<16)}
	out.Write(pdf[:offsets[order[0]]])
	moved := make([]int, n)
	zw := zlibPool.Get().(*zlib.Writer)
	defer zlibPool.Put(zw)
	var packed bytes.Buffer
	for k, obj := range order {
		end := xref
		if k+1 < len(order) {
			end = offsets[order[k+1]]
		}
		seg := pdf[offsets[obj]:end]
		moved[obj] = out.n
		sm := plainHead.FindSubmatch(seg)
		if sm == nil {
			if cmyk {
				var pal int
				var err error
				if seg, pal, err = cmykImage(seg); err != nil {
					return err
				}
				if pal > 0 {
					palettes[pal] = true
				}
				seg = bytes.Replace(seg, []byte("/CS /DeviceRGB"), []byte("/CS /DeviceCMYK"), 1)
			}
			// fpdf cannot set viewer preferences: the catalog gets
			// PrintScaling /None here, so a viewer's print dialog
			// starts at actual size rather than fit to page.
			out.Write(SortBoxes(bytes.Replace(seg, catalog, printScaling, 1)))
			continue
		}
		ln, _ := strconv.Atoi(string(sm[1]))
		data := seg[len(sm[0]):]
		if ln > len(data) {
			return bad("stream runs past its object")
		}
		body := data[:ln]
		switch {
		case contents[obj]:
			body = cmykContent(body)
		case palettes[obj]:
			body = cmykPalette(body)
		}
		packed.Reset()
		zw.Reset(&packed)
		zw.Write(body)
		if err := zw.Close(); err != nil {
			return err
		}
		fmt.Fprintf(out, "%d 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", obj, packed.Len())
		out.Write(packed.Bytes())
		out.Write(data[ln:])
	}
	newXref := out.n
	fmt.Fprintf(out, "xref\n0 %d\n0000000000 65535 f \n", n)
	for i := 1; i < n; i++ {
		fmt.Fprintf(out, "%010d 00000 n \n", moved[i])
	}
	trailer := pdf[table+20*n : m[0]]
	out.Write(trailer)
	fmt.Fprintf(out, "startxref\n%d\n%%%%EOF\n", newXref)
	if out.err != nil {
		return out.err
	}
	return out.w.Flush()
}

// counter writes to w and counts the bytes written, keeping the first
// error (and writing nothing after it).
type counter struct {
	w   *bufio.Writer
	n   int
	err error
}

func (c *counter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	k, err := c.w.Write(p)
	c.n += k
	c.err = err
	return k, err
}

// deflater is the writer fpdf outputs the document into. fpdf hands its
// whole buffer over in one Write (bytes.Buffer.WriteTo); Write compresses
// it and writes it to w (deflateStreams) with no copy of it, and refuses
// a second.
type deflater struct {
	w    io.Writer
	cmyk bool
	done bool
}

func (d *deflater) Write(p []byte) (int, error) {
	if d.done {
		// A programmer's error: fpdf changed how it hands the PDF over.
		return 0, errors.New("cards: the PDF came in more than one write")
	}
	d.done = true
	return len(p), deflateStreams(p, d.w, d.cmyk)
}
