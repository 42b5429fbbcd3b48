package sim

import "math/rand/v2"

// Random is the bot every engine offers: uniform over the legal choices.
type Random struct{}

// Choose picks a legal choice uniformly at random.
func (Random) Choose(_ Game, choices []Choice, rng *rand.Rand) int { return rng.IntN(len(choices)) }
