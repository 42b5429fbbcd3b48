package nastrond

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
)

// recount proves Check's incremental checks (simtest.Recount): that the
// engine marks every group of state, seat, square and Einherjar design it
// changes (unmarked), and that Check's kept counts equal a full recount
// (recountMismatch). Each call has its own copy of the game as Check last
// passed it, which Counts takes and Marked compares with.
func recount() simtest.Recount {
	var passed Game
	return simtest.Recount{
		Marked: func(g sim.Game) error { return unmarked(g.(*Game), &passed) },
		Counts: func(gm sim.Game) error {
			g := gm.(*Game)
			if msg := recountMismatch(g); msg != "" {
				return errors.New(msg)
			}
			passed = *g
			return nil
		},
	}
}

// unmarked reports, before Check, a group of state, a seat, a square or an
// Einherjar design that differs from the game as Check last passed it
// (passed) without its mark.
func unmarked(g, passed *Game) error {
	if !g.chk.started || g.chk != passed.chk {
		return nil // the first Check of a game reads everything
	}
	for _, grp := range []struct {
		group int
		same  bool
	}{
		{gLayout, g.layout == passed.layout},
		{gHands, g.hands == passed.hands},
		{gPawns, g.pawns == passed.pawns},
		{gPurse, g.purse == passed.purse && g.icons == passed.icons},
		{gCup, g.cup == passed.cup},
	} {
		if !g.dirty.Has(grp.group) && !grp.same {
			return fmt.Errorf("group %d changed without its mark", grp.group)
		}
	}
	for j := range g.e.skills {
		same := g.field[j] == passed.field[j]
		for p := range g.n {
			same = same && g.held[p][j] == passed.held[p][j]
		}
		if !g.einMoved.Has(j) && !same {
			return fmt.Errorf("Einherjar design %d moved without its mark", j)
		}
	}
	for q := range Square(squares) {
		if !g.sqMoved.Has(int(q)) && g.board[q] != passed.board[q] {
			return fmt.Errorf("square %s changed without its mark", sqText(q))
		}
	}
	for s := range g.n {
		same := g.pawn[s] == passed.pawn[s] && g.arrived[s] == passed.arrived[s] &&
			g.supply[s] == passed.supply[s] && g.divine[s] == passed.divine[s] && g.spent[s] == passed.spent[s] &&
			g.vp[s] == passed.vp[s] && g.won[s] == passed.won[s] && g.icons[s] == passed.icons[s] &&
			g.held[s] == passed.held[s] && g.nHeld[s] == passed.nHeld[s] && g.payPool[s] == passed.payPool[s] &&
			g.heldMask[s] == passed.heldMask[s] && g.urdAt[s] == passed.urdAt[s]
		if !g.marked.Has(int(s)) && !same {
			return fmt.Errorf("P%d's pawn, purse or hand changed without the seat's mark", s+1)
		}
	}
	return nil
}

// TestIncrementalChecksMatchFullRecountUnderEveryRulesVariant plays seeded
// games (random and greedy bots, 2–4 players) under every Rules variant the
// rulings name and, after every decision and its Check, recounts from
// scratch every count that the engine and Check keep as pieces move (Urd
// and cards on the board, Keepers fought, the Urd squares challenges
// count, the Einherjar sets and sums listing reads, the Urd taken, the
// state the invariants about change compare with) and compares. The
// shipped rules are recounted by the conformance suite.
func TestIncrementalChecksMatchFullRecountUnderEveryRulesVariant(t *testing.T) {
	base := shippedEngine(t)
	for _, e := range []*Engine{
		withParams(base, func(p *params) { p.tiwazPaysScout = true }),
		withParams(base, func(p *params) { p.arrivalShare = true }),
		withParams(base, func(p *params) { p.divineAfterFix, p.countAllUrd = true, true }),
		withParams(base, func(p *params) { p.unlimitedDice, p.minMove = true, 0 }),
	} {
		simtest.Recounts(t, e, recount())
	}
}

// recountMismatch recounts the kept counts of a game whose checks have just
// passed and describes the first that differs, or returns "".
func recountMismatch(g *Game) string {
	e, c := g.e, &g.chk
	var urdOn [maxPlayers]int16
	var urdAt [maxPlayers]uint64
	cards := int16(0)
	for q, v := range g.board {
		switch {
		case v < 0:
			urdOn[-1-v]++
			urdAt[-1-v] |= 1 << q
		case q != centre:
			cards++
		}
	}
	var fought [4]int8
	keeperAt := uint64(0)
	for k, kc := range e.keepCard {
		keeperAt |= 1 << g.keeperSq[k]
		if g.keeperBy[k] >= 0 {
			fought[e.info[kc].layer]++
		}
	}
	var nHeld, payPool [maxPlayers]int16
	var heldMask [maxPlayers]uint64
	fieldMask := uint64(0)
	for j := range e.skills {
		for s := range g.n {
			if h := g.held[s][j]; h > 0 {
				nHeld[s] += int16(h)
				payPool[s] += int16(h) * int16(e.info[e.einCard[j]].layer)
				heldMask[s] |= 1 << j
			}
		}
		if g.field[j] > 0 {
			fieldMask |= 1 << j
		}
	}
	used, hi := int16(0), int8(0)
	for s := range g.n {
		used += int16(g.dealt - g.supply[s])
		hi = max(hi, g.supply[s])
	}
	for _, x := range []struct {
		what      string
		kept, got any
	}{
		{"Check's Urd on the board by seat", c.urdOn, urdOn},
		{"Check's Edda and Keepers on the board", c.cards, cards},
		{"Check's Keepers fought by layer", c.fought, fought},
		{"Check's fought counts the pawns were checked against", c.pfought, fought},
		{"Check's Keeper squares", c.keeperAt, keeperAt},
		{"Check's copy of the board", c.board, g.board},
		{"Check's copy of the Keeper squares", c.keeperSq, g.keeperSq},
		{"Check's copy of the Keepers' fighters", c.keeperBy, g.keeperBy},
		{"Check's largest supply", c.hi, hi},
		{"Check's copy of the Einherjar held", c.held, g.held},
		{"Check's Einherjar held by seat", c.nHeld, nHeld},
		{"Check's pay for returning them", c.payPool, payPool},
		{"the Urd squares challenges count", g.urdAt, urdAt},
		{"the Einherjar held by seat", g.nHeld, nHeld},
		{"what returning every held Einherjar pays", g.payPool, payPool},
		{"the designs held by seat", g.heldMask, heldMask},
		{"the designs on the field", g.fieldMask, fieldMask},
		{"Check's Urd taken from the supplies", c.used, used},
		{"Check's Urd lag", c.urdLag, used - g.turnsTaking()},
		{"Check's pawns", c.pawn, g.pawn},
		{"Check's VP", c.vp, g.vp},
		{"Check's supplies", c.supply, g.supply},
		{"Check's spent Urd", c.spent, g.spent},
		{"Check's won cards", c.won, g.won},
		{"Check's growth", c.icons, g.icons},
		{"Check's turn", c.turn, g.turn},
		{"Check's fixed dice", c.fixed, g.fixed()},
		{"Check's dice in use", c.nd, g.nd},
		{"the marks left after Check", fmt.Sprint(slices.Collect(g.dirty.All()), slices.Collect(g.marked.All()), slices.Collect(g.sqMoved.All()), slices.Collect(g.einMoved.All())), fmt.Sprint([]int{}, []int{int(g.seat)}, []int{}, []int{})},
	} {
		if x.kept != x.got {
			return fmt.Sprintf("%s: kept %v, recounted %v", x.what, x.kept, x.got)
		}
	}
	if c.fixed && c.dFace != g.dFace {
		return fmt.Sprintf("Check's fixed faces: kept %v, now %v", c.dFace[:g.nd], g.dFace[:g.nd])
	}
	return ""
}

// TestDiceTalliedWithoutBranchingAgreeWithDieByDie breaks the
// dice of many turns at random, one value or several, among the dice in use
// and beyond them, and compares the branch-free test (tallyDice) with the
// die-by-die description (dieError): a die found unsound one way is found
// the other, and a value beyond the dice in use is no fault. The tally by
// origin must count the dice in use.
func TestDiceTalliedWithoutBranchingAgreeWithDieByDie(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 4))
	values := []int8{-128, -1, 0, 1, 2, 3, 5, 6, 7, 8, 9, 100, 127}
	faults := 0
	for trial := range 100000 {
		g := &Game{}
		g.nd = int8(rng.IntN(maxDice + 1))
		g.rolled = rng.IntN(2) == 0
		var want [3]int
		for i := range maxDice { // a sound turn, then breakage
			g.dSides[i], g.dOrig[i] = 6, fromStock
			if rng.IntN(4) == 0 {
				g.dSides[i], g.dOrig[i] = 8, fromD8
			} else if rng.IntN(2) == 0 {
				g.dOrig[i] = fromOwn
			}
			switch {
			case !g.rolled:
				g.dState[i] = dsPool
			case rng.IntN(3) == 0:
				g.dState[i] = dsTiwaz
			default:
				g.dState[i], g.dFace[i] = dsRolled, int8(1+rng.IntN(int(g.dSides[i])))
			}
			if i < int(g.nd) {
				want[g.dOrig[i]]++
			}
		}
		broken := rng.IntN(3)
		for range broken {
			arrays := []*[maxDice]int8{&g.dSides, &g.dFace, &g.dOrig, &g.dState}
			arrays[rng.IntN(4)][rng.IntN(maxDice)] = values[rng.IntN(len(values))]
		}
		tally, sound := g.tallyDice()
		die := g.dieError()
		if sound != (die == nil) {
			t.Fatalf("trial %d, %d dice, rolled %v: tallyDice sound %v, die by die %v\nsides %v\nfaces %v\norigins %v\nstates %v",
				trial, g.nd, g.rolled, sound, die, g.dSides[:g.nd], g.dFace[:g.nd], g.dOrig[:g.nd], g.dState[:g.nd])
		}
		if got := [3]int{int(tally & 0xff), int(tally >> 8 & 0xff), int(tally >> 16 & 0xff)}; broken == 0 && got != want {
			t.Fatalf("trial %d: tallied %v dice by origin (Stock, own, d8), want %v", trial, got, want)
		}
		if !sound {
			faults++
		}
	}
	if faults < 10000 {
		t.Fatalf("only %d of the broken turns had an unsound die", faults)
	}
}
