package gate

import (
	"slices"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// balanceBots is the order of strength of the bots CheckBalanceBots names.
var balanceBots = []string{"search", "greedy", "random"}

// BalanceBots is the CheckBalanceBots bot, with its budget when it names
// one ("search:50"), followed by the weaker ones to fall back on, down to
// greedy (or just random when it names random): the balance batch plays the
// first of them the engine has at every seat, whose seat win rates measure
// the game rather than the luck of random play.
func BalanceBots(r schema.Rules) []string {
	want := r.Choice("CheckBalanceBots")
	name, _, _ := strings.Cut(want, ":")
	chain := slices.Clone(balanceBots[slices.Index(balanceBots, name):])
	chain[0] = want
	if name != "random" {
		chain = chain[:len(chain)-1]
	}
	return chain
}

// FirstBot is the first of bots that e has, or "".
func FirstBot(e sim.Engine, bots []string) string {
	for _, b := range bots {
		if e.NewBot(b) != nil {
			return b
		}
	}
	return ""
}
