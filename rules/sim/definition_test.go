package sim

import (
	"testing"

	"bifrost/schema"
)

// TestLintFindingsFindTheirColumnUnderEitherHeader: an engine's finding
// names a column by its English header, and is placed at the sheet's column
// headed in Japanese or English, in any case; a column the sheet lacks, or
// no column, is -1.
func TestLintFindingsFindTheirColumnUnderEitherHeader(t *testing.T) {
	type card struct {
		ID     string `xlsx:"ID,ID"`
		Target int    `xlsx:"目標値,Target"`
		Reward int    `xlsx:"報酬,Reward"`
	}
	g := &schema.Game{ID: "toy", Sheets: []*schema.SheetSpec{{Key: "Card", Row: card{}}}}
	for _, tt := range []struct {
		header []string
		col    string
		want   int
	}{
		{[]string{"ID", "報酬", "目標値"}, "Target", 2},
		{[]string{"ID", "reward", "TARGET"}, "Target", 2},
		{[]string{"ID", "報酬"}, "Target", -1},
		{[]string{"ID", "目標値"}, "", -1},
		{[]string{"ID", "目標値"}, "目標値", -1}, // findings name columns in English
	} {
		if got := columnAt(g, "Card", tt.header, tt.col); got != tt.want {
			t.Errorf("columnAt(%q, %q) = %d, want %d", tt.header, tt.col, got, tt.want)
		}
	}
}
