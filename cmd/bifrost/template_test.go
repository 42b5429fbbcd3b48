package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestTemplate_RoundTripAcceptsAFilledRow writes each game's template, fills
// one row of every card sheet by program, and checks that validation finds no
// problem in that row (the seed counts are still unmet, so other problems stay).
func TestTemplate_RoundTripAcceptsAFilledRow(t *testing.T) {
	for _, g := range schema.Games() {
		t.Run(g.ID, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), g.ID+".xlsx")
			if r := bifrost(t, "template", g.ID, "-o", path); r.code != 0 {
				t.Fatalf("template exit %d: %s", r.code, r.stderr)
			}
			book, err := workbook.Open(path, path)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range g.AllSheets() {
				tab, ok := book.Sheets[s.Key]
				if !ok {
					t.Fatalf("template lacks sheet %s", s.Key)
				}
				if len(tab.Header) == 0 || tab.Header[0] != s.Columns()[0].JA {
					t.Errorf("%s: header %v, want Japanese headers starting %s", s.Key, tab.Header, s.Columns()[0].JA)
				}
			}
			if n := len(book.Sheets["Rules"].Rows); n != len(g.Rules) {
				t.Errorf("Rules sheet has %d rows, want the %d defaults", n, len(g.Rules))
			}
			err = workbook.Edit(path, path, func(f *excelize.File) error {
				for _, s := range g.Sheets {
					for i, c := range s.Columns() {
						if err := f.SetCellValue(s.Key, schema.CellName(i+1, 2), sampleValue(c)); err != nil {
							return err
						}
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			r := bifrost(t, "validate", "--lang", "en", "--json", path)
			if r.code == 2 {
				t.Fatalf("validate could not run: %s", r.stderr)
			}
			for _, line := range strings.Split(bifrost(t, "validate", "--lang", "en", path).stdout, "\n") {
				m := problemLine.FindStringSubmatch(line)
				if m != nil && strings.HasSuffix(m[3], "2") && !strings.Contains(m[3], "12") && !strings.Contains(m[3], "22") {
					t.Errorf("the filled row has a problem: %s", line)
				}
			}
		})
	}
}

// sampleValue is a plausible value for one column of a filled-in row.
func sampleValue(c schema.Column) any {
	switch {
	case c.Field == "ID":
		return "X01"
	case len(c.Enum) > 0:
		return c.Enum[0]
	case c.Kind == schema.KindBool:
		return "×"
	case c.Kind == schema.KindInt:
		if n, ok := schema.ParseInt(c.Min); ok && n > 1 {
			return n
		}
		return 1
	case c.Kind == schema.KindEffect, c.Kind == schema.KindList:
		return ""
	}
	return "テスト"
}
