// Package simtest holds the benchmark and test helpers the engines' tests
// share, so that every game measures and checks the same things the same way.
//
// Conformance is the suite every engine runs from one short test
// (TestEngineConformsToTheHarness): the checks that hold for any engine
// under the harness's contract, each a subtest, with the engine's Recount
// proving its incremental checks against a full recount (Recounts runs
// that proof alone, for variants of an engine's rules). Golden records and
// replays an engine's golden games in both languages. An engine's own tests
// keep only what is particular to its game.
package simtest
