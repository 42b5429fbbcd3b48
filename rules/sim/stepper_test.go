package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// steppingEngine is race whose games check transitions (Stepper) and log
// every Check and CheckStep call with the turn it saw.
type steppingEngine struct {
	race
	failStepAt int // CheckStep fails at this turn (-1: never)
	log        *[]string
}

func (e *steppingEngine) NewGame(cfg Config, rng *rand.Rand) Game {
	return &steppingGame{raceGame: raceGame{e: &e.race, pos: make([]int, cfg.Players), rng: rng}, se: e}
}

type steppingGame struct {
	raceGame
	se *steppingEngine
}

func (g *steppingGame) Check() error {
	*g.se.log = append(*g.se.log, fmt.Sprintf("check %d", g.turn))
	return g.raceGame.Check()
}

func (g *steppingGame) CheckStep() error {
	*g.se.log = append(*g.se.log, fmt.Sprintf("step %d", g.turn))
	if g.turn == g.se.failStepAt {
		return fmt.Errorf("marker moved backwards at turn %d", g.turn)
	}
	return nil
}

func newStepping(failAt int) (*steppingEngine, *[]string) {
	log := &[]string{}
	return &steppingEngine{race: race{goal: 12}, failStepAt: failAt, log: log}, log
}

// TestCheckStepRunsAtSetupAndAfterEveryDecisionRightAfterCheck
// logs the harness's calls: Check and then CheckStep once the game is set
// up, and again after every decision.
func TestCheckStepRunsAtSetupAndAfterEveryDecisionRightAfterCheck(t *testing.T) {
	e, log := newStepping(-1)
	p := NewPlayer(e, []string{"random"}, nil)
	p.Check = true
	r := p.Play(Config{Players: 2}, 9)
	if r.Violation != nil || r.Decisions == 0 {
		t.Fatalf("violation %v after %d decisions", r.Violation, r.Decisions)
	}
	var want []string
	for turn := 0; turn <= r.Decisions; turn++ {
		want = append(want, fmt.Sprintf("check %d", turn), fmt.Sprintf("step %d", turn))
	}
	if !slices.Equal(*log, want) {
		t.Errorf("calls %v\nwant  %v", *log, want)
	}
}

func TestCheckStepErrorIsViolationWithReplay(t *testing.T) {
	for _, failAt := range []int{0, 3} {
		e, _ := newStepping(failAt)
		cfg := Config{Players: 3, Index: 2}
		p := NewPlayer(e, []string{"first"}, nil)
		p.Check = true
		r := p.Play(cfg, 77)
		v := r.Violation
		if v == nil {
			t.Fatalf("failAt %d: no violation", failAt)
		}
		want := ReplaySpec{Game: "race", Config: cfg, Seed: 77, Bots: []string{"first"}}
		if v.Turn != failAt || !strings.Contains(v.Message, "marker moved backwards") || !reflect.DeepEqual(v.Spec, want) || v.Seed != 77 {
			t.Errorf("failAt %d: violation %+v; want turn %d, the message and replay %+v", failAt, *v, failAt, want)
		}
	}
	// Through a batch, every game fails and each violation carries its replay.
	e, _ := newStepping(2)
	s := Run(context.Background(), e, BatchOptions{Seed: 4, Games: 4, Players: []int{2}, Workers: 1, Check: true})
	if len(s.Violations) != 4 {
		t.Fatalf("%d violations in the batch, want 4", len(s.Violations))
	}
	for _, v := range s.Violations {
		if v.Turn != 2 || v.Spec.Game != "race" || v.Spec.Seed != v.Seed || v.Spec.Players != 2 {
			t.Errorf("batch violation %+v", v)
		}
	}
}

func TestCheckStepNotCalledWhenNotChecking(t *testing.T) {
	e, log := newStepping(1)
	p := NewPlayer(e, []string{"random"}, nil)
	r := p.Play(Config{Players: 2}, 9)
	if len(*log) != 0 || r.Violation != nil || r.Winner < 0 {
		t.Errorf("unchecked play: calls %v, violation %v, winner %d", *log, r.Violation, r.Winner)
	}
	s := Run(context.Background(), e, BatchOptions{Seed: 4, Games: 8, Workers: 1})
	if len(*log) != 0 || len(s.Violations) != 0 {
		t.Errorf("unchecked batch: %d calls, %d violations", len(*log), len(s.Violations))
	}
}
