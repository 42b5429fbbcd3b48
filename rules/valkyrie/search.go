package valkyrie

import (
	"math"
	"math/rand/v2"
	"slices"

	"bifrost/rules/sim"
)

// Search is the "search" bot (sim.SearchBot) at its default budget:
// determinizations per decision and random decisions per playout before
// Value scores it. It searches over plans and answers at once where its
// plan offers one move (greedy's play, attack or answer). It beats greedy
// clearly while a 4-player batch stays playable (README).
var Search = sim.SearchBot{ISMCTS: sim.ISMCTS{Iterations: 32, Horizon: 10}, Plan: planned}

// NewSearch returns a "search" bot at the budget Search.
func NewSearch() sim.Bot { return sim.NewSearchBot(Search) }

// planned lists into buf the moves of gm's plan for its deciding seat.
func planned(gm sim.Game, buf []sim.Choice) []sim.Choice {
	g, ok := gm.(*Game)
	if !ok {
		return buf[:0]
	}
	p := plan{Game: g, seat: g.Seat(), turn: g.turns}
	return p.Choices(buf)
}

// Determinize implements sim.Searcher: a copy of the game as seat sees it.
// Everything face up (rows, 廃棄置場, play and acquired areas, discard
// piles, VP areas, the pool, a revealed weakness) and seat's own hand are
// kept; what seat cannot see is dealt anew with rng from what it could see
// go there:
//
//   - seat's own draw pile is reshuffled (its cards are known, not their order);
//   - another seat's hand and draw pile are dealt anew from the cards that may
//     be in its draw pile (those that came into it at its last reshuffle or
//     the setup, which everyone saw), keeping both sizes; cards it held when
//     it last reshuffled stay in its hand;
//   - the supply decks and the rage decks are reshuffled (a face-up top
//     weakness stays on top).
//
// Hidden cards are sorted before they are shuffled, so the copy depends on
// what seat sees and rng only. The copy draws its chance from rng and shares
// nothing mutable with g; dst, a copy from an earlier call, is reused. The
// copy starts without Check's tallies (its first Check reads every zone), so
// it may be checked like any game.
func (g *Game) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	pl, _ := dst.(*plan)
	if pl == nil || pl.Game == g {
		pl = &plan{Game: &Game{}}
	}
	d := pl.Game
	pl.seat, pl.turn = seat, g.turns
	g.copyInto(d, rng)
	for i := range d.pl {
		p := &d.pl[i]
		if i == seat {
			d.reshuffle(p.deck)
			continue
		}
		d.redealHand(p)
	}
	for k := range 2 {
		d.reshuffle(d.supply[k])
	}
	for r, deck := range d.rage {
		if len(deck) > 0 && d.revealed && r+1 == d.curRage() {
			deck = deck[:len(deck)-1] // the face-up top stays
		}
		d.reshuffle(deck)
	}
	return pl
}

// plan is a determinized copy as search plans in it: it offers only the
// moves worth weighing. Where greedy would play a card or destroy the
// weakness, and in every decision but the playing phase's, it offers
// greedy's choice alone; otherwise it offers the buys of cards worth more
// than a starting card or worth VP, the attacks greedy would consider, the
// cards greedy keeps back until their 【】 hold, and the end of the phase.
type plan struct {
	*Game
	seat, turn int // the searching seat and the turn it decides in
}

// Choices lists the moves search weighs, a subset of the legal ones.
func (p *plan) Choices(buf []sim.Choice) []sim.Choice {
	g := p.Game
	buf = g.Choices(buf)
	if len(buf) < 2 {
		return buf
	}
	best := choose(g, buf, greedyBuy)
	if g.step != stMain || g.active != p.seat || g.turns != p.turn || g.botScore(buf[best], greedyBuy) >= 40 {
		buf[0] = buf[best]
		return buf[:1]
	}
	k := 0
	for _, c := range buf {
		keep := c.Kind == chEndPlay || c.Kind == chPlay // a card kept back (canWait)
		switch c.Kind {
		case chBuy:
			ds := &g.e.designs[c.C]
			keep = ds.value >= 1.5 || ds.vp > 0
		case chAttack:
			keep = g.botScore(c, greedyBuy) >= 0
		}
		if keep {
			buf[k] = c
			k++
		}
	}
	return buf[:k]
}

// reshuffle puts s in a random order that does not depend on its old one.
func (g *Game) reshuffle(s []int16) {
	slices.Sort(s)
	g.shuffle(s)
}

// redealHand deals p's hand and draw pile anew: the cards of both that may
// be in the draw pile are shuffled and dealt back to the draw pile and to
// the hand positions they held.
func (g *Game) redealHand(p *player) {
	// The candidates: the whole draw pile, then the hand's fresh cards.
	n := len(p.deck)
	cand := g.back[len(g.back):cap(g.back)][:0]
	cand = append(cand, p.deck...)
	for _, c := range p.hand {
		if g.fresh[c] {
			cand = append(cand, c)
		}
	}
	if len(cand) == n {
		g.reshuffle(p.deck)
		return
	}
	g.reshuffle(cand)
	copy(p.deck, cand[:n])
	k := n
	for i, c := range p.hand {
		if g.fresh[c] {
			p.hand[i] = cand[k]
			k++
		}
	}
}

// copyInto copies g into d, reusing d's storage: d's piles are carved from
// its own backing array with g's capacities, with spare room after them for
// redealHand. The copy rolls with rng, tells no one and has no Check tallies.
func (g *Game) copyInto(d *Game, rng *rand.Rand) {
	back, pl, rage, pool := d.back, d.pl, d.rage, d.pool
	mark, dirty, pending, playOK, fresh := d.mark, d.dirty, d.pending, d.playOK, d.fresh
	*d = *g
	need := 0
	for i := range g.pl {
		q := &g.pl[i]
		need += cap(q.deck) + cap(q.hand) + cap(q.play) + cap(q.gained) + cap(q.discard) + cap(q.vparea)
	}
	for k := range 2 {
		need += cap(g.supply[k]) + cap(g.trash[k]) + cap(g.rows[k])
	}
	for _, s := range g.rage {
		need += cap(s)
	}
	for _, s := range g.pool {
		need += cap(s)
	}
	need += cap(g.box) + cap(g.low)
	spare := 0 // redealHand's candidates: one seat's draw pile and hand
	for i := range g.pl {
		spare = max(spare, cap(g.pl[i].deck)+cap(g.pl[i].hand))
	}
	if cap(back) < need+spare {
		back = make([]int16, need+spare)
	}
	off := 0
	cp := func(s []int16) []int16 {
		t := back[off : off+len(s) : off+cap(s)]
		copy(t, s)
		off += cap(s)
		return t
	}
	d.pl = append(pl[:0], g.pl...)
	for i := range d.pl {
		p := &d.pl[i]
		p.deck, p.hand, p.play = cp(p.deck), cp(p.hand), cp(p.play)
		p.gained, p.discard, p.vparea = cp(p.gained), cp(p.discard), cp(p.vparea)
	}
	for k := range 2 {
		d.supply[k], d.trash[k], d.rows[k] = cp(g.supply[k]), cp(g.trash[k]), cp(g.rows[k])
	}
	d.rage = append(rage[:0], g.rage...)
	for r := range d.rage {
		d.rage[r] = cp(d.rage[r])
	}
	d.pool = append(pool[:0], g.pool...)
	for k := range d.pool {
		d.pool[k] = cp(d.pool[k])
	}
	d.box, d.low = cp(g.box), cp(g.low)
	d.back = back[:off]
	d.mark = append(mark[:0], g.mark...)
	dirty.CopyFrom(&g.dirty)
	d.dirty = dirty
	d.pending = append(pending[:0], g.pending...)
	d.playOK = append(playOK[:0], g.playOK...)
	d.fresh = append(fresh[:0], g.fresh...)
	d.rng, d.emit, d.pre, d.chk = rng, nil, nil, nil
}

// Value implements sim.Evaluator: each seat's share of exp(standing /
// valueTemp), where standing is its score plus what its cards promise:
// valueWeight × the share of the game still to play × the mean value of
// the cards it owns (not a calibrated chance of winning).
func (g *Game) Value(seat int) float64 {
	var w [maxPlayers]float64
	best := math.Inf(-1)
	for i := range g.pl {
		w[i] = g.standing(i)
		best = max(best, w[i])
	}
	sum := 0.0
	for i := range g.pl {
		w[i] = math.Exp((w[i] - best) / valueTemp)
		sum += w[i]
	}
	return w[seat] / sum
}

// standing is seat's score plus, before the end, its cards' promise.
func (g *Game) standing(seat int) float64 {
	p := &g.pl[seat]
	s := float64(p.score)
	if g.over {
		return s
	}
	v, n := 0.0, 0
	for _, z := range [...][]int16{p.deck, p.hand, p.play, p.gained, p.discard} {
		for _, c := range z {
			v += g.ds(c).value
			n++
		}
	}
	if n > 0 {
		s += valueWeight * g.toGo() * v / float64(n)
	}
	return s
}

// toGo estimates the share of the game still to play: the smaller of the
// shares of the supply decks not yet run out and of the weaknesses left.
func (g *Game) toGo() float64 {
	sup := 0.0
	for k := range 2 {
		if !g.exhausted[k] {
			sup += float64(len(g.supply[k])) / float64(2*max(len(g.e.deckInst[k]), 1))
		}
	}
	return min(sup, float64(g.rageLeft())/float64(max(len(g.e.weak[g.monster]), 1)))
}

// valueTemp is the standing difference that makes one seat's share e
// times another's; valueWeight weighs the mean card value over the game
// still to play (tuned against greedy, README).
const (
	valueTemp   = 3.0
	valueWeight = 30.0
)
