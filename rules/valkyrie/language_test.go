package valkyrie

import (
	"testing"

	"bifrost/rules/sim/simtest"
)

// TestValkyrieViolationsSpeakJapanese: valkyrie's invariant violations from Check and CheckStep read
// in Japanese and in English, zone names and flags included.
func TestValkyrieViolationsSpeakJapanese(t *testing.T) {
	e := shippedEngine(t)
	var names []string
	for _, d := range e.designs {
		names = append(names, d.name)
	}
	for name, break_ := range map[string]func(g *Game){
		"I1: a card twice": func(g *Game) {
			g.pl[0].discard = append(g.pl[0].discard, g.pl[0].hand[0])
			g.touch(zDiscard, 0, 0)
		},
		"I1: a card taken from a zone nobody marked": func(g *Game) {
			s := g.supply[0]
			g.trash[0] = append(g.trash[0], s[len(s)-1])
			g.supply[0] = s[:len(s)-1]
			g.touch(zTrash, 0, 0)
		},
		"I4: a weakness lost": func(g *Game) { g.rage[1] = g.rage[1][1:]; g.touch(zRage, 1, 0) },
		"I6: a weakness in hand": func(g *Game) {
			c := g.rage[0][len(g.rage[0])-1]
			g.rage[0] = g.rage[0][:len(g.rage[0])-1]
			g.pl[0].hand = append(g.pl[0].hand, c)
			g.touch(zRage, 0, 0)
			g.touch(zHand, 0, 0)
		},
		"I10: negative funds":       func(g *Game) { g.funds = -1 },
		"I12: a new hand too large": func(g *Game) { g.draws[0], g.nDraws = drew{want: 5, avail: 10, got: 5, hand: 6, phase: phEnd}, 1 },
		"E1/E2: run-out flags":      func(g *Game) { g.exhausted = [2]bool{true, true} },
	} {
		g := newTestGame(e, 2, 0, 22)
		mustCheck(t, g)
		break_(g)
		g.recheckTurn()
		simtest.SpeaksBoth(t, name, g.Check(), names...)
	}
	for name, break_ := range map[string]func(g *Game){
		"I14: a run-out flag cleared":  func(g *Game) { g.exhausted[0] = false },
		"I14: the end trigger cleared": func(g *Game) { g.endTriggered = false },
		"I17: a phase undone":          func(g *Game) { g.phaseLog >>= 4 },
	} {
		g := newTestGame(e, 2, 0, 23)
		g.phaseLog = 0x2
		g.exhausted[0], g.endTriggered, g.endRound = true, true, 1
		if err := g.CheckStep(); err != nil {
			t.Fatalf("%s: the first CheckStep: %v", name, err)
		}
		break_(g)
		simtest.SpeaksBoth(t, name, g.CheckStep(), names...)
	}
}
