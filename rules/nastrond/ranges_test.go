package nastrond

import (
	"strconv"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema/schematest"

	"github.com/xuri/excelize/v2"
)

// TestNastrond_BoardLayersPlayAtTheEndsOfTheirRanges: each layer's Edda and
// Keepers fill that layer's squares of the fixed board, so EddaLayerN and
// KeeperLayerN move together. At the ends of their documented ranges (the
// fewest layer-1 Keepers the players need, no layer-2 Keepers, a layer 3 of
// only Keepers or only Edda), with the sheets to match, the workbook
// validates and the engine plays seeded games to the end at every player
// count, its invariants checked.
func TestNastrond_BoardLayersPlayAtTheEndsOfTheirRanges(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, b nastrondSheets)
	}{
		{"2 Valkyria, KeeperLayer1 = 2, EddaLayer1 = 22", func(t *testing.T, b nastrondSheets) {
			b.rule("Valkyria", "2")
			b.rule("KeeperLayer1", "2")
			b.rule("EddaLayer1", "22")
			for _, id := range []string{"V3", "V4"} {
				b.del(t, "Valkyria", id)
			}
			for _, id := range []string{"U3", "U4"} {
				b.del(t, "Urd", id)
			}
			for _, id := range []string{"K13", "K14"} {
				b.del(t, "Keeper", id)
			}
			b.set(t, "Edda", "E1a", "枚数", "12")
		}},
		{"KeeperLayer2 = 0, EddaLayer2 = 16", func(t *testing.T, b nastrondSheets) {
			b.rule("KeeperLayer2", "0")
			b.rule("EddaLayer2", "16")
			for _, id := range []string{"K21", "K22", "K23", "K24"} {
				b.del(t, "Keeper", id)
			}
			b.set(t, "Edda", "E2a", "枚数", "16")
		}},
		{"KeeperLayer3 = 8, EddaLayer3 = 0", func(t *testing.T, b nastrondSheets) {
			b.rule("KeeperLayer3", "8")
			b.rule("EddaLayer3", "0")
			b.del(t, "Edda", "E3a")
			for i := 3; i <= 8; i++ {
				b.add("Keeper", "K3"+strconv.Itoa(i), "守護者"+strconv.Itoa(i), "3", "18", "6", "")
			}
		}},
		{"KeeperLayer3 = 0, EddaLayer3 = 8", func(t *testing.T, b nastrondSheets) {
			b.rule("KeeperLayer3", "0")
			b.rule("EddaLayer3", "8")
			for _, id := range []string{"K31", "K32"} {
				b.del(t, "Keeper", id)
			}
			b.set(t, "Edda", "E3a", "枚数", "8")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			tc.edit(t, b)
			res := b.validate("en")
			if errs := schematest.ErrorsOf(res.Problems); len(errs) > 0 {
				t.Fatalf("refused:\n%s", strings.Join(schematest.ProblemLines(errs), "\n"))
			}
			e, err := Definition.New(res.Data)
			if err != nil {
				t.Fatal(err)
			}
			pl := sim.NewPlayer(e, []string{"random", "greedy"}, nil)
			pl.Check = true
			for _, players := range e.PlayerCounts() {
				for seed := range uint64(3) {
					r := pl.Play(sim.Config{Players: players}, seed)
					if r.Violation != nil {
						t.Fatalf("%d players, seed %d: %s", players, seed, r.Violation.Message)
					}
					if r.Unfinished {
						t.Errorf("%d players, seed %d: the game did not finish in %d turns", players, seed, r.Turns)
					}
				}
			}
		})
	}
}

// TestNastrond_ThirdLayer3KeeperLetsAThirdPawnReachNidhogg: a pawn reaches
// Nidhogg by beating a layer-3 Keeper, so the first KeeperLayer3 players
// get there (G34, the rulebook's 先着 KeeperLayer3 人). A third layer-3
// Keeper in place of an Edda validates, plays with its invariants checked,
// and lets a third pawn reach Nidhogg.
func TestNastrond_ThirdLayer3KeeperLetsAThirdPawnReachNidhogg(t *testing.T) {
	path := editShipped(t, func(f *excelize.File) error {
		rows, err := f.GetRows("Edda")
		if err != nil {
			return err
		}
		for i, r := range rows {
			if len(r) > 0 && r[0] == "E3-06" {
				if err := f.RemoveRow("Edda", i+1); err != nil {
					return err
				}
				break
			}
		}
		keepers, err := f.GetRows("Keeper")
		if err != nil {
			return err
		}
		row := len(keepers) + 1
		for header, v := range map[string]string{"ID": "K3-3", "名前": "スルト", "階層": "3", "目標値": "18", "VP": "10"} {
			col, err := column(f, "Keeper", header)
			if err != nil {
				return err
			}
			if err := setCell(f, "Keeper", col, row, v); err != nil {
				return err
			}
		}
		if err := setRule(f, "KeeperLayer3", "3"); err != nil {
			return err
		}
		return setRule(f, "EddaLayer3", "5")
	})
	e, err := New(loadData(t, path))
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	reached := map[int8]bool{}
	p := sim.NewPlayer(e, []string{"greedy"}, nil)
	p.Check = true
	p.OnEvent = func(ev sim.Event) {
		if ev.Kind == EvDescend && Square(ev.M) == centre {
			reached[ev.Seat] = true
		}
	}
	for seed := range uint64(60) {
		clear(reached)
		r := p.Play(sim.Config{Players: 4}, seed)
		if r.Violation != nil {
			t.Fatalf("seed %d: %s", seed, r.Violation.Message)
		}
		most = max(most, len(reached))
	}
	if most != 3 {
		t.Errorf("at most %d pawns reached Nidhogg in a game; want 3, one per layer-3 Keeper", most)
	}
}
