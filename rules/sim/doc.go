// Package sim is the shared simulation harness: the contract every rules
// engine meets (Engine, Game, Bot), seeded batches of full games run in
// parallel, invariant checks, statistics and replays.
//
// Engines never print and never open files; they report what happens as
// Events through a callback. Randomness comes only from the *rand.Rand the
// harness derives from (seed, player count, game index), so a batch gives
// the same report for any number of workers.
package sim
