package guardian

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"bifrost/rules/sim"
)

// cardsHeld counts the cards in every zone of seat s of g.
func cardsHeld(g *Game, s int) int {
	ps, h := &g.p.ps[s], &g.h[s]
	n := len(h.hand) + len(h.deck) + len(h.res) + len(h.aside) + len(ps.cheer) + len(ps.consumed) + len(ps.orders)
	if h.forge >= 0 {
		n++
	}
	if ps.shipped {
		n++
	}
	return n
}

// determinizeSafely returns the copy, or the panic Determinize raised.
func determinizeSafely(g *Game, lists bool, rng *rand.Rand) (d *Game, err error) {
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("panic: %v", x)
		}
	}()
	return g.determinize(nil, g.Seat(), rng, lists).(*Game), nil
}

// At every decision of many games, including the end phase's placements
// after the opponent's Guardian has left the forging zone, the copy that
// Determinize deals, from the opponent's deck list (search+lists) or from
// what a player has seen (search), holds exactly the cards each seat owns:
// no panic, no phantom face-down Guardian, and with the list every card
// of the copy is one of the seat's own (Check's I1). The shipped rules are
// played, and limits that make the end phase discard and refuse the cheer
// seat.
func TestDeckListSearchDeterminizesWithoutCrashing(t *testing.T) {
	limited := newEngine(t)
	limited.handLimit, limited.cheerLimit = 4, 2
	for _, e := range []*Engine{newEngine(t), limited} {
		determinizeEveryPosition(t, e)
	}
}

// determinizeEveryPosition plays random games of e and determinizes each
// position for the deciding seat, with and without the opponent's list.
func determinizeEveryPosition(t *testing.T, e *Engine) {
	t.Helper()
	games := 60
	if testing.Short() {
		games = 15
	}
	positions, placements, discards := 0, 0, 0
	for i := range games {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 21))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 22))
		var buf []sim.Choice
		for !g.Over() && g.Turn() <= e.turnCap {
			buf = g.Choices(buf)
			positions++
			switch g.p.ask {
			case askPlace:
				placements++
			case askDiscard:
				discards++
			}
			for _, lists := range []bool{true, false} {
				d, err := determinizeSafely(g, lists, rand.New(rand.NewPCG(uint64(positions), 23)))
				if err != nil {
					t.Fatalf("game %d turn %d (ask %d, lists %v): %v", i, g.Turn(), g.p.ask, lists, err)
				}
				for s := range 2 {
					if got, want := cardsHeld(d, s), int(g.p.ps[s].n); got != want {
						t.Fatalf("game %d turn %d (ask %d, lists %v): the copy gives P%d %d cards, want %d", i, g.Turn(), g.p.ask, lists, s+1, got, want)
					}
				}
				if lists {
					if err := d.Check(); err != nil {
						t.Fatalf("game %d turn %d (ask %d): the copy dealt from the deck list breaks an invariant: %v", i, g.Turn(), g.p.ask, err)
					}
				}
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
	if placements == 0 || e.handLimit > 0 && discards == 0 {
		t.Fatalf("hand limit %d: %d placements and %d discards: the test cannot see the end phase", e.handLimit, placements, discards)
	}
	t.Logf("hand limit %d, cheer-seat limit %d: %d positions, %d placements, %d discards", e.handLimit, e.cheerLimit, positions, placements, discards)
}

// No bot that a command accepts can crash a game or break an invariant:
// every bot guardian offers plays checked games against every bot,
// itself included, from both seats.
func TestEveryBotPlaysCheckedGamesAgainstEveryBotFromBothSeats(t *testing.T) {
	e := newEngine(t)
	games := 4
	if testing.Short() {
		games = 2
	}
	bots := e.Bots()
	for i, a := range bots {
		for _, b := range bots[i:] {
			pairs := [][]string{{a, b}, {b, a}}
			if a == b {
				pairs = pairs[:1]
			}
			for _, pair := range pairs {
				s := runBatch(t, e, sim.BatchOptions{Seed: 17, Games: games, Bots: pair, Check: true, Workers: 1})
				if len(s.Violations) > 0 {
					v := s.Violations[0]
					t.Errorf("%v: %d violations, the first: %s (replay %+v)", pair, len(s.Violations), v.Message, v.Spec)
				}
				if s.Unfinished > 0 {
					t.Errorf("%v: %d unfinished, the first: %+v", pair, s.Unfinished, s.Stalled[0].Spec)
				}
				if s.Games != games {
					t.Errorf("%v: %d games played, want %d", pair, s.Games, games)
				}
			}
		}
	}
}
