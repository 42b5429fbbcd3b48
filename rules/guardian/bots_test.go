package guardian

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
)

// seatWins plays a batch with bots by seat and returns how often each bot
// won, summed over both seatings.
func botWinRate(t *testing.T, e *Engine, a, b string, games int) float64 {
	t.Helper()
	won, played := 0, 0
	for _, bots := range [][]string{{a, b}, {b, a}} {
		s := runBatch(t, e, sim.BatchOptions{Seed: 3, Games: games / 2, Bots: bots, Check: true})
		if len(s.Violations) > 0 {
			t.Fatalf("%v: %d violations: %v", bots, len(s.Violations), s.Violations)
		}
		// Strong bots can reach the dead end of G10 (no Guardian left to
		// either side, nothing left to draw): rare, and counted unfinished.
		if s.Unfinished > games/50 {
			t.Errorf("%v: %d of %d games unfinished", bots, s.Unfinished, games/2)
		}
		ps := s.ByPlayers[2]
		seat := 0
		if bots[1] == a {
			seat = 1
		}
		won += ps.SeatWins[seat]
		played += ps.Finished
	}
	return float64(won) / float64(played)
}

// The greedy bot beats the random one, and the Monte Carlo bot beats both.
func TestBots_strength(t *testing.T) {
	e := newEngine(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	for _, tt := range []struct {
		a, b string
		min  float64
	}{{"greedy", "random", 0.65}, {"mc", "random", 0.65}, {"mc", "greedy", 0.5}} {
		r := botWinRate(t, e, tt.a, tt.b, n)
		t.Logf("%s against %s: %.3f", tt.a, tt.b, r)
		if r < tt.min {
			t.Errorf("%s wins %.3f against %s, want at least %.2f", tt.a, r, tt.b, tt.min)
		}
	}
}

// TestBotsDoNotKnowTheOpponentsDeckList (I16): by default the bots are not told the opponent's
// deck list. At the first forging of many games, where the opponent has
// shown nothing, a variant in which the opponent plays another sample deck
// (its hidden cards dealt from that list) gives the greedy, Monte Carlo
// and search bots the same View and the same choice; each +lists bot, told
// the list, chooses differently in some of them, so the variants do matter.
func TestBotsDoNotKnowTheOpponentsDeckList(t *testing.T) {
	e := newEngine(t)
	games := 40
	if testing.Short() {
		games = 12
	}
	listsDiffer := map[string]int{}
	for i := range games {
		g := e.NewGame(sim.Config{Players: 2, Index: i}, rand.New(rand.NewPCG(uint64(i), 8))).(*Game)
		for g.p.ask != askForge {
			cs := g.Choices(nil)
			g.Apply(cs[len(cs)-1], nil) // keep the hands
		}
		v := otherDeck(g, rand.New(rand.NewPCG(uint64(i), 9)))
		cs := g.Choices(nil)
		for _, name := range []string{"greedy", "mc", "search", "greedy+lists", "mc+lists", "search+lists"} {
			a := e.NewBot(name).Choose(g, cs, rand.New(rand.NewPCG(uint64(i), 10)))
			b := e.NewBot(name).Choose(v, cs, rand.New(rand.NewPCG(uint64(i), 10)))
			switch {
			case strings.HasSuffix(name, "+lists"):
				if a != b {
					listsDiffer[name]++
				}
			case a != b:
				t.Errorf("game %d: %s forges differently when only the opponent's deck list differs", i, name)
			}
		}
		var va, vb View
		g.View(&va)
		v.View(&vb)
		va.forgetDeck()
		vb.forgetDeck()
		if !reflect.DeepEqual(va, vb) {
			t.Fatalf("game %d: the Views without the deck list differ: %s", i, viewDiff(va, vb))
		}
	}
	for _, name := range []string{"greedy+lists", "mc+lists", "search+lists"} {
		if listsDiffer[name] == 0 {
			t.Errorf("%s never chose differently: the variants cannot tell a bot that reads the list", name)
		}
	}
	t.Logf("the +lists bots chose differently in these of %d games: %v", games, listsDiffer)
}

// otherDeck returns a copy of g in which the opponent of the deciding seat
// plays the next sample deck: its hand, deck and resources are dealt anew
// from that list with the same sizes. It has shown nothing yet.
func otherDeck(g *Game, rng *rand.Rand) *Game {
	v := g.clone(rand.New(rand.NewPCG(7, 7)))
	o := other(g.Seat())
	ps, h := &v.p.ps[o], &v.h[o]
	ps.deck = int16((int(ps.deck) + 1) % len(g.e.decks))
	pool := slices.Clone(g.e.decks[ps.deck])
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	pool = deal(pool, &h.hand, &h.res)
	h.deck = h.deck[:len(pool)]
	copy(h.deck, pool)
	ps.n = int16(len(g.e.decks[ps.deck]))
	return v
}
