package sim

import (
	"math/rand/v2"
	"slices"
)

// SearchBot is the "search" bot of every engine whose games are Searchers:
// ISMCTS at the engine's budget, with the few ways engines tune it. An
// engine keeps one SearchBot as its default and hands out copies through
// NewSearchBot, so that no two bots share a search tree.
type SearchBot struct {
	ISMCTS
	// PerChoice, when set, raises the determinizations of a decision to
	// PerChoice for each legal choice (ISMCTS.Iterations at least), so
	// that every choice of a wide decision is tried on several deals.
	PerChoice int
	// Plan, when set, lists into buf the moves of g worth weighing; where it
	// lists exactly one, the bot takes that move without searching, as the
	// search would after weighing that move alone.
	Plan func(g Game, buf []Choice) []Choice
	// Sees, when set, is the game as the bot searches it: a view of g that
	// determinizes with what this bot is told (a deck list).
	Sees func(g Game) Game

	plan []Choice
}

// NewSearchBot returns a fresh bot with the settings of def and a search
// tree of its own.
func NewSearchBot(def SearchBot) *SearchBot {
	return &SearchBot{ISMCTS: ISMCTS{Iterations: def.Iterations, Horizon: def.Horizon, C: def.C, Rollout: def.Rollout},
		PerChoice: def.PerChoice, Plan: def.Plan, Sees: def.Sees}
}

// SetBudget gives the bot n iterations a decision, its PerChoice scaled
// with it, so that "search:400" is twice "search:200" on every decision.
func (b *SearchBot) SetBudget(n int) {
	if b.PerChoice > 0 && b.Iterations > 0 {
		b.PerChoice = max(1, b.PerChoice*n/b.Iterations)
	}
	b.Iterations = n
}

// Choose implements Bot.
func (b *SearchBot) Choose(g Game, choices []Choice, rng *rand.Rand) int {
	if b.Plan != nil {
		if b.plan = b.Plan(g, b.plan); len(b.plan) == 1 {
			return max(slices.Index(choices, b.plan[0]), 0)
		}
	}
	if b.Sees != nil {
		g = b.Sees(g)
	}
	base := b.Iterations
	b.Iterations = max(base, b.PerChoice*len(choices))
	pick := b.ISMCTS.Choose(g, choices, rng)
	b.Iterations = base
	return pick
}
