package sweepgrid

import (
	"context"
	"slices"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// ParseAxes reads the --set values, then the --rule values, into axes.
func ParseAxes(sets, rules []string) ([]Axis, error) {
	var axes []Axis
	for _, s := range sets {
		a, err := ParseSet(s)
		if err != nil {
			return nil, err
		}
		axes = append(axes, a)
	}
	for _, s := range rules {
		a, err := ParseRule(s)
		if err != nil {
			return nil, err
		}
		axes = append(axes, a)
	}
	return axes, nil
}

// Labels are the axes' labels, as typed.
func Labels(axes []Axis) []string {
	labels := make([]string, len(axes))
	for i, a := range axes {
		labels[i] = a.Label
	}
	return labels
}

// Write copies the workbook at src to dst with combo, one value per axis,
// written into it.
func Write(src, dst string, game *schema.Game, axes []Axis, combo []string) error {
	return workbook.Edit(src, dst, func(f *excelize.File) error { return Apply(f, game, axes, combo) })
}

// Played is one combination played: its measures, each game's outcome and
// the player counts played, for pairing with the baseline. A combination
// that cannot be played has only its point, with its Problems.
type Played struct {
	Point    report.SweepPoint
	Outcomes []sim.Outcome
	Players  []int
}

// Run plays every combination of axes' values with play, in grid order, and
// pairs each playable point with the baseline, the first playable one, game
// for game on the same seeds.
func Run(axes []Axis, play func(combo []string) (Played, error)) ([]report.SweepPoint, error) {
	var points []report.SweepPoint
	var base *Played
	for _, combo := range Grid(axes) {
		pl, err := play(combo)
		if err != nil {
			return nil, err
		}
		p := &pl.Point
		switch {
		case len(p.Problems) > 0:
		case base == nil:
			p.Baseline = true
			base = &pl
		case slices.Equal(pl.Players, base.Players):
			pair(p, base.Outcomes, pl.Outcomes, pl.Players)
		}
		points = append(points, *p)
	}
	return points, nil
}

// pair compares point p's games with the baseline's, played on the same
// seeds, game for game.
func pair(p *report.SweepPoint, base, outcomes []sim.Outcome, players []int) {
	d, lo, hi := sim.GapShift(base, outcomes, players)
	p.GapShift = &report.Shift{Diff: d, Low: lo, High: hi}
	p.Changes = sim.PairOutcomes(base, outcomes, players)
	p.DesignChanges = sim.PairDesign(base, outcomes, players)
	p.Differs = p.GapShift.Sure() || slices.ContainsFunc(p.Changes, func(c sim.Change) bool { return c.Significant })
}

// Unplayable is the point of combo whose workbook has errors: each error
// as "cell: message".
func Unplayable(combo []string, problems []schema.Problem) Played {
	p := report.SweepPoint{Values: combo}
	for _, pr := range problems {
		if pr.Severity == schema.Error {
			p.Problems = append(p.Problems, pr.Cell+": "+pr.Message)
		}
	}
	return Played{Point: p}
}

// Measure plays the batch bo on e, the workbook with combo written into it,
// keeping each game's outcome: the seat win rates (and those by turn order
// where it is dealt at random), the seat gap (the largest over the player
// counts, in points to one decimal, by turn order where it is dealt at
// random, by seat otherwise: SeatGapBasis), mean lengths
// and scores, the design measures, unfinished games and violations.
func Measure(ctx context.Context, e sim.Engine, bo sim.BatchOptions, combo []string) Played {
	bo.Outcomes = make([]sim.Outcome, bo.Games)
	rep := sim.NewReport(e, bo, sim.Run(ctx, e, bo))
	p := report.SweepPoint{Values: combo, Unfinished: rep.Unfinished, Violations: rep.ViolationCount,
		SeatWin: map[string][]float64{}, Length: map[string]float64{}, Score: map[string]float64{}, Design: rep.Design}
	p.SeatGapBasis = report.BySeat
	if rep.TurnOrderWinRate != nil {
		p.SeatGapBasis, p.TurnOrderWin = report.ByTurnOrder, map[string][]float64{}
	}
	for n, rates := range rep.SeatWinRate {
		for _, w := range rates {
			p.SeatWin[n] = append(p.SeatWin[n], w.Rate)
		}
		for _, w := range rep.TurnOrderWinRate[n] {
			p.TurnOrderWin[n] = append(p.TurnOrderWin[n], w.Rate)
		}
		by := rates
		if order := rep.TurnOrderWinRate[n]; order != nil {
			by = order
		}
		lo, hi := 1.0, 0.0
		for _, w := range by {
			lo, hi = min(lo, w.Rate), max(hi, w.Rate)
		}
		p.SeatGap = max(p.SeatGap, 100*(hi-lo))
		p.Length[n] = rep.Length[n].Mean
		p.Score[n] = rep.Scores[n].All.Mean
	}
	p.SeatGap = float64(int(p.SeatGap*10+0.5)) / 10
	return Played{Point: p, Outcomes: bo.Outcomes, Players: bo.Players}
}
