package guardian

import (
	"math"
	"math/rand/v2"

	"bifrost/rules/sim"
)

// viewer is a game that bots can read: only through a View.
type viewer interface {
	View(v *View)
}

// cardValue ranks cards for the bots' payments and discards: what a bot
// would least like to lose.
func (e *Engine) cardValue(c int16) int {
	d := &e.d[c]
	switch d.kind {
	case kGuardian:
		return 5
	case kAdvance, kOrder:
		return 3
	case kMaterial:
		if len(d.lists[lConsume]) > 0 {
			return 2
		}
	}
	return 1
}

// settle answers the small decisions (mulligan, optional clauses, picks,
// placement, discards) by rules of thumb read from the view: it is what
// both the greedy and the Monte Carlo bot do outside forging and actions,
// and what the greedy bot plays for its own follow-up decisions when it
// looks one step ahead.
func settle(v *View, choices []sim.Choice) int {
	e, p := v.e, &v.pub
	best, bestV := 0, math.MinInt
	for i, c := range choices {
		val := 0
		switch c.Kind {
		case cAside:
			guardians, materials := 0, 0
			for _, h := range v.hand {
				switch e.d[h].kind {
				case kGuardian:
					guardians++
				case kMaterial:
					materials++
				}
			}
			switch k := e.d[c.A].kind; {
			case guardians == 0 && k != kGuardian:
				val = 10 - e.cardValue(c.A)
			case k == kMaterial && materials > 2:
				val = 5
			case guardians > 3 && k == kGuardian:
				val = 1
			default:
				val = -10
			}
		case cKeep:
			val = 0
		case cYes:
			val = 1
			f := &p.stack[p.sp-1]
			if e.d[f.card].lists[f.list][f.idx].verb == vTake {
				val = -1 // a resource card in hand brings the opponent's victory nearer
			}
		case cNo:
			val = 0
		case cPick:
			switch uint8(c.B) {
			case 0, vOppDiscard:
				val = -e.cardValue(c.A)
			case vRecover:
				val = e.cardValue(c.A)
			case vReturnCheer:
				cc := p.ps[v.Seat].cheer[c.A]
				val = int(cc.used)
			case vBreakAdvance:
				cc := p.ps[other(v.Seat)].cheer[c.A]
				val = len(e.d[cc.card].lists[lCheer]) + len(e.d[cc.card].lists[lField]) - int(cc.used)
			}
		case cPlace:
			g := p.ps[v.Seat].guard
			d := &e.d[g]
			inHand := 0
			for _, h := range v.hand {
				if e.d[h].kind == kGuardian {
					inHand++
				}
			}
			ability := len(d.lists[lCheer])+len(d.lists[lField])+len(d.lists[lPrep])+len(d.lists[lBattle]) > 0
			// Keep Guardians coming: a hand without them loses battles. But
			// after a draw with both resource zones empty (an extended
			// battle, R33), taking the Guardian back would only repeat the
			// position: send it to the cheer seat and change the battle.
			cheer := ability && inHand >= 2 || inHand >= 3
			if p.result < 0 && v.resN == 0 && v.opp.res == 0 && inHand >= 1 {
				cheer = true
			}
			if (c.A == 1) == cheer {
				val = 1
			}
		case cDiscard:
			val = -e.cardValue(c.A)
		case cPass:
			val = 0
		}
		if val > bestV {
			best, bestV = i, val
		}
	}
	return best
}

// Greedy is the one-step bot. It forges the Guardian with the best expected
// affinity against the Guardians the opponent may hold, plus its sure ship
// points; for an action it samples the hidden cards once, tries each choice
// on the sample, and keeps the one whose resulting position it values most
// (points in the battle, resources, cards). It reads the game only through a
// View.
type Greedy struct {
	// DeckLists tells the bot the opponent's deck list. Without it the bot
	// knows what a player knows: the cards the opponent has shown, and the
	// sample decks as a whole.
	DeckLists bool

	view    View
	scratch View
	det     determinizer
	base    *Game
	trial   *Game
	buf     []sim.Choice
}

// NewGreedy returns the "greedy" bot.
func NewGreedy() sim.Bot { return &Greedy{} }

// NewGreedyLists returns the greedy bot told the opponent's deck list
// ("greedy+lists").
func NewGreedyLists() sim.Bot { return &Greedy{DeckLists: true} }

// Choose picks a choice for the deciding seat.
func (b *Greedy) Choose(g sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	vg, ok := g.(viewer)
	if !ok || len(choices) == 1 {
		return 0
	}
	vg.View(&b.view)
	v := &b.view
	if !b.DeckLists {
		v.forgetDeck()
	}
	switch v.pub.ask {
	case askForge:
		return b.forge(v, choices)
	case askAction:
		return b.action(v, choices, rng)
	}
	return settle(v, choices)
}

// forge values each forging by its expected affinity against the unseen
// Guardians of the opponent's deck list, upright or (a quarter of the time)
// reckless, and by the ship points it is sure of.
func (b *Greedy) forge(v *View, choices []sim.Choice) int {
	e := v.e
	pool := b.det.oppGuardians(v)
	best, bestV := 0, math.Inf(-1)
	for i, c := range choices {
		if c.Kind != cForge {
			continue
		}
		d := &e.d[c.A]
		me := c.B == 1
		sum, n := 0.0, 0
		for _, og := range pool {
			od := &e.d[og]
			if od.kind != kGuardian {
				continue
			}
			n++
			up := float64(edgeOf(e, d.attr, me, od.attr, false))
			if e.reckOK[od.attr] {
				sum += 0.75*up + 0.25*float64(edgeOf(e, d.attr, me, od.attr, true))
			} else {
				sum += up
			}
		}
		val := 0.0
		if n > 0 {
			val = sum / float64(n) * float64(e.affBonus+e.affPenalty)
		}
		for _, cl := range d.lists[lShip] {
			if cl.verb == vPoint && (len(cl.conds) == 0 || len(cl.conds) == 1 && cl.conds[0].kind == cReckless && me) {
				val += float64(cl.n)
			}
		}
		if val > bestV {
			best, bestV = i, val
		}
	}
	return best
}

// edgeOf is the affinity of attribute a against b with their orientations.
func edgeOf(e *Engine, a int16, ar bool, b int16, br bool) int {
	n := int(e.edge[a][b])
	if ar != br {
		n = -n
	}
	return n
}

// action tries every choice on one sample of the hidden cards.
func (b *Greedy) action(v *View, choices []sim.Choice, rng *rand.Rand) int {
	if b.base == nil {
		b.base, b.trial = v.e.blank(), v.e.blank()
	}
	b.det.determinize(v, b.base, rng)
	b.base.rng = rng
	b.buf = b.base.Choices(b.buf)
	for _, c := range choices {
		if !hasChoice(b.buf, c) {
			panic("guardian: a determinized game lacks the bot's own choice")
		}
	}
	best, bestV := 0, math.Inf(-1)
	for i, c := range choices {
		b.trial.copyFrom(b.base)
		b.trial.rng = rng
		b.trial.Apply(c, nil)
		b.buf = followUp(b.trial, b.buf, &b.scratch)
		val := b.trial.value(v.Seat)
		if c.Kind == cPass {
			val += 0.05 // keep cards when nothing helps
		}
		if val > bestV {
			best, bestV = i, val
		}
	}
	return best
}

// followUp plays g's small follow-up decisions (payments, optional clauses,
// picks) by the rules of thumb until a seat must act, forge or mulligan, or
// the battle is decided. It reuses v as scratch.
func followUp(g *Game, buf []sim.Choice, v *View) []sim.Choice {
	for n := 0; n < 64 && !g.Over(); n++ {
		switch g.p.ask {
		case askAction, askForge, askMulligan, askPlace:
			return buf
		}
		buf = g.Choices(buf)
		g.View(v)
		g.Apply(buf[settle(v, buf)], nil)
	}
	return buf
}

// battleValue rates a point margin of −2…+2 in the battle under way, on
// the scale of a resource card (1.5), which the battle's loser gives up.
var battleValue = [5]float64{-1.4, -1, 0, 1, 1.4}

// value rates the position for seat s: the battle's point margin, then
// resources (each is a life), then cards in hand and on the cheer seat.
func (g *Game) value(s int) float64 {
	if g.Over() {
		switch {
		case g.p.drawn:
			return 0
		case int(g.p.winner) == s:
			return 1000
		}
		return -1000
	}
	p, o := &g.p, other(s)
	val := 0.0
	if p.phase >= phShip && p.phase <= phDecide {
		switch me, op := &p.ps[s], &p.ps[o]; {
		case me.barred && !op.barred:
			val -= 1.5
		case op.barred && !me.barred:
			val += 1.5
		case !me.barred:
			pts, _, _ := g.totals()
			val += battleValue[max(-2, min(2, pts[s]-pts[o]))+2]
		}
	}
	val += 1.5 * float64(len(g.h[s].res)-len(g.h[o].res))
	val += 0.3 * float64(len(g.h[s].hand)-len(g.h[o].hand))
	val += 0.4 * float64(len(p.ps[s].cheer)-len(p.ps[o].cheer))
	val += 0.5 * float64(p.ps[s].next)
	return val
}

// MonteCarlo is the determinized Monte Carlo bot. For forging and actions
// it samples the hidden cards (the opponent's hand, deck, resources and
// face-down Guardian, and its own deck order and resources) from what its
// View shows, plays each choice out with random play for Horizon turns or
// to the end, and keeps the choice with the best mean result. Playouts are
// shared round-robin among the choices; everything comes from the bot's rng,
// so its choices are reproducible. Other decisions follow the rules of
// thumb of the greedy bot.
type MonteCarlo struct {
	Playouts int // playouts per decision, at least two per choice
	Horizon  int // turns after the current one before a playout is scored
	// DeckLists tells the bot the opponent's deck list (see Greedy).
	DeckLists bool

	view    View
	det     determinizer
	scratch *Game
	src     rand.PCG
	prng    *rand.Rand
	buf     []sim.Choice
	sum     []float64
	count   []int
}

// NewMonteCarlo returns the "mc" bot at its default budget: 32 playouts a
// decision, scored 4 turns on.
func NewMonteCarlo() sim.Bot { return &MonteCarlo{Playouts: 32, Horizon: 4} }

// NewMonteCarloLists returns the mc bot told the opponent's deck list
// ("mc+lists").
func NewMonteCarloLists() sim.Bot { return &MonteCarlo{Playouts: 32, Horizon: 4, DeckLists: true} }

// Choose picks a choice for the deciding seat.
func (b *MonteCarlo) Choose(g sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	vg, ok := g.(viewer)
	if !ok || len(choices) == 1 {
		return 0
	}
	vg.View(&b.view)
	v := &b.view
	if !b.DeckLists {
		v.forgetDeck()
	}
	if v.pub.ask != askForge && v.pub.ask != askAction {
		return settle(v, choices)
	}
	if b.scratch == nil {
		b.scratch = v.e.blank()
		b.prng = rand.New(&b.src)
	}
	n := len(choices)
	b.sum, b.count = b.sum[:0], b.count[:0]
	for range n {
		b.sum, b.count = append(b.sum, 0), append(b.count, 0)
	}
	playouts := max(b.Playouts, 2*n)
	limit := int(v.pub.turn) + b.Horizon
	for k := range playouts {
		i := k % n
		b.det.determinize(v, b.scratch, rng)
		b.src.Seed(rng.Uint64(), rng.Uint64())
		b.scratch.rng = b.prng
		b.buf = b.scratch.Choices(b.buf)
		if !hasChoice(b.buf, choices[i]) {
			panic("guardian: a determinized game lacks the bot's own choice")
		}
		b.scratch.Apply(choices[i], nil)
		for !b.scratch.Over() && int(b.scratch.p.turn) <= limit && b.scratch.p.ask != askStall {
			b.buf = b.scratch.Choices(b.buf)
			b.scratch.Apply(b.buf[b.prng.IntN(len(b.buf))], nil)
		}
		b.sum[i] += b.scratch.score(v.Seat)
		b.count[i]++
	}
	best, bestV := 0, math.Inf(-1)
	for i := range n {
		if m := b.sum[i] / float64(b.count[i]); m > bestV {
			best, bestV = i, m
		}
	}
	return best
}

func hasChoice(cs []sim.Choice, c sim.Choice) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// score is a playout's result for seat s in [0, 1]: 1 for a won game, 0
// for a lost one, else a guess from the resource zones and battles won.
func (g *Game) score(s int) float64 {
	if g.Over() {
		switch {
		case g.p.drawn:
			return 0.5
		case int(g.p.winner) == s:
			return 1
		}
		return 0
	}
	o := other(s)
	d := float64(len(g.h[s].res)-len(g.h[o].res)) + 0.5*float64(g.p.ps[s].wins-g.p.ps[o].wins)
	return max(0.05, min(0.95, 0.5+0.12*d))
}
