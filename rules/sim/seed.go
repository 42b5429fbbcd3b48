package sim

import "math/rand/v2"

// GameSeed derives the seed of one game of a batch from the batch seed, the
// player count and the game's index among games with that player count.
// Every game of a batch thus has its own stream, whatever worker plays it.
func GameSeed(seed uint64, players, index int) uint64 {
	x := seed ^ uint64(players)<<56 ^ uint64(index)*0x9E3779B97F4A7C15
	return splitmix(splitmix(x))
}

func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// Streams returns the two random sources of a game: one for the engine's
// chance and one for the bots, so a bot's choices never shift the dice.
func Streams(gameSeed uint64) (engine, bots *rand.Rand) {
	e, b := new(rand.PCG), new(rand.PCG)
	seedStreams(e, b, gameSeed)
	return rand.New(e), rand.New(b)
}

// seedStreams seeds the sources of Streams(gameSeed).
func seedStreams(engine, bots *rand.PCG, gameSeed uint64) {
	engine.Seed(gameSeed, 1)
	bots.Seed(gameSeed, 2)
}
