package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// scaledGuardian writes the shipped guardian workbook scaled n times as
// dir/guardian.xlsx and returns dir: every card design and every sample deck
// appears n times. Copy k (k ≥ 1) suffixes IDs, names, deck names and deck
// row IDs with "~k" and points its decks at its own cards, so the scaled book
// validates like the shipped one (no duplicate IDs or names).
func scaledGuardian(tb testing.TB, dir string, n int) string {
	tb.Helper()
	dst := filepath.Join(dir, "guardian.xlsx")
	err := workbook.Edit(filepath.Join(shippedSrc, "guardian.xlsx"), dst, func(f *excelize.File) error {
		for _, s := range []struct {
			sheet  string
			suffix []string // columns whose text gets the copy's suffix
		}{
			{"Guardian", []string{"ID", "名前"}},
			{"Advance", []string{"ID", "名前"}},
			{"Order", []string{"ID", "名前"}},
			{"Material", []string{"ID", "名前"}},
			{"Decks", []string{"ID", "デッキ", "カードID"}},
		} {
			if err := repeatRows(f, s.sheet, s.suffix, n); err != nil {
				return fmt.Errorf("%s: %w", s.sheet, err)
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("writing the %d× guardian workbook: %v", n, err)
	}
	return dir
}

// repeatRows appends n-1 copies of the data rows of sheet below them,
// suffixing the named columns of copy k with "~k".
func repeatRows(f *excelize.File, sheet string, suffix []string, n int) error {
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return err
	}
	if len(rows) < 2 {
		return fmt.Errorf("no data rows")
	}
	var cols []int
	for _, h := range suffix {
		c := slices.Index(rows[0], h)
		if c < 0 {
			return fmt.Errorf("no column %q", h)
		}
		cols = append(cols, c)
	}
	data := rows[1:]
	next := len(rows) + 1
	for k := 1; k < n; k++ {
		for _, r := range data {
			if len(r) == 0 {
				continue
			}
			out := make([]any, len(r))
			for i, v := range r {
				out[i] = v
			}
			for _, c := range cols {
				if c < len(r) && r[c] != "" {
					out[c] = fmt.Sprintf("%s~%d", r[c], k)
				}
			}
			cell, err := excelize.CoordinatesToCellName(1, next)
			if err != nil {
				return err
			}
			if err := f.SetSheetRow(sheet, cell, &out); err != nil {
				return err
			}
			next++
		}
	}
	return nil
}

// TestValidateCostGrowsLinearly validates the guardian workbook at
// 10× and 40×: the bytes allocated must grow about fourfold, not sixteenfold
// as when every design rescanned every deck entry to count its copies.
// Allocation is measured, not time, so the test does not depend on load.
func TestValidateCostGrowsLinearly(t *testing.T) {
	alloc := func(n int) uint64 {
		list, err := targets.Resolve(rules.All(), scaledGuardian(t, t.TempDir(), n), []string{"guardian"})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res, err := list[0].Validate(schema.NewLang("en"))
		runtime.ReadMemStats(&after)
		if err != nil || len(res.Problems) > 0 {
			t.Fatalf("%d×: %v %v", n, err, res.Problems)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(10), alloc(40)
	ratio := float64(large) / float64(small)
	t.Logf("10×: %d MiB, 40×: %d MiB (%.1f×)", small>>20, large>>20, ratio)
	if ratio > 6 {
		t.Errorf("validating 40× allocates %.1f× what 10× does (%d MiB against %d MiB), want about 4×", ratio, large>>20, small>>20)
	}
}

// TestBuildSucceedsOnGuardianAt100x builds the guardian workbook
// scaled 100× (5,800 designs, 500 sample decks of 30): validation passes, so
// the smoke batch, the cards and the report must be made without a
// violation or a crash.
func TestBuildSucceedsOnGuardianAt100x(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a 100× workbook; skipped with -short")
	}
	src := scaledGuardian(t, t.TempDir(), 100)
	out := t.TempDir()
	r := bifrost(t, "build", "guardian", "--src", src, "--out", out, "--rules", "../../rules", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("build exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, f := range []string{"cards.pdf", "report.json", "report.html", "rulebook.pdf", "rulebook.html"} {
		if fi, err := os.Stat(filepath.Join(out, "guardian", f)); err != nil || fi.Size() == 0 {
			t.Errorf("out/guardian/%s: %v", f, err)
		}
	}
}

// TestNotesInTheLastColumnValidate writes a designer's note in the last
// column (XFD) of 300 rows of the Decks sheet: the workbook must validate
// as before, where it was refused for "more than 4194304 cells".
func TestNotesInTheLastColumnValidate(t *testing.T) {
	t.Parallel()
	src := scaledGuardian(t, t.TempDir(), 10)
	path := filepath.Join(src, "guardian.xlsx")
	notes := 0
	rewriteSheets(t, path, func(xml string) string {
		if !strings.Contains(xml, `<row r="301"`) { // only Decks has so many rows at 10×
			return xml
		}
		for r := 2; r <= 301; r++ {
			start := strings.Index(xml, fmt.Sprintf(`<row r="%d"`, r))
			end := start + strings.Index(xml[start:], "</row>")
			xml = xml[:end] + fmt.Sprintf(`<c r="XFD%d" t="inlineStr"><is><t>メモ %d</t></is></c>`, r, r) + xml[end:]
			notes++
		}
		return xml
	})
	if notes != 300 {
		t.Fatalf("wrote %d notes, want 300", notes)
	}
	book, err := workbook.Open(path, path)
	if err != nil {
		t.Fatal(err)
	}
	if decks, _ := book.Lookup("Decks"); decks == nil || decks.Rows[299].Cell(16383) != "メモ 301" {
		t.Fatal("the notes are not in column XFD of the Decks sheet")
	}
	r := bifrost(t, "validate", "guardian", "--src", src, "--lang", "en")
	if r.code != 0 {
		t.Fatalf("validate exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// rewriteSheets replaces every worksheet part of the workbook at path by
// fn of its XML.
func rewriteSheets(t *testing.T, path string, fn func(string) string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") || !strings.HasSuffix(zf.Name, ".xml") {
			if err := zw.Copy(zf); err != nil {
				t.Fatal(err)
			}
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(zf.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, fn(string(b))); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
