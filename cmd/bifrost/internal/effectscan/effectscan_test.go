package effectscan

import (
	"os"
	"path/filepath"
	"testing"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/schema"
)

func TestPlayerCountsReadAsARunOrAList(t *testing.T) {
	for _, tt := range []struct {
		counts []int
		ja, en string
	}{
		{[]int{3}, "3人", "at 3 players"},
		{[]int{2, 4}, "2人・4人", "at 2, 4 players"},
		{[]int{2, 3}, "2人・3人", "at 2, 3 players"},
		{[]int{2, 3, 4}, "2人〜4人", "at 2–4 players"},
		{[]int{2, 3, 5}, "2人・3人・5人", "at 2, 3, 5 players"},
	} {
		if got := playersText(schema.Japanese, tt.counts); got != tt.ja {
			t.Errorf("%v in Japanese: %q, want %q", tt.counts, got, tt.ja)
		}
		if got := playersText(schema.English, tt.counts); got != tt.en {
			t.Errorf("%v in English: %q, want %q", tt.counts, got, tt.en)
		}
	}
}

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
