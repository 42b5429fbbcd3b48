package bloodrage

import (
	"math"
	"math/rand/v2"

	"bifrost/rules/sim"
)

// Greedy is the one-step bot for the human seat: it tries every choice on a
// copy of the game as the human sees it (Determinize), plays the copy with
// fresh dice up to the human's next decision or the next AI clan's turn,
// whichever comes first, and keeps the choice whose position scores best
// (own glory, stats, board presence and control, against the best AI's
// glory). Ties are broken at random, so that the order of the choices,
// which follows the workbook's rows, does not decide. The AI turns are
// left out: what an AI does next is one roll of its dice, and ranking by
// it made greedy weaker (README, "Bots and balance") at about twice the
// cost. A draft choice changes nothing the score reads up to there but the
// card kept, so the draft keeps the card that weighs most without a trial
// (one of equals at random).
type Greedy struct {
	base, scratch Game
	pcg           rand.PCG
	rng           *rand.Rand
	vals          []int // the choices' scores, reused
}

// NewGreedy returns the "greedy" bot.
func NewGreedy() sim.Bot { return &Greedy{} }

// Choose implements sim.Bot.
func (b *Greedy) Choose(gm sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	g, ok := gm.(*Game)
	if !ok || len(choices) < 2 {
		return 0
	}
	if g.prompt == pDraft {
		return highest(b.weights(g, choices), rng)
	}
	return highest(b.trials(g, choices, rng), rng)
}

// highest is the index of the largest of vals, one of equals drawn at
// random: the order of the choices follows the workbook's rows, which must
// not decide.
func highest(vals []int, rng *rand.Rand) int {
	best, ties := 0, 0
	for i, v := range vals {
		switch {
		case ties == 0 || v > vals[best]:
			best, ties = i, 1
		case v == vals[best]:
			if ties++; rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// weights is what each draft choice's card weighs in eval (the lowest int
// for keeping none).
func (b *Greedy) weights(g *Game, choices []sim.Choice) []int {
	b.vals = b.vals[:0]
	for _, c := range choices {
		w := math.MinInt
		if c.A >= 0 {
			w = int(g.e.worth[c.A])
		}
		b.vals = append(b.vals, w)
	}
	return b.vals
}

// trials plays every choice on a copy and returns their scores by eval.
func (b *Greedy) trials(g *Game, choices []sim.Choice, rng *rand.Rand) []int {
	if b.rng == nil {
		b.rng = rand.New(&b.pcg)
	}
	// One determinization a decision; each choice is tried on a copy of
	// it, with the dice where the determinization left them, so that every
	// choice meets the same hidden cards and the same rolls.
	b.pcg.Seed(rng.Uint64(), rng.Uint64())
	g.Determinize(&b.base, 0, b.rng)
	dice := b.pcg
	b.vals = b.vals[:0]
	for _, c := range choices {
		b.base.copyTrial(&b.scratch, b.rng)
		b.pcg = dice
		b.scratch.untilAI = true
		b.scratch.Apply(c, nil)
		b.vals = append(b.vals, b.scratch.eval())
	}
	return b.vals
}

// eval scores the position for the human.
func (g *Game) eval() int {
	c := &g.clan[0]
	best := int32(0)
	for s := 1; s < g.n; s++ {
		best = max(best, g.clan[s].glory)
	}
	v := 10 * int(c.glory-best)
	for k := range 3 {
		v += 25 * int(c.step[k])
	}
	v += 4*g.onBoard(0) + 6*g.regionsControlled(0) + 2*int(c.rage)
	v += int(g.worth) // each card in hand or quest: STR + glory/2
	if g.over && g.Winner() == 0 {
		v += 1000
	}
	return v
}
