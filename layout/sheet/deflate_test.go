package sheet

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"testing"

	"bifrost/layout/internal/fpdf"
)

// cardPDF is a two-page document as newPDF starts one (written as
// setOutput says, or with compression off when plain), with each page's
// bleed and trim boxes, not yet output.
func cardPDF(plain bool) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 595.28 * 25.4 / 72, Ht: 841.89 * 25.4 / 72}})
	pdf.SetCreationDate(pdfDate)
	pdf.SetModificationDate(pdfDate)
	if plain {
		pdf.SetCompression(false)
	} else {
		setOutput(pdf, false)
	}
	for i := range 2 {
		pdf.AddPage()
		pdf.SetPageBox("trim", 10, 10, 63, 88)
		pdf.SetPageBox("bleed", 7, 7, 69, 94)
		pdf.Rect(10, 10, 63, 88+float64(i), "D")
	}
	return pdf
}

func TestOutputDeflatesPagesFixesOffsetsAndOrdersBoxes(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := cardPDF(true).Output(&b); err != nil {
		t.Fatal(err)
	}
	plain := b.Bytes()
	var whole bytes.Buffer
	if err := cardPDF(false).Output(&whole); err != nil {
		t.Fatal(err)
	}
	doc := whole.Bytes()

	// Every page's content is deflated and inflates to the content fpdf drew.
	streams := regexp.MustCompile(`<</Filter /FlateDecode /Length (\d+)>>\nstream\n`).FindAllSubmatchIndex(doc, -1)
	if len(streams) != 2 {
		t.Fatalf("%d deflated streams, want one per page", len(streams))
	}
	for _, m := range streams {
		n, _ := strconv.Atoi(string(doc[m[2]:m[3]]))
		zr, err := zlib.NewReader(bytes.NewReader(doc[m[1] : m[1]+n]))
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(zr)
		if err != nil || !bytes.Contains(plain, content) || !bytes.Contains(content, []byte(" re S")) {
			t.Errorf("a page inflates to %q (%v), not to the content fpdf drew", content, err)
		}
	}

	// Each cross-reference entry points at its object.
	xref := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(doc)
	if xref == nil {
		t.Fatal("no startxref at the end")
	}
	at, _ := strconv.Atoi(string(xref[1]))
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(doc[at:], -1)
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := strconv.Itoa(i+1) + " 0 obj\n"; !bytes.HasPrefix(doc[off:], []byte(want)) {
			t.Errorf("object %d's entry points at %q", i+1, doc[off:min(off+12, len(doc))])
		}
	}
	if len(entries) == 0 {
		t.Error("no cross-reference entries")
	}

	if !bytes.Contains(doc, printScaling) {
		t.Error("the catalog does not ask viewers to print at actual size")
	}
	if bytes.Count(doc, []byte("/TrimBox")) != 2 || regexp.MustCompile(`/BleedBox [^\n]*\n/TrimBox`).Match(doc) {
		t.Error("a page's BleedBox comes before its TrimBox")
	}
}
