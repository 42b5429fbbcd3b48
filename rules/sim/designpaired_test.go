package sim

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
)

// forcedRace offers one legal choice, a step of one, on every turn from
// the sixth on: more decisions forced, fewer choices a decision.
type forcedRace struct{ *race }

func (r forcedRace) NewGame(cfg Config, rng *rand.Rand) Game {
	return forcedGame{r.race.NewGame(cfg, rng).(*raceGame)}
}

type forcedGame struct{ *raceGame }

func (g forcedGame) Choices(buf []Choice) []Choice {
	if g.turn >= 6 {
		return append(buf[:0], Choice{Kind: 1, A: 1})
	}
	return g.raceGame.Choices(buf)
}

// The design measures of a comparison are per player count, each with its
// old and new value over the paired games: comparing data with itself
// changes none, and the old side's values are the ones `sim` reports for
// the same games.
func TestCompareDesignMeasuresPerPlayerCountMatchTheBatchReport(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 5, Games: 300}
	c := Compare(context.Background(), e, e, o)
	rep := NewReport(e, o, Run(context.Background(), e, o))
	seen := map[int]int{}
	for _, m := range c.Design {
		seen[m.Players]++
		if m.Significant || m.Diff != 0 || m.Old != m.New || m.Low != 0 || m.High != 0 {
			t.Errorf("identical data changed %+v", m)
		}
		d := rep.Design[strconv.Itoa(m.Players)]
		want := map[string]float64{"branching": d.Branching, "forced": d.Forced, "lead_changes": d.LeadChanges,
			"comebacks": d.Comebacks, "comeback_deficit": d.Deficit, "settled": d.Settled, "stalls": d.Stalls}[m.Measure]
		if math.Abs(m.Old-want) > 0.0006 {
			t.Errorf("%d players %s: compare says %v, sim says %v", m.Players, m.Measure, m.Old, want)
		}
	}
	if seen[2] != len(designMeasures) || seen[3] != len(designMeasures) {
		t.Errorf("design measures per player count %v, want %d at 2 and at 3", seen, len(designMeasures))
	}
}

// A change that forces decisions shows in the paired design measures with
// its direction and an interval that excludes no change; the design
// measures of two batches paired from their outcomes (sweep) are the
// comparison's.
func TestPairedDesignMeasuresSeeForcedDecisions(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 5, Games: 300, Workers: 2}
	c := Compare(context.Background(), e, forcedRace{e}, o)
	for _, m := range c.Design {
		switch m.Measure {
		case "forced":
			if !m.Significant || m.Old != 0 || m.New <= 0 || m.Low <= 0 {
				t.Errorf("forced decisions should grow significantly: %+v", m)
			}
		case "branching":
			if !m.Significant || m.Diff >= 0 || m.High >= 0 {
				t.Errorf("choices a decision should fall significantly: %+v", m)
			}
		}
	}
	old, new := o, o
	old.Outcomes, new.Outcomes = make([]Outcome, o.Games), make([]Outcome, o.Games)
	Run(context.Background(), e, old)
	Run(context.Background(), forcedRace{e}, new)
	if got := PairDesign(old.Outcomes, new.Outcomes, e.PlayerCounts()); !reflect.DeepEqual(got, c.Design) {
		t.Errorf("paired outcomes give\n%+v\nthe comparison\n%+v", got, c.Design)
	}
}
