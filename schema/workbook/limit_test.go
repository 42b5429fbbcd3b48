package workbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// withSheetXML returns the path of a one-sheet workbook whose
// xl/worksheets/sheet1.xml holds sheetData, stored uncompressed.
func withSheetXML(t *testing.T, sheetData string) string {
	t.Helper()
	return withParts(t, map[string]string{"xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?>` +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		sheetData + `</sheetData></worksheet>`})
}

// withParts returns the path of a one-sheet workbook made by excelize whose
// parts named in parts are replaced by their text, stored uncompressed.
func withParts(t *testing.T, parts map[string]string) string {
	t.Helper()
	path := buildXLSX(t, func(f *excelize.File) {
		must(t, f.SetCellStr("Sheet1", "A1", "ID"))
	})
	zr, err := zip.OpenReader(path)
	must(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, zf := range zr.File {
		text, ok := parts[zf.Name]
		if !ok {
			must(t, zw.Copy(zf))
			continue
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: zf.Name, Method: zip.Store})
		must(t, err)
		_, err = io.WriteString(w, text)
		must(t, err)
	}
	must(t, zr.Close())
	must(t, zw.Close())
	must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return path
}

// allocated returns what fn allocated, in bytes. The heap cannot have grown
// by more than that at any moment during fn, so it bounds fn's peak from
// above whatever the GC did meanwhile, and it does not depend on load.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestNotesInTheLastColumnCostOnlyTheirCells opens a sheet with 300
// notes in its last column (XFD): it loads, each note is read at its column,
// and the rows cost their filled cells, not the 16,384-column rectangle that
// once made the workbook fail with "more than 4194304 cells" after hundreds
// of MB.
func TestNotesInTheLastColumnCostOnlyTheirCells(t *testing.T) {
	var sd strings.Builder
	sd.WriteString(`<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c></row>`)
	for r := 2; r <= 301; r++ {
		fmt.Fprintf(&sd, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="XFD%d" t="inlineStr"><is><t>note %d</t></is></c></row>`, r, r, r, r, r)
	}
	path := withSheetXML(t, sd.String())
	var book *schema.Book
	var err error
	alloc := allocated(func() { book, err = Open(path, "notes.xlsx") })
	must(t, err)
	rows := book.Sheets["Sheet1"].Rows
	if len(rows) != 300 {
		t.Fatalf("%d rows, want 300", len(rows))
	}
	for _, r := range rows {
		if got, want := r.Cell(16383), fmt.Sprintf("note %d", r.Num); got != want || r.Cell(0) != fmt.Sprint(r.Num) || r.Cell(1) != "" {
			t.Fatalf("row %d: XFD = %q, A = %q, B = %q; want %q, %d, empty", r.Num, got, r.Cell(0), r.Cell(1), want, r.Num)
		}
		if len(r.Cells) != 2 {
			t.Fatalf("row %d keeps %d cells, want its 2 filled ones", r.Num, len(r.Cells))
		}
	}
	if alloc > 8<<20 {
		t.Errorf("Open allocated %d MiB for 300 notes", alloc>>20)
	}
}

// hugeSheet returns sheet data of rows×cols filled cells, header row
// included.
func hugeSheet(rows, cols int) string {
	var sd []byte
	for r := 1; r <= rows; r++ {
		sd = append(sd, "<row>"...)
		for c := range cols {
			sd = append(sd, "<c><v>"...)
			sd = strconv.AppendInt(sd, int64(r*cols+c), 10)
			sd = append(sd, "</v></c>"...)
		}
		sd = append(sd, "</row>"...)
	}
	return string(sd)
}

// TestCellLimitIsExact opens books of exactly maxCells filled
// cells, which loads, and of one more, which is refused with a message that
// tells the designer what to do, in Japanese and English. A check removed or
// moved by a lot fails one of the two.
func TestCellLimitIsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("parses two sheets of a million cells; skipped with -short")
	}
	const cols = 1024
	if maxCells%cols != 0 {
		t.Fatalf("maxCells %d is not a multiple of %d", maxCells, cols)
	}
	full := hugeSheet(maxCells/cols, cols)
	at := withSheetXML(t, full)
	book, err := Open(at, "at.xlsx")
	must(t, err)
	if n := len(book.Sheets["Sheet1"].Rows); n != maxCells/cols-1 {
		t.Errorf("%d data rows, want %d", n, maxCells/cols-1)
	}

	over := withSheetXML(t, full+`<row><c><v>1</v></c></row>`)
	_, err = Open(over, "over.xlsx")
	fe := wantFormatError(t, err, "over.xlsx")
	limit := fmt.Sprint(maxCells)
	for _, tt := range []struct{ lang, want string }{
		{"ja", "値のあるセルがブック全体で" + limit + "個を超えました"},
		{"ja", "使っていないセルを削除するか"},
		{"en", "more than " + limit + " filled cells"},
		{"en", "delete the cells you do not use"},
	} {
		if msg := fe.Message(schema.NewLang(tt.lang)); !strings.Contains(msg, tt.want) || !strings.Contains(msg, "Sheet1") {
			t.Errorf("%s message %q lacks %q or the sheet", tt.lang, msg, tt.want)
		}
	}
}

// TestOpenReadsCellsAsStored reads a sheet written by hand the way other
// spreadsheet programs store cells: rich-text shared strings with furigana
// (rPh, not part of the text), _xHHHH_ escapes, inline strings, booleans,
// formula results, error values, and rows and cells without positions.
func TestOpenReadsCellsAsStored(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	path := withParts(t, map[string]string{
		"xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst ` + ns + ` count="3" uniqueCount="3">` +
			`<si><t>ID</t></si>` +
			`<si><r><rPr><b/></rPr><t>碾き</t></r><r><t xml:space="preserve">臼 </t></r><rPh sb="0" eb="1"><t>ひき</t></rPh></si>` +
			`<si><t>a_x000D_b_x005F_x0041_</t></si></sst>`,
		"xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet ` + ns + `><sheetData>` +
			`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>名前</t></is></c></row>` +
			`<row r="3"><c r="A3" t="s"><v>1</v></c><c t="s"><v>2</v></c><c t="b"><v>1</v></c></row>` +
			`<row><c r="B4" t="str"><f>A3&amp;"!"</f><v>碾き臼 !</v></c><c r="D4" t="e"><v>#N/A</v></c><c r="E4" s="1"><v>0012</v></c></row>` +
			`</sheetData></worksheet>`,
	})
	book, err := Open(path, "hand.xlsx")
	must(t, err)
	sheet := book.Sheets["Sheet1"]
	if want := []string{"ID", "名前"}; !reflect.DeepEqual(sheet.Header, want) {
		t.Errorf("Header = %q, want %q", sheet.Header, want)
	}
	want := []schema.Row{
		{Num: 3, Cells: []string{"碾き臼 ", "a\rb_x0041_", "1"}},
		{Num: 4, Cells: []string{"", "碾き臼 !", "", "#N/A", "0012"}},
	}
	if !reflect.DeepEqual(sheet.Rows, want) {
		t.Errorf("Rows = %+v\nwant   %+v", sheet.Rows, want)
	}
}

// One shared string of a megabyte, referenced by a hundred cells, is
// refused at the first cell that holds it, quickly and in bounded memory:
// no cell of a real workbook holds more than Excel's 32,767 characters.
// A cell of exactly that many is kept.
func TestACellPastExcelsLimitIsRefusedAtItsCell(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	huge := strings.Repeat("あ", 1<<20/3)
	rows := `<row r="1"><c r="A1" t="inlineStr"><is><t>ID</t></is></c></row>`
	for r := 2; r <= 101; r++ {
		rows += fmt.Sprintf(`<row r="%d"><c r="C%d" t="s"><v>1</v></c></row>`, r, r)
	}
	path := withParts(t, map[string]string{
		"xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst ` + ns + ` count="2" uniqueCount="2">` +
			`<si><t>` + strings.Repeat("い", maxCellChars) + `</t></si><si><t>` + huge + `</t></si></sst>`,
		"xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet ` + ns + `><sheetData>` + rows + `</sheetData></worksheet>`,
	})
	var err error
	if a := allocated(func() { _, err = Open(path, "amplified.xlsx") }); a > 200<<20 {
		t.Errorf("opening allocated %d MB", a>>20)
	}
	fe := wantFormatError(t, err, "amplified.xlsx")
	for lang, want := range map[string]string{"ja": "シート「Sheet1」の C2 に 32767 文字を超える値があります", "en": `sheet "Sheet1", cell C2 holds more than 32767 characters`} {
		if msg := fe.Message(schema.NewLang(lang)); !strings.Contains(msg, want) {
			t.Errorf("%s: %q, want %q", lang, msg, want)
		}
	}

	at := withParts(t, map[string]string{
		"xl/sharedStrings.xml":     `<?xml version="1.0" encoding="UTF-8"?><sst ` + ns + ` count="1" uniqueCount="1"><si><t>` + strings.Repeat("い", maxCellChars) + `</t></si></sst>`,
		"xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet ` + ns + `><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
	})
	if book, err := Open(at, "at.xlsx"); err != nil || len([]rune(book.Sheets["Sheet1"].Header[0])) != maxCellChars {
		t.Errorf("a cell of %d characters: %v", maxCellChars, err)
	}
}
