package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

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

// TestIssue18_1_ValidateCostGrowsLinearly validates the guardian workbook at
// 10× and 40×: the bytes allocated must grow about fourfold, not sixteenfold
// as when every design rescanned every deck entry to count its copies.
// Allocation is measured, not time, so the test does not depend on load.
func TestIssue18_1_ValidateCostGrowsLinearly(t *testing.T) {
	alloc := func(n int) uint64 {
		targets, err := resolveTargets(scaledGuardian(t, t.TempDir(), n), []string{"guardian"})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res, err := validateOne(targets[0], schema.NewLang("en"))
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
