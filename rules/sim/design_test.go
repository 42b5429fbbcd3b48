package sim

import (
	"context"
	"math"
	"testing"
)

// The standings after each turn give the design measures: how often the
// sole lead changes hands (ties do not count), how far the eventual winner
// was ever behind, and from which share of the game it led for good.
func TestStandingsMeasureLeadChangesComebacksAndWhenTheGameWasSettled(t *testing.T) {
	tests := []struct {
		name    string
		board   []int // two seats, a turn at a time
		final   []int
		winner  int
		changes int
		deficit int
		settled float64
	}{
		{"led throughout", []int{1, 0, 3, 1, 5, 2}, []int{6, 2}, 0, 0, 0, 0},
		{"came from behind", []int{0, 2, 1, 5, 6, 5}, []int{8, 5}, 0, 1, 4, 2.0 / 4},
		{"ties pass the lead without a change", []int{2, 0, 2, 2, 2, 3}, []int{2, 4}, 1, 1, 2, 2.0 / 4},
		{"back and forth", []int{1, 0, 1, 2, 3, 2, 3, 4}, []int{5, 4}, 0, 4, 1, 4.0 / 5},
		{"won on a tie-break", []int{1, 1}, []int{3, 3}, 1, 0, 0, 1},
		{"no winner", []int{1, 0, 0, 1}, []int{2, 2}, -1, 1, 0, 0},
	}
	for _, tt := range tests {
		var d Design
		d.standings(tt.board, tt.final, tt.winner)
		if d.LeadChanges != tt.changes || d.Deficit != tt.deficit || math.Abs(d.Settled-tt.settled) > 1e-9 {
			t.Errorf("%s: %d lead changes, deficit %d, settled %.3f; want %d, %d, %.3f",
				tt.name, d.LeadChanges, d.Deficit, d.Settled, tt.changes, tt.deficit, tt.settled)
		}
	}
}

// A batch reports the measures per player count (shards merge them as
// they merge the rest: TestRun_ShardsMergeToTheWholeBatch).
func TestBatchReportsDesignMeasuresPerPlayerCount(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 3, Games: 200, Workers: 1}
	r := NewReport(e, o, Run(context.Background(), e, o))
	if len(r.Design) != 2 {
		t.Fatalf("design measures for %d player counts, want 2: %+v", len(r.Design), r.Design)
	}
	for n, d := range r.Design {
		if d.Branching < 1 || d.Forced < 0 || d.Forced > 1 || d.LeadChanges <= 0 || d.Comebacks <= 0 || d.Settled <= 0 || d.Settled > 1 {
			t.Errorf("%s players: %+v out of range", n, d)
		}
	}
}
