package sim

import (
	"context"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

// searchRace offers the search bot beside the race's own.
type searchRace struct{ *race }

func (r searchRace) NewBot(name string) Bot {
	if name == "search" {
		return &ISMCTS{Iterations: 60}
	}
	return r.race.NewBot(name)
}

func TestLadder_RanksBotsBySkill(t *testing.T) {
	e := searchRace{&race{goal: 20}}
	l := RunLadder(context.Background(), e, LadderOptions{Seed: 5, Games: 200, Bots: []string{"first", "random", "search"}})
	if len(l.Pairs) != 3 || len(l.Bots) != 3 {
		t.Fatalf("%d pairs and %d bots, want 3 and 3", len(l.Pairs), len(l.Bots))
	}
	rate := map[string]float64{}
	for _, b := range l.Bots {
		rate[b.Name] = b.WinRate.Rate
	}
	// "first" always takes +1, random takes +2 half the time, search finds +2.
	if !(rate["search"] > rate["random"] && rate["random"] > rate["first"]) {
		t.Errorf("win rates %v: want search > random > first", rate)
	}
	if want := round4((rate["search"] - rate["first"]) * 100); l.SkillGap != want {
		t.Errorf("skill gap %v, want %v", l.SkillGap, want)
	}
	// The steps climb in the order given: random over first, search over
	// random, each the later bot's head-to-head rate, which beats even.
	if len(l.Steps) != 2 || l.Steps[0].From != "first" || l.Steps[0].To != "random" || l.Steps[1].From != "random" || l.Steps[1].To != "search" {
		t.Fatalf("steps %+v, want first→random, random→search", l.Steps)
	}
	for i, st := range l.Steps {
		if p := l.Pairs[[]int{0, 2}[i]]; st.WinRate.Rate <= 0.5 || st.WinRate != p.Rate[1] && st.WinRate != p.Rate[0] {
			t.Errorf("step %s→%s wins %.3f, not its pair's %v", st.From, st.To, st.WinRate.Rate, p.Rate)
		}
	}
	for _, p := range l.Pairs {
		if n := p.Rate[0].Games + p.Rate[1].Games; n != 200*5/2 {
			// 100 two-player games (2 seat-games each) and 100 three-player (3 each).
			t.Errorf("%v: %d seat-games, want 500", p.Names, n)
		}
	}
}

func TestLadder_SameResultForAnyWorkerCount(t *testing.T) {
	e := searchRace{&race{goal: 15}}
	o := LadderOptions{Seed: 2, Games: 60, Bots: []string{"random", "first", "search"}, Workers: 1}
	a := RunLadder(context.Background(), e, o)
	o.Workers = 3
	if b := RunLadder(context.Background(), e, o); !reflect.DeepEqual(a, b) {
		t.Errorf("1 worker: %+v\n3 workers: %+v", a, b)
	}
}

// A ladder lists each game that broke a rule (a broken invariant included:
// it checks after every decision) or did not finish, with the command that
// replays it, and counts them all.
func TestLadder_ListsEachBrokenAndUnfinishedGameWithItsReplay(t *testing.T) {
	for _, tt := range []struct {
		name   string
		e      *race
		broken bool
		want   string
	}{
		{"panic", &race{goal: 20, panicAt: 3}, true, "panic"},
		{"broken invariant", &race{goal: 20, breakAt: 2}, true, "counter went negative"},
		{"endless", &race{goal: 20, endless: true}, false, "unfinished after 201 turns"},
	} {
		l := RunLadder(context.Background(), tt.e, LadderOptions{Seed: 3, Games: 30, Bots: []string{"random", "first"}, Workers: 2})
		count, listed := l.Unfinished, l.UnfinishedGames
		if tt.broken {
			count, listed = l.Violations, l.ViolationGames
		}
		if count != 30 || len(listed) != maxLadderListed {
			t.Errorf("%s: %d counted and %d listed, want 30 and %d", tt.name, count, len(listed), maxLadderListed)
			continue
		}
		for i, v := range listed {
			if v.Spec.Game != "race" || v.Spec.Seed != v.Seed || v.Spec.Players != v.Players || len(v.Spec.Bots) != 2 {
				t.Errorf("%s: game %d replays with %+v", tt.name, i, v.Spec)
			}
			if !strings.Contains(v.Message, tt.want) {
				t.Errorf("%s: game %d says %q, want %q in it", tt.name, i, v.Message, tt.want)
			}
			if i > 0 && byPlayersSeed(listed[i-1], v) > 0 {
				t.Errorf("%s: games not in order of players and seed: %+v before %+v", tt.name, listed[i-1], v)
			}
		}
	}
}

// The progress callback of a batch, a comparison and a ladder is told of
// every game exactly once, whatever the worker count.
func TestProgress_CountsEveryGameOnce(t *testing.T) {
	for _, workers := range []int{1, 3} {
		var batch, compared, laddered atomic.Int64
		e := &race{goal: 10}
		Run(context.Background(), e, BatchOptions{Seed: 1, Games: 70, Workers: workers, Progress: func(n int) { batch.Add(int64(n)) }})
		Compare(context.Background(), e, e, BatchOptions{Seed: 1, Games: 30, Workers: workers, Progress: func(n int) { compared.Add(int64(n)) }})
		RunLadder(context.Background(), e, LadderOptions{Seed: 1, Games: 10, Bots: []string{"random", "first"}, Workers: workers,
			Progress: func(n int) { laddered.Add(int64(n)) }})
		if batch.Load() != 70 || compared.Load() != 30 || laddered.Load() != 10 {
			t.Errorf("%d workers: progress counted %d, %d and %d games, want 70, 30 and 10", workers, batch.Load(), compared.Load(), laddered.Load())
		}
	}
}

// A drawn game is counted as drawn, a seat-game for both bots and a win for
// neither.
func TestLadder_CountsDrawnGames(t *testing.T) {
	l := RunLadder(context.Background(), &race{goal: 10, drawn: true}, LadderOptions{Seed: 1, Games: 20, Bots: []string{"random", "first"}, Players: []int{2}})
	if l.Drawn != 20 || l.Pairs[0].Rate[0].Games+l.Pairs[0].Rate[1].Games != 40 || l.Bots[0].WinRate.Rate != 0 || l.Bots[1].WinRate.Rate != 0 {
		t.Errorf("drawn %d, seat-games %d+%d, win rates %v and %v: want 20 drawn games, 40 seat-games won by none",
			l.Drawn, l.Pairs[0].Rate[0].Games, l.Pairs[0].Rate[1].Games, l.Bots[0].WinRate.Rate, l.Bots[1].WinRate.Rate)
	}
}
