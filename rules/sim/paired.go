package sim

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Outcome is what one game of a batch came to, as far as the paired
// measures need it: the batch's games played on the same seeds with
// another version of the data pair up by their place in the batch.
type Outcome struct {
	Players int
	Clean   bool // finished without breaking a rule
	Winner  int  // -1: drawn, or not clean
	// Opener is the seat that took the first turn plus one, for a game
	// that deals its turn order at random (TurnOrderer); 0 otherwise.
	Opener int
	Turns  int
	Score  int // the seats' scores summed
	// Decisions and Design are how the game went, for the paired design
	// measures (PairDesign), when the game was measured.
	Decisions int
	Design    Design
}

// place is the winner's place in a turn order dealt at random (0: it
// played first), or -1 for a drawn game.
func (o Outcome) place() int {
	if o.Winner < 0 {
		return -1
	}
	return (o.Winner - (o.Opener - 1) + o.Players) % o.Players
}

// slot is where the winner played, for the seat-balance measures: its
// place in a turn order dealt at random, its seat otherwise; -1 for a drawn
// game.
func (o Outcome) slot() int {
	if o.Opener > 0 {
		return o.place()
	}
	return o.Winner
}

func outcomeOf(r *Result) Outcome {
	return Outcome{Players: r.Players, Clean: clean(r), Winner: r.Winner, Opener: r.First + 1, Turns: r.Turns, Score: sum(r.Scores), Decisions: r.Decisions, Design: r.Design}
}

// PairOutcomes compares two batches played on the same seeds (the
// Outcomes of BatchOptions), game for game: each seat's win rate, the mean
// length and the mean score per player count, with paired 95 % intervals,
// Benjamini–Hochberg adjusted together. A game that is not clean on either
// side is left out of both.
func PairOutcomes(old, new []Outcome, players []int) []Change {
	return changes(pairAll(old, new, players), players)
}

// pairAll sums the clean game pairs of two batches played on the same
// seeds per player count.
func pairAll(old, new []Outcome, players []int) map[int]*paired {
	acc := map[int]*paired{}
	for _, n := range players {
		acc[n] = newPaired(n)
	}
	for i := range min(len(old), len(new)) {
		if p := acc[old[i].Players]; p != nil && old[i].Clean && new[i].Clean && old[i].Players == new[i].Players {
			p.add(old[i], new[i])
		}
	}
	return acc
}

// bootstraps is how many resamples GapShift draws.
const bootstraps = 1000

// GapShift is the change, in points, of the largest seat win-rate gap over
// the player counts (the best seat's win rate minus the worst's, or, in a
// game that deals its turn order at random, the best place's in the turn
// order minus the worst's: there the seat index is noise) from the
// batch old to the batch new, played on the same seeds, with a paired
// bootstrap 95 % interval: the clean game pairs are resampled with
// replacement within each player count, keeping each game's two sides
// together. The resampling has a fixed seed, so the same batches always
// give the same interval.
func GapShift(old, new []Outcome, players []int) (diff, low, high float64) {
	type pair struct{ o, n int }
	byCount := make([][]pair, len(players))
	for i := range min(len(old), len(new)) {
		j := slices.Index(players, old[i].Players)
		if j >= 0 && old[i].Clean && new[i].Clean && old[i].Players == new[i].Players {
			byCount[j] = append(byCount[j], pair{old[i].slot(), new[i].slot()})
		}
	}
	wins := make([][2][]int, len(players))
	for j, n := range players {
		wins[j] = [2][]int{make([]int, n), make([]int, n)}
	}
	// shift is the gap change of one sample, given which pairs it holds.
	shift := func(pick func(j, k int) pair) float64 {
		worst := [2]float64{}
		for j, ps := range byCount {
			if len(ps) == 0 {
				continue
			}
			for side := range 2 {
				clear(wins[j][side])
			}
			for k := range ps {
				p := pick(j, k)
				if p.o >= 0 {
					wins[j][0][p.o]++
				}
				if p.n >= 0 {
					wins[j][1][p.n]++
				}
			}
			for side := range 2 {
				gap := float64(slices.Max(wins[j][side])-slices.Min(wins[j][side])) / float64(len(ps))
				worst[side] = max(worst[side], gap)
			}
		}
		return 100 * (worst[1] - worst[0])
	}
	diff = shift(func(j, k int) pair { return byCount[j][k] })
	rng := rand.New(rand.NewPCG(1, 2))
	samples := make([]float64, bootstraps)
	for b := range samples {
		samples[b] = shift(func(j, _ int) pair { return byCount[j][rng.IntN(len(byCount[j]))] })
	}
	slices.Sort(samples)
	return round1(diff), round1(samples[bootstraps*25/1000]), round1(samples[bootstraps*975/1000-1])
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
