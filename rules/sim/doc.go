// Package sim is the shared simulation harness: the contract every rules
// engine meets (Engine, Game, Bot), seeded batches of full games run in
// parallel, invariant checks, statistics and replays.
//
// Engines never print and never open files; they report what happens as
// Events through a callback. Randomness comes only from the *rand.Rand the
// harness derives from (seed, player count, game index), so a batch gives
// the same report for any number of workers.
//
// # The shape of an engine
//
// Every rules/<game> package has the same names, so a fifth engine copies
// one of the four:
//
//   - Engine, built by New(data) (*Engine, error), implements Engine.
//   - Game, the state of one game in progress, implements Game (and
//     Searcher, Evaluator and Stepper where the game has them); NewGame
//     returns a *Game.
//   - bots, a BotList: the one table of the engine's bots, "random"
//     (NewRandom) first, from which Engine.Bots and Engine.NewBot both
//     read. Each bot has an exported constructor NewX() Bot (NewGreedy,
//     NewSearch, …).
//   - Search, a SearchBot: the "search" bot's default budget and tuning;
//     NewSearch returns NewSearchBot(Search).
//   - Game.Check verifies the invariants incrementally, in one scheme for
//     every engine: the engine numbers the parts of its state Check reads
//     (groups of fields, zones, figures, cards), marks each part in a Dirty
//     as it changes it (Mark), and Check reads only the marked parts (Has,
//     Next), keeping its counts between calls, then clears the marks
//     (Clear); MarkAll makes the next Check read everything. The engine's
//     tests give simtest.Conformance a simtest.Recount whose Marked fails
//     on a change left unmarked and whose Counts proves the kept counts
//     against a full recount. check.go's Check says what its engine marks.
//   - Golden replays live in testdata/<name>.<lang>.txt (simtest.Golden).
package sim
