package nastrond

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/workbook"
)

const shipped = "../../cardsrc/nastrond.xlsx"

var (
	shippedOnce sync.Once
	shippedData *Data
	shippedErr  error
)

// loadData validates a Nastrond workbook and returns its data.
func loadData(t testing.TB, path string) *Data {
	t.Helper()
	book, err := workbook.Open(path, "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := Schema.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("%s does not validate: %v", path, res.Problems)
	}
	return res.Data.(*Data)
}

// shippedEngine builds the engine from the shipped workbook, read once.
func shippedEngine(t testing.TB) *Engine {
	t.Helper()
	shippedOnce.Do(func() {
		book, err := workbook.Open(shipped, "cardsrc/nastrond.xlsx")
		if err != nil {
			shippedErr = err
			return
		}
		res := Schema.Validate(book, schema.NewLang("en"))
		shippedData, _ = res.Data.(*Data)
	})
	if shippedErr != nil || shippedData == nil {
		t.Fatalf("loading %s: %v", shipped, shippedErr)
	}
	e, err := New(shippedData)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// newTestGame starts a seeded game of the shipped data.
func newTestGame(t testing.TB, players int, seed uint64) *Game {
	t.Helper()
	return shippedEngine(t).newGame(players, rand.New(rand.NewPCG(seed, 0)))
}

// parseSkill parses a skill in the Nastrond vocabulary.
func parseSkill(t testing.TB, src string) *effect.Effect {
	t.Helper()
	e, perr := effect.Parse(src, Schema.Vocabs[""])
	if perr != nil {
		t.Fatalf("parse %q: %v", src, perr)
	}
	return e
}

// recorder collects events.
type recorder struct{ evs []Event }

func (r *recorder) emit(e Event) { r.evs = append(r.evs, e) }

func (r *recorder) count(kind sim.EventKind) int {
	n := 0
	for _, e := range r.evs {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

func (r *recorder) last(kind sim.EventKind) (Event, bool) {
	for i := len(r.evs) - 1; i >= 0; i-- {
		if r.evs[i].Kind == kind {
			return r.evs[i], true
		}
	}
	return Event{}, false
}

// withParams copies an engine with changed rule parameters.
func withParams(e *Engine, change func(p *params)) *Engine {
	e2 := *e
	change(&e2.p)
	e2.d6Total = e2.p.blankD6 + int16(e2.p.ownDice)*int16(len(e2.valkyria))
	e2.listMoves()
	return &e2
}

// withEinherjar copies the shipped data with the given Einherjar designs
// (layer 1, cost 0, 2 copies unless changed) and builds an engine.
func withEinherjar(t testing.TB, skills ...string) *Engine {
	t.Helper()
	shippedEngine(t)
	d := *shippedData
	d.Einherjar = nil
	for i, src := range skills {
		d.Einherjar = append(d.Einherjar, Einherjar{ID: fmt.Sprintf("T%d", i+1), Name: fmt.Sprintf("テスト%d", i+1),
			Layer: 1, Cost: 0, Copies: 2, Skill: schema.Effect{Src: src, AST: parseSkill(t, src)}})
	}
	e, err := New(&d)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// setupGame starts a seeded game of e with seat 0 to play and every pawn on
// the middle of a ring-1 side: (0,3), (3,6), (6,3), (3,0).
func setupGame(t testing.TB, e *Engine, players int) *Game {
	t.Helper()
	g := e.newGame(players, rand.New(rand.NewPCG(1, 2)))
	g.start, g.seat = 0, 0
	for s := range players {
		g.pawn[s] = board.ring[1][6*s+3]
	}
	g.resetTurn()
	g.ph = phMove
	refresh(g)
	return g
}

// refresh lists the choices after a test changed the state.
func refresh(g *Game) { g.opts = g.list(g.opts[:0]) }

func card(t testing.TB, e *Engine, id string) int16 {
	t.Helper()
	for i, c := range e.cards {
		if c == id {
			return int16(i)
		}
	}
	t.Fatalf("no card %s", id)
	return -1
}

func ein(t testing.TB, e *Engine, id string) int {
	t.Helper()
	return int(e.info[card(t, e, id)].ein)
}

// squareOf is where card c lies on the board.
func squareOf(t testing.TB, g *Game, c int16) Square {
	t.Helper()
	for q := range Square(squares) {
		if g.board[q] == c {
			return q
		}
	}
	t.Fatalf("card %s is not on the board", g.e.cards[c])
	return -1
}

// putCard swaps card c onto square q (both on the same layer).
func putCard(t testing.TB, g *Game, q Square, c int16) {
	t.Helper()
	from := squareOf(t, g, c)
	a, b := g.board[q], g.board[from]
	g.board[q], g.board[from] = b, a
	for _, x := range [2]struct {
		at Square
		c  int16
	}{{q, b}, {from, a}} {
		if x.c >= 0 {
			if k := g.e.info[x.c].keeper; k >= 0 {
				g.keeperSq[k] = x.at
			}
		}
	}
}

// placeUrd lets seat s exchange an Urd from supply for the card on q.
func placeUrd(g *Game, q Square, s int8) {
	if c := g.board[q]; c >= 0 {
		g.won[s]++
		if k := g.e.info[c].keeper; k >= 0 {
			g.keeperBy[k] = s
		}
	}
	g.setUrd(q, s)
	g.supply[s]--
}

// giveDivine puts n supply Urd of every seat under its Valkyria, keeping
// the supplies level.
func giveDivine(g *Game, n int8) {
	for s := range g.n {
		g.supply[s] -= n
		g.divine[s] += n
	}
}

// give hands seat s n copies of Einherjar design j from the field.
func give(g *Game, s int8, j, n int) { g.setHeld(s, j, int8(n)) }

// standOn puts seat s on q as if it had just stopped there.
func standOn(g *Game, s int8, q Square, r *recorder) {
	g.seat = s
	g.pawn[s] = q
	g.resetTurn()
	g.stop(r.emit)
	g.settle(r.emit)
}

// poolOf tops the pool up to n dice from the Stock.
func poolOf(t testing.TB, g *Game, n int) {
	t.Helper()
	for int(g.nd) < n {
		if !g.stockHas() {
			t.Fatalf("the Stock is empty with %d dice in the pool", g.nd)
		}
		g.fromStock()
		g.addDie(6, fromStock, dsPool)
	}
	refresh(g)
}

// rollFaces rolls one die per face (topping the pool up) and makes them
// show the faces, d8s first as the engine rolls them.
func rollFaces(t testing.TB, g *Game, r *recorder, faces ...int) {
	t.Helper()
	poolOf(t, g, len(faces))
	script(g, faces...)
	choose(t, g, r, Choice{Kind: KRoll, A: int16(len(faces))})
}

// script makes the game's next dice show faces; then chance resumes.
func script(g *Game, faces ...int) {
	s := &scripted{fallback: rand.NewPCG(9, 9)}
	for _, f := range faces {
		s.vals = append(s.vals, faceValue(f))
	}
	g.rng = rand.New(s)
}

// scripted is a random source that first returns given values.
type scripted struct {
	vals     []uint64
	fallback rand.Source
}

func (s *scripted) Uint64() uint64 {
	if len(s.vals) > 0 {
		v := s.vals[0]
		s.vals = s.vals[1:]
		return v
	}
	return s.fallback.Uint64()
}

// faceValue is a source value for which rand.IntN(6) and rand.IntN(8) (for
// faces 1–6) both give f-1; faces 7 and 8 work for IntN(8) only.
func faceValue(f int) uint64 {
	if f > 6 {
		return uint64(f - 1)
	}
	const w = ^uint64(0) / 6
	x := uint64(f-1)*w + w/2
	return x&^7 | uint64(f-1)
}

// faces lists the rolled dice's faces in order.
func faces(g *Game) []int {
	var out []int
	for i := range g.nd {
		if g.dState[i] == dsRolled {
			out = append(out, int(g.dFace[i]))
		}
	}
	return out
}

func legal(g *Game, c Choice) bool { return slices.Contains(g.opts, c) }

// choose applies c, failing the test if it is not legal.
func choose(t testing.TB, g *Game, r *recorder, c Choice) {
	t.Helper()
	if !legal(g, c) {
		t.Fatalf("%+v is not legal in phase %d; legal: %+v", c, g.ph, g.opts)
	}
	g.Apply(c, r.emit)
}

func kinds(g *Game, kind uint8) []Choice {
	var out []Choice
	for _, c := range g.opts {
		if c.Kind == kind {
			out = append(out, c)
		}
	}
	return out
}

// check fails the test on a broken invariant.
func check(t testing.TB, g *Game) {
	t.Helper()
	if err := g.Check(); err != nil {
		t.Fatalf("invariant: %v", err)
	}
}

// playOut finishes a game with random choices, checking after each one.
func playOut(t testing.TB, g *Game, rng *rand.Rand, r *recorder) {
	t.Helper()
	var buf []Choice
	for !g.Over() {
		buf = g.Choices(buf)
		if len(buf) == 0 {
			t.Fatalf("turn %d: no legal choice", g.turn)
		}
		g.Apply(buf[rng.IntN(len(buf))], r.emit)
		check(t, g)
	}
}
