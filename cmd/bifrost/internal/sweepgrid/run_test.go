package sweepgrid

import (
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// games is n clean two-player games, won by seat winner(i).
func games(n int, winner func(i int) int) []sim.Outcome {
	out := make([]sim.Outcome, n)
	for i := range out {
		out[i] = sim.Outcome{Players: 2, Clean: true, Winner: winner(i), Turns: 10}
	}
	return out
}

func TestRunPairsEveryPlayablePointWithTheFirstPlayableOne(t *testing.T) {
	first := func(int) int { return 0 }
	alternate := func(i int) int { return i % 2 }
	played := map[string]Played{
		"a": Unplayable([]string{"a"}, []schema.Problem{{Severity: schema.Error, Cell: "B2", Message: "bad"}, {Severity: schema.Warning, Cell: "B3", Message: "odd"}}),
		"b": {Outcomes: games(60, first), Players: []int{2}},
		"c": {Outcomes: games(60, first), Players: []int{2}},
		"d": {Outcomes: games(60, alternate), Players: []int{2}},
		"e": {Outcomes: games(60, alternate), Players: []int{3}},
	}
	axes := []Axis{{Label: "X", Column: "X", Values: []string{"a", "b", "c", "d", "e"}}}
	points, err := Run(axes, func(combo []string) (Played, error) {
		p := played[combo[0]]
		p.Point.Values = combo
		return p, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(points) != 5 {
		t.Fatalf("%d points, want 5", len(points))
	}
	a, b, c, d, e := points[0], points[1], points[2], points[3], points[4]
	if len(a.Problems) != 1 || a.Problems[0] != "B2: bad" || a.Baseline || a.GapShift != nil {
		t.Errorf("the unplayable point: %+v; want its one error, no baseline, no pairing", a)
	}
	if !b.Baseline || b.GapShift != nil {
		t.Errorf("the first playable point: %+v; want the baseline", b)
	}
	if c.Baseline || c.GapShift == nil || c.GapShift.Diff != 0 || c.Differs {
		t.Errorf("the same games again: %+v; want paired, no change", c)
	}
	if d.GapShift == nil || d.GapShift.Diff >= 0 || !d.Differs {
		t.Errorf("the seats winning in turn: %+v; want a smaller gap, surely", d)
	}
	if e.Baseline || e.GapShift != nil || e.Differs {
		t.Errorf("other player counts: %+v; want no pairing", e)
	}
}

// The design block lists each playable step's measures per player count;
// the baseline says it is one, a step with a significant change names it
// under its player count, a step without one says so, and an unplayable
// step is left out.
func TestWriteDesignNamesTheSignificantChangesUnderTheirPlayerCount(t *testing.T) {
	d := map[string]sim.DesignReport{"2": {Branching: 3}, "3": {Branching: 2}}
	moved := sim.Change{Measure: "forced", Players: 3, Diff: 0.1, Low: 0.05, High: 0.15, Significant: true}
	still := sim.Change{Measure: "forced", Players: 2, Diff: 0.01, Low: -0.01, High: 0.03}
	points := []report.SweepPoint{
		{Values: []string{"0"}, Problems: []string{"B2: bad"}},
		{Values: []string{"1"}, Baseline: true, Design: d},
		{Values: []string{"2"}, Design: d, DesignChanges: []sim.Change{still}},
		{Values: []string{"3"}, Design: d, DesignChanges: []sim.Change{still, moved}},
	}
	var b strings.Builder
	WriteDesign(&b, points, schema.NewLang("en"))
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{
		"Design measures per value and player count",
		"  values 1:", "    2 players: choices a decision 3.00,", "    3 players: choices a decision 2.00,", "    (the baseline: the first value)",
		"  values 2:", "    2 players:", "    3 players:", "    no significant change from the first value",
		"  values 3:", "    2 players:", "    3 players:", "      differs significantly from the first value *: forced decisions +10.0 pt (+5.0..+15.0)",
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), b.String())
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want it to begin %q", i+1, got[i], want[i])
		}
	}
}
