package sheet_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/layout/testenv"
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// shipped validates the shipped workbook of game and loads its layout from
// the repository's layout folder.
func shipped(t testing.TB, game string) (schema.Result, *schema.Book, *spec.Layout) {
	t.Helper()
	res, book, lay, err := loadShipped(game)
	if err != nil {
		t.Fatal(err)
	}
	return res, book, lay
}

// loadShipped is shipped, failing with an error.
func loadShipped(game string) (schema.Result, *schema.Book, *spec.Layout, error) {
	def, err := rules.All().ByID(game)
	if err != nil {
		return schema.Result{}, nil, nil, err
	}
	g := def.Schema
	book, err := workbook.Open(filepath.Join("..", "..", "cardsrc", game+".xlsx"), "cardsrc/"+game+".xlsx")
	if err != nil {
		return schema.Result{}, nil, nil, err
	}
	res := g.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		return schema.Result{}, nil, nil, fmt.Errorf("the shipped %s workbook has problems: %v", game, res.Problems)
	}
	lay, err := spec.Load("..", g)
	if err != nil {
		return schema.Result{}, nil, nil, err
	}
	return res, book, lay, nil
}

// render prints a game to a file in a fresh folder and returns its path.
func render(t testing.TB, res schema.Result, lay *spec.Layout, opt cards.Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := sheet.Render(&b, res, lay, opt); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), res.Game+".pdf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// tool runs one of the PDF readers. A missing reader skips the test, but
// fails it under CI (CI=true), where .ci/run installs them all.
func tool(t testing.TB, name string, args ...string) string {
	t.Helper()
	pkg := "poppler-utils"
	if name == "qpdf" {
		pkg = "qpdf"
	}
	out, err := exec.Command(testenv.Tool(t, pkg, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// squeeze removes all white space, so that text broken into lines compares
// with the text as written.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// count returns how many physical cards (or boards) of each kind d
// prints, by kind name.
func count(d *cards.Deck) map[string]int {
	out := map[string]int{}
	for _, k := range d.Kinds {
		out[k.Name] = len(d.Cards[k])
	}
	return out
}

// minimal is a small valid layout (layout/testdata/minimal.yaml, shared
// with package spec's tests); tests break one line of it.
var minimal = func() string {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "minimal.yaml"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()
