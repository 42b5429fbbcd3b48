package sim

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// playAll plays games 0 … total-1 on workers goroutines (0: one per core),
// handing them out in order, chunk games at a time, until ctx is done. Each
// worker plays through the play function start gives it and then calls its
// finish, if any; progress, when set, is told the size of each chunk played
// (from any worker). Callers that want results independent of the worker
// count keep integer sums, or sort what they collect.
func playAll(ctx context.Context, workers, total, chunk int, start func() (play func(g int), finish func()), progress func(games int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			play, finish := start()
			for ctx.Err() == nil {
				first := int(next.Add(int64(chunk))) - chunk
				if first >= total {
					break
				}
				last := min(first+chunk, total)
				for g := first; g < last; g++ {
					play(g)
				}
				if progress != nil {
					progress(last - first)
				}
			}
			if finish != nil {
				finish()
			}
		})
	}
	wg.Wait()
}
