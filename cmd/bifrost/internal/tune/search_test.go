package tune

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// fake is a synthetic measurement: each target a function of the point.
type fake struct {
	targets []func(at []int) Figure
	refuse  func(at []int) bool
	calls   [][]int
}

func (f *fake) measure(at []int) Measure {
	f.calls = append(f.calls, slices.Clone(at))
	if f.refuse != nil && f.refuse(at) {
		return Measure{Refused: "refused"}
	}
	var m Measure
	for _, t := range f.targets {
		m.Figures = append(m.Figures, t(at))
	}
	return m
}

// card is a target met within 1 point of 0 by a figure that grows slope
// points a step away from want.
func card(name string, field, want int, slope float64) func([]int) Figure {
	return func(at []int) Figure {
		d := float64(at[field] - want)
		if d < 0 {
			d = -d
		}
		return Figure{Target: "card_effect", Card: name, Value: slope * d, Limit: 1}
	}
}

func TestSearch_FindsTheOptimumOfTwoFieldsFarOffTogether(t *testing.T) {
	// Both cards start far beyond their bands, so moving either one alone
	// leaves the worst miss where it was: the search must still move it,
	// for the other miss it removes.
	f := &fake{targets: []func([]int) Figure{card("A", 0, 3, 3), card("B", 1, 7, 3)}}
	p := Search([]int{10, 0}, []int{11, 11}, 100, f.measure, nil)
	if !reflect.DeepEqual(p.At, []int{3, 7}) || len(p.Best.Missed()) != 0 {
		t.Fatalf("search ended at %v missing %+v, want [3 7] meeting every target", p.At, p.Best.Missed())
	}
	if p.OutOfBudget || p.Trials != len(uniq(f.calls)) {
		t.Errorf("%d trials, out of budget %v; %d distinct points measured in %d calls", p.Trials, p.OutOfBudget, len(uniq(f.calls)), len(f.calls))
	}
	if len(f.calls) != len(uniq(f.calls)) {
		t.Errorf("a point was measured twice: %v", f.calls)
	}
}

func TestSearch_NamesTheObstacleWhenNoValueMeetsTheTargets(t *testing.T) {
	gap := func(at []int) Figure { // never within its limit: 5 points over at best
		d := at[0] - 4
		if d < 0 {
			d = -d
		}
		return Figure{Target: "seat_gap", Players: 4, Value: float64(45 + d), Limit: 40}
	}
	f := &fake{targets: []func([]int) Figure{gap, card("A", 0, 8, 0.1)}}
	p := Search([]int{0}, []int{10}, 100, f.measure, nil)
	missed := p.Best.Missed()
	if p.At[0] != 4 || len(missed) != 1 || missed[0].Target != "seat_gap" || missed[0].Excess() != 5 {
		t.Fatalf("search ended at %v missing %+v, want 4 with the seat gap 5 points over as the obstacle", p.At, missed)
	}
}

func TestSearch_SkipsRefusedValuesAndKeepsSmallGainsForNoise(t *testing.T) {
	// The best value, 0, is refused (the workbook's checks refuse it); 1 is
	// the best allowed. From 5, the value 6 is better by less than MinGain:
	// no reason to move there.
	f := &fake{targets: []func([]int) Figure{card("A", 0, 0, 2)}, refuse: func(at []int) bool { return at[0] == 0 }}
	if p := Search([]int{5}, []int{10}, 100, f.measure, nil); p.At[0] != 1 {
		t.Errorf("search ended at %v, want 1 (0 is refused)", p.At)
	}
	flat := &fake{targets: []func([]int) Figure{func(at []int) Figure {
		return Figure{Target: "seat_gap", Players: 2, Value: 30 - 0.5*float64(at[0]-5), Limit: 40}
	}}}
	if p := Search([]int{5}, []int{7}, 100, flat.measure, nil); p.At[0] != 5 || p.Rounds != 1 {
		t.Errorf("search moved to %v in %d rounds for gains under MinGain, want to stay at 5 after one round", p.At, p.Rounds)
	}
}

func TestSearch_IsDeterministicAndStopsAtItsBudget(t *testing.T) {
	run := func(budget int) (Path, [][]int) {
		f := &fake{targets: []func([]int) Figure{card("A", 0, 2, 2), card("B", 1, 9, 1.5), card("C", 2, 4, 3)}}
		return Search([]int{-1, 5, 5}, []int{6, 12, 8}, budget, f.measure, nil), f.calls
	}
	p1, calls1 := run(1000)
	p2, calls2 := run(1000)
	if !reflect.DeepEqual(p1, p2) || !reflect.DeepEqual(calls1, calls2) {
		t.Fatalf("two searches with the same measure differ:\n%+v\n%+v", p1, p2)
	}
	if !reflect.DeepEqual(p1.At, []int{2, 9, 4}) {
		t.Errorf("search ended at %v, want [2 9 4]", p1.At)
	}
	if calls1[1][0] != 0 || calls1[2][0] != 1 {
		t.Errorf("a field outside its candidates should try them in ascending order: %v", calls1[:3])
	}
	p, calls := run(5)
	if !p.OutOfBudget || p.Trials != 5 || len(calls) != 5 {
		t.Errorf("with a budget of 5: %d trials (%d calls), out of budget %v", p.Trials, len(calls), p.OutOfBudget)
	}
}

func uniq(calls [][]int) map[string]bool {
	out := map[string]bool{}
	for _, c := range calls {
		out[fmt.Sprint(c)] = true
	}
	return out
}
