package sim

import (
	"context"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// BatchOptions says which games a batch plays.
type BatchOptions struct {
	Seed     uint64
	Games    int   // games in all, spread evenly over Players
	Players  []int // player counts; empty means every count the engine supports
	Workers  int   // goroutines; 0 means one per core
	Bots     []string
	Check    bool      // check invariants once each game is set up and after every decision
	Shard    Shard     // the slice of the batch to play; the zero value plays all
	Progress io.Writer // where to draw a progress bar; nil for none
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
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	bar, wait := progress(o.Progress, e.Name(), o.Games)
	var next atomic.Int64
	const chunk = 32
	parts := make([]*Stats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		stats := newBatchStats(e, o.Bots)
		parts[w] = stats
		wg.Go(func() {
			p := NewPlayer(e, o.Bots, stats)
			p.Check = o.Check
			for ctx.Err() == nil {
				start := int(next.Add(chunk)) - chunk
				if start >= o.Games {
					return
				}
				end := min(start+chunk, o.Games)
				for g := start; g < end; g++ {
					if !o.Shard.has(g) {
						continue
					}
					cfg := job(o.Players, g)
					p.Play(cfg, GameSeed(o.Seed, cfg.Players, cfg.Index))
				}
				if bar != nil {
					bar.IncrBy(end - start)
				}
			}
		})
	}
	wg.Wait()
	wait()
	total := newBatchStats(e, o.Bots)
	for _, s := range parts {
		total.Merge(s)
	}
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

// progress draws a bar on w when it is a terminal; otherwise it draws nothing.
func progress(w io.Writer, name string, total int) (*mpb.Bar, func()) {
	if !isTerminal(w) {
		return nil, func() {}
	}
	p := mpb.New(mpb.WithOutput(w), mpb.WithWidth(40), mpb.WithRefreshRate(100*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name(name+" "), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(decor.Percentage(), decor.Name(" "), decor.AverageSpeed(0, "%.0f games/s")),
	)
	return bar, func() { bar.SetTotal(-1, true); p.Wait() }
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
