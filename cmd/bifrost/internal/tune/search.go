package tune

import (
	"math"

	"bifrost/rules/sim"
	"slices"
	"strconv"
	"strings"
)

// Figure is one target as measured: its value against its limit, both in
// win-rate points. The target is missed when Value exceeds Limit.
type Figure struct {
	// Target is "seat_gap", "turn_order_gap" (a game that deals its turn
	// order at random) or "card_effect".
	Target  string  `json:"target"`
	Players int     `json:"players"`
	Card    string  `json:"card,omitempty"`
	Value   float64 `json:"value_pt"` // the gap, or the effect's distance from its kind's median
	Limit   float64 `json:"limit_pt"` // CheckMaxSeatGap, or CheckCardEffectBand
	// A card effect: the effect on the win rate of the seat that uses the
	// card, with its 95 % interval and paired games, and its kind's median.
	Effect float64 `json:"effect_pt,omitempty"`
	Low    float64 `json:"effect_low_pt,omitempty"`
	High   float64 `json:"effect_high_pt,omitempty"`
	Median float64 `json:"kind_median_pt,omitempty"`
	Games  int     `json:"games,omitempty"`
}

// Excess is how far the figure lies beyond its limit, in points; at most 0
// when the target is met.
func (f Figure) Excess() float64 { return f.Value - f.Limit }

// Measure is what one trial measured: every target's figure, the mean
// length and the design measures per player count (figures without a
// target), or why the trial could not be measured.
type Measure struct {
	Figures []Figure                 `json:"figures"`
	Length  map[int]float64          `json:"mean_length,omitempty"`
	Design  map[int]sim.DesignReport `json:"design,omitempty"`
	// Refused says why the values cannot be played: a cell the workbook's
	// checks refuse, data the engine refuses, games that break a rule or
	// do not finish beyond the workbook's thresholds.
	Refused string `json:"refused,omitempty"`
	// outcomes are the games of a measure on fresh seeds, one by one, to
	// pair the workbook's with the proposal's.
	outcomes []sim.Outcome
}

// rank is what the search lowers, compared element by element: the worst
// excess (the largest miss, or the smallest margin when every target is
// met), then the other misses, largest first. A move that leaves the worst
// target where it was but brings another back within its limit thus helps.
func (m Measure) rank() []float64 {
	if m.Refused != "" {
		return []float64{math.Inf(1)}
	}
	ex := make([]float64, len(m.Figures))
	for i, f := range m.Figures {
		ex[i] = f.Excess()
	}
	slices.SortFunc(ex, func(a, b float64) int { return compareFloat(b, a) })
	for i := 1; i < len(ex); i++ {
		ex[i] = max(ex[i], 0)
	}
	return ex
}

// better reports whether a ranks below b by at least MinGain at the first
// element where they differ by that much; a missing element is no miss.
func better(a, b Measure) bool {
	ra, rb := a.rank(), b.rank()
	for i := range max(len(ra), len(rb)) {
		x, y := at(ra, i), at(rb, i)
		switch {
		case x == y:
		case x <= y-MinGain:
			return true
		case x >= y+MinGain:
			return false
		}
	}
	return false
}

func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// Missed lists the figures beyond their limits, the furthest first: the
// obstacles.
func (m Measure) Missed() []Figure {
	var out []Figure
	for _, f := range m.Figures {
		if f.Excess() > 0 {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b Figure) int { return compareFloat(b.Excess(), a.Excess()) })
	return out
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// MinGain is how much, in points, a move must lower a rank's element to be
// taken. Once every target is met the search goes on widening the
// smallest margin, so that the proposal still holds on seeds it never saw;
// a gain smaller than this is taken for the noise of the batch.
const MinGain = 1.0

// Path is where a search went: the point it started from and the best it
// found, each with its measure, and how much it tried.
type Path struct {
	// At is the index of each free field's chosen value among its
	// candidates; -1 keeps the value the workbook has (one outside the
	// candidates) and is only ever the start.
	At     []int   `json:"at"`
	Start  Measure `json:"start"`
	Best   Measure `json:"best"`
	Trials int     `json:"trials"` // distinct points measured, the start included
	Rounds int     `json:"rounds"`
	// OutOfBudget is set when the search stopped because it had measured
	// budget points, not because no move helped.
	OutOfBudget bool `json:"out_of_budget"`
}

// Search is a coordinate search over free fields, field i taking one of
// sizes[i] candidate values: from start, it tries each value of each field
// in turn, nearest the current value first, and moves the field to the one
// that most reduces the worst target's excess (then the other misses, see
// rank), when it does so by at least MinGain. It repeats the rounds until a whole round moves nothing or
// budget points have been measured. measure is called once per distinct
// point, in an order that depends only on its results, so a deterministic
// measure gives a deterministic search; step, when set, is told of each.
func Search(start, sizes []int, budget int, measure func(at []int) Measure, step func()) Path {
	seen := map[string]Measure{}
	key := func(at []int) string {
		parts := make([]string, len(at))
		for i, v := range at {
			parts[i] = strconv.Itoa(v)
		}
		return strings.Join(parts, ",")
	}
	p := Path{At: slices.Clone(start)}
	get := func(at []int) (Measure, bool) {
		k := key(at)
		if m, ok := seen[k]; ok {
			return m, true
		}
		if p.Trials >= budget {
			p.OutOfBudget = true
			return Measure{}, false
		}
		m := measure(slices.Clone(at))
		seen[k] = m
		p.Trials++
		if step != nil {
			step()
		}
		return m, true
	}
	cur, _ := get(p.At)
	p.Start = cur
	for !p.OutOfBudget {
		p.Rounds++
		moved := false
		for i := range sizes {
			best, bestAt := cur, p.At[i]
			for _, v := range order(p.At[i], sizes[i]) {
				try := slices.Clone(p.At)
				try[i] = v
				m, ok := get(try)
				if !ok {
					break
				}
				if better(m, best) {
					best, bestAt = m, v
				}
			}
			if bestAt != p.At[i] {
				p.At[i], cur, moved = bestAt, best, true
			}
		}
		if !moved {
			break
		}
	}
	p.Best = cur
	return p
}

// order lists the candidates of a field other than from, nearest from
// first, the lower first at equal distance; every candidate in ascending
// order when from is -1.
func order(from, size int) []int {
	var out []int
	if from < 0 {
		for v := range size {
			out = append(out, v)
		}
		return out
	}
	for d := 1; d < size; d++ {
		for _, v := range []int{from - d, from + d} {
			if v >= 0 && v < size {
				out = append(out, v)
			}
		}
	}
	return out
}
