package main

import (
	"fmt"
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
	t.Parallel()
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
	t.Parallel()
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

// TestAFolderOfSheetCSVsIsRefusedWithHowToSaveTheWorkbook: Google Sheets'
// File → Download → CSV saves one sheet at a time, as "<workbook> -
// <sheet>.csv"; a --src holding such files (or a <game>/ folder of them)
// instead of the workbook, or such a folder named as the workbook, is
// refused in one line that says how to save the workbook whole, in either
// language.
func TestAFolderOfSheetCSVsIsRefusedWithHowToSaveTheWorkbook(t *testing.T) {
	t.Parallel()
	downloads := t.TempDir() // as Google Sheets names them, beside other files
	perGame := t.TempDir()   // a folder per game, one CSV per sheet
	for dir, names := range map[string][]string{
		downloads:                          {"ナストロンド草案 - Edda.csv", "ナストロンド草案 - ウルズ.csv", "notes.csv"},
		filepath.Join(perGame, "nastrond"): {"Edda.csv", "Urd.csv"},
	} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if err := os.WriteFile(filepath.Join(dir, n), []byte("ID,名前\nE1,ミーミルの泉\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		args         []string
		where, first string
		count        int
	}{
		{[]string{"validate", "nastrond", "--src", downloads}, filepath.Join(downloads, "nastrond.xlsx"), "ナストロンド草案 - Edda.csv", 2},
		{[]string{"cards", "nastrond", "--src", perGame}, filepath.Join(perGame, "nastrond.xlsx"), "Edda.csv", 2},
		{[]string{"validate", downloads}, downloads, "ナストロンド草案 - Edda.csv", 2},
	} {
		for lang, want := range map[string]string{
			"ja": fmt.Sprintf("bifrost: %s：ブックがなく、シートごとの CSV が%d個あります（%s など）。シート名と行番号のあるブック1つが要るので、ブックを .xlsx か .ods で保存してください（Google スプレッドシートなら「ファイル → ダウンロード → Microsoft Excel (.xlsx)」", tc.where, tc.count, tc.first),
			"en": fmt.Sprintf("bifrost: %s: no such workbook, only CSV files of its sheets (%d, such as %s); bifrost needs one workbook with its sheet names and row numbers: save it as .xlsx or .ods (in Google Sheets: File → Download → Microsoft Excel (.xlsx)", tc.where, tc.count, tc.first),
		} {
			r := bifrost(t, append(tc.args, "--lang", lang)...)
			if r.code != 2 || !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%v %s: exit %d, stderr %q; want 2 and one line starting %q", tc.args, lang, r.code, r.stderr, want)
			}
		}
	}
	// Without sheet CSVs, the missing workbook is said as before.
	if r := bifrost(t, "validate", "guardian", "--src", downloads, "--lang", "en"); r.code != 2 || !strings.HasSuffix(r.stderr, "guardian.xlsx: no such workbook\n") {
		t.Errorf("guardian: exit %d, stderr %q", r.code, r.stderr)
	}
}
