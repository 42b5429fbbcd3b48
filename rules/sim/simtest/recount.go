package simtest

import (
	"fmt"
	"testing"

	"bifrost/rules/sim"
)

// Recount is how an engine proves its incremental checks. An engine's Check
// may keep counts between calls and read again only what the engine marked
// as changed (every engine marks in a sim.Dirty); Recount says how to see
// that the marks and the kept counts are right:
//
//   - Marked, when set, runs after a decision and before Check, and reports
//     a change the engine made without marking it for Check: it is what
//     fails when the engine forgets a mark;
//   - Counts runs after a Check that passed and recounts from scratch every
//     count Check keeps between calls, reporting the first that differs;
//   - Games, when set, is how many games of each player count Recounts
//     plays instead of recountGames, for an engine whose rarer moves need
//     more games to be met.
type Recount struct {
	Marked func(g sim.Game) error
	Counts func(g sim.Game) error
	Games  int
}

// recountGames is how many games of each player count
// IncrementalChecksEqualAFullRecount plays unless the engine's Recount says
// otherwise, half of them with random choices and half with the engine's
// second bot (its greedy one).
const recountGames = 24

// Recounts plays r.Games (or recountGames) seeded games of each player
// count of e and, after every decision, runs r.Marked, Check (as a checked
// batch does, CheckStep too) and r.Counts, and fails t at the first error.
// An engine runs it on variants of its rules too; Conformance runs it on e.
func Recounts(t testing.TB, e sim.Engine, r Recount) {
	t.Helper()
	bots := e.Bots()
	var buf []sim.Choice
	for _, n := range e.PlayerCounts() {
		games := r.Games
		if games == 0 {
			games = recountGames
		}
		for i := range games {
			cfg := sim.Config{Players: n, Index: i}
			engineRng, botRng := sim.Streams(gameSeed(cfg))
			g := e.NewGame(cfg, engineRng)
			if o, ok := g.(sim.Opener); ok {
				o.Opening(discard)
			}
			bot := e.NewBot(bots[min(i%2, len(bots)-1)])
			for d := 0; ; d++ {
				where := func() string {
					return fmt.Sprintf("%d players, game %d, decision %d (turn %d)", n, i, d, g.Turn())
				}
				if r.Marked != nil {
					if err := r.Marked(g); err != nil {
						t.Fatalf("%s, before Check: %v", where(), err)
					}
				}
				if err := checkGame(g); err != nil {
					t.Fatalf("%s: %v", where(), err)
				}
				if err := r.Counts(g); err != nil {
					t.Fatalf("%s, after Check: %v", where(), err)
				}
				if g.Over() || g.Turn() > e.TurnCap() {
					break
				}
				buf = g.Choices(buf)
				g.Apply(buf[bot.Choose(g, buf, botRng)], discard)
			}
		}
	}
}
