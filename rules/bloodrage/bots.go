package bloodrage

import (
	"math/rand/v2"

	"bifrost/rules/sim"
)

// Greedy is the one-step bot for the human seat: it tries every choice on a
// copy of the game, runs the copy to the human's next decision with fresh
// dice and reshuffled hidden decks, and keeps the choice whose position
// scores best (own glory, stats, board presence and control, against the
// best AI's glory). Ties go to the first choice.
type Greedy struct {
	scratch Game
	pcg     rand.PCG
	rng     *rand.Rand
}

// Choose implements sim.Bot.
func (b *Greedy) Choose(gm sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	g, ok := gm.(*Game)
	if !ok || len(choices) < 2 {
		return 0
	}
	if b.rng == nil {
		b.rng = rand.New(&b.pcg)
	}
	s1, s2 := rng.Uint64(), rng.Uint64()
	best, bestV := 0, -1<<60
	for i, c := range choices {
		b.pcg.Seed(s1, s2)
		cl := g.cloneInto(&b.scratch, b.rng)
		cl.Apply(c, nil)
		if v := cl.eval(); v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// cloneInto copies g into dst, reusing dst's slices, with rng as the copy's
// dice; the hidden deck orders are reshuffled so the copy cannot peek.
func (g *Game) cloneInto(dst *Game, rng *rand.Rand) *Game {
	figs, cLoc, cOwn, cOrd, stats := dst.figs, dst.cLoc, dst.cOwn, dst.cOrd, dst.stats
	*dst = *g
	dst.figs = append(figs[:0], g.figs...)
	dst.cLoc = append(cLoc[:0], g.cLoc...)
	dst.cOwn = append(cOwn[:0], g.cOwn...)
	dst.cOrd = append(cOrd[:0], g.cOrd...)
	dst.stats = append(stats[:0], g.stats...)
	dst.rng = rng
	dst.emit = nil
	dst.forced = nil
	for _, pile := range [...]uint8{clQuestPile, clUpgradePile, clBattlePile} {
		dst.shufflePile(pile)
	}
	// The AI hands and the AI battle deck are hidden: deal them anew.
	var hidden [256]int16
	var owner [256]int8
	n := 0
	for i, l := range dst.cLoc {
		if n < len(hidden) && (l == clAIDeck || l == clHand && dst.cOwn[i] > 0) {
			hidden[n], owner[n] = int16(i), -1
			if l == clHand {
				owner[n] = dst.cOwn[i]
			}
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		hidden[i], hidden[j] = hidden[j], hidden[i]
	}
	for k := range n {
		if owner[k] >= 0 {
			dst.moveCard(hidden[k], clHand, int(owner[k]))
		} else {
			dst.moveCard(hidden[k], clAIDeck, -1)
			dst.cOrd[hidden[k]] = uint16(rng.IntN(1 << 16))
		}
	}
	return dst
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
	for i, l := range g.cLoc {
		if (l == clHand || l == clQuest) && g.cOwn[i] == 0 {
			d := g.design(int16(i))
			v += int(d.str) + int(d.glory)/2
		}
	}
	if g.over && g.Winner() == 0 {
		v += 1000
	}
	return v
}
