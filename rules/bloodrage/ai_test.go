package bloodrage

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// Province indexes by the seed's numbering (number - 1).
const (
	angerboda = iota
	muspelheim
	horgr
	utgard
	andlang
	gimle
	myrkulor
	elvagar
)

func fallbackCount(g *Game, s, kind int) int32 {
	return g.stats[g.e.lay.fallback+int(g.clan[s].board)*nFallbacks+kind]
}

func TestT14_T19_invadeFallbacks(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name      string
		roll      int
		destroyed []int
		pillaged  []int
		full      []int
		want      int // province index; -2 = any valid province (T19); -1 = none
		fallback  int
	}{
		{"valid province", 5, nil, nil, nil, andlang, fbDirect},
		{"9 is Yggdrasil", 9, nil, nil, nil, ygg, fbDirect},
		{"10 is Yggdrasil", 10, nil, nil, nil, ygg, fbDirect},
		{"T17a even destroyed: Yggdrasil", 4, []int{utgard}, nil, nil, ygg, fbBlockedEvenYgg},
		{"T17a even full: Yggdrasil", 2, nil, nil, []int{muspelheim}, ygg, fbBlockedEvenYgg},
		{"T17a Yggdrasil pillaged: T19", 4, []int{utgard}, []int{ygg}, nil, -2, fbRandom},
		{"T17b odd destroyed: doomed", 1, []int{angerboda}, nil, nil, horgr, fbBlockedOddDoom},
		{"T17b doomed full: T19", 7, []int{myrkulor}, nil, []int{horgr}, -2, fbRandom},
		{"T18a even pillaged: Yggdrasil", 6, nil, []int{gimle}, nil, ygg, fbPillagedEvenYgg},
		{"T18b odd pillaged: doomed, pillaged or not", 5, nil, []int{andlang, horgr}, nil, horgr, fbPillagedOddDoom},
		{"G14 9 with Yggdrasil pillaged: doomed", 9, nil, []int{ygg}, nil, horgr, fbPillagedOddDoom},
		{"G14 10 with Yggdrasil pillaged: T19", 10, nil, []int{ygg}, nil, -2, fbRandom},
		{"nowhere left", 2, []int{angerboda, muspelheim, utgard, andlang, gimle, myrkulor, elvagar},
			[]int{ygg}, []int{horgr}, -1, fbNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 4)
			for _, p := range tt.destroyed {
				g.destroyed[p] = true
			}
			for _, p := range tt.pillaged {
				g.pillaged[p] = true
			}
			for _, p := range tt.full {
				fillVillages(t, g, 0, p)
			}
			g.forced = []int{tt.roll}
			got := g.invadeTarget(1)
			switch tt.want {
			case -2:
				if got < 0 || g.destroyed[got] || g.pillaged[got] || g.room(got) <= 0 {
					t.Errorf("T19 chose %d, which is not a valid province", got)
				}
			default:
				if got != tt.want {
					t.Errorf("target %d, want %d", got, tt.want)
				}
			}
			if c := fallbackCount(g, 1, tt.fallback); c != 1 {
				t.Errorf("fallback %s counted %d times, want 1", fallbackNames[tt.fallback], c)
			}
		})
	}
}

func TestT19_G16_randomPoolIsUniformOverValidProvinces(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 4)
	g.destroyed[utgard] = true
	g.pillaged[ygg] = true
	g.pillaged[andlang] = true
	seen := map[int]int{}
	for range 3000 {
		g.forced = []int{4}
		seen[g.invadeTarget(1)]++
	}
	for _, p := range []int{utgard, ygg, andlang} {
		if seen[p] > 0 {
			t.Errorf("T19 picked invalid province %d", p)
		}
	}
	if len(seen) != 6 {
		t.Errorf("T19 reached %d provinces, want the 6 valid ones: %v", len(seen), seen)
	}
}

func TestT20_T21_G18_shipRerolls(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name      string
		destroyed []int
		rolls     []int
		want      int // fjord index, -1 none
		rerolls   int32
	}{
		{"open fjord", nil, []int{2}, 1, 0},
		{"both sides of fjord 2 destroyed: reroll", []int{muspelheim, horgr}, []int{2, 3}, 2, 1},
		{"one side destroyed is still open", []int{muspelheim}, []int{2}, 1, 0},
		{"all four closed: cannot, no loop", []int{angerboda, muspelheim, horgr, utgard, andlang, gimle, myrkulor, elvagar}, nil, -1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			for _, p := range tt.destroyed {
				g.destroyed[p] = true
			}
			g.forced = tt.rolls
			if got := g.shipFjord(1); got != tt.want {
				t.Errorf("fjord %d, want %d", got, tt.want)
			}
			if r := g.stats[e.lay.misc+int(g.clan[1].board)*nMisc+miscShipReroll]; r != tt.rerolls {
				t.Errorf("%d rerolls, want %d", r, tt.rerolls)
			}
			if tt.want < 0 {
				rage := g.clan[1].rage
				if g.aiShip(1, false) || g.clan[1].rage != rage {
					t.Error("a ship with no open fjord was placed or paid for")
				}
			}
		})
	}
}

func TestP1_P6_pillageTableRows(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	tests := []struct {
		row    string
		spent  bool
		diff   int
		rolls  [2]int
		joined bool
	}{
		{"P1", false, 0, [2]int{6}, true},
		{"P1", false, -2, [2]int{5}, false},
		{"P2", false, 3, [2]int{5}, true},
		{"P2", false, 3, [2]int{4}, false},
		{"P3", false, -3, [2]int{6, 6}, true},
		{"P3", false, -3, [2]int{6, 5}, false},
		{"P4", true, 0, [2]int{1, 1}, false},
		{"P4", true, 0, [2]int{1, 2}, true},
		{"P5", true, 5, [2]int{1, 1}, false},
		{"P5", true, 5, [2]int{2, 1}, true},
		{"P6", true, -4, [2]int{3}, true},
		{"P6", true, -4, [2]int{2}, false},
	}
	for _, tt := range tests {
		row := &e.pillage[g.pillageRow(tt.spent, tt.diff)]
		if got := row.Joins(tt.rolls[0], tt.rolls[1]); got != tt.joined {
			t.Errorf("%s spent=%v diff=%+d rolls %v: join %v, want %v", tt.row, tt.spent, tt.diff, tt.rolls, got, tt.joined)
		}
	}
}

func TestP1_P6_pillageTableChances(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	rng := rand.New(rand.NewPCG(6, 2))
	tests := []struct {
		spent bool
		diff  int
		p     float64
	}{
		{false, -3, 1.0 / 36}, {false, 0, 1.0 / 6}, {false, 3, 1.0 / 3},
		{true, -3, 2.0 / 3}, {true, 0, 35.0 / 36}, {true, 3, 35.0 / 36},
	}
	const n = 100000
	for _, tt := range tests {
		row := &e.pillage[g.pillageRow(tt.spent, tt.diff)]
		joins := 0
		for range n {
			r1, r2 := rng.IntN(6)+1, 0
			if row.Rolls() == 2 {
				r2 = rng.IntN(6) + 1
			}
			if row.Joins(r1, r2) {
				joins++
			}
		}
		if got := float64(joins) / n; got < tt.p-0.01 || got > tt.p+0.01 {
			t.Errorf("spent=%v diff=%+d: join rate %.4f, want %.4f ± 0.01", tt.spent, tt.diff, got, tt.p)
		}
	}
}

func TestT24_T28_G22_aiJoinsAllOrNothing(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name  string
		spent bool
		rolls []int
		moves bool
	}{
		// AI: leader + warrior next door (STR 4 after the move), human 1 warrior: diff +3 (P2).
		{"P2 roll 5 moves", false, []int{5}, true},
		{"P2 roll 4 stays", false, []int{4}, false},
		// The source is pillaged: P5, two 1s stay.
		{"P5 two 1s stay", true, []int{1, 1}, false},
		{"P5 1 and 2 move", true, []int{1, 2}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			put(t, g, 0, fkWarrior, muspelheim)
			put(t, g, 1, fkLeader, angerboda)
			put(t, g, 1, fkWarrior, angerboda)
			g.pillaged[angerboda] = tt.spent
			g.b = battle{active: true, prov: muspelheim, pillager: 0, winner: -1}
			g.forced = tt.rolls
			moved := g.aiJoin(1)
			if moved != tt.moves {
				t.Fatalf("moved %v, want %v", moved, tt.moves)
			}
			in, left := int(g.cnt[1][muspelheim]), int(g.cnt[1][angerboda])
			if tt.moves && (in != 2 || left != 0) || !tt.moves && (in != 0 || left != 2) {
				t.Errorf("%d figures in the battle, %d left behind: not all or nothing", in, left)
			}
		})
	}
}

func TestT27_G23_joinFillsOnlyEmptyVillagesStrongestFirst(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	// Utgard has 3 villages: 2 taken by the human, 1 left.
	put(t, g, 0, fkWarrior, utgard)
	put(t, g, 0, fkWarrior, utgard)
	put(t, g, 1, fkWarrior, andlang)
	leader := put(t, g, 1, fkLeader, andlang)
	g.b = battle{active: true, prov: utgard, pillager: 0, winner: -1}
	g.forced = []int{6}
	if !g.aiJoin(1) {
		t.Fatal("did not join on a 6 (P1)")
	}
	if g.figs[leader].loc != utgard || g.cnt[1][utgard] != 1 || g.room(utgard) != 0 {
		t.Errorf("want only the leader moved into the last village")
	}
}

func TestT36_T37_G30_lowestStatTieOrder(t *testing.T) {
	e := engine(t)
	tests := []struct {
		steps [3]int8
		want  int
	}{
		{[3]int8{0, 0, 0}, statRage},
		{[3]int8{1, 0, 0}, statAxes},
		{[3]int8{1, 1, 0}, statHorns},
		{[3]int8{2, 1, 1}, statAxes},
		{[3]int8{1, 2, 1}, statRage},
		{[3]int8{5, 5, 4}, statHorns},
		{[3]int8{5, 5, 5}, -1},
	}
	for _, tt := range tests {
		g := fixture(t, e, 2)
		g.clan[1].step = tt.steps
		if got := g.lowestStat(1, -1); got != tt.want {
			t.Errorf("steps %v: lowest %d, want %d", tt.steps, got, tt.want)
		}
	}
	// Scenario 12: "raise any stat" from a card costs no Rage.
	g := fixture(t, e, 2)
	g.clan[1].step = [3]int8{1, 0, 0}
	g.statPrompt(1, statAny, -1)
	if g.clan[1].step != [3]int8{1, 1, 0} || g.clan[1].rage != 6 {
		t.Errorf("after any stat: steps %v rage %d, want [1 1 0] and 6", g.clan[1].step, g.clan[1].rage)
	}
}

func TestT34_T35_G31_statInstruction(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name    string
		stat    int
		rage    int16
		step    int8
		ok      bool
		rageOut int16
	}{
		{"raise costs StatCost", statAxes, 3, 0, true, 2},
		{"no Rage", statAxes, 0, 0, false, 0},
		{"last step: fails, no Rage paid", statAxes, 3, 5, false, 3},
		{"any picks the lowest", statAny, 3, 0, true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			g.clan[1].rage = tt.rage
			g.clan[1].step[statAxes] = tt.step
			if got := g.aiStat(1, tt.stat, e.p.statCost); got != tt.ok || g.clan[1].rage != tt.rageOut {
				t.Errorf("ok %v rage %d, want %v %d", got, g.clan[1].rage, tt.ok, tt.rageOut)
			}
		})
	}
}

func TestT3_T5_G1_markerOfTheFaceMoves(t *testing.T) {
	var spec boardSpec
	spec.tracks[3] = []string{"invade", "ship"}
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	g := fixture(t, e, 2)
	g.forced = []int{4, 3} // the track die, then the invasion's D10
	g.aiTurn(1)
	if g.clan[1].marker != [nTracks]int8{0, 0, 0, 1, 0, 0} {
		t.Errorf("markers %v, want only track 4 on its first cell", g.clan[1].marker)
	}
	if g.cnt[1][horgr] != 1 || g.clan[1].pass != 1 {
		t.Errorf("no invasion of Horgr (pass die %d)", g.clan[1].pass)
	}
}

func TestT6_G38_failureTurnsPassDieAndKeepsMarker(t *testing.T) {
	var spec boardSpec
	spec.tracks[1] = []string{"stat axes"}
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	g := fixture(t, e, 2)
	g.clan[1].step[statAxes] = int8(len(e.p.tracks[statAxes]) - 1)
	g.clan[1].pass = 2
	g.forced = []int{2}
	g.aiTurn(1)
	c := &g.clan[1]
	if c.pass != 3 || c.rage != 6 || c.marker[1] != 1 {
		t.Errorf("pass %d rage %d marker %d, want 3, 6, 1", c.pass, c.rage, c.marker[1])
	}
	cell := e.boards[c.board].cellBase + e.boards[c.board].cellIndex(2, 1)
	if g.stats[e.lay.cellTried+cell] != 1 || g.stats[e.lay.cellFailed+cell] != 1 {
		t.Error("the cell's tries and failures were not counted")
	}
}

func TestT8_I3_passDieSixSkipsTheTurn(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	g.clan[1].pass = int8(e.p.passLimit)
	g.clan[1].rage = 4
	g.forced = []int{1}
	turn := g.turn
	g.aiTurn(1)
	if len(g.forced) != 1 || g.clan[1].marker != [nTracks]int8{} || g.turn != turn {
		t.Error("an AI at pass die 6 rolled, moved a marker or took a turn")
	}
}

func TestT9_G5_rageZeroPillagesOnceThenStops(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	put(t, g, 1, fkWarrior, gimle)
	g.clan[1].rage = 0
	g.clan[1].pass = 3
	g.forced = []int{5}
	g.aiTurn(1)
	c := &g.clan[1]
	if !g.b.active || int(g.b.prov) != gimle || int(g.b.pillager) != 1 {
		t.Fatal("no pillage at 0 Rage")
	}
	if int(c.pass) != e.p.passLimit || c.marker != [nTracks]int8{} || len(g.forced) != 1 {
		t.Errorf("pass %d markers %v: want pass die %d, no track roll", c.pass, c.marker, e.p.passLimit)
	}
	drain(g, 0)
	if !g.pillaged[gimle] || g.b.active {
		t.Error("the unopposed pillage did not succeed")
	}
	turn := g.turn
	g.aiTurn(1)
	if g.turn != turn {
		t.Error("the AI acted again after its 0-Rage pillage")
	}
	// Even when there is nothing to pillage, the pass die goes to 6.
	g = fixture(t, e, 2)
	g.clan[1].rage = 0
	g.aiTurn(1)
	if int(g.clan[1].pass) != e.p.passLimit || g.b.active {
		t.Error("0 Rage with nothing to pillage: want pass die 6 and no battle")
	}
}

func TestG2_trackEndFailsUnlessItLoops(t *testing.T) {
	var spec boardSpec
	spec.tracks[0] = []string{"stat rage"}
	spec.tracks[1] = []string{"stat rage", "stat horns"}
	spec.loop[1] = true
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	g := fixture(t, e, 2)
	c := &g.clan[1]
	c.rage = 10
	g.forced = []int{1, 1}
	g.aiTurn(1)
	g.aiTurn(1)
	if c.marker[0] != 1 || c.pass != 2 || c.step[statRage] != 1 {
		t.Errorf("end of a plain track: marker %d pass %d rage step %d, want 1, 2, 1", c.marker[0], c.pass, c.step[statRage])
	}
	if g.stats[e.lay.endFail+int(c.board)*nTracks] != 1 {
		t.Error("the track-end failure was not counted")
	}
	g.forced = []int{2, 2, 2}
	g.aiTurn(1)
	g.aiTurn(1)
	g.aiTurn(1)
	if c.marker[1] != 1 || c.pass != 2 || c.step[statRage] != 3 || c.step[statHorns] != 1 {
		t.Errorf("loop: marker %d pass %d steps %v, want back on cell 1 with no failure", c.marker[1], c.pass, c.step)
	}
}

func TestG13_cheapestFigureFirst(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name   string
		kind   int
		rage   int16
		leader bool // leader already on the board
		want   int  // figure kind, -1 none
	}{
		{"the leader costs 0", -1, 6, false, fkLeader},
		{"then a warrior", -1, 6, true, fkWarrior},
		{"at 0 Rage only the free leader", -1, 0, false, fkLeader},
		{"named warrior", fkWarrior, 6, false, fkWarrior},
		{"named warrior without Rage", fkWarrior, 0, false, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			g.clan[1].rage = tt.rage
			if tt.leader {
				put(t, g, 1, fkLeader, gimle)
			}
			f := g.aiPickFigure(1, tt.kind, false)
			got := -1
			if f >= 0 {
				got = int(g.figs[f].kind)
			}
			if got != tt.want {
				t.Errorf("picked kind %d, want %d", got, tt.want)
			}
		})
	}
	// Horns limits the figures on the board.
	g := fixture(t, e, 2)
	for range g.statValue(1, statHorns) {
		put(t, g, 1, fkWarrior, ygg)
	}
	if g.aiPickFigure(1, -1, false) >= 0 {
		t.Error("invaded past the Horns limit")
	}
}

func TestT33_G29_unreceivedRewardGivesFiveGlory(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name  string
		atMax bool
		glory int32
		stat  int8
	}{
		{"stat on its last step: +5 instead", true, 5, 5},
		{"reward received", false, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			p := -1
			for q := range 8 {
				if cl := e.prov[g.reward[q]].reward; len(cl) == 1 && cl[0].verb == rStat && cl[0].a == statAxes {
					p = q
					break
				}
			}
			if p < 0 {
				t.Skip("no Axes token in this layout")
			}
			put(t, g, 1, fkWarrior, p)
			if tt.atMax {
				g.clan[1].step[statAxes] = 5
			} else {
				g.clan[1].step[statAxes] = 0
			}
			g.startBattle(p, 1)
			drain(g, 0)
			if g.clan[1].glory != tt.glory || g.clan[1].step[statAxes] != tt.stat || !g.pillaged[p] {
				t.Errorf("glory %d axes step %d pillaged %v, want %d and %d", g.clan[1].glory, g.clan[1].step[statAxes], g.pillaged[p], tt.glory, tt.stat)
			}
		})
	}
}

func TestT11_G34_controlNeedsAStrictLead(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 3)
	// Scenario 15: 4 against 4 in Gimle; 3 against 1 in Andlang.
	put(t, g, 1, fkLeader, gimle)
	put(t, g, 1, fkWarrior, gimle)
	put(t, g, 2, fkLeader, gimle)
	put(t, g, 2, fkWarrior, gimle)
	put(t, g, 1, fkWarrior, andlang)
	put(t, g, 1, fkWarrior, andlang)
	put(t, g, 1, fkWarrior, andlang)
	put(t, g, 2, fkWarrior, andlang)
	if n := g.regionsControlled(1); n != 1 {
		t.Errorf("controls %d provinces, want 1", n)
	}
	// A ship in the supporting fjord counts.
	put(t, g, 2, fkShip, locFjord0+2) // Utgard + Andlang
	if g.controls(1, andlang) {
		t.Error("3 against 1+2 should not be control")
	}
	glory := g.clan[1].glory
	g.questPhase()
	if g.clan[1].glory-glory != 0 {
		t.Errorf("quest glory %d with no province controlled", g.clan[1].glory-glory)
	}
}

func TestT30_G27_lateCardFirstDrawsAnother(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	late, other := int16(-1), int16(-1)
	for i, di := range e.inst {
		d := &e.cards[di]
		if d.kind == cardBattle && d.late && late < 0 {
			late = int16(i)
		}
		if d.kind == cardBattle && !d.late && d.age == 1 && other < 0 {
			other = int16(i)
		}
	}
	for i, l := range g.cLoc {
		if l == clHand {
			g.moveCard(int16(i), clDiscard, -1)
		}
	}
	g.moveCard(late, clHand, 1)
	g.moveCard(other, clAIDeck, -1)
	put(t, g, 1, fkWarrior, gimle)
	put(t, g, 0, fkWarrior, gimle)
	g.b = battle{active: true, prov: gimle, pillager: 1, winner: -1, part: 3, fought: true}
	g.battlePlay() // the human has no cards
	if g.b.np[1] != 2 || g.cLoc[other] != clPlayed {
		t.Errorf("AI showed %d cards, want the late card and one drawn", g.b.np[1])
	}
	if g.stats[e.lay.misc+int(g.clan[1].board)*nMisc+miscLateDraw] != 1 {
		t.Error("the T30 draw was not counted")
	}
}

func TestG3_redOrGreenUpgradeEntryOnceAndAffordable(t *testing.T) {
	var spec boardSpec
	spec.upCost = 2
	e, err := New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	for bi := range e.boards {
		e.boards[bi].up[6].colour = colourGreen
	}
	g := fixture(t, e, 2)
	c := &g.clan[1]
	c.rage = 3
	g.forced = []int{7}
	if !g.aiUpgrade(1) || c.rage != 1 || c.glory != 0 {
		t.Fatalf("first upgrade: rage %d glory %d", c.rage, c.glory)
	}
	c.rage = 5
	g.forced = []int{7}
	if g.aiUpgrade(1) || c.rage != 5 {
		t.Error("the same green entry twice succeeded or cost Rage")
	}
	c.rage = 1
	g.forced = []int{3}
	if g.aiUpgrade(1) || c.rage != 1 {
		t.Error("an entry above Rage succeeded or cost Rage")
	}
}

func TestT43_G33_monsterIsFoundPlacedAndInvades(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 4)
	troll := int16(-1)
	for i, c := range e.cards {
		if c.kind == cardUpgrade && c.slot == skMonster && c.age == 1 && !c.asShip {
			troll = int16(i)
			break
		}
	}
	for i, di := range e.inst {
		if di == troll {
			g.moveCard(int16(i), clUpgradePile, -1)
		}
	}
	g.forced = []int{5}
	if !g.aiMonster(1, troll, 2) {
		t.Fatal("monster not placed")
	}
	m := g.monsterCard(1, 0)
	if m == nil || m != &e.cards[troll] || g.clan[1].rage != 4 || g.cnt[1][andlang] != 1 {
		t.Errorf("monster card %v, rage %d, figures in Andlang %d", m, g.clan[1].rage, g.cnt[1][andlang])
	}
	if g.aiMonster(1, troll, 2) {
		t.Error("the same monster card was found twice")
	}
}

func TestE1_E2_E7_E8_actionPhaseEndAndReset(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 4)
	g.clan[0].rage = 2
	for s := 1; s < 4; s++ {
		g.clan[s].pass = int8(e.p.passLimit)
		g.clan[s].marker = [nTracks]int8{1, 2, 0, 0, 1, 0}
		g.clan[s].rage = 4
	}
	g.clan[3].pass = 5
	if g.phaseOver() {
		t.Error("ended while an AI can still act")
	}
	g.clan[3].pass = int8(e.p.passLimit)
	if !g.phaseOver() {
		t.Error("did not end when every pass die is 6 (EndWhenAIsDone)")
	}
	g.actionEnd()
	for s := 1; s < 4; s++ {
		bd := &e.boards[g.clan[s].board]
		if want := int32(4 / bd.ragePer * bd.rageGlory); g.clan[s].glory != want || g.clan[s].rage != 0 {
			t.Errorf("P%d: glory %d rage %d, want %d from Rage and 0", s+1, g.clan[s].glory, g.clan[s].rage, want)
		}
	}
	g.sp = 0
	g.ageEnd()
	for s := 1; s < 4; s++ {
		if g.clan[s].pass != 1 || g.clan[s].marker != [nTracks]int8{} {
			t.Errorf("P%d not reset: pass %d markers %v", s+1, g.clan[s].pass, g.clan[s].marker)
		}
	}
}

func TestE1_everyProvincePillagedEndsThePhase(t *testing.T) {
	e := engine(t)
	g := fixture(t, e, 2)
	for p := range nProv {
		g.pillaged[p] = p != gimle
	}
	if g.phaseOver() {
		t.Error("ended with Gimle not pillaged")
	}
	g.destroyed[gimle] = true
	if !g.phaseOver() {
		t.Error("did not end with every province left pillaged")
	}
}

func TestG19_pillageRuleClauseByClause(t *testing.T) {
	tests := []struct {
		rule string
		want int
	}{
		{"target yggdrasil; target strongest", andlang}, // no figure in Yggdrasil: next clause
		{"target strongest", andlang},
		{"target weakest", gimle},
		{"target lead", andlang},
		{"target doomed; target weakest", horgr},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			e, err := New(customData(t, boardSpec{pillage: tt.rule}))
			if err != nil {
				t.Fatal(err)
			}
			g := fixture(t, e, 2)
			put(t, g, 1, fkLeader, andlang) // 3 against 1
			put(t, g, 0, fkWarrior, andlang)
			put(t, g, 1, fkWarrior, gimle) // 1 against 0
			put(t, g, 1, fkWarrior, horgr) // 1 against 2
			put(t, g, 0, fkWarrior, horgr)
			put(t, g, 0, fkWarrior, horgr)
			if got := g.pillageTarget(1); got != tt.want {
				t.Errorf("target %d, want %d", got, tt.want)
			}
		})
	}
}

func TestT38_T39_boostRunsEveryClause(t *testing.T) {
	e, err := New(customData(t, boardSpec{boost: "reinforce 2 yggdrasil; gain_rage 1; glory 2"}))
	if err != nil {
		t.Fatal(err)
	}
	g := fixture(t, e, 2)
	if !g.aiBoost(1) || g.cnt[1][ygg] != 2 || g.clan[1].rage != 7 || g.clan[1].glory != 2 {
		t.Errorf("boost: %d in Yggdrasil, rage %d, glory %d", g.cnt[1][ygg], g.clan[1].rage, g.clan[1].glory)
	}
	e, err = New(customData(t, boardSpec{boost: "reinforce 2 doomed"}))
	if err != nil {
		t.Fatal(err)
	}
	g = fixture(t, e, 2)
	fillVillages(t, g, 0, horgr)
	if g.aiBoost(1) {
		t.Error("a boost that placed nothing succeeded")
	}
}

// axesProvince is an outer province whose pillage token raises Axes.
func axesProvince(t *testing.T, g *Game) int {
	t.Helper()
	for q := range 8 {
		if cl := g.e.prov[g.reward[q]].reward; len(cl) == 1 && cl[0].verb == rStat && cl[0].a == statAxes {
			return q
		}
	}
	t.Skip("no Axes token in this layout")
	return -1
}

func TestI14_frostGiantPaysTheSubstituteOnce(t *testing.T) {
	e := engine(t)
	for _, tt := range []struct {
		name  string
		step  int8
		glory int32
		subs  int16
	}{
		{"stat maxed: one +5 for both payments", 5, 5, 1},
		{"one step left: the first payment raises, the second is substituted", 4, 5, 1},
		{"room for both: no substitute", 2, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			p := axesProvince(t, g)
			g.placeUpgrade(1, instOf(t, e, "A3-FROSTGIANT"), -1)
			put(t, g, 1, fkMonster, p)
			g.clan[1].step[statAxes] = tt.step
			g.startBattle(p, 1)
			drain(g, 0)
			c := &g.clan[1]
			if !g.pillaged[p] || c.glory != tt.glory || c.subs != tt.subs || c.pillages != 1 {
				t.Errorf("pillaged %v glory %d subs %d pillages %d; want true, %d, %d, 1", g.pillaged[p], c.glory, c.subs, c.pillages, tt.glory, tt.subs)
			}
			if err := g.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestBlueUpgradeRolledAgainTakesEffectAgain: a blue entry takes effect at
// once and leaves nothing kept (the seed's 青の効果は即座に有効になり), so
// the same face rolled again pays its cost and takes effect again; with
// KeepBlueUpgrades it is kept for the game like red and green, and the
// second roll is refused without paying.
func TestBlueUpgradeRolledAgainTakesEffectAgain(t *testing.T) {
	for _, keep := range []bool{false, true} {
		t.Run(fmt.Sprintf("KeepBlueUpgrades=%v", keep), func(t *testing.T) {
			var spec boardSpec
			spec.up[6] = "glory 3"
			spec.upCost = 1
			e, err := New(customData(t, spec))
			if err != nil {
				t.Fatal(err)
			}
			e.p.keepBlue = keep
			g := fixture(t, e, 2)
			c := &g.clan[1]
			c.rage = 5
			wantRage, wantGlory, again := 3, 6, true
			if keep {
				wantRage, wantGlory, again = 4, 3, false
			}
			var lines []string
			g.emit = func(ev sim.Event) { lines = append(lines, g.Explain(ev, schema.English)) }
			g.forced = []int{7}
			if !g.aiUpgrade(1) {
				t.Fatal("the first roll of the blue face was refused")
			}
			g.forced = []int{7}
			if got := g.aiUpgrade(1); got != again {
				t.Errorf("the second roll of the blue face is carried out: %v, want %v", got, again)
			}
			if int(c.rage) != wantRage || int(c.glory) != wantGlory {
				t.Errorf("after the same blue face twice: Rage %d, glory %d; want %d and %d", c.rage, c.glory, wantRage, wantGlory)
			}
			refused := strings.Contains(strings.Join(lines, "\n"), "already gained")
			if refused == again {
				t.Errorf("the replay says the entry was already gained: %v, want %v\n%s", refused, !again, strings.Join(lines, "\n"))
			}
		})
	}
}
