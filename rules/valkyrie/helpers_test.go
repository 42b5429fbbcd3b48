package valkyrie

import (
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/workbook"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var shipped struct {
	once sync.Once
	book *schema.Book
	err  error
}

// shippedBook opens cardsrc/valkyrie.xlsx once per test binary.
func shippedBook(t testing.TB) *schema.Book {
	t.Helper()
	shipped.once.Do(func() {
		shipped.book, shipped.err = workbook.Open("../../cardsrc/valkyrie.xlsx", "valkyrie.xlsx")
	})
	if shipped.err != nil {
		t.Fatal(shipped.err)
	}
	return shipped.book
}

// loadData validates a book (the shipped one when nil) and fails on errors.
func loadData(t testing.TB, book *schema.Book) *Data {
	t.Helper()
	if book == nil {
		book = shippedBook(t)
	}
	res := Schema.Validate(book, schema.NewLang("en"))
	for _, p := range res.Problems {
		if p.Severity == schema.Error {
			t.Fatalf("workbook: %s", p)
		}
	}
	return res.Data.(*Data)
}

// shippedEngine builds the engine from the shipped workbook.
func shippedEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(loadData(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// testEngine builds the engine from the shipped workbook, plus one rage
// tactic design per extra effect source (in the tactics vocabulary unless
// it starts with "card:", which uses the card vocabulary). It returns the
// engine and the design index of each extra.
func testEngine(t testing.TB, extra ...string) (*Engine, []int16) {
	t.Helper()
	e := shippedEngine(t)
	var idx []int16
	for _, src := range extra {
		vocab := Schema.Vocabs["tactics"]
		if rest, ok := strings.CutPrefix(src, "card:"); ok {
			src, vocab = rest, Schema.Vocabs[""]
		}
		ast, perr := effect.Parse(src, vocab)
		if perr != nil {
			t.Fatalf("%q: %v", src, perr)
		}
		prog, err := compile(schema.Effect{Src: src, AST: ast}, vocab)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		d := design{id: "X" + strconv.Itoa(len(idx)), name: "test", kind: kindTactic, cat: -1, monster: 0, rage: 1, prog: prog}
		for _, c := range prog {
			d.hasEnd = d.hasEnd || c.end
		}
		idx = append(idx, int16(len(e.designs)))
		e.designs = append(e.designs, d)
		e.ids = append(e.ids, d.id)
		e.counts = append(e.counts, 0)
	}
	return e, idx
}

// newTestGame sets up a game for n players against monster m.
func newTestGame(e *Engine, n, m int, seed uint64) *Game {
	return newGame(e, n, m, rand.New(rand.NewPCG(seed, 1)))
}

// design returns the design index of id; it fails the test when unknown.
func designOf(t testing.TB, e *Engine, id string) int16 {
	t.Helper()
	for i, d := range e.designs {
		if d.id == id {
			return int16(i)
		}
	}
	t.Fatalf("no design %s", id)
	return -1
}

// zones lists every pile of the game (not the supply rows).
func (g *Game) zones() []*[]int16 {
	var out []*[]int16
	for d := range 2 {
		out = append(out, &g.supply[d], &g.trash[d])
	}
	for k := range g.pool {
		out = append(out, &g.pool[k])
	}
	out = append(out, &g.box)
	for r := range g.rage {
		out = append(out, &g.rage[r])
	}
	for i := range g.pl {
		p := &g.pl[i]
		out = append(out, &p.deck, &p.discard, &p.hand, &p.play, &p.gained, &p.vparea)
	}
	return out
}

// take removes a physical card of design id from wherever it is (piles
// first, then the supply rows) and returns it.
func take(t testing.TB, g *Game, id string) int16 {
	t.Helper()
	d := designOf(t, g.e, id)
	for _, z := range g.zones() {
		for i, c := range *z {
			if g.e.inst[c] == d {
				*z = remove(*z, i)
				return c
			}
		}
	}
	for dk := range 2 {
		for s, c := range g.rows[dk] {
			if c >= 0 && g.e.inst[c] == d {
				g.rows[dk][s] = -1
				return c
			}
		}
	}
	t.Fatalf("no card %s left to take", id)
	return -1
}

// put moves cards of the given designs onto the end (top) of pile.
func put(t testing.TB, g *Game, pile *[]int16, ids ...string) {
	t.Helper()
	for _, id := range ids {
		*pile = append(*pile, take(t, g, id))
	}
	g.resync()
}

// setHand empties seat's hand into its discard pile and deals it ids.
func setHand(t testing.TB, g *Game, seat int, ids ...string) {
	t.Helper()
	p := &g.pl[seat]
	p.discard = append(p.discard, p.hand...)
	p.hand = p.hand[:0]
	put(t, g, &p.hand, ids...)
}

// setSlot puts a card of design id (or nothing for "") in deck d's slot s;
// the card it replaces goes back under its supply deck.
func setSlot(t testing.TB, g *Game, d, s int, id string) {
	t.Helper()
	if old := g.rows[d][s]; old >= 0 {
		g.rows[d][s] = -1
		g.supply[d] = append([]int16{old}, g.supply[d]...)
	}
	if id != "" {
		g.rows[d][s] = take(t, g, id)
	}
	g.resync()
}

// resync is for tests that moved cards by hand: it recomputes the running
// scores, has the next Check read every zone again and look at what only a
// new turn changes, and starts CheckStep afresh.
func (g *Game) resync() {
	for i := range g.pl {
		g.pl[i].score = g.zoneScore(i)
	}
	g.touchAll()
	g.trace = trace{}
	g.recheckTurn()
}

// recheckTurn has the next Check also look at what only a new turn changes.
func (g *Game) recheckTurn() {
	if g.chk != nil {
		g.chk.turn, g.chk.log = -1, 0
	}
}

// mustCheck fails the test when an invariant does not hold (Check, then
// CheckStep, as the harness does).
func mustCheck(t testing.TB, g *Game) {
	t.Helper()
	if err := g.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	if err := g.CheckStep(); err != nil {
		t.Fatalf("CheckStep: %v", err)
	}
}

// find returns the legal choice that matches, failing the test if none does.
func find(t testing.TB, g *Game, match func(sim.Choice) bool) sim.Choice {
	t.Helper()
	for _, c := range g.Choices(nil) {
		if match(c) {
			return c
		}
	}
	t.Fatalf("no such choice among %v (step %d)", g.Choices(nil), g.step)
	return sim.Choice{}
}

// has reports whether some legal choice matches.
func has(g *Game, match func(sim.Choice) bool) bool {
	for _, c := range g.Choices(nil) {
		if match(c) {
			return true
		}
	}
	return false
}

func kindIs(k uint8) func(sim.Choice) bool { return func(c sim.Choice) bool { return c.Kind == k } }

// apply applies the choice that matches and checks the invariants.
func apply(t testing.TB, g *Game, match func(sim.Choice) bool) {
	t.Helper()
	g.Apply(find(t, g, match), nil)
	mustCheck(t, g)
}

// play plays the card of design id from the active hand.
func play(t testing.TB, g *Game, id string) {
	t.Helper()
	d := designOf(t, g.e, id)
	apply(t, g, func(c sim.Choice) bool { return c.Kind == chPlay && c.B == d })
}

// attackWith attacks with n power.
func attackWith(t testing.TB, g *Game, n int) {
	t.Helper()
	apply(t, g, func(c sim.Choice) bool { return c.Kind == chAttack && int(c.A) == n })
}

// finishTurn ends the active turn, declining and stopping whatever it is
// asked, and returns once the next turn waits for a decision (or the game is over).
func finishTurn(t testing.TB, g *Game) {
	t.Helper()
	seat, turns := g.active, g.turns
	for !g.over && g.active == seat && g.turns == turns {
		cs := g.Choices(nil)
		pick := cs[0]
		for _, c := range cs {
			if c.Kind == chEndPlay || c.Kind == chStop || (c.Kind == chMay && c.A == 0) || (c.Kind == chEndAbility && c.C == 0) {
				pick = c
			}
		}
		g.Apply(pick, nil)
		mustCheck(t, g)
	}
	// Get through a "may" rage tactic at the start of the next turn.
	for !g.over && g.step == stMay && g.phase == phTactics {
		g.Apply(sim.Choice{Kind: chMay, A: 0, B: g.fr.src, C: int16(g.cur)}, nil)
		mustCheck(t, g)
	}
}

// startTactic starts resolving design d as if it were the rage tactic now.
func (g *Game) startTactic(d int16) {
	g.startFrame(d)
	g.step = stNone
	g.advance()
}

// ids lists the design IDs of a pile, in order.
func (g *Game) ids(pile []int16) []string {
	out := []string{}
	for _, c := range pile {
		if c < 0 {
			out = append(out, "-")
			continue
		}
		out = append(out, g.ds(c).id)
	}
	return out
}

// invadeOutOfTurn runs an invasion phase by hand, outside the turn order,
// and keeps it out of the records that I14 and I17 judge.
func (g *Game) invadeOutOfTurn() {
	log, n := g.phaseLog, g.invasions
	g.invade()
	g.phaseLog, g.invasions = log, n
}
