package nastrond

import (
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// The random bot is sim.Random: uniform over the legal choices.

// Greedy is the one-step bot. It moves to the square with the best expected
// VP, rolls the number of dice with the best expected VP (success chance
// against the target times the VP, plus the ↑ kept), improves a failing roll
// with its bonuses and skills, and scouts the best Einherjar it can pay for
// cheaply. It reads only public state and the dice of its own turn.
// Between Einherjar of equal value (to hire, or to return when paying) it
// picks at random, so that the order of the workbook's rows never decides.
type Greedy struct{}

// NewGreedy returns the "greedy" bot.
func NewGreedy() sim.Bot { return Greedy{} }

// Choose picks a choice for the seat to move.
func (Greedy) Choose(gm sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	g, ok := gm.(*Game)
	if !ok || len(choices) == 1 {
		return 0
	}
	switch g.ph {
	case phMove:
		return argmax(choices, func(c Choice) float64 { return g.squareValue(Square(c.A)) })
	case phPreroll:
		if i := find(choices, KDivine); i >= 0 {
			return i
		}
		if i := find(choices, KIntellect); i >= 0 {
			return i
		}
		if i := find(choices, KSkill); i >= 0 {
			return i // before_roll skills add dice, d8s or ↑: never worse
		}
		ci := &g.e.info[g.chal]
		win := float64(ci.vp + int16(g.icons[g.seat][dignity]) + g.heldVP) // held skill VP come with a success
		need := int(ci.target) - g.expectedBonus()
		d6, d8 := g.poolDice()
		return argmax(choices, func(c Choice) float64 {
			if c.Kind != KRoll {
				return -1
			}
			return g.rollValue(int(c.A), d6, d8, need, win)
		})
	case phRolled:
		return g.greedyRolled(choices)
	case phReroll:
		// The die that gains most on average, while one gains at all.
		best, bestV := find(choices, KRerollGo), 0.0
		for i, c := range choices {
			if v := float64(g.dSides[c.B]+1)/2 - float64(g.dFace[c.B]); c.Kind == KReroll && (v > bestV || best < 0) {
				best, bestV = i, v
			}
		}
		return best
	case phFixed:
		for i, c := range choices {
			if c.Kind == KSkill && g.skillGain(c) >= 0 {
				return i
			}
		}
		if i := find(choices, KDivine); i >= 0 && int(g.power) < int(g.e.info[g.chal].target) {
			return i // a die added to Power after seeing it fall short
		}
		return find(choices, KJudge)
	case phScout:
		if i := find(choices, KSkill); i >= 0 {
			return i // cost cuts and VP
		}
		best, bestNet, ties := find(choices, KPass), 0.0, 0
		for i, c := range choices {
			if c.Kind != KHire {
				continue
			}
			switch net := einValue(g, int(c.A)) - g.payLoss(g.needFor(int(c.A))); {
			case net > bestNet:
				best, bestNet, ties = i, net, 1
			case net == bestNet && ties > 0:
				if ties++; rng.IntN(ties) == 0 {
					best = i
				}
			}
		}
		return best
	case phPay:
		if i := findA(choices, KReturn, -1); i >= 0 {
			return i
		}
		return argmaxTied(choices, func(c Choice) float64 { return -einValue(g, int(c.A)) }, rng)
	}
	return 0
}

func find(choices []Choice, kind uint8) int {
	for i, c := range choices {
		if c.Kind == kind {
			return i
		}
	}
	return -1
}

func findA(choices []Choice, kind uint8, a int16) int {
	for i, c := range choices {
		if c.Kind == kind && c.A == a {
			return i
		}
	}
	return -1
}

// argmaxTied is argmax with its ties broken uniformly at random: where the
// choices are cards, their order is the workbook's row order, which must
// not decide what a bot prefers.
func argmaxTied(choices []Choice, f func(Choice) float64, rng *rand.Rand) int {
	best, bestV, ties := 0, f(choices[0]), 1
	for i := 1; i < len(choices); i++ {
		switch v := f(choices[i]); {
		case v > bestV:
			best, bestV, ties = i, v, 1
		case v == bestV:
			if ties++; rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

func argmax(choices []Choice, f func(Choice) float64) int {
	best, bestV := 0, f(choices[0])
	for i := 1; i < len(choices); i++ {
		if v := f(choices[i]); v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// greedyRolled keeps a roll that already wins (taking any VP or ↑ a skill
// offers) and otherwise takes the improvement with the largest expected gain.
func (g *Game) greedyRolled(choices []Choice) int {
	target := int(g.e.info[g.chal].target)
	if int(g.rolledSum())+g.fixBonus() >= target {
		for i, c := range choices {
			if c.Kind == KSkill && g.skillGain(c) == 0 && g.skillGivesVP(int(c.A)) {
				return i
			}
		}
		return find(choices, KFix)
	}
	best, bestV := find(choices, KFix), 0.0
	for i, c := range choices {
		var v float64
		switch c.Kind {
		case KDivine:
			v = 3.5
		case KCourage:
			v = 1
		case KSkill:
			v = g.skillGain(c)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// skillGain is the expected change of the dice total from a skill choice.
func (g *Game) skillGain(c Choice) float64 {
	w := g.window()
	act := g.activeClauses(int(c.A), w)
	sk := &g.e.skills[c.A]
	gain := 0.0
	for i := range sk.n {
		if !act[i] {
			continue
		}
		switch cl := &sk.cl[i]; cl.verb {
		case vDiePlus, vSetDie:
			if c.B >= 0 {
				gain += float64(g.dieEffect(cl, int8(c.B)) - g.dFace[c.B])
			}
		case vReroll:
			gain += g.rerollGain(cl.n)
		case vAddDie:
			gain += 3.5 * float64(cl.n)
		case vPower:
			gain += float64(cl.n)
		case vToD8:
			gain += float64(cl.n)
		}
	}
	return gain
}

func (g *Game) skillGivesVP(j int) bool {
	act := g.activeClauses(j, g.window())
	sk := &g.e.skills[j]
	for i := range sk.n {
		if act[i] && (sk.cl[i].verb == vVP || sk.cl[i].verb == vTiwaz) {
			return true
		}
	}
	return false
}

// rerollGain is the expected gain of rerolling the n dice lowest against
// their average, of those below it.
func (g *Game) rerollGain(n int8) float64 {
	var done [maxDice]bool
	gain := 0.0
	for range n {
		best := int8(-1)
		for i := range g.nd {
			if g.dState[i] == dsRolled && !done[i] && (best < 0 || 2*int(g.dFace[i])-int(g.dSides[i]) < 2*int(g.dFace[best])-int(g.dSides[best])) {
				best = i
			}
		}
		if best < 0 || 2*int(g.dFace[best]) >= int(g.dSides[best])+1 {
			break
		}
		done[best] = true
		gain += float64(g.dSides[best]+1)/2 - float64(g.dFace[best])
	}
	return gain
}

// fixBonus is the Power the "after fix" skills held and unused would add.
func (g *Game) fixBonus() int {
	bonus := 0
	s := g.seat
	for j := range g.e.skills {
		if g.held[s][j] <= g.used[j] {
			continue
		}
		sk := &g.e.skills[j]
		for i := range sk.n {
			if cl := &sk.cl[i]; cl.trig == tAfterFix && cl.verb == vPower && cl.n > 0 && g.condsHold(cl) {
				bonus += int(cl.n)
			}
		}
	}
	return bonus
}

// expectedBonus adds the 勇気 bonuses still to use to fixBonus.
func (g *Game) expectedBonus() int {
	return g.fixBonus() + int(g.icons[g.seat][courage]-g.usedIcon[courage])
}

func (g *Game) poolDice() (d6, d8 int) {
	for i := range g.nd {
		if g.dState[i] == dsPool {
			if g.dSides[i] == 8 {
				d8++
			} else {
				d6++
			}
		}
	}
	return d6, d8
}

// rollValue is the expected VP of rolling k of the pool, d8s first, against
// need: the success chance times win and the ↑ kept (paid on a failure too
// with TiwazPaysOnFailure).
func (g *Game) rollValue(k, d6, d8, need int, win float64) float64 {
	r8 := min(k, d8)
	p := probAtLeast(k-r8, r8, need)
	tiwaz := float64(g.e.p.tiwazVP) * float64(d6+d8-k)
	if g.e.p.tiwazOnFailure {
		return p*win + tiwaz
	}
	return p * (win + tiwaz)
}

// probTop caps the totals probAtLeast tells apart.
const probTop = 127

// probMemo holds probAtLeast's answers for up to 15 dice of each kind, by
// d6, d8 and need: the answer's bits plus one, 0 while not yet worked out.
// Bots of games played side by side share it; each entry is only ever
// written with the one value probAtLeastOf gives.
var probMemo [16][16][probTop + 1]atomic.Uint64

// probAtLeast is the chance that d6 six-sided and d8 eight-sided dice total
// at least need.
func probAtLeast(d6, d8, need int) float64 {
	if need <= 0 {
		return 1
	}
	if need > 6*d6+8*d8 {
		return 0
	}
	need = min(need, probTop)
	if uint(d6) >= uint(len(probMemo)) || uint(d8) >= uint(len(probMemo[0])) {
		return probAtLeastOf(d6, d8, need)
	}
	m := &probMemo[d6][d8][need]
	if v := m.Load(); v != 0 {
		return math.Float64frombits(v - 1)
	}
	p := probAtLeastOf(d6, d8, need)
	m.Store(math.Float64bits(p) + 1)
	return p
}

// probAtLeastOf works probAtLeast out, for 0 < need <= probTop.
func probAtLeastOf(d6, d8, need int) float64 {
	const top = probTop
	var cur, next [top + 1]float64
	cur[0] = 1
	add := func(sides int) {
		next = [top + 1]float64{}
		for s := 0; s <= need; s++ {
			p := cur[s]
			if p == 0 {
				continue
			}
			if s == need {
				next[need] += p
				continue
			}
			for f := 1; f <= sides; f++ {
				next[min(s+f, need)] += p / float64(sides)
			}
		}
		cur = next
	}
	for range d8 {
		add(8)
	}
	for range d6 {
		add(6)
	}
	return cur[need]
}

// squareValue is the expected VP of stopping on q this turn.
func (g *Game) squareValue(q Square) float64 {
	v := g.board[q]
	tiwazVP := float64(g.e.p.tiwazVP)
	if v < 0 {
		return 0.5 * tiwazVP // a resolved square: a divine intervention for later
	}
	s := g.seat
	ci := &g.e.info[v]
	stock := int(g.stockD6)
	if g.e.p.unlimitedDice {
		stock = maxDice
	}
	take := min(g.countUrd(q), stock)
	extra := min(int(g.divine[s]), stock-take)
	pool := int(g.e.p.ownDice) + take + extra
	d8 := min(int(g.icons[s][intellect]), int(g.d8Res), int(g.e.p.maxD8), pool)
	need := int(ci.target) - int(g.icons[s][courage])
	win := float64(ci.vp + int16(g.icons[s][dignity]))
	best := 0.0
	for k := 0; k <= pool; k++ {
		best = max(best, g.rollValue(k, pool-d8, d8, need, win))
	}
	return best
}

// Overlooks implements sim.Overlooker: the greedy bot prizes an Einherjar
// by its cost and hires it for that, whatever its skill does (it uses a
// skill it holds, but does not weigh one it might hire), so its findings
// about Einherjar skills say little.
func (e *Engine) Overlooks(bot string) []sim.Overlook {
	if !strings.HasPrefix(bot, "greedy") {
		return nil
	}
	return []sim.Overlook{{Sheet: "Einherjar", Column: "Skill", Why: schema.Errorf(
		"greedy はエインヘリアルをコストで選び、スキルの強さを見ません。スキルについての結果は search で確かめてください",
		"greedy hires an Einherjar by its cost and does not weigh its skill: check findings about skills with search")}}
}

// einValue is how much the greedy bot prizes an Einherjar: its cost.
func einValue(g *Game, j int) float64 {
	if j < 0 {
		return 0
	}
	return 1 + float64(g.e.info[g.e.einCard[j]].cost)
}

// payLoss is the value of what the greedy bot would return to pay need:
// ↑ first (when they pay), then its least valued Einherjar.
func (g *Game) payLoss(need int16) float64 {
	if need <= 0 {
		return 0
	}
	s := g.seat
	if g.e.p.tiwazPaysScout {
		need -= int16(g.tiwazCount()) - g.tiwazPaid
	}
	var held [maxEinherjar]int8
	copy(held[:], g.held[s][:])
	loss := 0.0
	for need > 0 {
		best := -1
		for j := range g.e.skills {
			if held[j] > 0 && (best < 0 || einValue(g, j) < einValue(g, best)) {
				best = j
			}
		}
		if best < 0 {
			return 1e9
		}
		held[best]--
		need -= int16(g.e.info[g.e.einCard[best]].layer)
		loss += einValue(g, best)
	}
	return loss
}
