package bloodrage

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// twinGames plays two copies of a seeded game with the same random bot
// until stop holds, and returns them: equal, sharing nothing. It takes the
// first game from index on that reaches such a position.
func twinGames(t testing.TB, e *Engine, players, index int, stop func(*Game) bool) (*Game, *Game) {
	t.Helper()
	for ; index < 100; index++ {
		if a, b := twinsAt(e, players, index, stop); a != nil {
			return a, b
		}
	}
	t.Fatal("no game reaches the position wanted")
	return nil, nil
}

func twinsAt(e *Engine, players, index int, stop func(*Game) bool) (*Game, *Game) {
	var twins [2]*Game
	for k := range twins {
		engineRng, botRng := sim.Streams(sim.GameSeed(5, players, index))
		g := e.NewGame(sim.Config{Players: players, Index: index}, engineRng).(*Game)
		var buf []sim.Choice
		for !g.Over() && !stop(g) {
			buf = g.Choices(buf)
			g.Apply(buf[botRng.IntN(len(buf))], nil)
		}
		if g.Over() {
			return nil, nil
		}
		twins[k] = g
	}
	return twins[0], twins[1]
}

// ageTwoAction is an Action decision of Age II with an AI holding a card
// the human saw and one the human did not.
func ageTwoAction(g *Game) bool {
	if g.age != 2 || g.prompt != pAction {
		return false
	}
	seen, unseen := false, false
	for i, l := range g.cLoc {
		if l == clHand && g.cOwn[i] > 0 {
			seen = seen || g.cSeen[i]
			unseen = unseen || !g.cSeen[i]
		}
	}
	return seen && unseen
}

// firstAction is the first Action decision of Age I: the AI clans hold
// the Battle cards dealt to them face down and nothing has been shown.
func firstAction(g *Game) bool { return g.age == 1 && g.prompt == pAction }

// hideDifferently changes in g only what the human cannot see at the first
// Action decision: an AI's first card trades places with a card of another
// design in the AI battle deck, every deck is put in another order, and the
// game's future dice change.
func hideDifferently(t *testing.T, g *Game) {
	t.Helper()
	i := g.nthHand(1, 0)
	swapped := false
	for j, l := range g.cLoc {
		if l == clAIDeck && g.e.inst[j] != g.e.inst[i] {
			g.cLoc[i], g.cLoc[j] = g.cLoc[j], g.cLoc[i]
			g.cOwn[i], g.cOwn[j] = g.cOwn[j], g.cOwn[i]
			g.cOrd[i], g.cOrd[j] = g.cOrd[j], g.cOrd[i]
			swapped = true
			break
		}
	}
	if !swapped {
		t.Fatal("no card in the AI battle deck to trade")
	}
	r := rand.New(rand.NewPCG(99, 99))
	for i, l := range g.cLoc {
		if l == clQuestPile || l == clUpgradePile || l == clBattlePile || l == clAIDeck {
			g.cOrd[i] = r.Uint32()
		}
	}
	g.rng = rand.New(rand.NewPCG(123, 456))
}

func TestSearchNeverReadsHiddenInformation(t *testing.T) {
	e := engine(t)
	for index := range 3 {
		a, b := twinGames(t, e, 2+index, index, firstAction)
		hideDifferently(t, b)
		if reflect.DeepEqual(a.cLoc, b.cLoc) && reflect.DeepEqual(a.cOwn, b.cOwn) {
			t.Fatal("the two games do not differ")
		}
		var da, db sim.Game
		for k := range uint64(20) {
			da = a.Determinize(da, 0, rand.New(rand.NewPCG(k, 1)))
			db = b.Determinize(db, 0, rand.New(rand.NewPCG(k, 1)))
			if !reflect.DeepEqual(da, db) {
				t.Fatalf("game %d: Determinize gives different games for states the human cannot tell apart", index)
			}
		}
		choices := a.Choices(nil)
		botA, botB := NewSearch(), NewSearch()
		rngA, rngB := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
		for range 3 {
			if x, y := botA.Choose(a, choices, rngA), botB.Choose(b, choices, rngB); x != y {
				t.Fatalf("game %d: the search chose %d in one game and %d in the other", index, x, y)
			}
		}
	}
}

func TestDeterminizeKeepsWhatTheHumanSees(t *testing.T) {
	e := engine(t)
	rng := rand.New(rand.NewPCG(3, 3))
	var d sim.Game
	positions, seenAIHand, redealtAIHand := 0, 0, 0
	for index := range 6 {
		players := 2 + index%3
		engineRng, botRng := sim.Streams(sim.GameSeed(8, players, index))
		g := e.NewGame(sim.Config{Players: players, Index: index}, engineRng).(*Game)
		var buf []sim.Choice
		for !g.Over() {
			d = g.Determinize(d, 0, rng)
			c := d.(*Game)
			positions++
			if err := c.Check(); err != nil {
				t.Fatalf("game %d, decision %d: the determinized copy breaks an invariant: %v", index, g.decisions, err)
			}
			var before, after [nClasses][nPlaces]int
			for i := range g.cLoc {
				if g.cSeen[i] {
					if c.cLoc[i] != g.cLoc[i] || c.cOwn[i] != g.cOwn[i] {
						t.Fatalf("game %d: card %s, which the human saw, moved from place %d to %d", index, g.instName(int16(i), schema.English), g.cLoc[i], c.cLoc[i])
					}
					if g.cLoc[i] == clHand && g.cOwn[i] > 0 {
						seenAIHand++
					}
					continue
				}
				if g.unseen(i) {
					before[classOf(&e.instCard[i])][int(g.cLoc[i])*(maxClans+1)+int(g.cOwn[i])+1]++
					after[classOf(&e.instCard[i])][int(c.cLoc[i])*(maxClans+1)+int(c.cOwn[i])+1]++
					if g.cLoc[i] == clHand && (c.cLoc[i] != clHand || c.cOwn[i] != g.cOwn[i]) {
						redealtAIHand++
					}
				} else if c.cLoc[i] != g.cLoc[i] {
					t.Fatalf("game %d: card %s in a known place %d moved", index, g.instName(int16(i), schema.English), g.cLoc[i])
				}
			}
			if before != after {
				t.Fatalf("game %d: the places of the unseen cards of an Age and kind changed their counts", index)
			}
			if v := c.Value(0) + c.Value(1)*float64(players-1); c.Value(0) < 0 || c.Value(0) > 1 || v < 0.999 || v > 1.001 {
				t.Fatalf("Value(0) = %v, the shares sum to %v", c.Value(0), v)
			}
			buf = g.Choices(buf)
			g.Apply(buf[botRng.IntN(len(buf))], nil)
		}
	}
	if seenAIHand == 0 || redealtAIHand == 0 {
		t.Errorf("over %d positions: %d shown cards kept in AI hands, %d unseen AI cards dealt elsewhere; want both", positions, seenAIHand, redealtAIHand)
	}
}

func TestEngineOffersTheSearchBot(t *testing.T) {
	e := engine(t)
	if got := e.Bots(); len(got) != 3 || got[0] != "random" || got[2] != "search" {
		t.Fatalf("Bots() = %v, want random first and search", got)
	}
	if b, ok := e.NewBot("search").(*sim.SearchBot); !ok || b.Iterations <= 0 || b.Horizon <= 0 {
		t.Fatalf("NewBot(search) = %#v, want a SearchBot with a budget and a horizon", e.NewBot("search"))
	}
}

// humanWins plays n seeded 4-clan games with a fresh bot for the human
// and tells, game by game, whether the human won.
func humanWins(e *Engine, bot func() sim.Bot, n int) []bool {
	wins := make([]bool, n)
	var buf []sim.Choice
	for i := range n {
		engineRng, botRng := sim.Streams(sim.GameSeed(11, 4, i))
		g := e.NewGame(sim.Config{Players: 4, Index: i}, engineRng)
		b := bot()
		for !g.Over() && g.Turn() <= e.TurnCap() {
			buf = g.Choices(buf)
			g.Apply(buf[b.Choose(g, buf, botRng)], nil)
		}
		wins[i] = g.Over() && g.Winner() == 0
	}
	return wins
}

// TestSearchBeatsGreedy: on the same seeded 4-clan deals, the search wins
// more games for the human than greedy, by more than twice the standard
// error of the paired difference (a lead the dice of so few games could
// not fake).
func TestSearchBeatsGreedy(t *testing.T) {
	e := engine(t)
	const n = 32
	greedy := humanWins(e, func() sim.Bot { return &Greedy{} }, n)
	search := humanWins(e, func() sim.Bot { return NewSearch() }, n)
	var lead, sq float64
	for i := range n {
		d := float64(b2i(search[i]) - b2i(greedy[i]))
		lead += d
		sq += d * d
	}
	lead /= n
	se := math.Sqrt((sq/n - lead*lead) / (n - 1))
	t.Logf("over %d seeded 4-clan games the search won %d, greedy %d: lead %.2f, standard error %.2f",
		n, trues(search), trues(greedy), lead, se)
	if lead <= 2*se {
		t.Errorf("over %d seeded 4-clan games the search won %d and greedy %d: lead %.2f, want above twice its standard error %.2f",
			n, trues(search), trues(greedy), lead, se)
	}
}

// trues is the number of true values in bs.
func trues(bs []bool) int {
	n := 0
	for _, b := range bs {
		n += b2i(b)
	}
	return n
}

// BenchmarkSearch_Decision is one search decision at the first Action
// decision of a 4-clan game, with the default budget.
func BenchmarkSearch_Decision(b *testing.B) {
	e := engine(b)
	g, _ := twinGames(b, e, 4, 0, func(g *Game) bool { return g.prompt == pAction })
	choices := g.Choices(nil)
	bot, rng := NewSearch(), rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(g, choices, rng)
	}
	b.ReportMetric(float64(len(choices)), "choices")
}

func TestDeterminizeReusesItsCopy(t *testing.T) {
	e := engine(t)
	g, _ := twinGames(t, e, 4, 0, ageTwoAction)
	rng := rand.New(rand.NewPCG(6, 6))
	d := g.Determinize(nil, 0, rng)
	if n := testing.AllocsPerRun(50, func() { d = g.Determinize(d, 0, rng) }); n != 0 {
		t.Errorf("Determinize into an earlier copy allocates %v times", n)
	}
}

// TestCopyTrial_playsAsAFullCopy plays every choice of decisions of seeded
// games on a full copy and on a trial copy made over an earlier trial's
// leftovers, with the same dice: the two reach the same position. A trial
// copy allocates nothing.
func TestCopyTrial_playsAsAFullCopy(t *testing.T) {
	e := engine(t)
	var full, trial Game
	var pcg rand.PCG
	rng := rand.New(&pcg)
	tried := 0
	for i := range 6 {
		g := e.NewGame(sim.Config{Players: 2 + i%3, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*Game)
		pick := rand.New(rand.NewPCG(uint64(i), 2))
		var buf []sim.Choice
		for !g.Over() && g.turn <= e.p.turnCap {
			buf = g.Choices(buf)
			var before Game
			g.copyInto(&before, nil)
			for _, c := range buf {
				pcg.Seed(uint64(tried), 7)
				g.copyInto(&full, rng)
				full.Apply(c, nil)
				pcg.Seed(uint64(tried), 7)
				g.copyTrial(&trial, rng)
				trial.Apply(c, nil)
				if full.prompt != trial.prompt || full.Scores(nil)[0] != trial.Scores(nil)[0] || full.eval() != trial.eval() ||
					!slices.Equal(full.figs, trial.figs) || !slices.Equal(full.cLoc, trial.cLoc) || !slices.Equal(full.cOwn, trial.cOwn) || full.clan != trial.clan {
					t.Fatalf("game %d, decision %d, choice %+v: the trial copy played differently", i, g.decisions, c)
				}
				if !slices.Equal(g.figs, before.figs) || !slices.Equal(g.cLoc, before.cLoc) || !slices.Equal(g.cOwn, before.cOwn) || !slices.Equal(g.cOrd, before.cOrd) || g.clan != before.clan {
					t.Fatalf("game %d, decision %d, choice %+v: playing the trial copy changed the game", i, g.decisions, c)
				}
				tried++
			}
			g.Apply(buf[pick.IntN(len(buf))], nil)
		}
	}
	if tried == 0 {
		t.Fatal("no choice tried")
	}
	g, _ := twinGames(t, e, 4, 0, ageTwoAction)
	if n := testing.AllocsPerRun(50, func() { g.copyTrial(&trial, rng) }); n != 0 {
		t.Errorf("a trial copy allocates %v times", n)
	}
}
