package sim

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
)

// resettingRace is race with a Resetter that reuses the position slice, and
// logs the games it makes and is handed.
type resettingRace struct {
	race
	mu          sync.Mutex
	made, reset int
	handed      []Game // the games Reset was handed, in order
}

func (r *resettingRace) NewGame(cfg Config, rng *rand.Rand) Game {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.made++
	return r.race.NewGame(cfg, rng)
}

func (r *resettingRace) Reset(old Game, cfg Config, rng *rand.Rand) Game {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reset++
	r.handed = append(r.handed, old)
	g := old.(*raceGame)
	*g = raceGame{e: &r.race, pos: append(g.pos[:0], make([]int, cfg.Players)...), rng: rng}
	return g
}

// TestPlayerResetsOnlyAGameThatEndedSound plays games one after
// another on one Player of an engine that can reset a game: each is set up
// on the last one and plays as on a new Player, except after a game that
// crashed or broke an invariant, which is never set up again.
func TestPlayerResetsOnlyAGameThatEndedSound(t *testing.T) {
	e := &resettingRace{race: race{goal: 12}}
	p := NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	var last Game
	p.OnChoice = func(g Game, _ int, _ Choice) { last = g }
	for i, step := range []struct {
		panicAt, breakAt int
		reset            bool // set up on the last game
		violation        bool
	}{
		{0, 0, false, false},
		{0, 0, true, false},
		{3, 0, true, true}, // crashes
		{0, 0, false, false},
		{0, 2, true, true}, // breaks an invariant
		{0, 0, false, false},
		{0, 0, true, false},
	} {
		e.panicAt, e.breakAt = step.panicAt, step.breakAt
		before, made, reset := last, e.made, e.reset
		seed := GameSeed(5, 2, i)
		got := p.Play(Config{Players: 2, Index: i}, seed)
		if (got.Violation != nil) != step.violation {
			t.Fatalf("game %d: violation %v, want one: %v", i, got.Violation, step.violation)
		}
		if step.reset {
			if e.reset != reset+1 || e.made != made || e.handed[len(e.handed)-1] != before {
				t.Errorf("game %d: made %d and reset %d games (the last one handed: %v), want the last game set up again", i, e.made-made, e.reset-reset, e.handed[len(e.handed)-1] == before)
			}
		} else if e.made != made+1 || e.reset != reset {
			t.Errorf("game %d: made %d and reset %d games, want a new one", i, e.made-made, e.reset-reset)
		}
		plain := e.race
		fresh := NewPlayer(&plain, []string{"random"}, nil)
		fresh.Check = true
		if want := fresh.Play(Config{Players: 2, Index: i}, seed); !reflect.DeepEqual(got, want) {
			t.Errorf("game %d: played %+v (%v) on the Player, %+v (%v) on a new one", i, got, got.Violation, want, want.Violation)
		}
	}
}

// TestResetGamesGiveTheSameReportForAnyWorkerCount runs a batch of
// the resetting engine on 1 and 3 workers and compares both reports with
// the batch of the engine that sets every game up anew.
func TestResetGamesGiveTheSameReportForAnyWorkerCount(t *testing.T) {
	o := BatchOptions{Seed: 9, Games: 400, Check: true}
	want := reportJSON(t, &race{goal: 20}, o)
	for _, workers := range []int{1, 3} {
		e := &resettingRace{race: race{goal: 20}}
		o.Workers = workers
		if got := reportJSON(t, e, o); got != want {
			t.Errorf("%d workers: the report of reset games differs from that of new ones:\n%s\n---\n%s", workers, got, want)
		}
		if e.reset == 0 {
			t.Errorf("%d workers: no game was reset", workers)
		}
	}
}
