package sheet_test

import (
	"regexp"
	"slices"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
)

// TestCardFileNames_CollidingNamesPartAlikeInEveryOutput: cards whose
// <kind>-<ID> come out alike once made safe for a file name, or alike the
// name an earlier card was given to tell it apart, get -2, -3, … in print
// order; the per-card PDFs, the pictures and the cuts name every card
// alike, so that no two cards share a file in any of them, even on a file
// system that folds case (Windows, macOS).
func TestCardFileNames_CollidingNamesPartAlikeInEveryOutput(t *testing.T) {
	t.Parallel()
	_, _, lay := shipped(t, "valkyrie")
	for _, tt := range []struct {
		name string
		ids  []string // the IDs given to Assist cards A01, A02, A03 in turn
		want []string // the names of their designs, in print order
	}{
		{"distinct", []string{"A01", "A02"}, []string{"Assist-A01", "Assist-A02"}},
		{"made safe alike", []string{"A/01", "A?01"}, []string{"Assist-A_01", "Assist-A_01-2"}},
		{"alike a name told apart", []string{"A 01", "A_01", "A_01-2"}, []string{"Assist-A_01", "Assist-A_01-2", "Assist-A_01-2-2"}},
		{"alike but for case", []string{"a01", "A01"}, []string{"Assist-a01", "Assist-A01-2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			book := openBook(t, "valkyrie")
			tab := book.Sheets["Valkyrie"]
			for i, id := range tt.ids {
				was := []string{"A01", "A02", "A03"}[i]
				at := slices.IndexFunc(tab.Rows, func(r schema.Row) bool { return r.Cell(0) == was })
				if at < 0 || tab.Rows[at].Cols != nil || schema.Normalize(tab.Header[0]) != "ID" {
					t.Fatalf("the Valkyrie sheet has no plain row %s with its ID in the first column", was)
				}
				tab.Rows[at].Cells[0] = id
			}
			res := valkyrie.Schema.Validate(book, schema.NewLang("en"))
			if schema.HasErrors(res.Problems) {
				t.Fatalf("problems: %v", res.Problems)
			}
			opt := cards.Options{Only: tt.ids}

			each, err := sheet.RenderEach(res, lay, opt)
			if err != nil {
				t.Fatal(err)
			}
			pics, err := sheet.Pictures(res, lay, opt)
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := sheet.Cuts(res, lay, opt)
			if err != nil {
				t.Fatal(err)
			}
			var pdfs, pngs, cuts []string
			for _, pc := range each {
				pdfs = append(pdfs, pc.Name)
			}
			for _, pc := range pics {
				pngs = append(pngs, pc.Name)
			}
			for _, cs := range sheets {
				for _, c := range cs.Cuts {
					cuts = append(cuts, c.Card)
				}
			}
			if want := suffixed(tt.want, ".pdf"); !slices.Equal(pdfs, want) {
				t.Errorf("per-card PDFs %q, want %q", pdfs, want)
			}
			checkCopies(t, "pictures", pngs, regexp.MustCompile(`^(.+)-([1-9][0-9]*)-(?:face|back)\.png$`), tt.want)
			checkCopies(t, "cuts", cuts, regexp.MustCompile(`^(.+)-([1-9][0-9]*)$`), tt.want)
		})
	}
}

// checkCopies checks the names of what is written for each copy of each
// card: each one once, each the name of a design (the first group of
// shape) and a copy, the designs' names in print order those of want.
func checkCopies(t *testing.T, what string, names []string, shape *regexp.Regexp, want []string) {
	t.Helper()
	var designs []string
	seen := map[string]bool{}
	for _, n := range names {
		m := shape.FindStringSubmatch(n)
		if m == nil || seen[n] {
			t.Errorf("%s: %q is not a design's name and a copy, or comes twice", what, n)
			continue
		}
		seen[n] = true
		if len(designs) == 0 || designs[len(designs)-1] != m[1] {
			designs = append(designs, m[1])
		}
	}
	if !slices.Equal(designs, want) {
		t.Errorf("%s name the designs %q, want %q (%q)", what, designs, want, names)
	}
}

// suffixed is each of names with suffix after it.
func suffixed(names []string, suffix string) []string {
	var out []string
	for _, n := range names {
		out = append(out, n+suffix)
	}
	return out
}
