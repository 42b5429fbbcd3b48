package fpdf

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/fonts"
)

// render writes a one-page document that prints s in font data.
func render(t *testing.T, data []byte, s string) []byte {
	t.Helper()
	pdf := NewCustom(&InitType{UnitStr: "mm", Size: SizeType{Wd: 100, Ht: 100}})
	pdf.SetCatalogSort(true)
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.AddUTF8FontFromBytes("body", "", data)
	pdf.SetFont("body", "", 12)
	pdf.AddPage()
	pdf.Text(10, 20, s)
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// forgetFonts empties the process's font cache, as at start-up.
func forgetFonts() {
	fontsMu.Lock()
	defer fontsMu.Unlock()
	fontsByID = map[fontKey][]*utf8Font{}
}

func TestEqualFontBytesAreParsedOnceAndOtherFontsApart(t *testing.T) {
	forgetFonts()
	a, err := sharedUTF8Font(fonts.MPlus1pRegular_ttf)
	if err != nil {
		t.Fatal(err)
	}
	b, err := sharedUTF8Font(bytes.Clone(fonts.MPlus1pRegular_ttf))
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("a copy of the same font bytes was parsed again")
	}
	c, err := sharedUTF8Font(fonts.PressStart2P_ttf)
	if err != nil {
		t.Fatal(err)
	}
	if c == a {
		t.Error("another font got the first font's parse")
	}
}

// Documents that share a font, written at the same time, give the bytes
// each gives alone from a freshly parsed font; a rune set seen before reuses
// its subset.
func TestDocumentsSharingAFontWriteWhatTheyWriteAlone(t *testing.T) {
	texts := []string{"カードを引く", "Draw a card", "山札から2枚", "カードを引く"}
	alone := make([][]byte, len(texts))
	for i, s := range texts {
		forgetFonts()
		alone[i] = render(t, fonts.MPlus1pRegular_ttf, s)
	}
	forgetFonts()
	got := make([][]byte, 2*len(texts))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = render(t, fonts.MPlus1pRegular_ttf, texts[i%len(texts)]) })
	}
	wg.Wait()
	for i, b := range got {
		if !bytes.Equal(b, alone[i%len(texts)]) {
			t.Errorf("document %d (%q) differs from the one written alone", i, texts[i%len(texts)])
		}
	}
	font, _ := sharedUTF8Font(fonts.MPlus1pRegular_ttf)
	if n := len(font.subsets); n != 3 {
		t.Errorf("%d subsets kept for 3 rune sets", n)
	}
}
