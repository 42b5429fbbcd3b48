package main

import (
	"io"

	"bifrost/cmd/bifrost/internal/pool"
)

// eachGame calls job for games 0..n-1 on at most workers goroutines (0: one
// per core), each call with options like g's that print to the game's own
// console, replayed in game order (pool.Run): what build, check and tts print
// is the same whatever the number of workers. An error stops the games
// after it and is returned.
func eachGame(g *globalOptions, workers, n int, job func(i int, g *globalOptions) error) error {
	return pool.Run(n, workers, g.stdout, g.stderr, func(i int, stdout, stderr io.Writer) error {
		c := *g
		c.stdout, c.stderr = stdout, stderr
		return job(i, &c)
	})
}
