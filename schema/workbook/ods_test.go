package workbook

import (
	"archive/zip"
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// withODS returns the path of an .ods file whose content.xml holds the
// spreadsheet body body (the table:table elements).
func withODS(t *testing.T, body string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	must(t, err)
	_, err = w.Write([]byte(odsMimetype))
	must(t, err)
	w, err = zw.Create("content.xml")
	must(t, err)
	_, err = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` +
		`<office:document-content xmlns:office="` + nsOffice + `" xmlns:table="` + nsTable + `" xmlns:text="` + nsText + `">` +
		`<office:body><office:spreadsheet>` + body + `</office:spreadsheet></office:body></office:document-content>`))
	must(t, err)
	must(t, zw.Close())
	path := filepath.Join(t.TempDir(), "book.ods")
	must(t, os.WriteFile(path, buf.Bytes(), 0o644))
	return path
}

// TestOpenReadsTheSameTablesFromODSAsFromXLSX: a workbook LibreOffice saved
// as .xlsx and as .ods (testdata/libreoffice.xlsx converted by
// `soffice --headless --convert-to ods`) gives the same sheets, headers,
// rows, row numbers and raw values: numbers unformatted, formulas by their
// values, booleans as 1 and 0.
func TestOpenReadsTheSameTablesFromODSAsFromXLSX(t *testing.T) {
	x, err := Open(filepath.Join("testdata", "libreoffice.xlsx"), "libreoffice.xlsx")
	must(t, err)
	o, err := Open(filepath.Join("testdata", "libreoffice.ods"), "libreoffice.ods")
	must(t, err)
	if o.File != "libreoffice.ods" {
		t.Errorf("File = %q", o.File)
	}
	if len(o.Sheets) != len(x.Sheets) {
		t.Errorf("sheets: ods %d, xlsx %d", len(o.Sheets), len(x.Sheets))
	}
	for name, xt := range x.Sheets {
		ot := o.Sheets[name]
		if ot == nil {
			t.Errorf("sheet %s missing from the .ods", name)
			continue
		}
		if !reflect.DeepEqual(ot, xt) {
			t.Errorf("sheet %s:\n ods  %+v\n xlsx %+v", name, ot, xt)
		}
	}
}

func TestOpenReadsODSCellsAsWritten(t *testing.T) {
	path := withODS(t, `<table:table table:name="カード">`+
		`<table:table-column table:number-columns-repeated="3"/>`+
		`<table:table-header-rows><table:table-row>`+
		`<table:table-cell office:value-type="string"><text:p>ID</text:p></table:table-cell>`+
		`<table:table-cell office:value-type="string"><text:p>効果</text:p></table:table-cell>`+
		`</table:table-row></table:table-header-rows>`+
		`<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`+
		`<table:table-row>`+
		`<table:table-cell office:value-type="string"><office:annotation><text:p>メモ</text:p></office:annotation><text:p>E-01</text:p></table:table-cell>`+
		`<table:table-cell office:value-type="string"><text:p>引く<text:s text:c="2"/>1</text:p><text:p><text:span>次の行</text:span></text:p></table:table-cell>`+
		`<table:table-cell table:number-columns-repeated="2" office:value-type="float" office:value="0.5"><text:p>50%</text:p></table:table-cell>`+
		`</table:table-row>`+
		`<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`+
		`</table:table>`)
	book, err := Open(path, "book.ods")
	must(t, err)
	got := book.Sheets["カード"]
	want := &schema.Table{Sheet: "カード", Header: []string{"ID", "効果"},
		Rows: []schema.Row{{Num: 4, Cells: []string{"E-01", "引く  1\n次の行", "0.5", "0.5"}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestOpenRefusesHostileODSInOneLine(t *testing.T) {
	many := `<table:table table:name="S"><table:table-row table:number-rows-repeated="1048576">` +
		`<table:table-cell table:number-columns-repeated="16384" office:value-type="float" office:value="1"/></table:table-row></table:table>`
	tests := []struct{ name, body, want string }{
		{"cells repeated past the limit", many, `sheet "S": the workbook has more than 1048576 filled cells`},
		{"a bad repeat count", `<table:table table:name="S"><table:table-row table:number-rows-repeated="-3"/></table:table>`, `bad number-rows-repeated "-3"`},
		{"rows past the last row", `<table:table table:name="S"><table:table-row table:number-rows-repeated="1048576"/><table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row></table:table>`, "more than 1048576 rows"},
		{"broken XML", `<table:table table:name="S"><table:table-row>`, `sheet "S": row 1: XML syntax error`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Open(withODS(t, tt.body), "book.ods")
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *FormatError", err)
			}
			msg := fe.In(schema.NewLang("en"))
			if !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "book.ods") {
				t.Errorf("message %q, want one line starting with the file and containing %q", msg, tt.want)
			}
			if ja := fe.In(schema.NewLang("ja")); !schema.HasJapanese(ja) || strings.Contains(ja, "filled cells") {
				t.Errorf("Japanese message %q", ja)
			}
		})
	}
}

// An edit of an .ods (a sweep's or a tune's copy) starts from its cells:
// the copy, saved as .xlsx, reads back with the same sheets, headers, rows
// and values as the .ods, and the edit lands in its cell.
func TestEditOfAnODSKeepsEveryCellAndAppliesTheEdit(t *testing.T) {
	src := filepath.Join("testdata", "libreoffice.ods")
	want, err := Open(src, "copy.xlsx")
	must(t, err)
	dst := filepath.Join(t.TempDir(), "copy.xlsx")
	must(t, Edit(src, dst, func(f *excelize.File) error { return nil }))
	got, err := Open(dst, "copy.xlsx")
	must(t, err)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the copy of the .ods differs:\n copy %+v\n ods  %+v", got, want)
	}

	sheet := slices.Sorted(maps.Keys(want.Sheets))[0]
	must(t, Edit(src, dst, func(f *excelize.File) error { return f.SetCellStr(sheet, "B3", "書き換え") }))
	got, err = Open(dst, "copy.xlsx")
	must(t, err)
	if c := cellAt(got.Sheets[sheet], 3, 1); c != "書き換え" {
		t.Errorf("%s!B3 of the edited copy is %q", sheet, c)
	}
}

// cellAt is the text of row num, column col (0-based) of t, or "".
func cellAt(t *schema.Table, num, col int) string {
	for _, r := range t.Rows {
		if r.Num == num {
			return r.Cell(col)
		}
	}
	return ""
}
