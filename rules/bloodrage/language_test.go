package bloodrage

import (
	"testing"

	"bifrost/rules/sim/simtest"
)

// TestBloodrageViolationsSpeakJapanese: bloodrage's invariant violations from Check and CheckStep
// read in Japanese and in English, places, stats and figures included.
func TestBloodrageViolationsSpeakJapanese(t *testing.T) {
	e := engine(t)
	for name, break_ := range map[string]func(g *Game){
		"villages": func(g *Game) {
			for range 5 {
				put(t, g, 1, fkWarrior, utgard)
			}
		},
		"negative Rage":        func(g *Game) { g.clan[1].rage = -1 },
		"warrior at sea":       func(g *Game) { put(t, g, 0, fkWarrior, locFjord0) },
		"I2 pass die":          func(g *Game) { g.clan[1].pass = 3; g.clan[1].fails = 1 },
		"I4 marker":            func(g *Game) { g.clan[1].marker[2] = 1 },
		"figure in two places": func(g *Game) { g.figs[g.findFig(1, fkWarrior, locReserve)].loc = gimle },
		"AI holds a quest": func(g *Game) {
			for i, di := range e.inst {
				if e.cards[di].kind == cardQuest && e.cards[di].age == 1 {
					g.moveCard(int16(i), clHand, 1)
					return
				}
			}
		},
		"a card in the AI battle deck seen": func(g *Game) {
			for i, l := range g.cLoc {
				if l == clBattlePile {
					g.moveCard(int16(i), clAIDeck, -1)
					g.cSeen[i] = true
					return
				}
			}
		},
	} {
		g := fixture(t, e, 3)
		break_(g)
		simtest.SpeaksBoth(t, name, g.Check())
	}
	for name, step := range map[string]func(g *Game){
		"Age goes back":           func(g *Game) { g.age = 0 },
		"stat goes down":          func(g *Game) { g.snap.step[0][statHorns] = 2 },
		"destroyed province back": func(g *Game) { g.snap.destroyed[gimle] = true },
		"I4 marker moves back":    func(g *Game) { g.snap.stepped[2][4] = 2 },
	} {
		g := fixture(t, e, 3)
		g.age = 1
		if err := g.CheckStep(); err != nil {
			t.Fatalf("%s: first step: %v", name, err)
		}
		step(g)
		simtest.SpeaksBoth(t, name, g.CheckStep())
	}
}
