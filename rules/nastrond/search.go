package nastrond

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"bifrost/rules/sim"
)

// Search is the "search" bot (sim.SearchBot) at its default budget: 100
// determinizations per decision, playouts played by the greedy bot and
// scored by Value after 30 decisions, with little exploration (C 0.2).
// Random playouts lose to greedy at every budget tried, since they cannot
// match its exact dice odds; greedy playouts let the search improve on it.
var Search = sim.SearchBot{ISMCTS: sim.ISMCTS{Iterations: 100, Horizon: 30, C: 0.2, Rollout: Greedy{}}}

// NewSearch returns a "search" bot at the budget Search.
func NewSearch() sim.Bot { return sim.NewSearchBot(Search) }

// Determinize implements sim.Searcher. Nastrond hides nothing from a
// player: the board's cards, the Einherjar (S13), every Urd and die are in
// plain view, so the copy is the position itself; what no player knows
// is the dice still to fall, and the copy rolls those with rng instead of
// the game's source. It shares no mutable state with g; dst, a copy from an
// earlier call, is reused.
func (g *Game) Determinize(dst sim.Game, _ int, rng *rand.Rand) sim.Game {
	d, _ := dst.(*Game)
	if d == nil || d == g {
		d = &Game{}
	}
	*d = *g
	d.opts = append(d.optBuf[:0], g.opts...)
	d.rng = rng
	return d
}

// valueScale is the VP lead at which Value gives about 73 % (one logistic
// unit): a few VP, about one challenge.
const valueScale = 3

// Value implements sim.Evaluator: seat's share of a softmax over the seats'
// VP plus the majorities they would take if the game ended now (E3, E4), so
// that a lead of valueScale VP counts about e times the weight of the
// next seat.
func (g *Game) Value(seat int) float64 {
	var proj [maxPlayers]float64
	g.projected(&proj)
	sum := 0.0
	for s := range g.n {
		sum += math.Exp((proj[s] - proj[seat]) / valueScale)
	}
	return 1 / sum
}

// What Value counts an asset as, in VP: a held Einherjar per point of the
// greedy bot's value for it, and each growth per turn still to play.
var (
	assetEin       = 0.5
	assetCourage   = 0.3
	assetIntellect = 0.3
	assetDignity   = 0.5
)

// projected fills each seat's VP plus the majority VP it would score now.
func (g *Game) projected(p *[maxPlayers]float64) {
	for s := range g.n {
		left := float64(g.supply[s]) // turns still to play
		ic := &g.icons[s]
		ein := 0.0
		for m := g.heldMask[s]; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			ein += float64(g.held[s][j]) * einValue(g, j)
		}
		p[s] = float64(g.vp[s]) + ein*assetEin +
			left*(float64(ic[courage])*assetCourage+float64(ic[intellect])*assetIntellect+float64(ic[dignity])*assetDignity)
	}
	if g.ph != phOver {
		p[g.seat] += g.pending()
	}
	n := g.urdByLayer()
	for layer := 1; layer <= 3; layer++ {
		seats, share := g.majority(&n, layer)
		for s := range g.n {
			if seats&(1<<s) != 0 {
				p[s] += float64(share)
			}
		}
	}
}

// pending is the VP the active player's challenge is expected to bring, as
// the greedy bot reckons it: before the roll the best number of dice to
// roll, after it whether Power with the bonuses still to use reaches the
// target, with the ↑ kept and the skill VP held for the judgement.
func (g *Game) pending() float64 {
	if g.chal < 0 {
		return 0
	}
	s := g.seat
	ci := &g.e.info[g.chal]
	win := float64(ci.vp + int16(g.icons[s][dignity]) + g.heldVP) // held skill VP come with a success
	switch g.ph {
	case phPreroll:
		need := int(ci.target) - g.expectedBonus()
		d6, d8 := g.poolDice()
		best := 0.0
		for k := 0; k <= d6+d8; k++ {
			best = max(best, g.rollValue(k, d6, d8, need, win))
		}
		return best
	case phRolled, phReroll, phFixed:
		power := int(g.power)
		if g.ph != phFixed {
			power = int(g.rolledSum()) + g.expectedBonus()
		} else {
			power += g.fixBonus()
		}
		tiwaz := float64(g.e.p.tiwazVP) * float64(g.tiwazCount())
		switch {
		case power >= int(ci.target):
			return win + tiwaz
		case g.e.p.tiwazOnFailure:
			return tiwaz
		}
	}
	return 0
}
