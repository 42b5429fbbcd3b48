package schema_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

var update = flag.Bool("update", false, "rewrite golden files")

// readmeMarker separates cardsrc/README.md's hand-written introduction from
// the part generated from the schema.
const readmeMarker = "<!-- Everything below is generated from the schema: go test ./schema -run TestCardsrcReadme -update -->\n"

// TestCardsrcReadme_DocumentsEverySheetAndColumn keeps cardsrc/README.md in step with the schema.
func TestCardsrcReadme_DocumentsEverySheetAndColumn(t *testing.T) {
	const path = "../cardsrc/README.md"
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	intro, _, ok := strings.Cut(string(old), readmeMarker)
	if !ok {
		t.Fatalf("%s lacks the marker line %q", path, readmeMarker)
	}
	var b strings.Builder
	b.WriteString(intro + readmeMarker)
	for _, game := range rules.All() {
		g := game.Schema
		b.WriteString("\n")
		b.WriteString(g.Markdown(examplesFrom(t, g)))
	}
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if b.String() != string(old) {
		t.Errorf("%s is out of date with the schema; run: go test ./schema -run TestCardsrcReadme -update", path)
	}
	for _, game := range rules.All() {
		g := game.Schema
		for _, s := range g.AllSheets() {
			for _, c := range s.Columns() {
				if c.Doc == "" && c.Field != "ID" && c.Field != "Name" && c.Field != "Flavor" {
					t.Errorf("%s.%s column %s (%s) has no doc tag", g.ID, s.Key, c.JA, c.EN)
				}
			}
		}
	}
}

// examplesFrom returns the first non-empty value of each column in the shipped workbook.
func examplesFrom(t *testing.T, g *schema.Game) func(sheet, field string) string {
	book, err := workbook.Open("../cardsrc/"+g.ID+".xlsx", g.ID+".xlsx")
	if err != nil {
		t.Fatalf("opening the shipped %s workbook: %v", g.ID, err)
	}
	return func(sheet, field string) string {
		spec := g.Spec(sheet)
		tab, ok := book.Lookup(spec.Key, spec.JA)
		if !ok {
			return ""
		}
		for _, c := range spec.Columns() {
			if c.Field != field {
				continue
			}
			for i, h := range tab.Header {
				if h != c.JA && h != c.EN {
					continue
				}
				for _, r := range tab.Rows {
					if v := schema.Normalize(r.Cell(i)); v != "" {
						if len([]rune(v)) > 40 {
							v = string([]rune(v)[:40]) + "…"
						}
						return v
					}
				}
			}
		}
		return ""
	}
}
