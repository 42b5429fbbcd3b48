package rules_test

import (
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/schematest"
	"regexp"
	"strings"
	"testing"
)

// FuzzDecodeRow feeds arbitrary cell text through the row decoder of every
// game's sheets: it must never panic, every message must be well formed, and
// every problem the cell causes (beyond those of the same row holding "1"
// everywhere) must name a cell.
func FuzzDecodeRow(f *testing.F) {
	for _, s := range []string{"", "12", "１２", " 3　", "abc", "○", "×", "1e3", "-0", "9999999999999",
		"draw 2; may funds +1", "【layer >= 2】 power +1", "[", "\"", "A,B、C", "\x00", "=SUM(A1:A2)"} {
		f.Add(s, 0)
	}
	type sheetCase struct {
		g      *schema.Game
		spec   *schema.SheetSpec
		header []string
		base   map[string]bool // problems of the all-"1" row
	}
	var cases []sheetCase
	for _, game := range rules.All() {
		g := game.Schema
		for _, spec := range g.AllSheets() {
			cols := spec.Columns()
			c := sheetCase{g: g, spec: spec, header: make([]string, len(cols)), base: map[string]bool{}}
			for i, col := range cols {
				c.header[i] = col.JA
			}
			for _, p := range g.Validate(schematest.BookOf(map[string][][]string{spec.Key: {c.header, ones(len(cols))}}), schema.NewLang("en")).Problems {
				c.base[p.String()] = true
			}
			cases = append(cases, c)
		}
	}
	f.Fuzz(func(t *testing.T, cell string, pick int) {
		for _, c := range cases {
			row := ones(len(c.header))
			if len(row) > 0 {
				row[(pick%len(row)+len(row))%len(row)] = cell
			}
			res := c.g.Validate(schematest.BookOf(map[string][][]string{c.spec.Key: {c.header, row}}), schema.NewLang("en"))
			for _, p := range res.Problems {
				if p.Message == "" || strings.Contains(p.Message, "%!") {
					t.Fatalf("%s/%s: bad message %q", c.g.ID, c.spec.Key, p.Message)
				}
				if c.base[p.String()] {
					continue
				}
				if p.Sheet == "" || !cellName.MatchString(p.Cell) {
					t.Fatalf("%s/%s: cell %q: problem %q does not name a cell", c.g.ID, c.spec.Key, cell, p)
				}
			}
		}
	})
}

// cellName matches an A1 cell name.
var cellName = regexp.MustCompile(`^[A-Z]+[1-9][0-9]*$`)

// ones returns a row of n cells holding "1".
func ones(n int) []string {
	return strings.Split(strings.Repeat("1,", n), ",")[:n]
}
