package nastrond

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// TestBatch_everyCardIsUsedIn3000CheckedGames: a 3000-game batch with
// invariant checks has no violation and no unfinished game, and every card
// is acquired, played or resolved in it. (That the report is the same for
// any worker count is TestEngineConformsToTheHarness's.)
func TestBatch_everyCardIsUsedIn3000CheckedGames(t *testing.T) {
	e := shippedEngine(t)
	games := 3000
	if testing.Short() {
		games = 300
	}
	o := sim.BatchOptions{Seed: 11, Games: games, Check: true}
	r := sim.NewReport(e, o, sim.Run(context.Background(), e, o))
	if r.ViolationCount != 0 || r.Unfinished != 0 {
		t.Fatalf("%d violations (%v), %d unfinished", r.ViolationCount, r.Violations, r.Unfinished)
	}
	if r.Games != games {
		t.Fatalf("%d games played, want %d", r.Games, games)
	}
	if len(r.DeadCards) != 0 {
		t.Errorf("dead cards in %d games: %v", games, r.DeadCards)
	}
}

// TestInvariants_holdForEveryBot plays batches with invariant checks after
// every decision, for each bot and a mix of them.
func TestInvariants_holdForEveryBot(t *testing.T) {
	e := shippedEngine(t)
	for _, bots := range [][]string{{"random"}, {"greedy"}, {"greedy", "random"}} {
		o := sim.BatchOptions{Seed: 3, Games: 600, Check: true, Bots: bots}
		s := sim.Run(context.Background(), e, o)
		if len(s.Violations) != 0 || s.Unfinished != 0 {
			t.Errorf("bots %v: %d violations (first %+v), %d unfinished", bots, len(s.Violations), s.Violations, s.Unfinished)
		}
	}
}

// TestInvariants_everyParameterVariantPlays plays the Rules variants the
// rulings name.
func TestInvariants_everyParameterVariantPlays(t *testing.T) {
	base := shippedEngine(t)
	for name, change := range map[string]func(p *params){
		"TiwazVP=0":           func(p *params) { p.tiwazVP = 0 },
		"TiwazPaysScout":      func(p *params) { p.tiwazPaysScout = true },
		"SkillVPOnFailure":    func(p *params) { p.skillVPOnFail = true },
		"CountAllUrd":         func(p *params) { p.countAllUrd = true },
		"UnlimitedDice":       func(p *params) { p.unlimitedDice = true },
		"MinMove=0":           func(p *params) { p.minMove = 0 },
		"ArrivalMayShare=×":   func(p *params) { p.arrivalShare = false },
		"MaxD8=1":             func(p *params) { p.maxD8 = 1 },
		"BlankD6=0,OwnDice=0": func(p *params) { p.blankD6, p.ownDice = 0, 0 },
	} {
		e := withParams(base, change)
		o := sim.BatchOptions{Seed: 5, Games: 300, Check: true, Bots: []string{"greedy", "random"}}
		s := sim.Run(context.Background(), e, o)
		if len(s.Violations) != 0 || s.Unfinished != 0 {
			t.Errorf("%s: %d violations (%+v), %d unfinished", name, len(s.Violations), s.Violations, s.Unfinished)
		}
	}
}

// brokenCheck is one invariant Check must catch: the Rules change (or nil),
// the corruption, and what the English message says.
type brokenCheck struct {
	name   string
	params func(p *params)
	break_ func(g *Game)
	want   string
}

// brokenChecks break one invariant of Check at a time.
var brokenChecks = []brokenCheck{
	{"an Urd appears in a supply", nil, func(g *Game) { g.supply[1]++ }, "Urd conservation"},
	{"an Urd vanishes from a supply", nil, func(g *Game) { g.supply[0]-- }, "Urd conservation"},
	{"a die vanishes from the Stock", nil, func(g *Game) { g.stockD6-- }, "dice conservation"},
	{"a d8 goes missing", nil, func(g *Game) { g.d8Res-- }, "d8 conservation"},
	{"more d8 than MaxD8", func(p *params) { p.maxD8 = 1 }, func(g *Game) {
		for i := range int8(2) {
			g.dSides[i], g.dOrig[i] = 8, fromD8
			g.ownAside++
			g.d8Res--
		}
	}, "MaxD8"},
	{"two pawns on one square", nil, func(g *Game) { g.pawn[1] = g.pawn[0] }, "both stand on"},
	{"three pawns at Nidhogg", nil, func(g *Game) { g.pawn[0], g.pawn[1], g.pawn[2] = centre, centre, centre }, "pawns at Nidhogg"},
	{"a fought Keeper still on its square", nil, func(g *Game) { g.keeperBy[0] = 0 }, "was fought"},
	{"negative VP", nil, func(g *Game) { g.vp[2] = -1 }, "negative VP"},
	{"a d6 shows 7", nil, func(g *Game) { g.dFace[0] = 7 }, "shows 7"},
	{"a pawn below an unbeaten Keeper", nil, func(g *Game) { g.pawn[3] = sq(1, 3) }, "Keepers fought"},
	{"an Edda in the wrong layer", nil, func(g *Game) {
		a, b := sq(0, 1), sq(1, 2)
		g.board[a], g.board[b] = g.board[b], g.board[a]
	}, "layer"},
	{"an Urd counted where there is none", nil, func(g *Game) { g.urdAt[1] |= 1 << sq(2, 2) }, "Urd squares challenges count"},
	{"an Einherjar duplicated", nil, func(g *Game) { g.held[0][0]++; g.nHeld[0]++ }, "Einherjar"},
	{"a held design missing from the set listing reads", nil, func(g *Game) { give(g, 1, 0, 1); g.heldMask[1] &^= 1 }, "P2 holds 1 of Einherjar"},
	{"a design listed on the field with none there", nil, func(g *Game) { g.field[0], g.held[3][0] = 0, g.field[0]; g.heldMask[3] |= 1 }, "the field has 0 of Einherjar"},
	{"a turn too many", nil, func(g *Game) { g.turn = 37 }, "past the 36 turns"},
	{"skill VP held after the challenge", nil, func(g *Game) { g.heldVP, g.ph = 2, phScout }, "holds 2 skill VP"},
	{"skill VP held though SkillVPOnFailure pays them at once", func(p *params) { p.skillVPOnFail = true }, func(g *Game) { g.heldVP = 2 }, "holds 2 skill VP"},
}

// checkBroken sets up a 4-player game in a window with rolled dice, breaks
// it as tt says, and returns what Check reports.
func checkBroken(t *testing.T, e *Engine, tt brokenCheck) error {
	t.Helper()
	if tt.params != nil {
		e = withParams(e, tt.params)
	}
	g := setupGame(t, e, 4)
	r := &recorder{}
	standOn(g, 0, sq(0, 1), r)
	script(g, 3, 4)
	choose(t, g, r, Choice{Kind: KRoll, A: 2})
	g.ph = phRolled // a window with rolled dice, whatever the bonuses
	check(t, g)
	tt.break_(g)
	markAll(g) // as the engine marks what it changes
	return g.Check()
}

// TestCheck_catchesEachBrokenInvariant breaks one invariant at a time, so
// that no check can silently pass.
func TestCheck_catchesEachBrokenInvariant(t *testing.T) {
	e := shippedEngine(t)
	for _, tt := range brokenChecks {
		t.Run(tt.name, func(t *testing.T) {
			if err := checkBroken(t, e, tt); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check() = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

func TestClone_isIndependent(t *testing.T) {
	g := newTestGame(t, 3, 4)
	c := g.Clone(rand.New(rand.NewPCG(1, 1)))
	var buf []Choice
	for range 20 {
		buf = c.Choices(buf)
		c.Apply(buf[0], nil)
	}
	if g.Turn() != 1 || c.Turn() == 1 {
		t.Errorf("playing the clone changed the original (turn %d) or not the clone (turn %d)", g.Turn(), c.Turn())
	}
	check(t, g)
	check(t, c)
}

func TestApply_rejectsAnIllegalChoice(t *testing.T) {
	g := newTestGame(t, 2, 1)
	defer func() {
		if recover() == nil {
			t.Error("an illegal choice was applied")
		}
	}()
	g.Apply(Choice{Kind: KJudge}, nil)
}

// TestText_everyEventAndChoiceIsExplained renders every event and choice of
// a batch of games in both languages.
func TestText_everyEventAndChoiceIsExplained(t *testing.T) {
	e := shippedEngine(t)
	seen := map[sim.EventKind]bool{}
	seenChoice := map[uint8]bool{}
	for seed := range uint64(60) {
		g := e.newGame(2+int(seed%3), rand.New(rand.NewPCG(seed, 60)))
		g2 := withParams(e, func(p *params) { p.tiwazPaysScout = true })
		if seed%4 == 0 {
			g = g2.newGame(3, rand.New(rand.NewPCG(seed, 61)))
		}
		rng := rand.New(rand.NewPCG(seed, 62))
		var buf []Choice
		explain := func(ev Event) {
			seen[ev.Kind] = true
			for _, lang := range []*schema.Lang{schema.Japanese, schema.English} {
				if s := g.Explain(ev, lang); s == "" || strings.Contains(s, "%!") || strings.Contains(s, "?") {
					t.Fatalf("%s: event %+v reads %q", lang.Tag(), ev, s)
				}
			}
		}
		g.Opening(explain)
		for !g.Over() {
			buf = g.Choices(buf)
			i := rng.IntN(len(buf))
			if seed%2 == 0 {
				i = Greedy{}.Choose(g, buf, rng)
			}
			for _, c := range buf {
				seenChoice[c.Kind] = true
				for _, lang := range []*schema.Lang{schema.Japanese, schema.English} {
					if s := g.Describe(c, lang); s == "" || strings.Contains(s, "%!") || strings.Contains(s, "{") {
						t.Fatalf("%s: choice %+v reads %q", lang.Tag(), c, s)
					}
				}
			}
			g.Apply(buf[i], explain)
		}
	}
	for k := Acquired; k <= EvVPLost; k++ {
		if !seen[k] {
			t.Errorf("event kind %d never happened in 60 games", k)
		}
	}
	for k := KMove; k <= KRerollGo; k++ {
		if !seenChoice[k] {
			t.Errorf("choice kind %d never offered in 60 games", k)
		}
	}
}

// TestI5_UrdSuppliesWithinOne moves Urd from one supply to under
// the Valkyria, so that every Urd is still accounted for (I4) but the
// supplies are 2 apart: only the "within 1" part of I5 can object.
func TestI5_UrdSuppliesWithinOne(t *testing.T) {
	g := newTestGame(t, 3, 7)
	check(t, g)
	g.supply[1]--
	g.divine[1]++
	g.dirty.Mark(gPurse)
	check(t, g) // 1 apart is how a round goes
	g.supply[1]--
	g.divine[1]++
	g.dirty.Mark(gPurse)
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "supplies differ by 2") {
		t.Errorf("Check() = %v, want the supplies 2 apart reported", err)
	}
}

// TestCheck_UrdCountsAreNeverNegative moves one Urd so that a seat's count
// under its Valkyria or of spent Urd is -1 while conservation (I4) still
// holds, and has Check verify it as its first check, with no state before
// to compare: only the rule that no count is negative can object.
func TestCheck_UrdCountsAreNeverNegative(t *testing.T) {
	for _, tt := range []struct {
		name   string
		break_ func(g *Game)
	}{
		{"spent", func(g *Game) { g.spent[1]--; g.divine[1]++ }},
		{"under the Valkyria", func(g *Game) { g.divine[1]--; g.spent[1]++ }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGame(t, 3, 7)
			tt.break_(g)
			g.chk.started = false
			markAll(g)
			if err := g.Check(); err == nil || !strings.Contains(err.Error(), "P2: negative Urd") {
				t.Errorf("Check() = %v, want P2's negative Urd reported", err)
			}
		})
	}
}

// TestCheck_aGameOverHasNoUrdLeftInASupply: the game ends when every Urd
// is taken from the supplies, so a game over with Urd still in a supply is
// a violation, found on a first check, with no state before to compare;
// with the same Urd under the Valkyria instead, the check passes.
func TestCheck_aGameOverHasNoUrdLeftInASupply(t *testing.T) {
	for _, emptied := range []bool{false, true} {
		g := newTestGame(t, 3, 7)
		if emptied {
			for s := range g.n {
				g.divine[s] += g.supply[s]
				g.supply[s] = 0
			}
		}
		g.ph = phOver
		g.chk.started = false
		markAll(g)
		err := g.Check()
		if left := err != nil && strings.Contains(err.Error(), "the game is over with Urd left in a supply"); left == emptied || emptied && err != nil {
			t.Errorf("supplies emptied %v: Check() = %v, want Urd left reported %v", emptied, err, !emptied)
		}
	}
}

// TestCheck_theStockNeverHoldsFewerThanNoDice moves the Stock's d6 and
// one more to those set aside for d8, so that the dice add up but the
// Stock holds -1: only the rule that it never holds fewer than none can
// object, on a first check with no state before to compare.
func TestCheck_theStockNeverHoldsFewerThanNoDice(t *testing.T) {
	g := newTestGame(t, 3, 7)
	g.ownAside += int8(g.stockD6 + 1)
	g.stockD6 = -1
	g.chk.started = false
	markAll(g)
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "dice conservation: Stock -1") {
		t.Errorf("Check() = %v, want the Stock's -1 d6 reported", err)
	}
}

// TestI21_G33_PawnWithoutLegalMoveIsViolation: a pawn that cannot move
// (here because MinMove is beyond half of every ring, which validation
// would refuse) is offered no choice, not a silent stay, and Check says so.
func TestI21_G33_PawnWithoutLegalMoveIsViolation(t *testing.T) {
	e := withParams(shippedEngine(t), func(p *params) { p.minMove = 13 })
	g := setupGame(t, e, 2)
	if len(g.opts) != 0 {
		t.Errorf("a pawn with no destination is offered %v", g.opts)
	}
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "I21") {
		t.Errorf("Check() = %v, want an I21 violation", err)
	}
	o := sim.BatchOptions{Seed: 1, Games: 6, Bots: []string{"random"}}
	if s := sim.Run(context.Background(), e, o); len(s.Violations) != 6 {
		t.Errorf("%d of 6 games report a violation, want all", len(s.Violations))
	}
}

// brokenStep is one invariant about change over time Check must catch: the
// state it verified before (or nil), the corruption, and what the English
// message says.
type brokenStep struct {
	name   string
	before func(g *Game) // the state Check verifies first
	break_ func(g *Game)
	want   string
}

// brokenSteps break one invariant about change at a time. Each breaks
// nothing else: what it changes, it changes as a sound game could be, so
// that the invariants that hold after every decision still hold.
var brokenSteps = []brokenStep{
	{"an Urd leaves its square", func(g *Game) { placeUrd(g, sq(0, 2), 1) }, func(g *Game) {
		q := sq(0, 2) // P2's Urd becomes P3's; P2's goes under its Valkyria
		g.urdAt[1] &^= 1 << q
		g.setUrd(q, 2)
		g.divine[1]++
		g.supply[2]--
	}, "I1: square (0,2) held the Urd"},
	{"a card turns into another card", nil, func(g *Game) {
		g.board[sq(0, 2)], g.board[sq(0, 3)] = g.board[sq(0, 3)], g.board[sq(0, 2)]
	}, "a card is only ever exchanged"},
	{"a pawn goes up a layer", func(g *Game) {
		fightKeeper(g, 1, 1)
		g.pawn[1] = sq(1, 2)
		levelSupplies(g)
	}, func(g *Game) { g.pawn[1], g.pawn[2] = g.pawn[2], g.pawn[1] }, "I11: P2's pawn went up"},
	{"a pawn leaves Nidhogg", func(g *Game) {
		for layer := 1; layer <= 3; layer++ {
			fightKeeper(g, 1, layer)
		}
		fightKeeper(g, 2, 1)
		fightKeeper(g, 2, 2)
		g.pawn[1], g.pawn[2] = centre, sq(2, 2)
		levelSupplies(g)
	}, func(g *Game) { g.pawn[1], g.pawn[2] = g.pawn[2], g.pawn[1] }, "I14"},
	{"a pawn jumps past half the ring", nil, func(g *Game) { g.pawn[1] = board.step(g.pawn[1], 13) }, "I13"},
	{"VP go down", func(g *Game) { g.vp[2] = 5 }, func(g *Game) { g.vp[2] = 4 }, "I15"},
	{"an Urd goes back to a supply", func(g *Game) { g.supply[3]--; g.divine[3]++ }, func(g *Game) { g.supply[3]++; g.divine[3]-- }, "supply grew"},
	{"a spent Urd comes back", func(g *Game) { g.supply[0]--; g.spent[0]++ }, func(g *Game) { g.spent[0]--; g.divine[0]++ }, "G6"},
	{"a won card leaves an area", func(g *Game) { placeUrd(g, sq(0, 3), 1) }, func(g *Game) { g.won[1]--; g.won[2]++ }, "I3: P2's area lost"},
	{"growth goes down", func(g *Game) { g.icons[2][dignity] = 1 }, func(g *Game) { g.icons[2][dignity] = 0 }, "T48"},
	{"a turn takes a second Urd", nil, func(g *Game) { g.supply[0]--; g.divine[0]++ }, "I5: +1 Urd"},
	{"the turn goes back", nil, func(g *Game) { g.turn-- }, "I6: the turn went back"},
	{"the game goes on after its end", func(g *Game) {
		for s := range g.n {
			g.divine[s] += g.supply[s]
			g.supply[s] = 0
		}
		g.ph = phOver
	}, func(g *Game) { g.ph = phScout }, "I6: the game went on"},
	{"a die changes after the fix", nil, func(g *Game) { g.dFace[0]-- }, "T10, I18"},
}

// fightKeeper has seat s beat a Keeper of the layer that no one has
// fought: its Urd takes the Keeper's square (placeUrd).
func fightKeeper(g *Game, s int8, layer int) {
	for k, kc := range g.e.keepCard {
		if g.keeperBy[k] < 0 && int(g.e.info[kc].layer) == layer {
			placeUrd(g, g.keeperSq[k], s)
			return
		}
	}
	panic("no Keeper left to fight")
}

// levelSupplies puts Urd from the supplies under the Valkyria until every
// supply is the smallest one.
func levelSupplies(g *Game) {
	lo := g.supply[0]
	for s := range g.n {
		lo = min(lo, g.supply[s])
	}
	for s := range g.n {
		g.divine[s] += g.supply[s] - lo
		g.supply[s] = lo
	}
}

// stepBroken sets up a 4-player game in the fixed window, has Check verify
// it as tt says, breaks it and returns what Check reports.
func stepBroken(t *testing.T, e *Engine, tt brokenStep) error {
	t.Helper()
	g := setupGame(t, e, 4)
	give(g, 0, ein(t, e, "EIN-104"), 1) // after_fix: power +1 keeps the fixed window open
	r := &recorder{}
	standOn(g, 0, sq(0, 1), r)
	script(g, 3, 4)
	choose(t, g, r, Choice{Kind: KRoll, A: 2}) // fixed on its own: the after-fix skill waits
	if g.ph != phFixed {
		t.Fatalf("phase %d, want the fixed window", g.ph)
	}
	if tt.before != nil {
		tt.before(g)
	}
	g.chk.started = false // verified afresh, as the state before
	if err := g.Check(); err != nil {
		t.Fatalf("Check on the state before: %v", err)
	}
	tt.break_(g)
	markAll(g)
	return g.Check()
}

// TestCheck_catchesEachBrokenTransition breaks one invariant
// about change over time at a time, after Check verified a sound state, so
// that no transition check can silently pass.
func TestCheck_catchesEachBrokenTransition(t *testing.T) {
	e := shippedEngine(t)
	for _, tt := range brokenSteps {
		t.Run(tt.name, func(t *testing.T) {
			if err := stepBroken(t, e, tt); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check() = %v, want an error about %q", err, tt.want)
			}
		})
	}
}

// TestUnmarkedChangeIsCaughtByTheEnd breaks an invariant behind
// the engine's back (no mark): Check catches it at the latest once the game
// is over, when it compares every group with what it last verified.
func TestUnmarkedChangeIsCaughtByTheEnd(t *testing.T) {
	e := shippedEngine(t)
	g := e.newGame(3, rand.New(rand.NewPCG(5, 18)))
	check(t, g)
	g.won[0]++ // a card appears in an area
	rng := rand.New(rand.NewPCG(6, 18))
	var buf []Choice
	var err error
	for err == nil && !g.Over() {
		buf = g.Choices(buf)
		g.Apply(buf[rng.IntN(len(buf))], nil)
		err = g.Check()
	}
	if err == nil || !strings.Contains(err.Error(), "card conservation") {
		t.Errorf("Check() = %v by the end, want card conservation broken", err)
	}
}

// TestUnmarkedChangeOverTimeIsCaughtByTheEnd lowers, behind the
// engine's back, the VP of a seat that is not to play. Check compares each
// seat's purse with the copy it made when it last verified that seat, not
// with the purses it copied since for the seats to play, so it catches the
// fall (I15) at the latest once the game is over.
func TestUnmarkedChangeOverTimeIsCaughtByTheEnd(t *testing.T) {
	e := shippedEngine(t)
	g := e.newGame(3, rand.New(rand.NewPCG(5, 18)))
	check(t, g)
	rng := rand.New(rand.NewPCG(6, 18))
	var buf []Choice
	var err error
	lowered := -1
	for err == nil && !g.Over() {
		for s := range g.n {
			if lowered < 0 && s != g.seat && g.vp[s] > 0 {
				g.vp[s]--
				lowered = int(g.turn)
			}
		}
		buf = g.Choices(buf)
		g.Apply(buf[rng.IntN(len(buf))], nil)
		err = g.Check()
	}
	if lowered < 0 {
		t.Fatal("no seat but the one to play had VP to lose")
	}
	if err == nil || !strings.Contains(err.Error(), "I15") {
		t.Errorf("Check() = %v by the end (VP lowered in turn %d), want I15", err, lowered)
	}
}

// markAll marks every group, square and Einherjar design as changed, as the
// engine would have had it made the change a test makes by hand.
func markAll(g *Game) {
	for _, d := range []*sim.Dirty{&g.dirty, &g.marked, &g.sqMoved, &g.einMoved} {
		d.MarkAll()
	}
}
