package scaffold

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/schema"
)

func TestStarterIsAWorkbookLayoutAndRulebookNamedForTheGame(t *testing.T) {
	src := filepath.Join(t.TempDir(), "cardsrc")
	files, err := Starter(src, "poster")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(src, "poster.xlsx"),
		filepath.Join(filepath.Dir(src), "layout", "poster.yaml"),
		filepath.Join(filepath.Dir(src), "rules", "poster", "rulebook.md"),
	}
	if len(files) != len(want) {
		t.Fatalf("%d files, want %d", len(files), len(want))
	}
	for i, f := range files {
		if f.Path != want[i] {
			t.Errorf("file %d is %s, want %s", i, f.Path, want[i])
		}
	}
	if !strings.Contains(string(files[1].Data), "game: poster\n") || strings.Contains(string(files[1].Data), "GAME") {
		t.Errorf("the layout does not name its game:\n%s", files[1].Data)
	}
	if !strings.HasPrefix(string(files[2].Data), "---\ntitle: poster ルールブック\n") {
		t.Errorf("the rulebook's title is not the game's:\n%s", files[2].Data)
	}
	book, err := excelize.OpenReader(bytes.NewReader(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	if got := book.GetSheetList(); len(got) != 2 || got[0] != starterSheet || got[1] != schema.RulesSheet.JA {
		t.Errorf("sheets %q", got)
	}
	if title, err := book.GetCellValue(schema.RulesSheet.JA, "B2"); err != nil || title != "poster" {
		t.Errorf("Rules!B2 = %q, %v; want the game's id", title, err)
	}
}

func TestStarterRefusesWhenAnyOfItsFilesOrTheOdsWorkbookIsThere(t *testing.T) {
	for _, rel := range []string{"cardsrc/poster.ods", "cardsrc/poster.xlsx", "layout/poster.yaml", "rules/poster/rulebook.md"} {
		t.Run(rel, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Starter(filepath.Join(dir, "cardsrc"), "poster")
			if err == nil || !strings.Contains(english(err), path+" already exists") {
				t.Errorf("got %v, want %s refused", err, path)
			}
		})
	}
}

func TestShippedWritesOverEmptyFilesOnlyAndRefusesData(t *testing.T) {
	dir := t.TempDir()
	files, err := Shipped(rules.All(), dir)
	if err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(dir, "cardsrc", "README.md")
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
	}
	if !slices.Contains(names, readme) || !slices.Contains(names, filepath.Join(dir, "cardsrc", "valkyrie.xlsx")) || !slices.Contains(names, filepath.Join(dir, "layout", "valkyrie.yaml")) {
		t.Fatalf("the shipped files lack the README, a workbook or a layout: %q", names)
	}
	if err := os.MkdirAll(filepath.Dir(readme), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readme, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Shipped(rules.All(), dir); err != nil {
		t.Errorf("an empty file refused: %v", err)
	}
	if err := os.WriteFile(readme, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Shipped(rules.All(), dir); err == nil || !strings.Contains(english(err), readme+" already exists") {
		t.Errorf("a file with data: got %v, want it refused", err)
	}
	if err := os.Remove(readme); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(readme, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Shipped(rules.All(), dir); err == nil || english(err) != readme+": not a regular file (a folder)" {
		t.Errorf("a folder in a file's place: got %v", err)
	}
}

func TestWriteWritesEachFileAndPrintsItsPath(t *testing.T) {
	dir := t.TempDir()
	files := []File{{filepath.Join(dir, "a", "one.txt"), []byte("1")}, {filepath.Join(dir, "two.txt"), []byte("2")}}
	var out bytes.Buffer
	if err := Write(files, &out); err != nil {
		t.Fatal(err)
	}
	if want := files[0].Path + "\n" + files[1].Path + "\n"; out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
	for _, f := range files {
		if data, err := os.ReadFile(f.Path); err != nil || !bytes.Equal(data, f.Data) {
			t.Errorf("%s: %q, %v", f.Path, data, err)
		}
	}
}

// english is err in English.
func english(err error) string {
	schema.SetLang(err, schema.NewLang("en"))
	return err.Error()
}
