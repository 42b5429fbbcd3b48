package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestTemplate_RoundTripAcceptsAFilledRow writes each game's template, fills
// one row of a card sheet by program (the first row of the shipped workbook,
// placed by header name) and checks that validation finds no problem in that
// row. The template's other sheets stay empty, so the seed counts still fail.
func TestTemplate_RoundTripAcceptsAFilledRow(t *testing.T) {
	t.Parallel()
	sheetOf := map[string]string{"valkyrie": "Valkyrie", "nastrond": "Edda", "guardian": "Guardian", "bloodrage": "Province"}
	// lookups are reference tables copied whole first, so the row's references resolve.
	lookups := map[string][]string{"guardian": {"Affinity"}}
	for _, g := range rules.All().Schemas() {
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
			if n := len(book.Sheets["Rules"].Rows); n != len(g.AllRules()) {
				t.Errorf("Rules sheet has %d rows, want the %d defaults", n, len(g.AllRules()))
			}

			sheet := sheetOf[g.ID]
			shipped, err := workbook.Open(filepath.Join(shippedSrc, g.ID+".xlsx"), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			err = workbook.Edit(path, path, func(f *excelize.File) error {
				for _, name := range lookups[g.ID] {
					if err := copyRows(f, shipped.Sheets[name], book.Sheets[name], len(shipped.Sheets[name].Rows)); err != nil {
						return err
					}
				}
				return copyRows(f, shipped.Sheets[sheet], book.Sheets[sheet], 1)
			})
			if err != nil {
				t.Fatal(err)
			}
			filled, err := workbook.Open(path, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(filled.Sheets[sheet].Rows) != 1 {
				t.Fatalf("%s has %d data rows after filling one", sheet, len(filled.Sheets[sheet].Rows))
			}
			r := bifrost(t, "validate", "--lang", "en", path)
			if r.code != 1 {
				t.Errorf("exit %d; an almost empty workbook should miss the seed counts (exit 1)", r.code)
			}
			for _, line := range strings.Split(r.stdout, "\n") {
				m := problemLine.FindStringSubmatch(line)
				// The missed seed counts sit on the copies cell of the rows counted.
				if m != nil && m[2] == sheet && regexp.MustCompile(`^[A-Z]+2$`).MatchString(m[3]) && !strings.Contains(m[4], "should number") {
					t.Errorf("the filled row has a problem: %s", line)
				}
			}
		})
	}
}

// copyRows writes the first n data rows of from into the sheet of to, placing
// each cell under the header of the same name.
func copyRows(f *excelize.File, from, to *schema.Table, n int) error {
	for r := range n {
		for i, h := range from.Header {
			j := slices.Index(to.Header, h)
			if j < 0 || from.Rows[r].Cell(i) == "" {
				continue
			}
			if err := f.SetCellValue(to.Sheet, schema.CellName(j+1, r+2), from.Rows[r].Cell(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestRulesSheetChecksEachValueAndEffectNotesShowAnExample writes
// each game's template through the CLI and reads its data validations: every
// ○/× rule's value cell has the ○/× dropdown, every whole-number rule a
// whole-number check within its bounds, every choice a dropdown of its
// choices; every effect column's note carries a worked example.
func TestRulesSheetChecksEachValueAndEffectNotesShowAnExample(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All().Schemas() {
		t.Run(g.ID, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), g.ID+".xlsx")
			if r := bifrost(t, "template", g.ID, "-o", path); r.code != 0 {
				t.Fatalf("template exit %d: %s", r.code, r.stderr)
			}
			f, err := excelize.OpenFile(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			dvs, err := f.GetDataValidations("Rules")
			if err != nil {
				t.Fatal(err)
			}
			bySqref := map[string]*excelize.DataValidation{}
			for _, dv := range dvs {
				bySqref[dv.Sqref] = dv
			}
			for i, p := range g.AllRules() {
				cell := schema.CellName(2, i+2)
				dv := bySqref[cell]
				_, isInt := schema.ParseInt(p.Default)
				_, isBool := schema.ParseBool(p.Default)
				switch {
				case p.Kind == schema.RuleBool || (p.Kind == schema.RuleInt && !isInt && isBool):
					if dv == nil || dv.Type != "list" || !strings.Contains(dv.Formula1, "○,×") {
						t.Errorf("%s (%s): want the ○/× dropdown, got %+v", p.Key, cell, dv)
					}
				case p.Kind == schema.RuleChoice:
					if dv == nil || dv.Type != "list" || !strings.Contains(dv.Formula1, strings.Join(p.Choices, ",")) {
						t.Errorf("%s (%s): want a dropdown of %v, got %+v", p.Key, cell, p.Choices, dv)
					}
				case p.Kind == schema.RuleInt:
					if dv == nil || dv.Type != "whole" || dv.Formula1 != strconv.Itoa(p.Min) || dv.Formula2 != strconv.Itoa(p.Max) {
						t.Errorf("%s (%s): want a whole number %d〜%d, got %+v", p.Key, cell, p.Min, p.Max, dv)
					}
				}
			}
			effects := 0
			for _, s := range g.Sheets {
				for j, col := range s.Columns() {
					if col.Kind != schema.KindEffect {
						continue
					}
					effects++
					cell := schema.CellName(j+1, 1)
					comments, err := f.GetComments(s.Key)
					if err != nil {
						t.Fatal(err)
					}
					text := ""
					for _, c := range comments {
						if c.Cell == cell {
							text = c.Text
						}
					}
					if !regexp.MustCompile(`例：「.+」と書くと、カードには「.+」と印刷されます`).MatchString(text) {
						t.Errorf("%s!%s (%s): note lacks a worked example: %q", s.Key, cell, col.JA, text)
					}
				}
			}
			if effects == 0 {
				t.Errorf("%s has no effect column to check", g.ID)
			}
		})
	}
}
