package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// libreOfficeODS is the shipped nastrond workbook as LibreOffice Calc saves
// it in its own format.
const libreOfficeODS = "../../rules/nastrond/testdata/libreoffice.ods"

// TestAnODSWorkbookIsReadByPathAndInTheSourceFolder: a workbook saved as
// .ods validates like its .xlsx, named by path or found as <game>.ods under
// --src when there is no <game>.xlsx; cards print from it.
func TestAnODSWorkbookIsReadByPathAndInTheSourceFolder(t *testing.T) {
	data, err := os.ReadFile(libreOfficeODS)
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "nastrond.ods"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"validate", libreOfficeODS, "--lang", "en"},
		{"validate", "nastrond", "--src", src, "--lang", "en"},
	} {
		r := bifrost(t, args...)
		if r.code != 0 || !strings.Contains(r.stderr, ".ods: 0 errors, 0 warnings (Edda 38, Einherjar 33") {
			t.Errorf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
	}
	out := t.TempDir()
	if r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("cards from the .ods: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "nastrond", "cards.pdf")); err != nil {
		t.Error(err)
	}
}

// TestACSVIsRefusedWithHowToSaveTheWorkbook: a .csv names no sheets or row
// numbers; it is refused in one line that says how to save the workbook,
// in either language.
func TestACSVIsRefusedWithHowToSaveTheWorkbook(t *testing.T) {
	for lang, want := range map[string]string{
		"ja": "bifrost: 「cards.csv」は CSV なので読めません。シートの見出しと行番号が要るので、ブックを .xlsx か .ods で保存してください",
		"en": `bifrost: cannot read "cards.csv": it is a CSV file, and bifrost needs the sheets with their headers and row numbers: save the workbook as .xlsx or .ods`,
	} {
		r := bifrost(t, "validate", "cards.csv", "--lang", lang)
		if r.code != 2 || !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line starting %q", lang, r.code, r.stderr, want)
		}
	}
}
