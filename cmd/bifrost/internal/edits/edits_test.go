package edits

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/schema"
)

var shipped = filepath.Join("..", "..", "..", "..", "cardsrc")

// copyOf copies the shipped workbook of game id to name in a new folder.
func copyOf(t *testing.T, id, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(shipped, id+".xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAWorkbookUnderAnyNameIsTheGameWithTheMostOfItsSheets(t *testing.T) {
	for _, id := range rules.All().IDs() {
		if _, err := os.Stat(filepath.Join(shipped, id+".xlsx")); err != nil {
			continue
		}
		g, book, err := OpenAny(rules.All(), copyOf(t, id, "tmp1234.xlsx"))
		if err != nil || book == nil || g.ID != id {
			t.Errorf("%s under a temporary name: %v, %v", id, g, err)
		}
	}
}

func TestAWorkbookOfNoGameAndAFileThatIsNoWorkbookAreRefused(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.xlsx")
	f := excelize.NewFile()
	if err := f.SaveAs(empty); err != nil {
		t.Fatal(err)
	}
	_, _, err := OpenAny(rules.All(), empty)
	schema.SetLang(err, schema.NewLang("en"))
	if err == nil || err.Error() != empty+": no sheet of any game's workbook" {
		t.Errorf("a workbook of no game: %v", err)
	}
	text := filepath.Join(dir, "notes.xlsx")
	if err := os.WriteFile(text, []byte("not a workbook"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(text); !errors.As(err, new(DataError)) {
		t.Errorf("a file that is no workbook: %v, want a DataError", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.xlsx")); err == nil || errors.As(err, new(DataError)) {
		t.Errorf("a missing file: %v, want an error that is no DataError", err)
	}
}

func TestBetweenListsTheChangedCellsOnly(t *testing.T) {
	game, err := rules.All().ByID("valkyrie")
	if err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(shipped, "valkyrie.xlsx")
	if changes, err := Between(game.Schema, old, old); err != nil || len(changes) != 0 {
		t.Fatalf("a workbook against itself: %v, %v", changes, err)
	}
	changed := copyOf(t, "valkyrie", "valkyrie.xlsx")
	f, err := excelize.OpenFile(changed)
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetList()[0]
	was, err := f.GetCellValue(sheet, "B2")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue(sheet, "B2", was+"!"); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	changes, err := Between(game.Schema, old, changed)
	if err != nil || len(changes) != 1 || changes[0].Kind != schema.Changed || !strings.Contains(changes[0].String(), was+"!") {
		t.Errorf("one cell changed: %v, %v", changes, err)
	}
}
