package sweepgrid

import (
	"testing"

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
