package schema

import (
	"strings"
	"testing"
)

// FuzzDecodeRow feeds arbitrary cell text through the row decoder of every
// game's sheets: it must never panic, and every problem must name a cell.
func FuzzDecodeRow(f *testing.F) {
	for _, s := range []string{"", "12", "１２", " 3　", "abc", "○", "×", "1e3", "-0", "9999999999999",
		"draw 2; may funds +1", "【layer >= 2】 power +1", "[", "\"", "A,B、C", "\x00", "=SUM(A1:A2)"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, cell string, pick int) {
		for _, g := range Games() {
			for _, spec := range g.AllSheets() {
				cols := spec.Columns()
				header := make([]string, len(cols))
				row := make([]string, len(cols))
				for i, c := range cols {
					header[i] = c.JA
					row[i] = "1"
				}
				if len(cols) > 0 {
					row[(pick%len(cols)+len(cols))%len(cols)] = cell
				}
				book := bookOf(map[string][][]string{spec.Key: {header, row}})
				res := g.Validate(book, NewLang("en"))
				for _, p := range res.Problems {
					if p.Message == "" || strings.Contains(p.Message, "%!") {
						t.Fatalf("%s/%s: bad message %q", g.ID, spec.Key, p.Message)
					}
				}
			}
		}
	})
}
