package text

import (
	"testing"

	"bifrost/layout/internal/fpdf"
)

// TestWidth_MatchesThePDFWriter measures every BMP character with Width and
// with the PDF writer, for the embedded font and every installed face of the
// shipped chain, so that text measured without a PDF is laid out exactly as
// it prints.
func TestWidth_MatchesThePDFWriter(t *testing.T) {
	fonts := []*Font{Default()}
	for _, family := range []string{"BIZ UDPGothic", "IPAexGothic"} {
		if in, ok := Find(family); ok {
			face, err := LoadInstalled(in)
			if err != nil {
				t.Fatal(err)
			}
			fonts = append(fonts, face.Regular)
			if face.Bold != nil {
				fonts = append(fonts, face.Bold)
			}
		}
	}
	for _, f := range fonts {
		pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 595.28 * 25.4 / 72, Ht: 841.89 * 25.4 / 72}})
		pdf.AddUTF8FontFromBytes("f", "", f.Data)
		pdf.SetFont("f", "", 10)
		differ := 0
		for r := rune(1); r < 0xFFFF; r++ {
			if r >= 0xD800 && r < 0xE000 {
				continue // surrogates are not characters
			}
			if got, want := f.Width(r), pdf.GetStringSymbolWidth(string(r)); got != want {
				if differ++; differ <= 5 {
					t.Errorf("%s: Width(%U) = %d, the PDF writer says %d", f.Name, r, got, want)
				}
			}
		}
		if differ > 5 {
			t.Errorf("%s: %d characters differ in all", f.Name, differ)
		}
	}
	if len(fonts) < 3 {
		t.Logf("only %d faces measured: the chain's fonts are not installed", len(fonts))
	}
}
