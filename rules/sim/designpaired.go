package sim

import "math"

// designMeasures are the design measures a paired comparison pairs, by
// their DesignReport names, each a ratio of per-game sums: what a game
// adds to its numerator and its denominator, and the scale of the ratio.
var designMeasures = []struct {
	name  string
	of    func(o *Outcome) (num, den int)
	scale float64
}{
	{"branching", func(o *Outcome) (int, int) { return o.Design.Branching, o.Decisions }, 1},
	{"forced", func(o *Outcome) (int, int) { return o.Design.Forced, o.Decisions }, 1},
	{"lead_changes", func(o *Outcome) (int, int) { return o.Design.LeadChanges, 1 }, 1},
	{"comebacks", func(o *Outcome) (int, int) { return b2i(o.Winner >= 0 && o.Design.Deficit > 0), b2i(o.Winner >= 0) }, 1},
	{"comeback_deficit", func(o *Outcome) (int, int) {
		come := b2i(o.Winner >= 0 && o.Design.Deficit > 0)
		return come * o.Design.Deficit, come
	}, 1},
	{"settled", func(o *Outcome) (int, int) {
		won := b2i(o.Winner >= 0)
		return won * int(math.Round(1000*o.Design.Settled)), won
	}, 0.001},
	{"stalls", func(o *Outcome) (int, int) { return o.Design.Stalls, o.Design.Turns }, 1},
}

// designPaired accumulates the design measures of one player count over
// paired games: per measure, the sums a difference of ratios needs. Every
// field is an integer sum, so workers and rounds merge exactly.
type designPaired []ratioSums

func newDesignPaired() designPaired { return make(designPaired, len(designMeasures)) }

func (d designPaired) add(old, new *Outcome) {
	for i, m := range designMeasures {
		xo, yo := m.of(old)
		xn, yn := m.of(new)
		s := &d[i]
		s.xo, s.yo, s.xn, s.yn = s.xo+xo, s.yo+yo, s.xn+xn, s.yn+yn
		s.xo2, s.yo2, s.xoyo = s.xo2+xo*xo, s.yo2+yo*yo, s.xoyo+xo*yo
		s.xn2, s.yn2, s.xnyn = s.xn2+xn*xn, s.yn2+yn*yn, s.xnyn+xn*yn
		s.xoxn, s.yoxn, s.xoyn, s.yoyn = s.xoxn+xo*xn, s.yoxn+yo*xn, s.xoyn+xo*yn, s.yoyn+yo*yn
	}
}

func (d designPaired) merge(o designPaired) {
	for i := range d {
		s, t := &d[i], &o[i]
		s.xo, s.yo, s.xn, s.yn = s.xo+t.xo, s.yo+t.yo, s.xn+t.xn, s.yn+t.yn
		s.xo2, s.yo2, s.xoyo = s.xo2+t.xo2, s.yo2+t.yo2, s.xoyo+t.xoyo
		s.xn2, s.yn2, s.xnyn = s.xn2+t.xn2, s.yn2+t.yn2, s.xnyn+t.xnyn
		s.xoxn, s.yoxn, s.xoyn, s.yoyn = s.xoxn+t.xoxn, s.yoxn+t.yoxn, s.xoyn+t.xoyn, s.yoyn+t.yoyn
	}
}

// designChanges turns the paired sums of each player count into the design
// measures of a comparison (see DesignReport), old against new on the same
// games, each with its paired 95 % interval from the per-game
// linearisation of the ratios (the delta method), Benjamini–Hochberg
// adjusted together, apart from the balance measures. A measure with no
// game to rest on on a side (no comeback, say) is left out, and so is a
// player count whose games were not measured (no choice counted).
func designChanges(acc map[int]*paired, players []int) []Change {
	var out []Change
	for _, n := range players {
		p := acc[n]
		if p.design[0].xo == 0 || p.design[0].xn == 0 {
			continue
		}
		for i, m := range designMeasures {
			s := p.design[i]
			if s.yo == 0 || s.yn == 0 {
				continue
			}
			d, se := s.diff()
			ch := Change{Measure: m.name, Players: n, Paired: p.games,
				Old: round4(m.scale * float64(s.xo) / float64(s.yo)), New: round4(m.scale * float64(s.xn) / float64(s.yn)),
				Diff: round4(m.scale * d), Q: pValue(d, se)}
			ch.Low, ch.High = round4(m.scale*(d-z95*se)), round4(m.scale*(d+z95*se))
			out = append(out, ch)
		}
	}
	adjust(len(out), func(i int) *float64 { return &out[i].Q })
	for i := range out {
		out[i].Significant = out[i].Q < significance
	}
	return out
}

// PairDesign compares the design measures of two batches played on the
// same seeds (the Outcomes of BatchOptions), game for game, per player
// count, as a comparison does (see designChanges). A game that is not clean
// on either side is left out of both.
func PairDesign(old, new []Outcome, players []int) []Change {
	return designChanges(pairAll(old, new, players), players)
}
