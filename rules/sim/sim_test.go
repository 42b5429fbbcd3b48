package sim

import (
	"bifrost/schema"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// race is a toy engine: on your turn choose +1 or +2 (cards "one" and "two"),
// then a die adds 0 or 1; the first to reach goal wins.
type race struct {
	goal    int
	panicAt int  // panic on this turn (0: never)
	breakAt int  // make Check fail from this turn (0: never)
	endless bool // never over
	drawn   bool // every game ends drawn
}

func (r *race) Name() string        { return "race" }
func (r *race) PlayerCounts() []int { return []int{2, 3} }
func (r *race) Cards() []string     { return []string{"one", "two", "never"} }
func (r *race) TurnCap() int        { return 200 }
func (r *race) Bots() []string      { return []string{"random", "first"} }
func (r *race) NewGame(cfg Config, rng *rand.Rand) Game {
	return &raceGame{e: r, pos: make([]int, cfg.Players), rng: rng}
}
func (r *race) NewBot(name string) Bot {
	switch name {
	case "random":
		return Random{}
	case "first":
		return firstBot{}
	}
	return nil
}

type firstBot struct{}

func (firstBot) Choose(Game, []Choice, *rand.Rand) int { return 0 }

type raceGame struct {
	e    *race
	pos  []int
	seat int
	turn int
	rng  *rand.Rand
}

func (g *raceGame) Seat() int { return g.seat }
func (g *raceGame) Choices(buf []Choice) []Choice {
	return append(buf[:0], Choice{Kind: 1, A: 1}, Choice{Kind: 1, A: 2})
}
func (g *raceGame) Apply(c Choice, emit func(Event)) {
	g.turn++
	if g.e.panicAt != 0 && g.turn == g.e.panicAt {
		var xs []int
		_ = xs[g.turn] // an index out of range, as a buggy engine would
	}
	step := int(c.A)
	if !g.e.endless {
		step += g.rng.IntN(2)
	}
	g.pos[g.seat] += step
	if emit != nil {
		emit(Event{Kind: Played, Seat: int8(g.seat), Card: int32(c.A - 1), N: int32(step)})
	}
	g.seat = (g.seat + 1) % len(g.pos)
}
func (g *raceGame) Over() bool {
	if g.e.endless {
		return false
	}
	for _, p := range g.pos {
		if p >= g.e.goal {
			return true
		}
	}
	return false
}
func (g *raceGame) Turn() int              { return g.turn }
func (g *raceGame) Scores(buf []int) []int { return append(buf[:0], g.pos...) }
func (g *raceGame) Winner() int {
	if g.e.drawn {
		return -1
	}
	best := 0
	for s, p := range g.pos {
		if p > g.pos[best] {
			best = s
		}
	}
	return best
}
func (g *raceGame) Check() error {
	if g.e.breakAt != 0 && g.turn >= g.e.breakAt {
		return errors.New("counter went negative")
	}
	return nil
}
func (g *raceGame) Describe(c Choice, _ *schema.Lang) string { return fmt.Sprintf("+%d", c.A) }
func (g *raceGame) Explain(e Event, _ *schema.Lang) string {
	return fmt.Sprintf("P%d moves %d", e.Seat+1, e.N)
}

func reportJSON(t *testing.T, e Engine, o BatchOptions) string {
	t.Helper()
	r := NewReport(e, o, Run(context.Background(), e, o))
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRun_SameReportForAnyWorkerCount(t *testing.T) {
	e := &race{goal: 20}
	one := reportJSON(t, e, BatchOptions{Seed: 7, Games: 500, Workers: 1, Check: true})
	four := reportJSON(t, e, BatchOptions{Seed: 7, Games: 500, Workers: 4, Check: true})
	if one != four {
		t.Errorf("reports differ between 1 and 4 workers")
	}
	other := reportJSON(t, e, BatchOptions{Seed: 8, Games: 500, Workers: 1, Check: true})
	if one == other {
		t.Errorf("seeds 7 and 8 gave the same report")
	}
}

func TestRun_ShardsMergeToTheWholeBatch(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 3, Games: 300, Workers: 2}
	whole := Run(context.Background(), e, o)
	merged := NewStats(e)
	for i := range 3 {
		o.Shard = Shard{I: i, N: 3}
		merged.Merge(Run(context.Background(), e, o))
	}
	merged.sortViolations()
	a, _ := json.Marshal(NewReport(e, o, whole))
	b, _ := json.Marshal(NewReport(e, o, merged))
	if !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from the whole batch")
	}
}

func TestRun_PanicBecomesViolationWithReplay(t *testing.T) {
	e := &race{goal: 20, panicAt: 3}
	s := Run(context.Background(), e, BatchOptions{Seed: 1, Games: 10, Players: []int{2}})
	if len(s.Violations) != 10 {
		t.Fatalf("%d violations, want 10", len(s.Violations))
	}
	v := s.Violations[0]
	if !strings.Contains(v.Message, "panic: runtime error: index out of range") || !strings.Contains(v.Message, "sim_test.go") {
		t.Errorf("message %q lacks the panic and its site", v.Message)
	}
	index := -1
	for i := range 10 {
		if GameSeed(1, 2, i) == v.Seed {
			index = i
		}
	}
	want := ReplaySpec{Game: "race", Config: Config{Players: 2, Index: index}, Seed: v.Seed, Bots: []string{"random"}}
	if index < 0 || !reflect.DeepEqual(v.Spec, want) || v.Turn != 3 {
		t.Errorf("replay %+v turn %d; want %+v turn 3", v.Spec, v.Turn, want)
	}
}

func TestRun_TurnCapMakesUnfinished(t *testing.T) {
	s := Run(context.Background(), &race{endless: true}, BatchOptions{Seed: 1, Games: 6})
	if s.Unfinished != 6 || len(s.Violations) != 0 {
		t.Errorf("unfinished %d violations %d; want 6 and 0", s.Unfinished, len(s.Violations))
	}
}

func TestRun_InvariantCheckedOnlyWhenAsked(t *testing.T) {
	e := &race{goal: 20, breakAt: 4}
	if s := Run(context.Background(), e, BatchOptions{Seed: 1, Games: 4, Check: true}); len(s.Violations) != 4 || !strings.Contains(s.Violations[0].Message, "negative") {
		t.Errorf("with checks: %v", s.Violations)
	}
	if s := Run(context.Background(), e, BatchOptions{Seed: 1, Games: 4}); len(s.Violations) != 0 {
		t.Errorf("without checks: %v", s.Violations)
	}
}

func TestReport_CardsAndDeadCards(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 2, Games: 200}
	r := NewReport(e, o, Run(context.Background(), e, o))
	if r.Cards["one"].Played == 0 || r.Cards["two"].Played == 0 {
		t.Errorf("cards not counted: %+v", r.Cards)
	}
	if len(r.DeadCards) != 1 || r.DeadCards[0] != "never" {
		t.Errorf("dead cards %v, want [never]", r.DeadCards)
	}
	if w := r.Cards["two"].WinRate; w.Games == 0 || w.Rate < w.Low || w.Rate > w.High {
		t.Errorf("card win rate %+v", w)
	}
	sum := 0
	for _, w := range r.SeatWinRate["2"] {
		sum += w.Wins
	}
	if sum != r.SeatWinRate["2"][0].Games || sum != 100 {
		t.Errorf("2-player wins add to %d over %d games, want 100", sum, r.SeatWinRate["2"][0].Games)
	}
}

func TestWilsonInterval(t *testing.T) {
	tests := []struct {
		k, n      int
		low, high float64
	}{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
	}
	for _, tt := range tests {
		w := WilsonInterval(tt.k, tt.n)
		if w.Low != tt.low || w.High != tt.high {
			t.Errorf("Wilson(%d/%d) = [%v, %v], want [%v, %v]", tt.k, tt.n, w.Low, w.High, tt.low, tt.high)
		}
	}
}

func TestGameSeed_DependsOnEveryPart(t *testing.T) {
	seen := map[uint64]bool{}
	for _, s := range []uint64{1, 2} {
		for _, p := range []int{2, 3} {
			for i := range 3 {
				seen[GameSeed(s, p, i)] = true
			}
		}
	}
	if len(seen) != 12 {
		t.Errorf("%d distinct seeds of 12", len(seen))
	}
}

func TestReplay_NarratesEveryDecision(t *testing.T) {
	var b bytes.Buffer
	r := Replay(&b, &race{goal: 6}, Config{Players: 2}, 5, []string{"first"}, schema.English)
	lines := strings.Count(b.String(), "\n")
	if r.Decisions == 0 || lines != 2*r.Decisions+1 || !strings.Contains(b.String(), "winner P") {
		t.Errorf("%d decisions, %d lines:\n%s", r.Decisions, lines, b.String())
	}
}

func TestMergeReports_ShardFilesGiveTheSingleRun(t *testing.T) {
	e := &race{goal: 20}
	o := BatchOptions{Seed: 4, Games: 240, Workers: 2, Check: true}
	single, _ := json.Marshal(NewReport(e, o, Run(context.Background(), e, o)))
	var reports []*Report
	var raws [][]byte
	for i := range 4 {
		o.Shard = Shard{I: i, N: 4}
		data, _ := json.Marshal(NewReport(e, o, Run(context.Background(), e, o)))
		var r Report
		var raw struct{ Raw json.RawMessage }
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		reports, raws = append(reports, &r), append(raws, raw.Raw)
	}
	merged, err := MergeReports(e, reports, raws)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(merged)
	if !bytes.Equal(got, single) {
		t.Errorf("merged shards differ from the single run:\n%s\n%s", got, single)
	}
	reports[1].Seed = 99
	if _, err := MergeReports(e, reports, raws); err == nil {
		t.Error("merged reports of different seeds")
	}
}

// openingRace tells of its setup through sim.Opener.
type openingRace struct{ raceGame }

func (g *openingRace) Opening(emit func(Event)) {
	emit(Event{Kind: EventEngine, Seat: 0, Card: -1, N: 99})
}

type openingEngine struct{ race }

func (e *openingEngine) NewGame(cfg Config, rng *rand.Rand) Game {
	return &openingRace{raceGame{e: &e.race, pos: make([]int, cfg.Players), rng: rng}}
}

func TestReplay_SetupEventsComeBeforeTheFirstDecision(t *testing.T) {
	var b bytes.Buffer
	Replay(&b, &openingEngine{race{goal: 4}}, Config{Players: 2}, 1, []string{"first"}, schema.English)
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 2 || lines[0] != "      P1 moves 99" || !strings.HasPrefix(lines[1], "[0] P1: ") {
		t.Errorf("the setup event is not first:\n%s", b.String())
	}
}

// A game its rules end drawn is finished, won by no seat: it counts in the
// length and score figures and among the card users, in no seat's wins, as
// drawn in the report and its raw counts, and its replay ends drawn.
func TestDrawnGamesAreFinishedAndWonByNoSeat(t *testing.T) {
	e := &race{goal: 12, drawn: true}
	o := BatchOptions{Seed: 2, Games: 40, Workers: 2, Check: true}
	rep := NewReport(e, o, Run(context.Background(), e, o))
	for _, n := range []string{"2", "3"} {
		finished := 0
		for _, games := range rep.Length[n].Hist {
			finished += games
		}
		if rep.Drawn[n] != 20 || finished != 20 {
			t.Errorf("%s players: %d drawn of %d finished, want 20 of 20", n, rep.Drawn[n], finished)
		}
		for seat, w := range rep.SeatWinRate[n] {
			if w.Rate != 0 || w.Games != 20 {
				t.Errorf("%s players, seat %d: win rate %v over %d games, want 0 over 20", n, seat+1, w.Rate, w.Games)
			}
		}
	}
	if c := rep.Cards["one"]; c.WinRate.Games == 0 || c.WinRate.Rate != 0 {
		t.Errorf("card one: win when used %+v, want users and no win", c.WinRate)
	}
	data, _ := json.Marshal(rep.Raw)
	back, err := DecodeStats(e, data)
	if err != nil || back.ByPlayers[2].Drawn != 20 {
		t.Errorf("the raw counts lose the drawn games: %v", err)
	}
	for lang, want := range map[string]string{"en": "; drawn\n", "ja": "、引き分け\n"} {
		var b bytes.Buffer
		Replay(&b, e, Config{Players: 2}, 5, []string{"random"}, schema.NewLang(lang))
		if !strings.HasSuffix(b.String(), want) {
			t.Errorf("%s: the replay of a drawn game ends %q", lang, b.String()[max(0, b.Len()-60):])
		}
	}
}

// tunedRace is a race whose goal is a setting it reports.
type tunedRace struct{ *race }

func (r tunedRace) Settings() []Setting {
	return []Setting{{Name: "goal", Value: fmt.Sprint(r.goal)}}
}

// What replays a broken or unfinished game names the engine's settings with
// the game's config, seed and bots, in batches and ladders alike.
func TestReplaySpecCarriesTheEngineSettings(t *testing.T) {
	settings := []Setting{{Name: "goal", Value: "20"}}
	for _, e := range []tunedRace{{&race{goal: 20, panicAt: 3}}, {&race{goal: 20, endless: true}}} {
		s := Run(context.Background(), e, BatchOptions{Seed: 2, Games: 4, Players: []int{3}, Bots: []string{"first"}})
		l := RunLadder(context.Background(), e, LadderOptions{Seed: 2, Games: 2, Players: []int{2}, Bots: []string{"random", "first"}, Workers: 1})
		listed := slices.Concat(s.Violations, s.Stalled, l.ViolationGames, l.UnfinishedGames)
		if len(listed) != 6 {
			t.Fatalf("%d games listed, want 4 from the batch and 2 from the ladder", len(listed))
		}
		for _, v := range listed {
			if v.Spec.Game != "race" || v.Spec.Seed != v.Seed || v.Spec.Players != v.Players || len(v.Spec.Bots) == 0 ||
				!reflect.DeepEqual(v.Spec.Settings, settings) {
				t.Errorf("%+v: want the game's seed, players, bots and settings %v", v.Spec, settings)
			}
		}
	}
}
