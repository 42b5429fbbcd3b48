package bloodrage

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// mustNotPanic runs f and reports a panic as a test error.
func mustNotPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if x := recover(); x != nil {
			t.Errorf("%s: %v", what, x)
		}
	}()
	f()
}

func TestVocab_everyVerbConditionAndTriggerIsHandled(t *testing.T) {
	for name, v := range Schema.Vocabs {
		if verbIDs[name] == nil {
			t.Fatalf("vocabulary %q is not handled", name)
		}
		for _, verb := range v.Verbs {
			if _, ok := verbIDs[name][verb.Name]; !ok {
				t.Errorf("%s verb %q is not handled", name, verb.Name)
			}
			for _, a := range verb.Args {
				for _, w := range a.Enum {
					if _, ok := words[w]; !ok {
						t.Errorf("%s verb %q: word %q is not handled", name, verb.Name, w)
					}
				}
			}
		}
		for _, c := range v.Conds {
			if _, ok := condIDs[name][c.Name]; !ok {
				t.Errorf("%s condition %q is not handled", name, c.Name)
			}
		}
		for _, tr := range v.Triggers {
			if _, ok := trigIDs[name][tr.Name]; !ok {
				t.Errorf("%s trigger %q is not handled", name, tr.Name)
			}
		}
	}
	// Every verb and condition reaches its executor without "unhandled".
	e := engine(t)
	for name, ids := range verbIDs {
		for verb, id := range ids {
			g := fixture(t, e, 2)
			put(t, g, 0, fkWarrior, gimle)
			put(t, g, 1, fkWarrior, gimle)
			cl := clause{verb: id, a: 1, b: 1}
			what := name + " " + verb
			switch name {
			case vocabAI:
				mustNotPanic(t, what, func() { g.aiDo(1, &cl, srcBoard) })
			case vocabCard:
				mustNotPanic(t, what, func() { g.cardDo(0, &cl, 0, gimle, -1) })
			case vocabReward:
				mustNotPanic(t, what, func() { g.rewardDo(1, &cl) })
			}
		}
	}
	for name, ids := range condIDs {
		for c, id := range ids {
			g := fixture(t, e, 2)
			mustNotPanic(t, name+" condition "+c, func() { g.condsHold(1, []cond{{kind: id, op: sim.OpGE, val: 1}}, -1) })
		}
	}
}

func TestS4_S11_D1_D6_G9_draftAndDeal(t *testing.T) {
	e := engine(t)
	g := e.NewGame(sim.Config{Players: 4}, rand.New(rand.NewPCG(3, 4))).(*Game)
	var sizes []int
	var buf []sim.Choice
	for g.prompt == pDraft {
		pool := 0
		for _, l := range g.cLoc {
			if l == clPool {
				pool++
			}
		}
		sizes = append(sizes, pool)
		buf = g.Choices(buf)
		pick := 0
		for i, c := range buf { // keep a Battle card whenever allowed: the cap must hold
			if c.A >= 0 && g.design(c.A).kind == cardBattle {
				pick = i
				break
			}
		}
		g.Apply(buf[pick], nil)
	}
	if fmt.Sprint(sizes) != "[6 6 5 5 4 3]" {
		t.Errorf("rounds drew %v, want [6 6 5 5 4 3]", sizes)
	}
	battle := 0
	for i, l := range g.cLoc {
		if l == clHand && g.cOwn[i] == 0 && g.design(int16(i)).kind == cardBattle {
			battle++
		}
	}
	if n := g.handSize(0); n != 6 || battle != e.p.maxHumanBattle {
		t.Errorf("human keeps %d cards, %d Battle; want 6 and %d", n, battle, e.p.maxHumanBattle)
	}
	deck := 0
	for _, l := range g.cLoc {
		if l == clAIDeck {
			deck++
		}
	}
	age1 := 0
	for _, di := range e.inst {
		if c := e.cards[di]; c.age == 1 && c.kind == cardBattle && int(c.players) <= 4 {
			age1++
		}
	}
	for s := 1; s < 4; s++ {
		if n := g.handSize(s); n != e.p.aiBattle {
			t.Errorf("AI P%d dealt %d cards, want %d", s+1, n, e.p.aiBattle)
		}
	}
	if deck != age1-battle-3*e.p.aiBattle {
		t.Errorf("AI battle deck %d, want %d", deck, age1-battle-3*e.p.aiBattle)
	}
	if g.prompt != pAction {
		t.Errorf("after the draft the human should act first (T1), prompt %d", g.prompt)
	}
}

func TestG7_firstPlayerPassesLeftEachAge(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 3)
	for age, want := range map[int8]int8{1: 0, 2: 1, 3: 2} {
		g.age = age
		g.sp = 0
		g.draftEnd()
		if g.first != want {
			t.Errorf("Age %d starts with seat %d, want %d", age, g.first, want)
		}
	}
}

func TestDigest46_unopposedPillageTakesRewardWithoutBattleGlory(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkWarrior, gimle)
	g.reward[gimle] = utgard // the +5 glory token
	g.startBattle(gimle, 0)
	drain(g, 0)
	if !g.pillaged[gimle] || g.clan[0].glory != 5 {
		t.Errorf("pillaged %v glory %d, want true and 5", g.pillaged[gimle], g.clan[0].glory)
	}
}

func TestDigest49_T32_G28_tieLosesForEveryone(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkLeader, gimle)
	put(t, g, 1, fkLeader, gimle)
	for i, l := range g.cLoc { // no cards in hand: nobody shows one
		if l == clHand {
			g.moveCard(int16(i), clDiscard, -1)
		}
	}
	g.forced = []int{1, 1, 1} // the AI's join roll fails
	g.startBattle(gimle, 0)
	drain(g, 0)
	if g.prompt != pNone {
		t.Fatalf("unexpected decision %d", g.prompt)
	}
	if g.pillaged[gimle] || g.cnt[0][gimle]+g.cnt[1][gimle] != 0 || g.cnt[0][locValhalla] != 1 || g.cnt[1][locValhalla] != 1 {
		t.Error("a tie should destroy both leaders and pillage nothing")
	}
	if g.clan[0].glory != 0 || g.clan[1].glory != 0 {
		t.Error("a tie gave battle glory")
	}
}

func TestDigest51_winnerGainsAxesGlory(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 0, fkLeader, gimle)
	put(t, g, 1, fkWarrior, gimle)
	for i, l := range g.cLoc {
		if l == clHand {
			g.moveCard(int16(i), clDiscard, -1)
		}
	}
	g.reward[gimle] = utgard
	g.forced = []int{1, 1}
	g.startBattle(gimle, 1) // the AI pillages and loses
	drain(g, 0)
	if g.clan[0].glory != int32(g.statValue(0, statAxes)) || g.pillaged[gimle] {
		t.Errorf("defender glory %d, pillaged %v; want Axes %d and not pillaged", g.clan[0].glory, g.pillaged[gimle], g.statValue(0, statAxes))
	}
	if g.cnt[1][locValhalla] != 1 {
		t.Error("the loser's warrior was not destroyed")
	}
}

func TestDigest42_ragnarokDestroysTheDoomedProvinceAndPays(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	g.age = 1
	put(t, g, 0, fkWarrior, horgr)
	put(t, g, 1, fkWarrior, horgr)
	put(t, g, 1, fkShip, locFjord0+1) // the fjord of Muspelheim and Horgr
	g.ragnarok()
	if !g.destroyed[horgr] || g.occ[horgr] != 0 || g.occ[locFjord0+1] != 0 {
		t.Error("Horgr or its fjord is not empty and destroyed")
	}
	if g.clan[0].glory != 2 || g.clan[1].glory != 4 {
		t.Errorf("Ragnarök glory %d and %d, want 2 and 4", g.clan[0].glory, g.clan[1].glory)
	}
	g.release()
	if g.cnt[1][locReserve] == 0 || g.cnt[1][locValhalla] != 0 {
		t.Error("Valhalla was not released")
	}
	if bd := &e.boards[g.clan[1].board]; g.clan[1].glory != int32(4+2*bd.valhallaGlory) {
		t.Errorf("AI glory after release %d, want %d", g.clan[1].glory, 4+2*bd.valhallaGlory)
	}
}

func TestI13_checkCatchesBrokenStates(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name   string
		break_ func(g *Game)
		want   string
	}{
		{"clean", func(g *Game) {}, ""},
		{"village capacity", func(g *Game) {
			for range 4 {
				put(t, g, 1, fkWarrior, utgard)
			}
		}, "villages"},
		{"destroyed province stays empty", func(g *Game) {
			put(t, g, 0, fkWarrior, gimle)
			g.destroyed[gimle] = true
		}, "destroyed"},
		{"as many figures on the board as Horns", func(g *Game) { placeWarriors(t, g, 0, g.statValue(0, statHorns)) }, ""},
		{"more figures on the board than Horns", func(g *Game) { placeWarriors(t, g, 0, g.statValue(0, statHorns)+1) }, "figures on the board with Horns"},
		{"an AI clan beyond its Horns", func(g *Game) { placeWarriors(t, g, 2, g.statValue(2, statHorns)+1) }, "figures on the board with Horns"},
		{"pass die below 1", func(g *Game) { g.clan[1].pass = 0 }, "pass die"},
		{"pass die above 6", func(g *Game) { g.clan[1].pass = 7 }, "pass die"},
		{"negative Rage", func(g *Game) { g.clan[1].rage = -1 }, "Rage"},
		{"negative glory", func(g *Game) { g.clan[1].glory = -1 }, "P2's glory is -1"},
		{"a battle decision with no battle", func(g *Game) { g.prompt = pCall }, "a battle decision"},
		{"a figure in two places", func(g *Game) { g.figs[g.findFig(1, fkWarrior, locReserve)].loc = gimle }, "counts"},
		{"AI holds a quest", func(g *Game) {
			for i, di := range e.inst {
				if e.cards[di].kind == cardQuest && e.cards[di].age == 1 {
					g.moveCard(int16(i), clHand, 1)
					return
				}
			}
		}, "AI"},
		{"marker off its track", func(g *Game) { g.clan[1].marker[0] = 99 }, "marker"},
		{"marker before its track", func(g *Game) { g.clan[1].marker[0], g.clan[1].stepped[0] = -1, -1 }, "marker 1 is on cell -1"},
		{"ship in a closed fjord", func(g *Game) {
			put(t, g, 0, fkShip, locFjord0)
			g.destroyed[angerboda], g.destroyed[elvagar] = true, true
		}, "fjord"},
		{"warrior at sea", func(g *Game) { put(t, g, 0, fkWarrior, locFjord0) }, "FJORD"},
		{"I2 pass die without a failure", func(g *Game) { g.clan[1].pass = 3; g.clan[1].fails = 1 }, "I2"},
		{"I2 the T9 jump is allowed", func(g *Game) { g.clan[1].pass, g.clan[1].t9 = 6, true }, ""},
		{"I4 marker off its steps", func(g *Game) { g.clan[1].marker[2] = 1 }, "I4"},
		{"I4 marker stepped but not moved", func(g *Game) { g.clan[1].stepped[2] = 1 }, "I4"},
		{"I14 two substitutes for one pillage", func(g *Game) { g.clan[2].pillages, g.clan[2].subs = 1, 2 }, "I14"},
		{"a card in the human's hand unseen", func(g *Game) {
			for i, l := range g.cLoc {
				if l == clBattlePile {
					g.moveCard(int16(i), clHand, 0)
					g.cSeen[i] = false
					return
				}
			}
		}, "seen"},
		{"a card in the AI battle deck seen", func(g *Game) {
			for i, l := range g.cLoc {
				if l == clBattlePile {
					g.moveCard(int16(i), clAIDeck, -1)
					g.cSeen[i] = true
					return
				}
			}
		}, "seen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 3)
			tt.break_(g)
			wantViolation(t, g.Check(), tt.want)
		})
	}
}

// placeWarriors puts n of clan s's warriors on the board, each where a
// village is free, as invading would but without asking Horns.
func placeWarriors(t testing.TB, g *Game, s, n int) {
	t.Helper()
	for p := 0; p < nProv && n > 0; p++ {
		for p != ygg && g.room(p) > 0 && n > 0 {
			put(t, g, s, fkWarrior, p)
			n--
		}
	}
	if n > 0 {
		t.Fatalf("no village left for %d more warriors", n)
	}
}

func reportJSON(t *testing.T, e sim.Engine, o sim.BatchOptions) (string, *sim.Report) {
	t.Helper()
	r := sim.NewReport(e, o, sim.Run(context.Background(), e, o))
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String(), r
}

// TestBatch_greedyHumanPlaysCheckedGames: a checked batch with the greedy
// human has no violation and no unfinished game. (Random games, and the
// same report for any worker count, are TestEngineConformsToTheHarness's.)
func TestBatch_greedyHumanPlaysCheckedGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 12
	}
	_, r := reportJSON(t, engine(t), sim.BatchOptions{Seed: 11, Games: games, Check: true, Bots: []string{"greedy"}})
	if r.ViolationCount != 0 || r.Unfinished != 0 || r.Games != games {
		t.Errorf("%d games: %d violations, %d unfinished: %+v", r.Games, r.ViolationCount, r.Unfinished, r.Violations[:min(3, len(r.Violations))])
	}
}

func TestTally_reportsCellsPassDiceFallbacksAndWinRates(t *testing.T) {
	e := engine(t)
	o := sim.BatchOptions{Seed: 5, Games: 300, Workers: 2, Check: true}
	_, r := reportJSON(t, e, o)
	rep, ok := r.Extra["bloodrage"].(Report)
	if !ok {
		t.Fatalf("extra.bloodrage is %T", r.Extra["bloodrage"])
	}
	if rep.Games != 300 || len(rep.Boards) != len(e.boards) || len(rep.PillageTable) != len(e.pillage) {
		t.Fatalf("games %d boards %d rows %d", rep.Games, len(rep.Boards), len(rep.PillageTable))
	}
	var boardGames int64
	for _, b := range rep.Boards {
		boardGames += b.Games
		var dice, tried, fallbacks int64
		for _, v := range b.PassDie {
			dice += v
		}
		for _, c := range b.Cells {
			tried += c.Tried
			if c.Failed > c.Tried {
				t.Errorf("%s failed %d of %d", c.ID, c.Failed, c.Tried)
			}
		}
		for _, v := range b.Fallbacks {
			fallbacks += v
		}
		if dice != b.Games*int64(e.p.ages) || tried == 0 || fallbacks == 0 || b.PassDieMean < 1 || b.PassDieMean > 6 {
			t.Errorf("%s: %d pass dice for %d games, %d cells tried, %d invasions, mean die %v", b.ID, dice, b.Games, tried, fallbacks, b.PassDieMean)
		}
	}
	// 2, 3 and 4 clans: 1 + 2 + 3 AI seats per three games.
	if boardGames != 600 {
		t.Errorf("AI seat-games %d, want 600", boardGames)
	}
	hw := rep.Human.WinRate.Wins
	for _, b := range rep.Boards {
		hw += b.WinRate.Wins
	}
	if hw != 300 {
		t.Errorf("wins add to %d over 300 games", hw)
	}
	if _, err := json.Marshal(rep); err != nil {
		t.Fatal(err)
	}
}

func TestGreedy_beatsRandom(t *testing.T) {
	e := engine(t)
	rate := func(bot string) float64 {
		_, r := reportJSON(t, e, sim.BatchOptions{Seed: 3, Games: 90, Workers: 2, Bots: []string{bot}})
		return r.Extra["bloodrage"].(Report).Human.WinRate.Rate
	}
	if g, r := rate("greedy"), rate("random"); g <= r {
		t.Errorf("greedy wins %.3f, random %.3f", g, r)
	}
}

// TestWorth_isTheHumansCardsInHandAndQuests checks the running sum that
// greedy's evaluation reads against a count of the cards themselves, at
// every decision of seeded games, through determinized copies too.
func TestWorth_isTheHumansCardsInHandAndQuests(t *testing.T) {
	e := engine(t)
	count := func(g *Game) int32 {
		var w int32
		for i, l := range g.cLoc {
			if (l == clHand || l == clQuest) && g.cOwn[i] == 0 {
				d := g.design(int16(i))
				w += int32(d.str) + int32(d.glory)/2
			}
		}
		return w
	}
	var d sim.Game
	held := 0
	for i := range 30 {
		g := e.NewGame(sim.Config{Players: 2 + i%3, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*Game)
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		var buf []sim.Choice
		for !g.Over() && g.turn <= e.p.turnCap {
			if w := count(g); g.worth != w {
				t.Fatalf("game %d, decision %d: worth %d, the cards add to %d", i, g.decisions, g.worth, w)
			}
			if g.worth != 0 {
				held++
			}
			d = g.Determinize(d, 0, rng)
			if w := d.(*Game).worth; w != g.worth {
				t.Fatalf("game %d, decision %d: the determinized copy's worth %d, the game's %d", i, g.decisions, w, g.worth)
			}
			buf = g.Choices(buf)
			g.Apply(buf[rng.IntN(len(buf))], nil)
		}
	}
	if held == 0 {
		t.Fatal("the human never held a card")
	}
}

// TestGreedyDraft_keepsTheCardItsTrialsWouldKeep checks greedy's draft
// shortcut: at every draft decision of seeded games, the card that weighs
// most weighs as much as the choice that trying each one (a copy played up
// to the next decision or AI turn, then scored) ranks first.
func TestGreedyDraft_keepsTheCardItsTrialsWouldKeep(t *testing.T) {
	e := engine(t)
	b := &Greedy{}
	drafts := 0
	for i := range 30 {
		g := e.NewGame(sim.Config{Players: 2 + i%3, Index: i}, rand.New(rand.NewPCG(uint64(i), 1))).(*Game)
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		var buf []sim.Choice
		for !g.Over() && g.turn <= e.p.turnCap {
			buf = g.Choices(buf)
			if g.prompt == pDraft && len(buf) > 1 {
				h := highest(b.weights(g, buf), rng)
				if tried := highest(b.trials(g, buf, rng), rng); e.worth[buf[h].A] != e.worth[buf[tried].A] {
					t.Fatalf("game %d, decision %d: the heaviest card is choice %d (worth %d), the trials rank %d (worth %d) first",
						i, g.decisions, h, e.worth[buf[h].A], tried, e.worth[buf[tried].A])
				}
				drafts++
			}
			g.Apply(buf[rng.IntN(len(buf))], nil)
		}
	}
	if drafts == 0 {
		t.Fatal("no draft decision")
	}
}

// TestReplay_golden replays one seeded 3-clan game of the greedy human,
// in Japanese and English, against testdata/; run with -update to
// rewrite it.
func TestReplay_golden(t *testing.T) {
	simtest.Golden(t, engine(t), sim.Config{Players: 3}, 11, []string{"greedy"}, "replay-3clans-seed11", *update)
}

func TestBrokenData_boardsThatNeverFailNeverEndAnAge(t *testing.T) {
	var spec boardSpec
	for f := range nTracks {
		spec.tracks[f] = []string{"boost"}
		spec.loop[f] = true
	}
	spec.boost = "gain_rage 1"
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Run(context.Background(), e, sim.BatchOptions{Seed: 1, Games: 12, Workers: 1, Check: true})
	if s.Unfinished == 0 || len(s.Violations) != 0 {
		t.Errorf("unfinished %d, violations %d; want unfinished games", s.Unfinished, len(s.Violations))
	}
}

func TestBrokenData_pillageTableGapIsAViolationWithSeed(t *testing.T) {
	d := *shipped(t)
	d.Pillage = nil
	for _, row := range shipped(t).Pillage {
		if !(row.State == PillageSpent && row.MaxDiff != "" && row.MinDiff == "") {
			d.Pillage = append(d.Pillage, row)
		}
	}
	e, err := New(&d)
	if err != nil {
		t.Fatal(err)
	}
	s := sim.Run(context.Background(), e, sim.BatchOptions{Seed: 1, Games: 60, Workers: 1})
	if len(s.Violations) == 0 {
		t.Fatal("a gap in the pillage table went unnoticed")
	}
	v := s.Violations[0]
	if !strings.Contains(v.Message, "pillage table") || v.Spec.Seed != v.Seed {
		t.Errorf("violation %+v lacks the cause or the replay seed", v)
	}
}

func TestBrokenData_newRejectsMalformedData(t *testing.T) {
	d := *shipped(t)
	d.Fjords = d.Fjords[:3]
	if _, err := New(&d); err == nil {
		t.Error("New accepted three fjords")
	}
	d = *shipped(t)
	d.Boards = d.Boards[:1]
	if _, err := New(&d); err == nil {
		t.Error("New accepted one board for three AI clans")
	}
}

func TestDescribeAndExplain_nameCardsInBothLanguages(t *testing.T) {
	e := engine(t)
	g := e.NewGame(sim.Config{Players: 2}, rand.New(rand.NewPCG(1, 1))).(*Game)
	buf := g.Choices(nil)
	ja, en := g.Describe(buf[0], schema.Japanese), g.Describe(buf[0], schema.English)
	name := e.cards[e.inst[buf[0].A]]
	if !strings.Contains(ja, name.name) || !strings.Contains(en, name.id) {
		t.Errorf("draft choice: %q / %q lack %s / %s", ja, en, name.name, name.id)
	}
	ev := sim.Event{Kind: evBattle, Seat: 1, Card: -1, N: gimle}
	if j, x := g.Explain(ev, schema.Japanese), g.Explain(ev, schema.English); !strings.Contains(j, e.prov[gimle].name) || !strings.Contains(x, e.prov[gimle].id) {
		t.Errorf("battle event: %q / %q", j, x)
	}
}

func TestG6_G7_variantsStillFinish(t *testing.T) {
	for _, tt := range []struct {
		name       string
		endWhenAIs bool
		humanFirst bool
	}{{"EndWhenAIsDone off", false, false}, {"HumanAlwaysFirst on", true, true}} {
		t.Run(tt.name, func(t *testing.T) {
			e := engine(t)
			e.p.endWhenAIsDone, e.p.humanAlwaysFirst = tt.endWhenAIs, tt.humanFirst
			_, r := reportJSON(t, e, sim.BatchOptions{Seed: 2, Games: 150, Workers: 2, Check: true})
			if r.ViolationCount != 0 || r.Unfinished != 0 {
				t.Errorf("%d violations, %d unfinished", r.ViolationCount, r.Unfinished)
			}
		})
	}
}

func TestLint_reportsImpossibleInstructions(t *testing.T) {
	if p := engine(t).Lint(); len(p) != 0 {
		t.Errorf("the shipped boards: %v", p)
	}
	var spec boardSpec
	spec.tracks[0] = []string{"monster A3-LOKIWRATH"}
	d := customData(t, spec)
	if _, err := New(d); err == nil {
		t.Error("a monster cell naming a clan upgrade was accepted")
	}
	spec.tracks[0] = []string{"monster A3-VOLUR"}
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	e.p.ages = 2
	if p := e.Lint(); len(p) == 0 || !strings.Contains(p[0].Message, "A3-VOLUR") || p[0].Sheet != "AITrack" {
		t.Errorf("an Age III monster in a two-Age game: %v", p)
	}
}

// TestReplayOpensWithTheSetup: before Age I the replay prints, in both
// languages, the provinces destroyed at the start, each Age's doomed
// province, the pillage reward on each province left and which fjord each
// D4 face names, rerolled when both its sides are destroyed, so that a
// reader can check the AI's invade and ship fallbacks.
func TestReplayOpensWithTheSetup(t *testing.T) {
	e := engine(t)
	rerolls := 0
	for _, players := range []int{2, 3, 4} {
		for seed := uint64(1); seed <= 6; seed++ {
			engineRng, _ := sim.Streams(seed)
			g := e.NewGame(sim.Config{Players: players}, engineRng).(*Game)
			for _, lang := range []*schema.Lang{schema.Japanese, schema.English} {
				var b bytes.Buffer
				sim.Replay(&b, e, sim.Config{Players: players}, seed, []string{"random"}, lang)
				age1 := g.Explain(sim.Event{Kind: evAge, Seat: -1, Card: -1, N: 1}, lang)
				head, _, found := strings.Cut(b.String(), age1)
				if !found {
					t.Fatalf("%d clans, seed %d, %s: no %q in the replay", players, seed, lang.Tag(), age1)
				}
				lines := strings.Split(head, "\n")
				has := func(what string, parts ...string) {
					t.Helper()
					for _, l := range lines {
						if !slices.ContainsFunc(parts, func(p string) bool { return !strings.Contains(l, p) }) {
							return
						}
					}
					t.Errorf("%d clans, seed %d, %s: no setup line shows %s (%q) before Age I:\n%s", players, seed, lang.Tag(), what, parts, head)
				}
				for p := range nProv {
					name := g.place(p, lang)
					if g.destroyed[p] {
						has("a province destroyed at the start", name, lang.Pick("破滅", "destroyed"))
					} else {
						has("a pillage reward", name, g.rewardText(int(g.reward[p]), lang))
					}
				}
				for a := 1; a <= e.p.ages; a++ {
					has("an Age's doomed province", fmt.Sprint(a), g.place(int(g.doom[a]), lang), lang.Pick("破滅予定", "dooms"))
				}
				for j := range nFjord {
					parts := []string{fmt.Sprintf("D4=%d", j+1), g.place(locFjord0+j, lang)}
					if !g.fjordOpen(j) {
						parts = append(parts, lang.Pick("振り直し", "reroll"))
						rerolls++
					}
					has("the fjord a D4 face names", parts...)
				}
			}
		}
	}
	if rerolls == 0 {
		t.Error("no game had a fjord between two destroyed provinces: the reroll line went untested")
	}
}
