package designtext

import (
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// A share (forced decisions, comebacks, settling, stalls) reads in percent
// and its change in points, the unit said once; a count (choices, lead
// changes, the deficit) reads as a number; a significant change is marked.
func TestLinesSayEachMeasureInItsUnitInBothLanguages(t *testing.T) {
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	share := sim.Change{Measure: "stalls", Players: 4, Old: 0.125, New: 0.2, Diff: 0.075, Low: 0.05, High: 0.1, Q: 0.001, Significant: true}
	count := sim.Change{Measure: "lead_changes", Players: 2, Old: 1.5, New: 1.25, Diff: -0.25, Low: -0.5, High: 0, Q: 0.2}
	for _, tt := range []struct {
		got, want string
	}{
		{Line(share, ja), "4人・手詰まりの手番：12.5% → 20.0%（+7.5 pt [+5.0, +10.0]、q=0.0010） *"},
		{Line(share, en), "4 players, stalled turns: 12.5% → 20.0% (+7.5 pt [+5.0, +10.0], q=0.0010) *"},
		{Line(count, ja), "2人・首位の交代（1ゲーム）：1.50 → 1.25（-0.25 [-0.50, +0.00]、q=0.2000）"},
		{Row(share, en), "| **4 players, stalled turns** | 12.5% | 20.0% | +7.5 pt | +5.0 … +10.0 | 0.0010 |"},
		{Short(count, en), "lead changes a game -0.25 (-0.50..+0.00)"},
		{Values(3, sim.DesignReport{Branching: 4.5, Forced: 0.1, LeadChanges: 2, Comebacks: 0.5, Deficit: 3.25, Settled: 0.6, Stalls: 0.05}, en),
			"3 players: choices a decision 4.50, forced decisions 10.0%, lead changes a game 2.00, won from behind 50.0%, comeback deficit 3.25, winner led for good from 60.0%, stalled turns 5.0%"},
	} {
		if tt.got != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}
	if got := Counts(map[string]sim.DesignReport{"10": {}, "2": {}, "3": {}}); len(got) != 3 || got[0] != 2 || got[2] != 10 {
		t.Errorf("player counts %v, want 2, 3, 10 in numeric order", got)
	}
}
