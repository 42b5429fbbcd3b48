package workbook

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestOpen_ReadsWhatExcelizeReads opens the shipped workbooks and the
// LibreOffice-saved fixture with the streaming reader and with excelize
// (raw values), and checks that every cell agrees, so reading sheets
// ourselves changes nothing a designer typed.
func TestOpen_ReadsWhatExcelizeReads(t *testing.T) {
	files, _ := filepath.Glob("../../cardsrc/*.xlsx")
	files = append(files, "testdata/libreoffice.xlsx")
	if len(files) < 5 {
		t.Fatalf("want the 4 shipped workbooks and the fixture, found %v", files)
	}
	for _, path := range files {
		book, err := Open(path, path)
		must(t, err)
		f, err := excelize.OpenFile(path)
		must(t, err)
		cells := 0
		for _, sheet := range f.GetSheetList() {
			rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
			must(t, err)
			table := book.Sheets[sheet]
			if table == nil {
				if len(rows) > 0 {
					t.Errorf("%s: sheet %s is missing", path, sheet)
				}
				continue
			}
			got := map[[2]int]string{}
			for c, h := range table.Header {
				got[[2]int{1, c}] = h
			}
			for _, r := range table.Rows {
				for c := range max(len(r.Cells), len(r.Cols)) {
					col := c
					if r.Cols != nil {
						col = r.Cols[c]
					}
					got[[2]int{r.Num, col}] = r.Cells[c]
				}
			}
			for i, row := range rows {
				for c, v := range row {
					if strings.TrimSpace(v) == "" {
						continue
					}
					cells++
					if g := got[[2]int{i + 1, c}]; g != v {
						t.Errorf("%s: %s row %d column %d: read %q, excelize reads %q", path, sheet, i+1, c+1, g, v)
					}
				}
			}
		}
		f.Close()
		if cells == 0 {
			t.Errorf("%s: no cells compared", path)
		}
	}
}
