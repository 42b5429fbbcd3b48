package guardian

import (
	"math/rand/v2"

	"bifrost/rules/sim"
)

// Search is the default budget of the "search" bot (sim.ISMCTS): 200
// determinizations per decision, playouts scored by Value after 20 random
// decisions. It beats greedy clearly while a batch stays playable (README).
var Search = sim.ISMCTS{Iterations: 200, Horizon: 20}

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
func (g *game) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	return g.determinize(dst, seat, rng, false)
}

// determinize is Determinize; with lists the opponent's cards are sampled
// from its deck list.
func (g *game) determinize(dst sim.Game, seat int, rng *rand.Rand, lists bool) sim.Game {
	d, _ := dst.(*game)
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
type told struct{ *game }

// Determinize samples the opponent's hidden cards from its deck list.
func (t told) Determinize(dst sim.Game, seat int, rng *rand.Rand) sim.Game {
	return t.determinize(dst, seat, rng, true)
}

// SearchLists is the search bot told the opponent's deck list
// ("search+lists", like greedy+lists and mc+lists).
type SearchLists struct{ sim.ISMCTS }

// Choose searches as the search bot does, on copies sampled from the lists.
func (b *SearchLists) Choose(g sim.Game, choices []sim.Choice, rng *rand.Rand) int {
	if gg, ok := g.(*game); ok {
		g = told{gg}
	}
	return b.ISMCTS.Choose(g, choices, rng)
}

// Value implements sim.Evaluator with the Monte Carlo bot's playout score.
func (g *game) Value(seat int) float64 { return g.score(seat) }
