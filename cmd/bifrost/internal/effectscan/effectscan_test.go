package effectscan

import (
	"os"
	"path/filepath"
	"testing"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/schema"
)

// TestASavedScanIsStaleOnceItsWorkbookChanges: the report reads the last
// scan back, and says so when the workbook is no longer the one scanned.
func TestASavedScanIsStaleOnceItsWorkbookChanges(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "nastrond.xlsx")
	if err := os.WriteFile(book, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	file, err := Save(out, &report.Effects{Game: "nastrond", Workbook: Digest(book), Games: 7})
	if err != nil || file != filepath.Join(out, "effects-nastrond.json") {
		t.Fatalf("Save: %q, %v", file, err)
	}
	res := schema.Result{File: book}
	if e, stale := Load(out, "nastrond", res); e == nil || e.Games != 7 || stale {
		t.Errorf("the scanned workbook: %+v, stale %v; want the scan, fresh", e, stale)
	}
	if e, _ := Load(out, "valkyrie", res); e != nil {
		t.Errorf("another game: %+v; want none", e)
	}
	if err := os.WriteFile(book, []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	if e, stale := Load(out, "nastrond", res); e == nil || !stale {
		t.Errorf("the edited workbook: %+v, stale %v; want the scan, stale", e, stale)
	}
}
