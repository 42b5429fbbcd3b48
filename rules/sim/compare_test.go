package sim

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
)

// boostedRace makes card "two" move four squares instead of two.
type boostedRace struct{ *race }

func (r boostedRace) NewGame(cfg Config, rng *rand.Rand) Game {
	return boostedGame{r.race.NewGame(cfg, rng).(*raceGame)}
}

type boostedGame struct{ *raceGame }

func (g boostedGame) Apply(c Choice, emit func(Event)) {
	if c.A == 2 {
		g.pos[g.seat] += 2
	}
	g.raceGame.Apply(c, emit)
}

func TestCompare_SameDataHasNoSignificantChange(t *testing.T) {
	e := &race{goal: 20}
	c := Compare(context.Background(), e, e, BatchOptions{Seed: 3, Games: 400})
	if c.Paired != 400 || c.Excluded != 0 {
		t.Fatalf("paired %d, excluded %d; want 400 and 0", c.Paired, c.Excluded)
	}
	for _, m := range c.Measures {
		if m.Significant || m.Diff != 0 || m.Old != m.New {
			t.Errorf("identical data changed %+v", m)
		}
	}
	for _, cc := range c.Cards {
		if cc.Significant {
			t.Errorf("identical data changed card %+v", cc)
		}
	}
}

func TestCompare_FindsAStrongerCard(t *testing.T) {
	e := &race{goal: 20}
	c := Compare(context.Background(), e, boostedRace{e}, BatchOptions{Seed: 3, Games: 400})
	found := false
	for _, m := range c.Measures {
		if m.Measure == "length" {
			if !m.Significant || m.Diff >= 0 || m.High >= 0 {
				t.Errorf("a stronger card should shorten the race significantly: %+v", m)
			}
			found = true
		}
	}
	if !found {
		t.Fatal("no length measure")
	}
}

func TestCompare_SameResultForAnyWorkerCount(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 9, Games: 300, Workers: 1}
	a := Compare(context.Background(), e, boostedRace{e}, o)
	o.Workers = 3
	if b := Compare(context.Background(), e, boostedRace{e}, o); !reflect.DeepEqual(a, b) {
		t.Errorf("1 worker and 3 workers differ:\n%+v\n%+v", a, b)
	}
}

func TestAdjust_BenjaminiHochberg(t *testing.T) {
	p := []float64{0.01, 0.04, 0.03, 0.5}
	adjust(len(p), func(i int) *float64 { return &p[i] })
	// Sorted 0.01, 0.03, 0.04, 0.5 → ×4/1, ×4/2, ×4/3, ×4/4, then running minimum from the top.
	want := []float64{0.04, 0.0533, 0.0533, 0.5}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("adjusted %v, want %v", p, want)
	}
}

// Until significant: a change found at the first size stops there; no
// change doubles the games round by round up to the cap and says it was
// capped; the last round is the plain comparison at its size.
func TestCompareUntilSignificantDoublesUpToItsCap(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 3, Games: 100, Workers: 1}
	found := CompareUntilSignificant(context.Background(), e, boostedRace{e}, o, 1000)
	if found.Rounds != 1 || found.Capped || !found.Significant() || found.Games != 100 {
		t.Errorf("a strong change: %d rounds, %d games, capped %v", found.Rounds, found.Games, found.Capped)
	}
	none := CompareUntilSignificant(context.Background(), e, e, o, 450)
	if none.Rounds != 3 || !none.Capped || none.Significant() || none.Games != 400 {
		t.Errorf("no change: %d rounds, %d games, capped %v; want 3 rounds up to 400 games, capped", none.Rounds, none.Games, none.Capped)
	}
	o.Games = 400
	plain := Compare(context.Background(), e, e, o)
	plain.Rounds, plain.Capped = none.Rounds, none.Capped
	if !reflect.DeepEqual(plain, none) {
		t.Error("the last round differs from a comparison of its size")
	}
}

// Until significant, each round plays only the games the round before
// did not and adds them to its sums: every round ends where a comparison
// of its size does, field for field, for any number of workers, whether it
// stops at a change (at once or after doubling) or at its cap, and all
// told it plays each game of its last round once.
func TestCompareUntilSignificantExtendsTheEarlierRoundsWithoutReplayingThem(t *testing.T) {
	e := &race{goal: 20}
	cases := []struct {
		name     string
		new      Engine
		rounds   int
		capped   bool
		workers  int
		most     int
		firstLen int
	}{
		{"strong change", boostedRace{e}, 1, false, 3, 1600, 50},
		{"slight change", &race{goal: 21}, 0, false, 3, 1600, 4},
		{"no change", e, 4, true, 1, 450, 50},
		{"no change, three workers", e, 4, true, 3, 450, 50},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			played := 0
			var mu sync.Mutex
			o := BatchOptions{Seed: 11, Games: tc.firstLen, Workers: tc.workers, Check: true,
				Progress: func(n int) { mu.Lock(); played += n; mu.Unlock() }}
			got := CompareUntilSignificant(context.Background(), e, tc.new, o, tc.most)
			if tc.rounds > 0 && got.Rounds != tc.rounds || tc.rounds == 0 && got.Rounds < 2 || got.Capped != tc.capped {
				t.Fatalf("%d rounds, capped %v; want %d rounds (0: more than one), capped %v", got.Rounds, got.Capped, tc.rounds, tc.capped)
			}
			if played != got.Games {
				t.Errorf("played %d games for a last round of %d", played, got.Games)
			}
			o.Games, o.Progress = got.Games, nil
			plain := Compare(context.Background(), e, tc.new, o)
			plain.Rounds, plain.Capped = got.Rounds, got.Capped
			if !reflect.DeepEqual(plain, got) {
				t.Errorf("the last round differs from a comparison of its size:\n%+v\n%+v", got, plain)
			}
		})
	}
}
