package bloodrage

import (
	"math"
	"math/rand/v2"
	"slices"

	"bifrost/rules/sim"
)

// Search is the "search" bot (sim.SearchBot) at its default budget: a
// budget that grows with the decision, 8 determinizations for each legal
// choice (at least 32), so that every choice of a wide Action decision is
// tried on several deals; enough to beat Greedy clearly while a 4-clan game
// stays playable in a batch (README).
var Search = sim.SearchBot{ISMCTS: sim.ISMCTS{Iterations: 32, Horizon: 1, C: 0.05}, PerChoice: 8}

// NewSearch returns a "search" bot at the budget Search.
func NewSearch() sim.Bot { return sim.NewSearchBot(Search) }

// Determinize implements sim.Searcher. Only the human (seat 0) decides, so
// the copy is the game as the human sees it: every card whose place the
// human does not know (the Age decks, the AI battle deck, the AI hands but
// for cards shown in battle and taken back, the AI clans' face-down
// discards, and the unseen cards of earlier Ages) is dealt anew among the
// places such cards occupy, card for card of the same Age and kind, and
// every deck is reshuffled. The copy rolls its dice with rng and shares no
// mutable state with g; dst, a copy from an earlier call, is reused.
func (g *Game) Determinize(dst sim.Game, _ int, rng *rand.Rand) sim.Game {
	d, _ := dst.(*Game)
	if d == nil {
		d = &Game{}
	}
	g.copyInto(d, rng)
	d.redeal(rng)
	return d
}

// copyInto copies g into dst, reusing dst's slices, with rng as the copy's
// dice and no listener.
func (g *Game) copyInto(dst *Game, rng *rand.Rand) {
	figs, cLoc, cOwn, cOrd, cSeen, stats, hidden, seen, cc := dst.figs, dst.cLoc, dst.cOwn, dst.cOrd, dst.cSeen, dst.stats, dst.hidden, dst.figCheck.seen, dst.cardCheck
	figsMoved, cardsMoved := dst.figsMoved, dst.cardsMoved
	*dst = *g
	figsMoved.CopyFrom(&g.figsMoved)
	cardsMoved.CopyFrom(&g.cardsMoved)
	dst.figsMoved, dst.cardsMoved = figsMoved, cardsMoved
	dst.figCheck = figCheck{seen: seen[:0]} // Check reads the copy afresh
	dst.cardCheck = cardCheck{loc: cc.loc[:0], own: cc.own[:0]}
	dst.figs = append(figs[:0], g.figs...)
	dst.cLoc = append(cLoc[:0], g.cLoc...)
	dst.cOwn = append(cOwn[:0], g.cOwn...)
	dst.cOrd = append(cOrd[:0], g.cOrd...)
	dst.cSeen = append(cSeen[:0], g.cSeen...)
	dst.stats = append(stats[:0], g.stats...)
	dst.hidden = hidden
	dst.rng = rng
	dst.emit = nil
	dst.forced = nil
}

// copyTrial copies g into dst for a trial that is played and thrown away,
// as greedy's are: what only the tally, Check and Determinize read (the
// counters, the dirty sets, the cards the human has seen) keeps what dst
// held, which play writes but never reads. dst is sized by copyInto first.
func (g *Game) copyTrial(dst *Game, rng *rand.Rand) {
	if len(dst.stats) != len(g.stats) || len(dst.cSeen) != len(g.cSeen) || dst.figsMoved.Len() != g.figsMoved.Len() || dst.cardsMoved.Len() != g.cardsMoved.Len() {
		g.copyInto(dst, rng)
		return
	}
	figs, cLoc, cOwn, cOrd, cSeen, stats, hidden := dst.figs, dst.cLoc, dst.cOwn, dst.cOrd, dst.cSeen, dst.stats, dst.hidden
	figsMoved, cardsMoved, fc, cc := dst.figsMoved, dst.cardsMoved, dst.figCheck, dst.cardCheck
	*dst = *g
	dst.figsMoved, dst.cardsMoved, dst.figCheck, dst.cardCheck = figsMoved, cardsMoved, fc, cc
	dst.figs = append(figs[:0], g.figs...)
	dst.cLoc = append(cLoc[:0], g.cLoc...)
	dst.cOwn = append(cOwn[:0], g.cOwn...)
	dst.cOrd = append(cOrd[:0], g.cOrd...)
	dst.cSeen, dst.stats, dst.hidden = cSeen, stats, hidden
	dst.rng = rng
	dst.emit = nil
	dst.forced = nil
}

// unseen reports whether the human does not know where card instance i
// is: a card of this or an earlier Age, in the game, never shown since it
// last went face down, in a place the human cannot look into.
func (g *Game) unseen(i int) bool {
	if g.cSeen[i] {
		return false
	}
	switch g.cLoc[i] {
	case clQuestPile, clUpgradePile, clBattlePile, clAIDeck, clDiscard, clBox:
	case clHand:
		if g.cOwn[i] == 0 {
			return false
		}
	default:
		return false
	}
	d := &g.e.instCard[i]
	return d.age >= 1 && d.age <= g.age && g.inGame(d.age, d.players)
}

// nPlaces is the number of (place, owner) pairs a hidden card can take.
const nPlaces = (clAIDeck + 1) * (maxClans + 1)

// redeal deals the unseen cards anew with rng, Age and kind apart, keeping
// how many of them each place holds (what the human sees), then gives every
// deck a fresh order (and forgets the order keys of cards out of decks). Cards are taken in instance order and places in a
// fixed order, so the result depends on what the human sees and rng only.
func (g *Game) redeal(rng *rand.Rand) {
	var count [nClasses][nPlaces]int16
	var start [nClasses + 1]int
	g.hidden = g.hidden[:0]
	for i := range g.cLoc {
		if g.unseen(i) {
			c := classOf(&g.e.instCard[i])
			count[c][int(g.cLoc[i])*(maxClans+1)+int(g.cOwn[i])+1]++
			start[c+1]++
			g.hidden = append(g.hidden, int16(i))
		}
	}
	// Sort the cards by class (stable) into the second half of the buffer.
	n := len(g.hidden)
	g.hidden = slices.Grow(g.hidden, n)[:2*n]
	for c := range nClasses {
		start[c+1] += start[c]
	}
	next := start
	for _, i := range g.hidden[:n] {
		c := classOf(&g.e.instCard[i])
		g.hidden[n+next[c]] = i
		next[c]++
	}
	for c := range nClasses {
		g.deal(g.hidden[n+start[c]:n+start[c+1]], &count[c], rng)
	}
	for i, l := range g.cLoc {
		g.cOrd[i] = 0 // an old deck order is not seen either
		if l == clQuestPile || l == clUpgradePile || l == clBattlePile || l == clAIDeck {
			g.cOrd[i] = rng.Uint32()
		}
	}
	g.cardsMoved.MarkAll() // the cards moved: Check reads every one again
}

// nClasses is the number of card classes that are dealt apart: Age 1..3
// by kind.
const nClasses = 3 * 3

// classOf is the class of a card of Age 1..3.
func classOf(d *instInfo) int { return int(d.age-1)*3 + int(d.kind) }

// deal shuffles cards and deals them to the places count says, in place
// order.
func (g *Game) deal(cards []int16, count *[nPlaces]int16, rng *rand.Rand) {
	if len(cards) < 2 {
		return
	}
	for k := len(cards) - 1; k > 0; k-- {
		j := rng.IntN(k + 1)
		cards[k], cards[j] = cards[j], cards[k]
	}
	place := 0
	for _, i := range cards {
		for count[place] == 0 {
			place++
		}
		count[place]--
		g.cLoc[i] = uint8(place / (maxClans + 1))
		g.cOwn[i] = int8(place%(maxClans+1) - 1)
	}
}

// Value implements sim.Evaluator: the human's share is a logistic curve
// over eval (greedy's score, not a calibrated chance of winning); the AI
// clans share the rest equally.
func (g *Game) Value(seat int) float64 {
	p := 1 / (1 + math.Exp(-float64(g.eval())/valueScale))
	if seat == 0 {
		return p
	}
	return (1 - p) / float64(g.n-1)
}

// valueScale is the eval difference that moves Value from 1/2 to about 3/4.
const valueScale = 150
