package valkyrie

import (
	"math/rand/v2"
	"slices"

	"bifrost/rules/sim"
)

// cardValue is a one-step estimate of what a Valkyrie gives each time it is
// played, in funds: funds 1, power 0.8, a card drawn 1.2, VP 1 (at the end),
// VP cards gained 1, a cost cut 0.5 per point, trashing 0.3; a clause behind
// a 【】 condition counts 60 %, an optional one in full.
func cardValue(d *design) float64 {
	v := float64(d.funds) + 0.8*float64(d.power) + float64(d.vp)
	for i := range d.prog {
		cl := &d.prog[i]
		var x float64
		switch cl.verb {
		case vFunds:
			x = float64(cl.n)
		case vPower:
			x = 0.8 * float64(cl.n)
		case vDraw:
			x = 1.2 * float64(cl.n)
		case vGainVP:
			x = float64(cl.n)
		case vGainFree:
			x = 0.4 * float64(cl.n)
		case vCost:
			x = -0.5 * float64(cl.n)
		case vTrash:
			x = 0.3 * float64(cl.n)
		case vDiscard:
			x = -0.8 * float64(cl.n)
		}
		if len(cl.conds) > 0 {
			x *= 0.6
		}
		v += x
	}
	return v
}

// helpful reports whether a "may" clause is worth resolving for its player.
func helpful(cl *clause) bool {
	switch cl.verb {
	case vFunds, vPower, vDraw, vGainVP, vGainFree, vTrash:
		return cl.n > 0
	case vCost:
		return cl.n < 0
	}
	return false
}

// canWait reports whether the card at hand position i, whose 【】 judged
// on play fails now, may be kept back until it holds: every failing
// condition counts Valkyries gained, weaknesses destroyed or cards played
// this turn, upwards, and the rest of the hand can make it hold without
// this card's funds and power (the buys by their cheapest costs among the
// cards buy would take, the least power that destroys a face-up weakness,
// the cards of the deck it counts).
func (g *Game) canWait(i int16, buy buyValue) bool {
	p := &g.pl[g.active]
	funds, power := g.funds, g.power
	var decks [3]int
	for k, c := range p.hand {
		if k != int(i) {
			ds := g.ds(c)
			funds, power = funds+ds.funds, power+ds.power
			decks[ds.cat]++
		}
	}
	d := g.e.inst[p.hand[i]]
	fails, prog := g.failsOnPlay(d), g.e.designs[d].prog
	for k := range prog {
		if fails&(1<<uint(k)) == 0 {
			continue
		}
		cl := &prog[k]
		for _, cd := range cl.conds {
			if cd.op != sim.OpGE && cd.op != sim.OpGT {
				return false
			}
			want := cd.val
			if cd.op == sim.OpGT {
				want++
			}
			switch cd.kind {
			case cGained:
				if !g.canBuy(want-g.gainedN, funds, buy) {
					return false
				}
			case cDestroyed:
				if need := g.breakNeed(); want-g.destroyed > 1 || (want > g.destroyed && (need < 0 || power < need)) {
					return false
				}
			case cPlayed:
				have := g.playedAny + decks[0] + decks[1] + decks[2]
				if cd.deck >= 0 {
					have = g.played[cd.deck] + decks[cd.deck]
				}
				if have < want {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// canBuy reports whether funds pay for n more Valkyries that buy would take
// from the rows, at their cheapest.
func (g *Game) canBuy(n, funds int, buy buyValue) bool {
	var costs [2 * numRows * 8]int
	k := 0
	for d := range 2 {
		for _, c := range g.rows[d] {
			if c >= 0 && k < len(costs) {
				if ds := g.ds(c); buy(g, ds, g.supplyCost(ds)) >= 0 {
					costs[k] = g.supplyCost(ds)
					k++
				}
			}
		}
	}
	if n > k {
		return false
	}
	slices.Sort(costs[:k])
	for _, c := range costs[:n] {
		funds -= c
	}
	return funds >= 0
}

// junkInHand reports whether the active hand, but for position skip, holds a
// card a bot would trash.
func (g *Game) junkInHand(skip int16) bool {
	for i, c := range g.pl[g.active].hand {
		if i != int(skip) && g.ds(c).value < junkValue {
			return true
		}
	}
	return false
}

// junkValue is the value below which bots trash a card (the starting cards
// without funds).
const junkValue = 0.9

// breakNeed is the least power that destroys the top weakness, or -1 when
// there is none or its durability is hidden from the attacker.
func (g *Game) breakNeed() int {
	w := g.topWeakness()
	if w < 0 || !g.revealed {
		return -1
	}
	dur := g.durability(g.ds(w))
	if g.e.strict {
		return dur + 1
	}
	return max(dur, 1)
}

// buyValue scores a purchase for a bot; below 0 means "do not buy".
type buyValue func(g *Game, d *design, cost int) float64

// choose picks the choice of highest score; ties go to the first listed.
func choose(g *Game, choices []sim.Choice, buy buyValue) int {
	best, bestV := 0, -1e18
	for i, c := range choices {
		if v := g.botScore(c, buy); v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// botScore is the one-step evaluation shared by greedy and bigmoney. In the
// playing phase: cards that draw first, then cards whose 【】 hold, then an
// attack that destroys the weakness with the least power, then cards whose
// 【】 fail and cannot come to hold this turn, then buys as buy scores them,
// then cards kept back until their 【】 hold (canWait), then the end of the
// phase.
func (g *Game) botScore(c sim.Choice, buy buyValue) float64 {
	e := g.e
	switch c.Kind {
	case chPlay:
		ds := &e.designs[c.B]
		if g.failsOnPlay(c.B) != 0 {
			if g.canWait(c.A, buy) {
				return 2 // after the buys and attacks that make its 【】 hold
			}
			return 40
		}
		for i := range ds.prog {
			switch cl := &ds.prog[i]; {
			case cl.end:
			case cl.verb == vDraw:
				return 120
			case cl.verb == vTrash && g.junkInHand(c.A):
				return 110
			}
		}
		return 100 + ds.value
	case chAttack:
		need := g.breakNeed()
		switch {
		case need > 0 && int(c.A) == need:
			return 80
		case need < 0 && int(c.A) == g.power:
			return 5 // durability hidden: power has no other use
		case e.consolation > 0 && !g.consolationPaid && c.A == 1 && (need < 0 || g.power < need):
			return 6
		}
		return -1
	case chBuy, chGainFree:
		ds := &e.designs[c.C]
		cost := g.supplyCost(ds)
		if c.Kind == chGainFree {
			return ds.value*10 + float64(cost)
		}
		if v := buy(g, ds, cost); v >= 0 {
			return 10 + v
		}
		return -1
	case chEndPlay:
		return 0
	case chMay:
		if c.A == 1 && helpful(&e.designs[c.B].prog[c.C]) {
			return 1
		}
		if c.A == 0 {
			return 0.5
		}
		return 0
	case chEndAbility:
		if c.C == 1 && helpful(&e.designs[c.B].prog[c.A]) {
			return 1
		}
		if c.C == 0 {
			return 0.5
		}
		return 0
	case chDiscard:
		return -e.designs[c.B].value
	case chTrash:
		return junkValue - e.designs[c.B].value
	case chStop:
		return 0
	case chReturnVP:
		return -float64(e.designs[c.B].vp)
	}
	return 0
}

// Greedy is the one-step bot: it plays every card that helps, attacks when
// the attack destroys the weakness, and buys the best value per cost among
// cards worth more than a starting card.
type Greedy struct{}

// NewGreedy returns the "greedy" bot.
func NewGreedy() sim.Bot { return Greedy{} }

// Choose implements sim.Bot.
func (Greedy) Choose(gm sim.Game, choices []sim.Choice, _ *rand.Rand) int {
	return choose(gameOf(gm), choices, greedyBuy)
}

// gameOf is the game a bot is given: a game, or a search plan of one.
func gameOf(gm sim.Game) *Game {
	if p, ok := gm.(*plan); ok {
		return p.Game
	}
	return gm.(*Game)
}

func greedyBuy(_ *Game, d *design, cost int) float64 {
	if d.value < 1.5 {
		return -1
	}
	return 10 * d.value / float64(max(cost, 1))
}

// BigMoney is the Big-Money baseline: it buys the card with the most funds
// it can afford, and the Valkyrie with the most VP once it has 8 funds or
// more; it plays everything and attacks only to destroy.
type BigMoney struct{}

// NewBigMoney returns the "bigmoney" bot.
func NewBigMoney() sim.Bot { return BigMoney{} }

// Choose implements sim.Bot.
func (BigMoney) Choose(gm sim.Game, choices []sim.Choice, _ *rand.Rand) int {
	return choose(gameOf(gm), choices, bigMoneyBuy)
}

func bigMoneyBuy(g *Game, d *design, cost int) float64 {
	if g.funds >= 8 && d.vp > 0 {
		return 100 + 10*float64(d.vp) + float64(d.funds)
	}
	if d.funds < 2 {
		return -1
	}
	return 10*float64(d.funds) - 0.1*float64(cost)
}
