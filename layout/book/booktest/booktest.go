package booktest

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"bifrost/layout/book"
	"bifrost/schema"
)

// PlayerBooks are the books a player holds, by name: the rulebook and the
// summary (which also makes the summary card).
var PlayerBooks = []string{"rulebook", "summary"}

// WithRule is a copy of b whose Rules sheet sets key to value, adding the
// row when the sheet has none for key (or the sheet when b has none), and
// the number of the row that does.
func WithRule(b *schema.Book, key, value string) (*schema.Book, int) {
	out := &schema.Book{File: b.File, Sheets: map[string]*schema.Table{}}
	for name, t := range b.Sheets {
		out.Sheets[name] = t
	}
	t, ok := b.Lookup(schema.RulesSheet.Key, schema.RulesSheet.JA)
	if !ok {
		out.Sheets[schema.RulesSheet.Key] = &schema.Table{Sheet: schema.RulesSheet.Key, Header: []string{"Key", "Value"},
			Rows: []schema.Row{{Num: 2, Cells: []string{key, value}}}}
		return out, 2
	}
	keyCol, valCol := -1, -1
	for i, h := range t.Header {
		switch schema.Normalize(h) {
		case "キー", "Key":
			keyCol = i
		case "値", "Value":
			valCol = i
		}
	}
	c := &schema.Table{Sheet: t.Sheet, Header: t.Header}
	row := 0
	for _, r := range t.Rows {
		cells := make([]string, max(len(t.Header), valCol+1))
		for i := range cells {
			cells[i] = r.Cell(i)
		}
		if schema.Normalize(cells[keyCol]) == key {
			cells[valCol], row = value, r.Num
		}
		c.Rows = append(c.Rows, schema.Row{Num: r.Num, Cells: cells})
	}
	if row == 0 {
		cells := make([]string, max(len(t.Header), valCol+1))
		cells[keyCol], cells[valCol] = key, value
		row = c.Rows[len(c.Rows)-1].Num + 1
		c.Rows = append(c.Rows, schema.Row{Num: row, Cells: cells})
	}
	out.Sheets[t.Sheet] = c
	return out, row
}

// WithRules is WithRule for each key and value of kv (key, value, …).
func WithRules(b *schema.Book, kv ...string) *schema.Book {
	for i := 0; i+1 < len(kv); i += 2 {
		b, _ = WithRule(b, kv[i], kv[i+1])
	}
	return b
}

var (
	cardPlaceholder   = regexp.MustCompile(`\{\{card [^}]*\}\}`)
	figurePlaceholder = regexp.MustCompile(`\{\{figure [^}]*\}\}`)
)

// Expand expands the player's books of dir (the game's rules folder) with
// d, reading RULINGS.md and glossary.yaml from dir into it, and returns
// each book's text by name, and the books' placeholder errors joined. A
// placeholder that draws, an example card or a figure, is left out when d
// has nothing to draw it with (no Parts, no Figures): a drawing prints no
// rule text. A file it cannot read fails t.
func Expand(t testing.TB, dir string, d book.Data) (map[string]string, error) {
	t.Helper()
	rulings, err := os.ReadFile(filepath.Join(dir, "RULINGS.md"))
	if err != nil {
		t.Fatal(err)
	}
	d.Rulings = string(rulings)
	data, err := os.ReadFile(filepath.Join(dir, "glossary.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	d.Glossary = nil
	if err := yaml.NewDecoder(strings.NewReader(string(data))).Decode(&d.Glossary); err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	if d.Book == nil {
		d.Book = d.Result.Book
	}
	out := map[string]string{}
	var errs []error
	for _, name := range PlayerBooks {
		file := filepath.Join(dir, name+".md")
		md, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(md)
		if d.Parts == nil {
			text = cardPlaceholder.ReplaceAllString(text, "")
		}
		if d.Figures == nil {
			text = figurePlaceholder.ReplaceAllString(text, "")
		}
		expanded, err := book.Expand(file, text, d)
		errs = append(errs, err)
		out[name] = expanded
	}
	return out, errors.Join(errs...)
}

// RulesProblems lists res's errors on the Rules sheet, the ones a changed
// value can cause.
func RulesProblems(res schema.Result) []schema.Problem {
	return slices.DeleteFunc(slices.Clone(res.Problems), func(p schema.Problem) bool {
		return p.Severity != schema.Error || p.Sheet != schema.RulesSheet.Key && p.Sheet != schema.RulesSheet.JA
	})
}

// PlayerBooksWith validates b as g's workbook with the Rules values kv (key,
// value, …) set, failing t when the Rules sheet refuses or misreads one, and
// expands the player's books of dir from it, drawings left out.
func PlayerBooksWith(t testing.TB, g *schema.Game, dir string, b *schema.Book, kv ...string) map[string]string {
	t.Helper()
	res := g.Validate(WithRules(b, kv...), schema.NewLang("en"))
	if ps := RulesProblems(res); len(ps) > 0 {
		t.Fatalf("%v: %s", kv, ps[0])
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if got := res.Rules.Text(kv[i]); got != kv[i+1] {
			t.Fatalf("%s reads %q, want %q", kv[i], got, kv[i+1])
		}
	}
	books, err := Expand(t, dir, book.Data{Game: g, Result: res, Lang: schema.English})
	if err != nil {
		t.Fatalf("%v: %v", kv, err)
	}
	return books
}

// Says is a Rules value and phrases the player's books say under it.
type Says struct {
	Value   string
	Phrases []string // each in the rulebook or the summary
}

// SayEach expands the player's books (through books, given the key and its
// value) under each of two values of key, and fails t for a phrase of that
// value that they do not say and for one of the other value that they
// still say.
func SayEach(t testing.TB, key string, a, b Says, books func(key, value string) map[string]string) {
	t.Helper()
	for _, pair := range [2][2]Says{{a, b}, {b, a}} {
		this, other := pair[0], pair[1]
		var all strings.Builder
		for _, text := range books(key, this.Value) {
			all.WriteString(text)
		}
		for _, p := range this.Phrases {
			if !strings.Contains(all.String(), p) {
				t.Errorf("%s = %s: the player's books do not say %q", key, this.Value, p)
			}
		}
		for _, p := range other.Phrases {
			if strings.Contains(all.String(), p) {
				t.Errorf("%s = %s: the player's books still say %q, which is %s = %s", key, this.Value, p, key, other.Value)
			}
		}
	}
}
