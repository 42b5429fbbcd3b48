package simtest

import (
	"math/rand/v2"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// SameSearch fails t when two fresh bots from newBot, drawing from the same
// seed, choose differently in g and in v, a variant of g that differs only
// in what the deciding seat cannot see (search never reads
// hidden information). game numbers g in the message.
func SameSearch(t testing.TB, newBot func() sim.Bot, g, v sim.Game, choices []sim.Choice, seed uint64, game int) {
	t.Helper()
	ca := newBot().Choose(g, choices, rand.New(rand.NewPCG(seed, 7)))
	cb := newBot().Choose(v, choices, rand.New(rand.NewPCG(seed, 7)))
	if ca != cb {
		t.Fatalf("game %d turn %d: search chose %q, but %q when only hidden cards differ",
			game, g.Turn(), g.Describe(choices[ca], schema.English), g.Describe(choices[cb], schema.English))
	}
}
