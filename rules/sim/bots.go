package sim

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Random is the bot every engine offers: uniform over the legal choices.
type Random struct{}

// Choose picks a legal choice uniformly at random.
func (Random) Choose(_ Game, choices []Choice, rng *rand.Rand) int { return rng.IntN(len(choices)) }

// NewRandom returns the random bot, for a BotList.
func NewRandom() Bot { return Random{} }

// BotList is an engine's one list of bots, "random" first: each bot's name
// and the constructor of a fresh one. Engine.Bots and Engine.NewBot both
// read it, so a bot is named in one place.
type BotList []BotEntry

// BotEntry is one bot of a BotList.
type BotEntry struct {
	Name string
	New  func() Bot
}

// Names lists the bots' names in order, for Engine.Bots.
func (l BotList) Names() []string {
	out := make([]string, len(l))
	for i, b := range l {
		out[i] = b.Name
	}
	return out
}

// New returns a fresh bot by name, or nil for a name the list lacks, for
// Engine.NewBot. A search bot's name may carry its budget, "search:400":
// that many iterations a decision (1 to MaxBudget) instead of the
// engine's default.
func (l BotList) New(name string) Bot {
	base, budget, hasBudget := strings.Cut(name, ":")
	for _, b := range l {
		if b.Name != base {
			continue
		}
		bot := b.New()
		if !hasBudget {
			return bot
		}
		n, err := strconv.Atoi(budget)
		sb, ok := bot.(*SearchBot)
		if err != nil || !ok || n < 1 || n > MaxBudget || budget != strconv.Itoa(n) {
			return nil
		}
		sb.SetBudget(n)
		return sb
	}
	return nil
}

// MaxBudget is the largest budget a search bot's name may ask for.
const MaxBudget = 100_000
