package workbook

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// buildXLSX saves a workbook made by build to a temp file and returns its path.
func buildXLSX(t *testing.T, build func(f *excelize.File)) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	build(f)
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wantFormatError checks that err is a one-line *FormatError naming display.
func wantFormatError(t *testing.T, err error, display string) *FormatError {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v (%T), want *FormatError", err, err)
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\r\n") {
		t.Errorf("error is not one line: %q", msg)
	}
	if !strings.HasPrefix(msg, display+": ") || fe.Reason == "" {
		t.Errorf("error %q does not name %s and a reason", msg, display)
	}
	return fe
}

func TestOpenReadsRawValuesAndKeepsRowNumbers(t *testing.T) {
	path := buildXLSX(t, func(f *excelize.File) {
		s := "Cards"
		must(t, f.SetSheetName("Sheet1", s))
		must(t, f.SetSheetRow(s, "A1", &[]any{"ID", "名前", "パワー", "合計"}))
		must(t, f.AddComment(s, excelize.Comment{Cell: "B1", Author: "bifrost", Text: "Name\nカード名"}))
		must(t, f.SetSheetRow(s, "A2", &[]any{"c1", "ナーストレンド", 3}))
		twoPlaces, err := f.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
		must(t, err)
		must(t, f.SetCellStyle(s, "C2", "C2", twoPlaces))
		// A formula with a cached value: excelize keeps <v> when a formula is set.
		must(t, f.SetCellInt(s, "D2", 7))
		must(t, f.SetCellFormula(s, "D2", "3+4"))
		// Row 3 stays empty; row 4 has numbers stored as text.
		must(t, f.SetSheetRow(s, "A4", &[]any{"c2", " 名前 ", "１２", "0012"}))
		// Row 5 holds a cell set to "", which is no content at all.
		must(t, f.SetCellStr(s, "A5", ""))
		// Row 6 has only its last column.
		must(t, f.SetCellStr(s, "D6", "x"))
		_, err = f.NewSheet("Empty")
		must(t, err)
	})
	book, err := Open(path, "cardsrc/test.xlsx")
	must(t, err)
	if book.File != "cardsrc/test.xlsx" {
		t.Errorf("File = %q", book.File)
	}
	cards := book.Sheets["Cards"]
	if cards == nil || cards.Sheet != "Cards" {
		t.Fatalf("sheet Cards = %+v", cards)
	}
	if want := []string{"ID", "名前", "パワー", "合計"}; !reflect.DeepEqual(cards.Header, want) {
		t.Errorf("Header = %q, want %q", cards.Header, want)
	}
	want := []schema.Row{
		{Num: 2, Cells: []string{"c1", "ナーストレンド", "3", "7"}},
		{Num: 4, Cells: []string{"c2", " 名前 ", "１２", "0012"}},
		{Num: 6, Cells: []string{"", "", "", "x"}},
	}
	if !reflect.DeepEqual(cards.Rows, want) {
		t.Errorf("Rows = %v\nwant   %v", cards.Rows, want)
	}
	empty := book.Sheets["Empty"]
	if empty == nil || len(empty.Header) != 0 || len(empty.Rows) != 0 {
		t.Errorf("sheet Empty = %+v, want present and empty", empty)
	}
}

func TestOpenReadsLibreOfficeCachedFormulaValues(t *testing.T) {
	// testdata/libreoffice.xlsx was built with excelize and converted by
	// `soffice --headless --convert-to xlsx`, which recalculated every formula
	// and stored the results: D2 =2+3, E2 =SUM(C2:D2), D4 =C4*2, E4 =SUM(C4:D4).
	// C2 has the number format 0.00; F2 and F4 are booleans.
	book, err := Open(filepath.Join("testdata", "libreoffice.xlsx"), "libreoffice.xlsx")
	must(t, err)
	cards := book.Sheets["Cards"]
	if cards == nil {
		t.Fatalf("no sheet Cards in %v", book.Sheets)
	}
	if want := []string{"ID", "Name", "Power", "Bonus", "Total", "Flag"}; !reflect.DeepEqual(cards.Header, want) {
		t.Errorf("Header = %q, want %q", cards.Header, want)
	}
	want := []schema.Row{
		{Num: 2, Cells: []string{"c1", "１２", "3", "5", "8", "1"}},
		{Num: 4, Cells: []string{"c2", "名前", "0.5", "1", "1.5", "0"}},
	}
	if !reflect.DeepEqual(cards.Rows, want) {
		t.Errorf("Rows = %v\nwant   %v", cards.Rows, want)
	}
	if _, ok := book.Sheets["Empty"]; !ok {
		t.Error("sheet Empty is missing")
	}
}

func TestOpenMissingFileIsNotExist(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "nope.xlsx"), "cardsrc/nope.xlsx")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("err = %v, want fs.ErrNotExist", err)
	}
	var fe *FormatError
	if errors.As(err, &fe) {
		t.Errorf("a missing file is not a format error: %v", err)
	}
	if !strings.Contains(err.Error(), "cardsrc/nope.xlsx") {
		t.Errorf("error %q does not name the display path", err)
	}
}

func TestOpenRejectsDirectory(t *testing.T) {
	_, err := Open(t.TempDir(), "cardsrc")
	var fe *FormatError
	if err == nil || errors.As(err, &fe) {
		t.Fatalf("err = %v, want an I/O error", err)
	}
}

func TestOpenRejectsTruncatedFile(t *testing.T) {
	path := buildXLSX(t, func(f *excelize.File) {
		for r := 1; r <= 200; r++ {
			cell, _ := excelize.CoordinatesToCellName(1, r)
			must(t, f.SetSheetRow("Sheet1", cell, &[]any{"カード", r, "効果のテキスト"}))
		}
	})
	data, err := os.ReadFile(path)
	must(t, err)
	must(t, os.WriteFile(path, data[:len(data)/2], 0o644))
	_, err = Open(path, "half.xlsx")
	wantFormatError(t, err, "half.xlsx")
}

func TestOpenRejectsCSVRenamedXLSX(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.xlsx")
	must(t, os.WriteFile(path, []byte("ID,名前,目標値\nE01,泉,12\n"), 0o644))
	_, err := Open(path, "cards.xlsx")
	wantFormatError(t, err, "cards.xlsx")
}

// TestFormatErrorSpeaksTheLanguageSetLangGives: a FormatError speaks the language schema.SetLang gives it,
// as the CLI sets it on the errors it prints.
func TestFormatErrorSpeaksTheLanguageSetLangGives(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.xlsx")
	must(t, os.WriteFile(path, []byte("ID,名前\n"), 0o644))
	_, err := Open(path, "cards.xlsx")
	wantFormatError(t, err, "cards.xlsx")
	for i, tag := range []string{"ja", "en"} {
		schema.SetLang(err, schema.NewLang(tag))
		if got, want := err.Error(), "cards.xlsx: "+messages["not_zip"][i]; got != want {
			t.Errorf("after SetLang(%s): %q, want %q", tag, got, want)
		}
	}
}

func TestOpenRejectsEncryptedOrLegacyXLS(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secret.xlsx")
	must(t, os.WriteFile(path, append(bytes.Clone(oleMagic), make([]byte, 4096)...), 0o644))
	_, err := Open(path, "secret.xlsx")
	fe := wantFormatError(t, err, "secret.xlsx")
	if !strings.Contains(fe.Reason, "encrypted") {
		t.Errorf("reason %q does not say encrypted", fe.Reason)
	}
}

func TestOpenRejectsZipWithoutWorkbook(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	must(t, err)
	_, err = w.Write([]byte("<document/>"))
	must(t, err)
	must(t, zw.Close())
	path := filepath.Join(t.TempDir(), "doc.xlsx")
	must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	_, err = Open(path, "doc.xlsx")
	wantFormatError(t, err, "doc.xlsx")
}

func TestOpenRejectsDamagedPart(t *testing.T) {
	path := buildXLSX(t, func(f *excelize.File) {
		for r := 1; r <= 100; r++ {
			cell, _ := excelize.CoordinatesToCellName(1, r)
			must(t, f.SetSheetRow("Sheet1", cell, &[]any{r, r * 7, r * 13}))
		}
	})
	data, err := os.ReadFile(path)
	must(t, err)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	must(t, err)
	damaged := false
	for _, zf := range zr.File {
		if zf.Name == "xl/worksheets/sheet1.xml" {
			off, err := zf.DataOffset()
			must(t, err)
			mid := off + int64(zf.CompressedSize64)/2
			data[mid] ^= 0xFF
			data[mid+1] ^= 0x55
			damaged = true
		}
	}
	if !damaged {
		t.Fatal("no sheet1.xml to damage")
	}
	must(t, os.WriteFile(path, data, 0o644))
	_, err = Open(path, "damaged.xlsx")
	fe := wantFormatError(t, err, "damaged.xlsx")
	if !strings.Contains(fe.Reason, "sheet1.xml") {
		t.Errorf("reason %q does not name the damaged part", fe.Reason)
	}
}

// spaces is a deflate stream of 2 GiB of spaces, about 2.6 MB, with its CRC-32.
// It is made once, streaming, and shared by the zip bomb tests.
var spaces = sync.OnceValues(func() ([]byte, uint32) {
	var buf bytes.Buffer
	fw, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		panic(err)
	}
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	crc := crc32.NewIEEE()
	for range 2048 {
		fw.Write(chunk) // writes to a bytes.Buffer never fail
		crc.Write(chunk)
	}
	if err := fw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes(), crc.Sum32()
})

// writeBomb writes an .xlsx whose xl/sharedStrings.xml is 2 GiB of spaces,
// declaring the given uncompressed size for it.
func writeBomb(t *testing.T, declared uint64) string {
	t.Helper()
	body, crc := spaces()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, text := range map[string]string{
		"[Content_Types].xml": `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"xl/workbook.xml":     `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>`,
	} {
		w, err := zw.Create(name)
		must(t, err)
		_, err = io.WriteString(w, text)
		must(t, err)
	}
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name: "xl/sharedStrings.xml", Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(len(body)), UncompressedSize64: declared,
	})
	must(t, err)
	_, err = w.Write(body)
	must(t, err)
	must(t, zw.Close())
	path := filepath.Join(t.TempDir(), "bomb.xlsx")
	must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return path
}

// openCountingAlloc opens path and returns the bytes allocated and the error;
// the bytes bound the peak heap Open used.
func openCountingAlloc(path, display string) (uint64, error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Open(path, display)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, err
}

const allocLimit = 512 << 20

func TestOpenRejectsZipBomb(t *testing.T) {
	path := writeBomb(t, 2<<30)
	alloc, err := openCountingAlloc(path, "bomb.xlsx")
	fe := wantFormatError(t, err, "bomb.xlsx")
	if !strings.Contains(fe.Reason, "zip bomb") {
		t.Errorf("reason %q does not say zip bomb", fe.Reason)
	}
	if alloc > allocLimit {
		t.Errorf("Open allocated %d MiB rejecting a zip bomb", alloc>>20)
	}
}

func TestOpenRejectsPartLyingAboutItsSize(t *testing.T) {
	// The part says it is 4 KiB; reading must stop there, not at 2 GiB.
	path := writeBomb(t, 4<<10)
	alloc, err := openCountingAlloc(path, "liar.xlsx")
	fe := wantFormatError(t, err, "liar.xlsx")
	if !strings.Contains(fe.Reason, "sharedStrings.xml") {
		t.Errorf("reason %q does not name the part", fe.Reason)
	}
	if alloc > allocLimit {
		t.Errorf("Open allocated %d MiB rejecting a lying part", alloc>>20)
	}
}

func TestOpenRejectsHighlyCompressedPart(t *testing.T) {
	// 32 MiB of one byte is under the size limit but compresses far past 200:1.
	path := buildXLSX(t, func(f *excelize.File) {
		must(t, f.SetCellStr("Sheet1", "A1", "ID"))
	})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zr, err := zip.OpenReader(path)
	must(t, err)
	defer zr.Close()
	for _, zf := range zr.File {
		must(t, zw.Copy(zf))
	}
	w, err := zw.Create("xl/media/padding.bin")
	must(t, err)
	_, err = w.Write(make([]byte, 32<<20))
	must(t, err)
	must(t, zw.Close())
	must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	_, err = Open(path, "dense.xlsx")
	fe := wantFormatError(t, err, "dense.xlsx")
	if !strings.Contains(fe.Reason, "padding.bin") {
		t.Errorf("reason %q does not name the part", fe.Reason)
	}
}

func TestFormatErrorReasonIsOneShortLine(t *testing.T) {
	got := oneLine("zip: not a valid\nzip file\r\n" + strings.Repeat("長", 300))
	if strings.ContainsAny(got, "\r\n") || len(got) > maxReason+len("…") {
		t.Errorf("oneLine gave %d bytes: %q", len(got), got)
	}
	if !strings.HasPrefix(got, "zip: not a valid zip file 長") {
		t.Errorf("oneLine = %q", got)
	}
}

func TestEditSavesChangedCopyAndKeepsSource(t *testing.T) {
	src := buildXLSX(t, func(f *excelize.File) {
		must(t, f.SetSheetRow("Sheet1", "A1", &[]any{"ID", "目標値"}))
		must(t, f.SetSheetRow("Sheet1", "A2", &[]any{"E01", 12}))
	})
	dst := filepath.Join(t.TempDir(), "broken.xlsx")
	err := Edit(src, dst, func(f *excelize.File) error {
		return f.SetCellInt("Sheet1", "B2", 0)
	})
	must(t, err)
	for path, want := range map[string]string{src: "12", dst: "0"} {
		book, err := Open(path, path)
		must(t, err)
		if got := book.Sheets["Sheet1"].Rows[0].Cell(1); got != want {
			t.Errorf("%s: B2 = %q, want %q", path, got, want)
		}
	}
	entries, err := os.ReadDir(filepath.Dir(dst))
	must(t, err)
	if len(entries) != 1 {
		t.Errorf("directory holds %d files after Edit, want only the result", len(entries))
	}
	fi, err := os.Stat(dst)
	must(t, err)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", fi.Mode().Perm())
	}
}

func TestEditLeavesDestinationAloneWhenFnFails(t *testing.T) {
	src := buildXLSX(t, func(f *excelize.File) {})
	dst := filepath.Join(t.TempDir(), "out.xlsx")
	boom := errors.New("boom")
	if err := Edit(src, dst, func(*excelize.File) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("dst exists after a failed Edit: %v", err)
	}
}

func TestSaveFailsWithoutLeavingTempFile(t *testing.T) {
	dir := t.TempDir()
	f := excelize.NewFile()
	defer f.Close()
	// A directory in the way makes the final rename fail.
	path := filepath.Join(dir, "book.xlsx")
	must(t, os.Mkdir(path, 0o755))
	must(t, os.WriteFile(filepath.Join(path, "keep"), nil, 0o644))
	if err := Save(f, path); err == nil {
		t.Fatal("Save over a non-empty directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	must(t, err)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries after a failed Save, want 1", len(entries))
	}
}

// FuzzOpen checks that no file contents make Open panic or fail with
// anything but a *FormatError. It reads them from memory, through
// openBytes, which is what Open does once it has read the file: with no
// file to write and remove, each run is CPU-bound and the fuzzer explores.
// Go minimizes each new input for up to -fuzzminimizetime (60 s by
// default) and counts no execs meanwhile; -fuzzminimizetime 0 explores
// without those pauses.
func FuzzOpen(f *testing.F) {
	good, err := os.ReadFile(filepath.Join("testdata", "libreoffice.xlsx"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("ID,名前\nE01,泉\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		book, err := openBytes(data, "fuzz.xlsx")
		var fe *FormatError
		switch {
		case err == nil && book == nil:
			t.Fatal("Open returned neither a book nor an error")
		case err != nil && !errors.As(err, &fe):
			t.Fatalf("err = %v (%T), want *FormatError", err, err)
		case err != nil && strings.ContainsAny(err.Error(), "\r\n"):
			t.Fatalf("error is not one line: %q", err)
		}
	})
}

func TestWorkbookMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, s := range messages.Lacks() {
		t.Error(s)
	}
}
