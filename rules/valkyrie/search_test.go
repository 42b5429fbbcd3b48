package valkyrie

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// clone is a copy of g with its own piles and source src, for tests.
func clone(g *Game, src *rand.PCG) *Game {
	d := &Game{}
	g.copyInto(d, rand.New(src))
	return d
}

// hiddenVariant is a copy of g that differs from it only in what seat cannot
// see: its own draw pile's order, which of another seat's cards that may be
// in its draw pile are in its hand, and the orders of the supply and rage
// decks (a face-up weakness stays on top).
func hiddenVariant(g *Game, seat int, rng *rand.Rand) *Game {
	v := clone(g, rand.NewPCG(1, 1))
	perm := func(s []int16) {
		rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	}
	for i := range v.pl {
		p := &v.pl[i]
		if i == seat {
			perm(p.deck)
			continue
		}
		var at []*int16 // the places of the cards that may be in the draw pile
		for k := range p.deck {
			at = append(at, &p.deck[k])
		}
		for k, c := range p.hand {
			if v.fresh[c] {
				at = append(at, &p.hand[k])
			}
		}
		rng.Shuffle(len(at), func(i, j int) { *at[i], *at[j] = *at[j], *at[i] })
	}
	for k := range 2 {
		perm(v.supply[k])
	}
	for r, deck := range v.rage {
		if len(deck) > 0 && v.revealed && r+1 == v.curRage() {
			deck = deck[:len(deck)-1]
		}
		perm(deck)
	}
	return v
}

// samePiles reports whether two games hold the same cards in the same
// order in every pile and supply row.
func samePiles(a, b *Game) bool {
	za, zb := a.zones(), b.zones()
	for i := range za {
		if !slices.Equal(*za[i], *zb[i]) {
			return false
		}
	}
	return slices.Equal(a.rows[0], b.rows[0]) && slices.Equal(a.rows[1], b.rows[1])
}

// seenBy is what seat sees of g, in a form two games can be compared by:
// every face-up zone in order (play, acquired, discard and VP areas, the
// 廃棄置場, the rows, the pool, the box, a revealed weakness), scores, seat's
// own hand in order, another seat's hand with its cards that may have come
// from its draw pile masked (-1), the size of every hidden pile, and, sorted,
// the cards each hidden part holds: seat's draw pile, another seat's draw
// pile with its masked hand cards, each supply deck, each rage deck below a
// face-up top.
func seenBy(g *Game, seat int) [][]int16 {
	sorted := func(s ...[]int16) []int16 { return slices.Sorted(slices.Values(slices.Concat(s...))) }
	out := [][]int16{{int16(len(g.pl)), int16(g.curRage()), b2i(g.revealed)}}
	for i := range g.pl {
		p := &g.pl[i]
		out = append(out, p.play, p.gained, p.discard, p.vparea, []int16{int16(p.score), int16(len(p.deck)), int16(len(p.hand))})
		if i == seat {
			out = append(out, p.hand, sorted(p.deck))
			continue
		}
		hand, maybeDrawn := slices.Clone(p.hand), []int16(nil)
		for k, c := range hand {
			if g.fresh[c] {
				hand[k] = -1
				maybeDrawn = append(maybeDrawn, c)
			}
		}
		out = append(out, hand, sorted(p.deck, maybeDrawn))
	}
	for k := range 2 {
		out = append(out, g.trash[k], g.rows[k], []int16{int16(len(g.supply[k]))}, sorted(g.supply[k]))
	}
	out = append(out, g.pool...)
	out = append(out, g.box)
	for r, deck := range g.rage {
		out = append(out, []int16{int16(len(deck))})
		if len(deck) > 0 && g.revealed && r+1 == g.curRage() {
			out, deck = append(out, deck[len(deck)-1:]), deck[:len(deck)-1]
		}
		out = append(out, sorted(deck))
	}
	return out
}

func b2i(b bool) int16 {
	if b {
		return 1
	}
	return 0
}

// TestDeterminizeNeverReadsHiddenInformation: Determinize never reads hidden information. At every decision
// of many games, a variant that differs only in what the deciding seat
// cannot see (seenBy is the same; it differs in most positions) gives an
// equal copy, field for field, for the same seed, and the same search
// decision. The copies depend on the seed (another seed deals another copy
// in most positions), keep everything the seat sees (seenBy of the copy is
// the original's) and do resample: another seat's hand in the copy is often
// not its true hand.
func TestDeterminizeNeverReadsHiddenInformation(t *testing.T) {
	e := shippedEngine(t)
	games := 12
	if testing.Short() {
		games = 4
	}
	positions, varied, reseeded, resampled, decisions := 0, 0, 0, 0, 0
	var buf []sim.Choice
	for i := range games {
		n := 2 + i%3
		g := e.NewGame(sim.Config{Players: n, Index: i}, rand.New(rand.NewPCG(uint64(i), 3))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 4))
		for !g.Over() && g.Turn() <= e.turnCap {
			buf = g.Choices(buf)
			positions++
			seat := g.Seat()
			v := hiddenVariant(g, seat, rand.New(rand.NewPCG(uint64(positions), 5)))
			if err := clone(v, rand.NewPCG(0, 0)).Check(); err != nil { // a clone: Check would clear v's record of changed zones
				t.Fatalf("the variant is not a legal position: %v", err)
			}
			seen := seenBy(g, seat)
			if !slices.EqualFunc(seenBy(v, seat), seen, slices.Equal) {
				t.Fatalf("game %d turn %d: the variant differs in what seat %d sees", i, g.Turn(), seat)
			}
			if !samePiles(g, v) {
				varied++
			}
			seed := uint64(positions)
			a := g.Determinize(nil, seat, rand.New(rand.NewPCG(seed, 6))).(*plan)
			b := v.Determinize(nil, seat, rand.New(rand.NewPCG(seed, 6))).(*plan)
			if !reflect.DeepEqual(a, b) { // field for field, the piles included
				t.Fatalf("game %d turn %d: the copies differ when only hidden cards differ", i, g.Turn())
			}
			if !slices.EqualFunc(seenBy(a.Game, seat), seen, slices.Equal) {
				t.Fatalf("game %d turn %d: the copy changed what seat %d sees", i, g.Turn(), seat)
			}
			if c := g.Determinize(nil, seat, rand.New(rand.NewPCG(seed+1, 6))).(*plan); !samePiles(a.Game, c.Game) {
				reseeded++
			}
			for o := range g.pl {
				if o != seat && !slices.Equal(a.pl[o].hand, g.pl[o].hand) {
					resampled++
					break
				}
			}
			if len(buf) > 1 && positions%16 == 0 {
				decisions++
				simtest.SameSearch(t, func() sim.Bot { return &sim.ISMCTS{Iterations: 8, Horizon: 10} }, g, v, buf, seed, i)
			}
			g.Apply(buf[play.IntN(len(buf))], nil)
		}
	}
	t.Logf("%d positions: hidden cards varied in %d, another seed dealt another copy in %d, another seat's hand resampled in %d, %d search decisions",
		positions, varied, reseeded, resampled, decisions)
	if varied < positions*9/10 || reseeded < positions*9/10 || resampled < positions/4 || decisions == 0 {
		t.Fatalf("%d positions: hidden cards varied in %d, another seed dealt another copy in %d (want 90 %% each), another seat's hand resampled in %d, %d search decisions compared",
			positions, varied, reseeded, resampled, decisions)
	}
}

// TestDeterminizedCopiesPassTheChecks: a determinized copy is checked like any game: Check and
// CheckStep pass after every decision of the copy played to its end,
// starting from a fresh checker, whether the copy is new or made into an
// earlier one. (That Determinize and play on the copy leave the original
// and its source of chance untouched is TestEngineConformsToTheHarness's.)
func TestDeterminizedCopiesPassTheChecks(t *testing.T) {
	e := shippedEngine(t)
	var buf []sim.Choice
	for i := range 6 {
		g := e.NewGame(sim.Config{Players: 2 + i%3, Index: i}, rand.New(rand.NewPCG(uint64(i), 8))).(*Game)
		play := rand.New(rand.NewPCG(uint64(i), 9))
		for range 40 + 30*i {
			buf = g.Choices(buf)
			g.Apply(buf[play.IntN(len(buf))], nil)
			mustCheck(t, g)
		}
		var dst sim.Game
		for k := range 3 { // the second and third calls reuse dst
			dst = g.Determinize(dst, g.Seat(), rand.New(rand.NewPCG(uint64(k), 10)))
			d := dst.(*plan).Game
			for steps := 0; !d.Over(); steps++ {
				buf = d.Choices(buf)
				d.Apply(buf[play.IntN(len(buf))], nil)
				if err := d.Check(); err != nil {
					t.Fatalf("game %d copy %d step %d: %v", i, k, steps, err)
				}
				if err := d.CheckStep(); err != nil {
					t.Fatalf("game %d copy %d step %d: %v", i, k, steps, err)
				}
			}
		}
	}
}

// TestSearchBeatsGreedy: the search bot beats greedy on a small fixed-seed ladder
// (seats alternated and rotated).
func TestSearchBeatsGreedy(t *testing.T) {
	e := shippedEngine(t)
	l := sim.RunLadder(context.Background(), e, sim.LadderOptions{Seed: 3, Games: 100, Players: []int{2}, Bots: []string{"greedy", "search"}})
	if l.Violations != 0 || l.Unfinished != 0 {
		t.Fatalf("%d violations, %d unfinished", l.Violations, l.Unfinished)
	}
	greedy, search := l.Bots[0].WinRate, l.Bots[1].WinRate
	if search.Rate < 0.6 || search.Rate <= greedy.Rate {
		t.Fatalf("search won %.0f %% of its seat-games, greedy %.0f %%", 100*search.Rate, 100*greedy.Rate)
	}
	t.Logf("search %.0f %%, greedy %.0f %%", 100*search.Rate, 100*greedy.Rate)
}

// BenchmarkSearchDecision4P times one searched decision of the default
// search bot (its plan offers several moves) in a 4-player game's playing
// phase after ten turns of greedy play.
func BenchmarkSearchDecision4P(b *testing.B) {
	e := shippedEngine(b)
	g := e.NewGame(sim.Config{Players: 4}, rand.New(rand.NewPCG(1, 1))).(*Game)
	var buf []sim.Choice
	weighed := func() int { return len((&plan{Game: g, seat: g.Seat(), turn: g.turns}).Choices(nil)) }
	for g.Turn() < 10 || g.step != stMain || weighed() < 3 {
		buf = g.Choices(buf)
		g.Apply(buf[Greedy{}.Choose(g, buf, nil)], nil)
	}
	buf = g.Choices(buf)
	bot := e.NewBot("search")
	rng := rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		bot.Choose(g, buf, rng)
	}
}

// Issue 15 (greedy): greedy keeps シグルドリーヴァ (A12, end: 【入手数 ≥ 2】
// gain 2 VP, judged when played) back until it has bought two Valkyries
// when the rest of its hand pays for them, so its 【】 holds and it pays;
// when the buys need its own funds, greedy plays it first as before.
func TestGreedyKeepsEndConditionCardsUntilTheyHold(t *testing.T) {
	e := shippedEngine(t)
	a12 := designOf(t, e, "A12")
	for _, tt := range []struct {
		funds      int
		wantBought int // Valkyries bought before A12 was played
		wantVP     int // V2 cards its ability gave
	}{
		{funds: 30, wantBought: 2, wantVP: 1},
		{funds: 0, wantBought: 0, wantVP: 0},
	} {
		g := newTestGame(e, 2, 0, 13)
		setHand(t, g, 0, "A12")
		g.funds = tt.funds
		before := countIDs(g, g.pl[0].vparea)["V2"]
		bought := -1
		for g.active == 0 && !g.Over() {
			buf := g.Choices(nil)
			c := buf[Greedy{}.Choose(g, buf, nil)]
			if c.Kind == chPlay && c.B == a12 {
				bought = g.bought
			}
			g.Apply(c, nil)
			mustCheck(t, g)
		}
		if vp := countIDs(g, g.pl[0].vparea)["V2"] - before; bought != tt.wantBought || vp != tt.wantVP {
			t.Errorf("funds %d: A12 played after %d buys and gave %d V2; want %d and %d", tt.funds, bought, vp, tt.wantBought, tt.wantVP)
		}
	}
}

// TestBotsChooseInASearchCopy: the bots choose in a search copy (a plan) as in its game, so
// they can serve as sim.ISMCTS's Rollout.
func TestBotsChooseInASearchCopy(t *testing.T) {
	e := shippedEngine(t)
	g := e.NewGame(sim.Config{Players: 3}, rand.New(rand.NewPCG(4, 4))).(*Game)
	d := g.Determinize(nil, g.Seat(), rand.New(rand.NewPCG(5, 5)))
	buf := d.Choices(nil)
	for _, name := range []string{"greedy", "bigmoney"} {
		bot := e.NewBot(name)
		if got, want := bot.Choose(d, buf, nil), bot.Choose(d.(*plan).Game, buf, nil); got != want {
			t.Errorf("%s chose %d in the copy, %d in its game", name, got, want)
		}
	}
}
