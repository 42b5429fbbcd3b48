package sim

import (
	"context"
	"sync"
)

// BatchOptions says which games a batch plays.
type BatchOptions struct {
	Seed    uint64
	Games   int   // games in all, spread evenly over Players
	Players []int // player counts; empty means every count the engine supports
	Workers int   // goroutines; 0 means one per core
	Bots    []string
	Check   bool  // check invariants once each game is set up and after every decision
	Shard   Shard // the slice of the batch to play; the zero value plays all
	// Progress, when set, is told how many games were played as they are,
	// from any worker.
	Progress func(games int)
	// Outcomes, when it has Games entries, receives each game's outcome at
	// its place in the batch, so that two batches played on the same seeds
	// can be paired game for game (PairOutcomes, GapShift).
	Outcomes []Outcome
}

// Shard is slice I (0-based) of N equal, interleaved slices of a batch.
type Shard struct{ I, N int }

func (s Shard) has(game int) bool { return s.N <= 1 || game%s.N == s.I }

// job maps the batch's g-th game to its player count and index within that count.
func job(players []int, g int) Config {
	return Config{Players: players[g%len(players)], Index: g / len(players)}
}

// Run plays a batch and returns its statistics. The result is the same for any
// number of workers: each game's seed depends only on (Seed, players, index),
// and statistics are integer sums.
func Run(ctx context.Context, e Engine, o BatchOptions) *Stats {
	if len(o.Players) == 0 {
		o.Players = e.PlayerCounts()
	}
	if len(o.Bots) == 0 {
		o.Bots = []string{"random"}
	}
	total := newBatchStats(e, o.Bots)
	var mu sync.Mutex
	playAll(ctx, o.Workers, o.Games, 32, func() (func(int), func()) {
		stats := newBatchStats(e, o.Bots)
		p := NewPlayer(e, o.Bots, stats)
		p.Check = o.Check
		p.Measure = true
		play := func(g int) {
			if o.Shard.has(g) {
				cfg := job(o.Players, g)
				r := p.Play(cfg, GameSeed(o.Seed, cfg.Players, cfg.Index))
				if len(o.Outcomes) == o.Games {
					o.Outcomes[g] = outcomeOf(&r)
				}
			}
		}
		return play, func() {
			mu.Lock()
			defer mu.Unlock()
			total.Merge(stats)
		}
	}, o.Progress)
	total.sortViolations()
	return total
}

func newBatchStats(e Engine, bots []string) *Stats {
	s := NewStats(e)
	s.bots = bots
	if t, ok := e.(Tallier); ok {
		s.Extra = map[string]Tally{e.Name(): t.NewTally()}
	}
	return s
}
