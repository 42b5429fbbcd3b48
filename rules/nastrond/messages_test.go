package nastrond

import (
	"testing"

	"bifrost/rules/sim/simtest"
)

// TestNastrondViolationsSpeakJapanese breaks each invariant that
// Check verifies, as their tests do, and reads the violation in
// both languages (simtest.SpeaksBoth): the Japanese form in Japanese, the
// English one with no Japanese but the cards' own names.
func TestNastrondViolationsSpeakJapanese(t *testing.T) {
	e := shippedEngine(t)
	names := map[string]error{}
	for _, tt := range brokenChecks {
		names["Check: "+tt.name] = checkBroken(t, e, tt)
	}
	for _, tt := range brokenSteps {
		names["Check, change: "+tt.name] = stepBroken(t, e, tt)
	}
	g := newTestGame(t, 3, 7) // as TestI5_UrdSuppliesWithinOne
	check(t, g)
	g.supply[1] -= 2
	g.divine[1] += 2
	g.dirty.Mark(gPurse)
	names["Check: supplies 2 apart"] = g.Check()
	g = setupGame(t, withParams(e, func(p *params) { p.minMove = 13 }), 2) // as TestI21_G33_PawnWithoutLegalMoveIsViolation
	names["Check: no square to move to"] = g.Check()

	var cardNames []string
	for _, ci := range e.info {
		cardNames = append(cardNames, ci.name)
	}
	for name, err := range names {
		simtest.SpeaksBoth(t, name, err, cardNames...)
	}
}
