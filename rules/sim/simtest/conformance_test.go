package simtest

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"bifrost/rules/sim"
)

// recorder is a testing.TB that keeps what a check reports instead of
// failing the test that runs it; anything else goes to the real test.
type recorder struct {
	testing.TB
	mu                sync.Mutex
	failed, skipped   bool
	messages, skipMsg []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
	r.messages = append(r.messages, fmt.Sprintf(format, args...))
}

func (r *recorder) Error(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...); runtime.Goexit() }
func (r *recorder) Fail()                             { r.Errorf("Fail") }
func (r *recorder) FailNow()                          { r.Fail(); runtime.Goexit() }
func (r *recorder) Failed() bool                      { return r.failed }
func (r *recorder) Skip(args ...any)                  { r.Skipf("%s", fmt.Sprint(args...)) }
func (r *recorder) SkipNow()                          { r.Skipf("SkipNow") }
func (r *recorder) Skipped() bool                     { return r.skipped }

func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = true
	r.skipMsg = append(r.skipMsg, fmt.Sprintf(format, args...))
	runtime.Goexit()
}

// report is everything a recorder kept, for a test's message.
func (r *recorder) report() string { return strings.Join(r.messages, "\n") }

// record runs f with a recorder on its own goroutine, so that a Fatal or
// Skip ends only f, and returns what f reported.
func record(t *testing.T, f func(t testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// TestConformanceHoldsForASoundEngine runs the whole suite, as an engine
// does, on the toy engine that meets the contract, resets and searches:
// no check fails and none is skipped.
func TestConformanceHoldsForASoundEngine(t *testing.T) {
	e := &dash{goal: 15}
	Conformance(t, e, dashRecount)
	for _, c := range checks {
		if r := record(t, func(t testing.TB) { c.run(t, e, dashRecount) }); r.failed || r.skipped {
			t.Errorf("%s: failed %v, skipped %v %v", c.name, r.failed, r.skipped, r.skipMsg)
		}
	}
}

// breakages break the toy engine one way each, as an engine's bug would:
// the check that guards that part of the contract must fail and say what
// broke.
var breakages = []struct {
	name   string
	engine dash
	check  string // the check that must fail
	want   string // in its message
}{
	{"a bot Bots names and NewBot does not know", dash{ghostBot: true}, "EveryBotNamedIsMadeAndNoOther", `NewBot("ghost") returns nil`},
	{"NewBot makes any bot", dash{anyBot: true}, "EveryBotNamedIsMadeAndNoOther", `NewBot("no such bot") = sim.Random`},
	{"Check fails", dash{breakAt: 4}, "CheckedGamesHoldForEveryBot", "violation at turn 4: a runner left the track"},
	{"CheckStep fails", dash{stepBack: true}, "CheckedGamesHoldForEveryBot", "violation at turn 3: P1 moved back"},
	{"a game that never ends", dash{endless: true}, "CheckedGamesHoldForEveryBot", "unfinished after 201 turns"},
	{"a choice undescribed in Japanese", dash{mute: true}, "CheckedGamesHoldForEveryBot", `reads "" in ja`},
	{"a bot that draws from the global source", dash{globalDice: true}, "SameSeedPlaysTheSameGame", "played twice, the game differs"},
	{"Choices allocates", dash{allocChoices: true}, "DecisionsDoNotAllocate", "Choices allocated 1 times at decision 0"},
	{"Apply allocates", dash{allocApply: true}, "DecisionsDoNotAllocate", "Apply of \"step"},
	{"Check allocates", dash{allocCheck: true}, "DecisionsDoNotAllocate", "Check allocated 1 times at decision 0"},
	{"Reset keeps the turn count", dash{staleReset: true}, "ResetGamePlaysLikeANewOne", "the game set up on the last one differs from a new one"},
	{"Reset never reuses the game", dash{freshReset: true}, "ResetGamePlaysLikeANewOne", "Reset never set a game up on the last one"},
	{"a copy that shares the track", dash{shareDetermin: true}, "DeterminizeLeavesTheGameAsItWas", "playing the copy out changed the game"},
	{"a copy dealt from the game's own dice", dash{drawDetermin: true}, "DeterminizeLeavesTheGameAsItWas", "drew from the game's own source of chance"},
	{"a copy that offers a step the game does not", dash{offerDetermin: true}, "DeterminizeLeavesTheGameAsItWas", "which the game does not"},
	{"a copy into an earlier one that keeps its cards", dash{ignoreRng: true}, "DeterminizeLeavesTheGameAsItWas", "play out differently"},
	{"a move Check is not told of", dash{unmarked: true}, "IncrementalChecksEqualAFullRecount", "the running total says"},
	{"Value above 1", dash{valueOver1: true}, "DeterminizeLeavesTheGameAsItWas", "outside [0, 1]"},
	{"a Tally that JSON loses", dash{unexportedTall: true}, "SameReportForAnyWorkerCountOrShards", "merged from 3 shards' JSON differs"},
}

// TestEachCheckCatchesTheEngineThatBreaksIt runs, for each breakage, the
// check that guards what it breaks.
func TestEachCheckCatchesTheEngineThatBreaksIt(t *testing.T) {
	for _, tt := range breakages {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.engine
			e.goal = 15
			for _, c := range checks {
				if c.name != tt.check {
					continue
				}
				r := record(t, func(t testing.TB) { c.run(t, &e, dashRecount) })
				if !r.failed || !strings.Contains(r.report(), tt.want) {
					t.Errorf("%s: failed %v, want a failure that says %q:\n%s", c.name, r.failed, tt.want, r.report())
				}
				t.Logf("%s reports: %s", c.name, strings.SplitN(r.report(), "\n", 2)[0])
				return
			}
			t.Fatalf("no check %s", tt.check)
		})
	}
}

// TestEveryCheckIsShownToFail keeps breakages complete: each check of the
// suite has an engine that breaks it.
func TestEveryCheckIsShownToFail(t *testing.T) {
	shown := map[string]bool{}
	for _, b := range breakages {
		shown[b.check] = true
	}
	for _, c := range checks {
		if !shown[c.name] {
			t.Errorf("no breakage shows that %s can fail", c.name)
		}
	}
}

// plain is an engine that is only a sim.Engine: it cannot reset a game,
// and its games cannot be searched.
type plain struct{ sim.Engine }

func (p plain) NewGame(cfg sim.Config, rng *rand.Rand) sim.Game {
	return plainGame{p.Engine.NewGame(cfg, rng)}
}

// plainGame is a game with only sim.Game's methods.
type plainGame struct{ sim.Game }

// TestChecksOfOptionalInterfacesSkipEnginesWithout: an engine that is not
// a sim.Resetter, or whose games are not sim.Searchers, skips those checks
// and passes the rest.
func TestChecksOfOptionalInterfacesSkipEnginesWithout(t *testing.T) {
	e := plain{&dash{goal: 15}}
	for _, c := range checks {
		r := record(t, func(t testing.TB) { c.run(t, e, dashRecount) })
		optional := c.name == "ResetGamePlaysLikeANewOne" || c.name == "DeterminizeLeavesTheGameAsItWas"
		if r.failed || r.skipped != optional {
			t.Errorf("%s: failed %v (%s), skipped %v, want skipped %v", c.name, r.failed, r.report(), r.skipped, optional)
		}
	}
}
