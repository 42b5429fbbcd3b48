package guardian

import (
	"math/rand/v2"

	"bifrost/rules/sim"
)

// Search is the "search" bot (sim.SearchBot) at its default budget: 200
// determinizations per decision, playouts scored by Value after 20 random
// decisions. It beats greedy clearly while a batch stays playable (README).
var Search = sim.SearchBot{ISMCTS: sim.ISMCTS{Iterations: 200, Horizon: 20}}

// NewSearch returns a "search" bot at the budget Search.
func NewSearch() sim.Bot { return sim.NewSearchBot(Search) }

// NewSearchLists returns the search bot told the opponent's deck list
// ("search+lists", like greedy+lists and mc+lists): it searches on copies
// sampled from the lists.
func NewSearchLists() sim.Bot {
	def := Search
	def.Sees = toldLists
	return sim.NewSearchBot(def)
}

// sampler is the scratch of Determinize: the seat's View and the
// determinizer that deals the hidden cards from it. It lives on the copy
// it fills, so the original game is only read.
type sampler struct {
	view View
	det  determinizer
}

// Determinize implements sim.Searcher with the bots' determinizer: the copy
// is built from seat's View alone, without the opponent's deck list (what a
// player knows), so its hand, face-down Guardian, resources and deck, and
// seat's own deck order and resources, are sampled with rng. The copy draws
// its chance from rng and shares no mutable state with g; dst, a copy from
// an earlier call, is reused.
func (g *Game) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	return g.determinize(dst, seat, rng, false)
}

// determinize is Determinize; with lists the opponent's cards are sampled
// from its deck list.
func (g *Game) determinize(dst sim.Game, seat int, rng *rand.Rand, lists bool) sim.Game {
	d, _ := dst.(*Game)
	if d == nil || d.e != g.e || d.smp == nil {
		d = g.e.blank()
		d.smp = &sampler{}
	}
	v := &d.smp.view
	g.viewOf(seat, v)
	if !lists {
		v.forgetDeck()
	}
	d.smp.det.determinize(v, d, rng)
	d.rng, d.emit = rng, nil
	return d
}

// told is a game as a bot that was told the opponent's deck list sees it.
type told struct{ *Game }

// Determinize samples the opponent's hidden cards from its deck list.
func (t told) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	return t.determinize(dst, seat, rng, true)
}

// toldLists is g as a bot told the opponent's deck list searches it.
func toldLists(g sim.Game) sim.Game {
	if gg, ok := g.(*Game); ok {
		return told{gg}
	}
	return g
}

// Value implements sim.Evaluator with the Monte Carlo bot's playout score.
func (g *Game) Value(seat int) float64 { return g.score(seat) }
