package fpdf

import (
	"bytes"
	"testing"
)

// drawPages adds n pages of the same lines to pdf and returns the length
// of one page's content.
func drawPages(pdf *Fpdf, n int) int {
	one := 0
	for range n {
		pdf.AddPage()
		before := pdf.pages[pdf.page].Len()
		for i := range 200 {
			pdf.Line(10, float64(i), 90, float64(i)+0.5)
		}
		one = pdf.pages[pdf.page].Len() - before
	}
	return one
}

// With compression on, a finished page keeps only its deflated content, so
// a long document holds a fraction of what it draws until it is written.
func TestFinishedPagesKeepOnlyTheirDeflatedContent(t *testing.T) {
	pdf := NewCustom(&InitType{UnitStr: "mm", Size: SizeType{Wd: 100, Ht: 100}})
	pdf.SetCompression(true)
	const n = 50
	one := drawPages(pdf, n)
	pdf.AddPage() // finishes page n
	held := 0
	for p := 1; p <= n; p++ {
		held += pdf.pages[p].Len()
	}
	if held*4 > n*one {
		t.Errorf("%d finished pages hold %d bytes, drawn %d: want at most a quarter", n, held, n*one)
	}
}

// Output writes the document object by object: the filter sees each object
// whole, alone, from "n 0 obj" to "endobj", and the cross-reference table
// points at the objects as the filter rewrote them.
func TestOutputWritesObjectByObjectThroughTheFilter(t *testing.T) {
	pdf := NewCustom(&InitType{UnitStr: "mm", Size: SizeType{Wd: 100, Ht: 100}})
	pdf.SetCompression(true)
	drawPages(pdf, 3)
	var seen int
	pdf.SetObjectFilter(func(obj []byte) ([]byte, error) {
		seen++
		if bytes.Count(obj, []byte(" 0 obj\n")) != 1 || !bytes.HasSuffix(obj, []byte("endobj\n")) {
			t.Errorf("the filter got %q, not one object", obj[:min(len(obj), 40)])
		}
		return append([]byte("% padded\n"), obj...), nil // moves every later object
	})
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	doc := b.Bytes()
	if seen != pdf.n {
		t.Errorf("the filter saw %d objects, the document has %d", seen, pdf.n)
	}
	for i := 1; i <= pdf.n; i++ {
		if off := pdf.offsets[i]; !bytes.HasPrefix(doc[off:], []byte("% padded\n")) {
			t.Errorf("object %d's offset %d points at %q", i, off, doc[off:min(off+16, len(doc))])
		}
	}
}
