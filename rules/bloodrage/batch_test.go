package bloodrage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// draftRounds plays the human's draft of Age I, keeping the first card
// offered, and returns what each round drew as [Quest, Upgrade, Battle].
func draftRounds(t *testing.T, e *Engine, clans int) (*Game, [][3]int) {
	t.Helper()
	g := e.NewGame(sim.Config{Players: clans}, rand.New(rand.NewPCG(7, uint64(clans)))).(*Game)
	var rounds [][3]int
	var buf []sim.Choice
	for g.prompt == pDraft {
		var r [3]int
		for i, l := range g.cLoc {
			if l == clPool {
				r[g.design(int16(i)).kind]++
			}
		}
		rounds = append(rounds, r)
		buf = g.Choices(buf)
		g.Apply(buf[0], nil)
	}
	return g, rounds
}

func TestS5_D1_D6_draftDrawsTheTableAtEveryClanCount(t *testing.T) {
	want := [][3]int{{2, 2, 2}, {2, 2, 2}, {1, 2, 2}, {1, 2, 2}, {1, 1, 2}, {1, 1, 1}}
	e := engine(t)
	for _, clans := range []int{2, 3, 4} {
		g, rounds := draftRounds(t, e, clans)
		if len(rounds) != len(want) {
			t.Fatalf("%d clans: %d rounds %v, want %v", clans, len(rounds), rounds, want)
		}
		for i := range want {
			if rounds[i] != want[i] {
				t.Errorf("%d clans, round %d drew %v, want %v", clans, i+1, rounds[i], want[i])
			}
		}
		if n := g.handSize(0); n != 6 {
			t.Errorf("%d clans: the human keeps %d cards, want 6", clans, n)
		}
		for s := 1; s < clans; s++ {
			if n := g.handSize(s); n != e.p.aiBattle {
				t.Errorf("%d clans: AI P%d dealt %d, want %d", clans, s+1, n, e.p.aiBattle)
			}
		}
	}
	// RemoveByClanCount (the base game's removal, G11): at 4 clans nothing
	// is removed; at 2 clans the Quest deck runs out and rounds come short.
	e = engine(t)
	e.p.removeByClans = true
	if _, rounds := draftRounds(t, e, 4); len(rounds) != 6 || rounds[5] != want[5] {
		t.Errorf("RemoveByClanCount, 4 clans: rounds %v", rounds)
	}
	_, rounds := draftRounds(t, e, 2)
	quest := 0
	for _, r := range rounds {
		quest += r[0]
	}
	if quest >= 8 {
		t.Errorf("RemoveByClanCount, 2 clans: %d Quest cards drawn, want fewer than the table's 8: %v", quest, rounds)
	}
}

// clearDecks puts every card of the game back in the box.
func clearDecks(g *Game) {
	for i := range g.cLoc {
		g.moveCard(int16(i), clBox, -1)
	}
}

func TestT43_monsterIsSearchedOutWhereverItIsNotInPlay(t *testing.T) {
	e := engine(t)
	troll := int16(e.inst[instOf(t, e, "A1-TROLL")])
	frost := int16(e.inst[instOf(t, e, "A3-FROSTGIANT")])
	tests := []struct {
		name   string
		design int16
		age    int8
		where  uint8 // where the card lies; clHand: the human holds it
		found  bool
	}{
		{"this Age's Upgrade deck", troll, 1, clUpgradePile, true},
		{"an earlier Age's card in the box", troll, 2, clBox, true},
		{"a later Age's card in the box", frost, 1, clBox, true},
		{"the discard pile", troll, 1, clDiscard, true},
		{"in the human's hand: in play", troll, 1, clHand, false},
		{"on the human's sheet: in play", troll, 1, clSheet, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 2)
			clearDecks(g)
			g.age = tt.age
			i := instOf(t, e, e.cards[tt.design].id)
			switch tt.where {
			case clHand:
				g.moveCard(i, clHand, 0)
			case clSheet:
				g.placeUpgrade(0, i, -1)
			default:
				g.moveCard(i, tt.where, -1)
			}
			g.forced = []int{5} // the free invasion's D10
			if got := g.aiMonster(1, tt.design, 0); got != tt.found {
				t.Fatalf("found %v, want %v", got, tt.found)
			}
			if tt.found && (g.cLoc[i] != clSheet || g.cOwn[i] != 1) {
				t.Errorf("the card is in place %d of P%d, want on P2's sheet", g.cLoc[i], g.cOwn[i]+1)
			}
			if err := g.Check(); err != nil {
				t.Error(err)
			}
		})
	}
	// A card the clan count removes (RemoveByClanCount) is not in the game.
	e = engine(t)
	e.p.removeByClans = true
	g := fixture(t, e, 2)
	clearDecks(g)
	serpent := instOf(t, e, "A1-SEASERPENT")
	if g.aiMonster(1, e.inst[serpent], 0) {
		t.Error("a 3+ monster was found in a 2-clan game with RemoveByClanCount")
	}
}

func TestLintWarnsOfAMonsterNamedTwiceOrNeverInTheGame(t *testing.T) {
	var spec boardSpec
	spec.tracks[0] = []string{"monster A1-TROLL"}
	spec.up[7] = "glory 1"
	d := customData(t, spec)
	for i := range d.Upgrades {
		if d.Upgrades[i].Face == 8 {
			d.Upgrades[i].Monster = "A1-TROLL"
		}
	}
	e, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	var twice int
	for _, f := range e.Lint() {
		if f.Sheet == "AIUpgrade" && strings.HasSuffix(f.ID, "-U8") && strings.Contains(f.Message, "also named by") {
			twice++
		}
	}
	if twice != 3 {
		t.Errorf("want the U8 entry of each of the 3 boards reported, got %d: %v", twice, e.Lint())
	}
	spec = boardSpec{}
	spec.tracks[0] = []string{"monster A1-SEASERPENT"}
	e, err = New(customData(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	e.p.removeByClans, e.p.maxAI = true, 1 // 2 clans only: the 3+ Sea Serpent never plays
	if p := e.Lint(); len(p) == 0 || !strings.Contains(p[0].Message, "never in this game's cards") {
		t.Errorf("a 3+ monster with at most 2 clans and RemoveByClanCount: %v", p)
	}
}

func TestLintReportsPillageClausesNeverReached(t *testing.T) {
	tests := []struct {
		rule string
		dead []string // clause numbers reported
	}{
		{"target lead; target strongest", []string{"clause 2"}},
		{"target weakest; target doomed; target random", []string{"clause 2", "clause 3"}},
		{"target doomed; target strongest", nil},
		{"target yggdrasil; target doomed; target yggdrasil; target random", []string{"clause 3"}},
		{"[rage >= 2] target lead; target strongest", nil},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			e, err := New(customData(t, boardSpec{pillage: tt.rule}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range e.Lint() {
				if f.Sheet == "AIBoard" && f.ID == "T1" {
					got = append(got, f.Message)
					if f.Column != "Pillage" {
						t.Errorf("finding at column %q, want the Pillage cell", f.Column)
					}
				}
			}
			if len(got) != len(tt.dead) {
				t.Fatalf("findings %q, want %d", got, len(tt.dead))
			}
			for i, w := range tt.dead {
				if !strings.Contains(got[i], "pillage "+w+" ") || !strings.Contains(got[i], "never reached") {
					t.Errorf("finding %q, want %s never reached", got[i], w)
				}
			}
		})
	}
}

func TestR15_reinforceNeverTargetsAProvinceWithoutOwnFigures(t *testing.T) {
	e, err := New(customData(t, boardSpec{boost: "reinforce 2 strongest"}))
	if err != nil {
		t.Fatal(err)
	}
	g := fixture(t, e, 2)
	put(t, g, 1, fkShip, locFjord0+3) // Gimle and Myrkulor's fjord: no figure in a province
	if g.aiBoost(1) || g.cnt[1][gimle]+g.cnt[1][myrkulor] != 0 {
		t.Errorf("a lone ship drew reinforcements: Gimle %d, Myrkulor %d", g.cnt[1][gimle], g.cnt[1][myrkulor])
	}
	put(t, g, 1, fkWarrior, andlang)
	if !g.aiBoost(1) || g.cnt[1][andlang] != 3 {
		t.Errorf("reinforce beside own warrior: Andlang holds %d, want 3", g.cnt[1][andlang])
	}
}

func TestStepInvariantsEachFire(t *testing.T) {
	e := engine(t)
	tests := []struct {
		name string
		step func(g *Game)
		want string
	}{
		{"an AI turn", func(g *Game) { g.forced = []int{1, 5}; g.aiTurn(1) }, ""},
		{"Loki's Backstab takes glory", func(g *Game) { g.clan[1].glory = 10; g.snap.glory[1] = 10; g.gain(1, -3, srcStolen) }, ""},
		{"the next Age resets the boards", func(g *Game) { g.clan[1].pass = 3; g.record(); g.age++; g.clan[1].resetBoard() }, ""},
		{"Age goes back", func(g *Game) { g.age = 0 }, "Age"},
		{"Age skips", func(g *Game) { g.age = 3 }, "Age"},
		{"I12 glory goes down", func(g *Game) { g.snap.glory[2] = 4 }, "I12"},
		{"stat goes down", func(g *Game) { g.snap.step[0][statHorns] = 2 }, "Horns"},
		{"upgrade entry lost", func(g *Game) { g.snap.owned[1] = 4 }, "upgrade-table entry"},
		{"destroyed province back", func(g *Game) { g.snap.destroyed[gimle] = true }, "GIMLE was destroyed"},
		{"pillage undone within the Age", func(g *Game) { g.snap.pillaged[gimle] = true }, "no longer pillaged"},
		{"I2 pass die goes down", func(g *Game) { g.snap.pass[1] = 3 }, "I2"},
		{"I4 marker moves back", func(g *Game) { g.snap.stepped[2][4] = 2 }, "I4"},
		{"I4 a marker moves without a roll", func(g *Game) { g.clan[1].stepped[0]++; g.clan[1].marker[0]++ }, "I4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixture(t, e, 3)
			g.age = 1
			if err := g.CheckStep(); err != nil {
				t.Fatalf("first step: %v", err)
			}
			tt.step(g)
			wantViolation(t, g.CheckStep(), tt.want)
		})
	}
}

func TestHarnessRunsTheStepChecks(t *testing.T) {
	var _ sim.Stepper = (*Game)(nil)
	e := engine(t)
	p := sim.NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	// Before the first decision is applied, pretend Gimle had been destroyed.
	p.OnChoice = func(g sim.Game, _ int, _ sim.Choice) { g.(*Game).snap.destroyed[gimle] = true }
	r := p.Play(sim.Config{Players: 2}, 1)
	if r.Violation == nil || !strings.Contains(r.Violation.Message, "destroyed and is back") {
		t.Fatalf("violation %+v, want the step check's", r.Violation)
	}
}

func TestCellsThatMostlyFailAreNamedAtTheirCells(t *testing.T) {
	e := engine(t)
	o := sim.BatchOptions{Seed: 1, Games: 300, Workers: 2}
	_, r := reportJSON(t, e, o)
	rep := r.Extra["bloodrage"].(Report)
	var at []string
	for _, c := range rep.FailingCells {
		at = append(at, c.At+" "+c.ID)
		if c.Tried < minTries || c.FailRate*100 <= float64(e.p.cellFailRate) {
			t.Errorf("%s failed %d of %d: not above the threshold", c.ID, c.Failed, c.Tried)
		}
	}
	// SERPENT-2-3 places a second ship, but clans have one (Rules Ships).
	if !slices.Contains(at, "AITrack!E29 SERPENT-2-3") {
		t.Errorf("failing cells %v lack SERPENT-2-3 at AITrack!E29", at)
	}
	ws := rep.Warnings("bloodrage.xlsx", schema.NewLang("en"))
	if len(ws) != len(rep.FailingCells) || ws[0].Severity != schema.Warning || ws[0].Sheet == "" || ws[0].Cell == "" ||
		!strings.Contains(ws[0].Message, "could not be carried out") {
		t.Errorf("warnings %v", ws)
	}
	// A threshold of 100 % names nothing.
	e.p.cellFailRate = 100
	_, r = reportJSON(t, e, o)
	if n := len(r.Extra["bloodrage"].(Report).FailingCells); n != 0 {
		t.Errorf("%d failing cells at a 100%% threshold", n)
	}
}

// fingerprint is a game's final state: each clan's board, glory, stats
// and figures' places.
func fingerprint(g *Game) string {
	var b strings.Builder
	for s := range g.n {
		c := &g.clan[s]
		fmt.Fprintf(&b, "P%d board %d glory %d steps %v;", s+1, c.board, c.glory, c.step)
	}
	for _, f := range g.figs {
		fmt.Fprintf(&b, "%d", f.loc)
	}
	return b.String()
}

// recorder is a tally that keeps each batch game's config and final state.
type recorder struct {
	mu    *sync.Mutex
	games map[sim.Config]string
}

func (r recorder) Record(cfg sim.Config, g sim.Game, _ *sim.Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.games[cfg] = fingerprint(g.(*Game))
}
func (r recorder) Merge(sim.Tally) {}
func (r recorder) Report() any     { return nil }

// recording is the engine with the recorder as its tally.
type recording struct {
	*Engine
	rec recorder
}

func (e recording) NewTally() sim.Tally { return e.rec }

func TestBatchGameReplaysFromItsConfig(t *testing.T) {
	e := engine(t)
	rec := recording{e, recorder{&sync.Mutex{}, map[sim.Config]string{}}}
	const seed = 4
	sim.Run(context.Background(), rec, sim.BatchOptions{Seed: seed, Games: 24, Workers: 2, Check: true, Players: []int{3}})
	if len(rec.rec.games) != 24 {
		t.Fatalf("%d games recorded", len(rec.rec.games))
	}
	differs := 0
	for cfg, want := range rec.rec.games {
		replay := func(c sim.Config) string {
			var g *Game
			p := sim.NewPlayer(e, []string{"random"}, nil)
			p.Check = true
			p.OnStart = func(x sim.Game) { g = x.(*Game) }
			p.Play(c, sim.GameSeed(seed, cfg.Players, cfg.Index))
			return fingerprint(g)
		}
		if got := replay(cfg); got != want {
			t.Errorf("game %+v replays to a different final state", cfg)
		}
		if replay(sim.Config{Players: cfg.Players}) != want {
			differs++ // the index decides the AI boards
		}
	}
	if differs == 0 {
		t.Error("replaying without the index gave the same games: the test cannot tell")
	}
}
