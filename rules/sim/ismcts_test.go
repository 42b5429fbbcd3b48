package sim

import (
	"math/rand/v2"
	"testing"
)

// Determinize makes the race a Searcher: it has no hidden information, so
// the copy is the position with its own source of chance.
func (g *raceGame) Determinize(dst Game, _ int, rng *rand.Rand) Game {
	c, _ := dst.(*raceGame)
	if c == nil {
		c = &raceGame{}
	}
	*c = raceGame{e: g.e, pos: append(c.pos[:0], g.pos...), seat: g.seat, turn: g.turn, rng: rng}
	return c
}

// winsAgainst plays n two-seat races of bot a against b, seats alternating,
// and returns a's wins.
func winsAgainst(a, b func() Bot, n int) int {
	e := &race{goal: 20}
	wins := 0
	for i := range n {
		engineRng, botRng := Streams(GameSeed(3, 2, i))
		g := e.NewGame(Config{Players: 2, Index: i}, engineRng)
		bots := []Bot{a(), b()}
		aSeat := i % 2
		if aSeat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		var buf []Choice
		for !g.Over() {
			buf = g.Choices(buf)
			g.Apply(buf[bots[g.Seat()].Choose(g, buf, botRng)], nil)
		}
		if g.Winner() == aSeat {
			wins++
		}
	}
	return wins
}

func TestISMCTS_FindsTheBetterMove(t *testing.T) {
	g := (&race{goal: 20}).NewGame(Config{Players: 2}, rand.New(rand.NewPCG(1, 1)))
	choices := g.Choices(nil) // +1, +2
	bot := &ISMCTS{Iterations: 300}
	plusTwo := 0
	rng := rand.New(rand.NewPCG(2, 2))
	for range 20 {
		if choices[bot.Choose(g, choices, rng)].A == 2 {
			plusTwo++
		}
	}
	if plusTwo < 18 {
		t.Errorf("the search chose +2 in %d of 20 decisions, want at least 18", plusTwo)
	}
}

func TestISMCTS_BeatsRandom(t *testing.T) {
	search := func() Bot { return &ISMCTS{Iterations: 100} }
	random := func() Bot { return Random{} }
	if w := winsAgainst(search, random, 200); w < 150 {
		t.Errorf("search won %d of 200 races against random, want at least 150", w)
	}
}

func TestISMCTS_SameSeedSameChoices(t *testing.T) {
	g := (&race{goal: 30}).NewGame(Config{Players: 3}, rand.New(rand.NewPCG(1, 1)))
	choices := g.Choices(nil)
	pick := func() []int {
		bot, rng := &ISMCTS{Iterations: 50}, rand.New(rand.NewPCG(9, 9))
		var got []int
		for range 10 {
			got = append(got, bot.Choose(g, choices, rng))
		}
		return got
	}
	a, b := pick(), pick()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("two searches with one seed chose %v and %v", a, b)
		}
	}
}

func TestISMCTS_LeavesTheGameUntouched(t *testing.T) {
	e := &race{goal: 20}
	g := e.NewGame(Config{Players: 2}, rand.New(rand.NewPCG(1, 1))).(*raceGame)
	g.pos[0], g.pos[1] = 5, 7
	before := *g
	before.pos = append([]int(nil), g.pos...)
	choices := g.Choices(nil)
	(&ISMCTS{Iterations: 200}).Choose(g, choices, rand.New(rand.NewPCG(4, 4)))
	if g.turn != before.turn || g.seat != before.seat || g.pos[0] != 5 || g.pos[1] != 7 {
		t.Errorf("the search changed the true game: %+v", g)
	}
	if g.rng.Uint64() != rand.New(rand.NewPCG(1, 1)).Uint64() {
		t.Errorf("the search drew from the game's own source of chance")
	}
}

func BenchmarkISMCTS_Decision(b *testing.B) {
	g := (&race{goal: 40}).NewGame(Config{Players: 2}, rand.New(rand.NewPCG(1, 1)))
	choices := g.Choices(nil)
	bot, rng := &ISMCTS{Iterations: 100}, rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(g, choices, rng)
	}
}

// alwaysTwo is a playout policy that always takes the +2 card.
type alwaysTwo struct{}

func (alwaysTwo) Choose(_ Game, choices []Choice, _ *rand.Rand) int {
	for i, c := range choices {
		if c.A == 2 {
			return i
		}
	}
	return 0
}

// countingBot counts the decisions it is asked for.
type countingBot struct{ n *int }

func (b countingBot) Choose(_ Game, choices []Choice, _ *rand.Rand) int { *b.n++; return 0 }

func TestISMCTS_RolloutPolicyPlaysThePlayouts(t *testing.T) {
	g := (&race{goal: 20}).NewGame(Config{Players: 2}, rand.New(rand.NewPCG(1, 1)))
	choices := g.Choices(nil)
	asked := 0
	(&ISMCTS{Iterations: 10, Rollout: countingBot{&asked}}).Choose(g, choices, rand.New(rand.NewPCG(2, 2)))
	if asked == 0 {
		t.Fatal("the rollout policy was never asked")
	}
	// With +2 playouts, every line ends fast and +2 now is still best.
	if c := choices[(&ISMCTS{Iterations: 100, Rollout: alwaysTwo{}}).Choose(g, choices, rand.New(rand.NewPCG(3, 3)))]; c.A != 2 {
		t.Errorf("the search chose %+v, want +2", c)
	}
}
