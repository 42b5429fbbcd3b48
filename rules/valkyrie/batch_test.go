package valkyrie

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"bifrost/layout/book/booktest"
	"bifrost/rules/sim"
	"bifrost/rules/sim/simtest"
	"bifrost/schema"
)

// reportJSON runs a batch and returns its report as JSON without the
// timing fields (which alone may differ between runs).
func reportJSON(t *testing.T, e *Engine, o sim.BatchOptions) (string, *sim.Report) {
	t.Helper()
	r := sim.NewReport(e, o, sim.Run(context.Background(), e, o))
	r.ElapsedS, r.GamesPerSecond, r.Workers = 0, 0, 0
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String(), r
}

// TestBatch_checkedGamesFightBothMonstersAndUseTheCards: a checked batch
// over every player count, with the random bot and with the others, has
// no violation and no unfinished game, fights both monsters and buys,
// plays and resolves the cards. (That the report is the same for any
// worker count is TestEngineConformsToTheHarness's.)
func TestBatch_checkedGamesFightBothMonstersAndUseTheCards(t *testing.T) {
	games := 1200
	if testing.Short() {
		games = 240
	}
	e := shippedEngine(t)
	for _, bots := range [][]string{{"random"}, {"greedy", "bigmoney", "random"}} {
		_, r := reportJSON(t, e, sim.BatchOptions{Seed: 11, Games: games, Check: true, Bots: bots})
		if r.ViolationCount != 0 || r.Unfinished != 0 {
			t.Errorf("%v: %d violations %v, %d unfinished", bots, r.ViolationCount, r.Violations, r.Unfinished)
		}
		if r.Games != games || len(r.PlayerCounts) != 3 {
			t.Errorf("%v: %d games over %v", bots, r.Games, r.PlayerCounts)
		}
		monsters := r.Extra["valkyrie"].(map[string]any)["monsters"].(map[string]monsterReport)
		if monsters["M1"].Games == 0 || monsters["M2"].Games == 0 || monsters["M1"].Games+monsters["M2"].Games != games {
			t.Errorf("%v: games per monster %d + %d", bots, monsters["M1"].Games, monsters["M2"].Games)
		}
		if c := r.Cards["A01"]; c.Acquired == 0 || c.WinRate.Games == 0 {
			t.Errorf("%v: A01 statistics %+v", bots, c)
		}
		if c := r.Cards["T11"]; c.Resolved == 0 {
			t.Errorf("%v: rage tactic T11 never resolved", bots)
		}
	}
}

// TestBots_beatRandom: greedy and bigmoney beat the random bot from either seat.
func TestBots_beatRandom(t *testing.T) {
	e := shippedEngine(t)
	for _, bot := range []string{"greedy", "bigmoney"} {
		for seat := range 2 {
			bots := []string{"random", "random"}
			bots[seat] = bot
			_, r := reportJSON(t, e, sim.BatchOptions{Seed: 3, Games: 200, Players: []int{2}, Bots: bots, Check: true})
			if w := r.SeatWinRate["2"][seat]; w.Rate < 0.9 {
				t.Errorf("%s in seat %d wins %.2f of games against random", bot, seat+1, w.Rate)
			}
		}
	}
}

// TestBots_greedyAttacksOnlyToDestroy: the greedy bot never makes an attack
// that fails while the weakness is face up.
func TestBots_greedyAttacksOnlyToDestroy(t *testing.T) {
	e := shippedEngine(t)
	p := sim.NewPlayer(e, []string{"greedy"}, nil)
	fails, destroyed := 0, 0
	p.OnEvent = func(ev sim.Event) {
		switch {
		case ev.Kind == evAttackFailed:
			fails++
		case ev.Kind == sim.Acquired && e.designs[ev.Card].kind == kindWeakness:
			destroyed++
		}
	}
	for i := range 20 {
		p.Play(sim.Config{Players: 3, Index: i}, uint64(i))
	}
	if fails != 0 || destroyed == 0 {
		t.Errorf("%d failed attacks, %d weaknesses destroyed", fails, destroyed)
	}
}

// withRules returns a copy of the shipped book with extra Rules rows.
func withRules(t *testing.T, kv ...string) *schema.Book {
	t.Helper()
	return booktest.WithRules(shippedBook(t), kv...)
}

// TestBrokenData_showsInTheBatch: data that cannot finish within the turn
// cap gives unfinished games; data that cannot even be dealt gives
// violations with their seeds and replay commands.
func TestBrokenData_showsInTheBatch(t *testing.T) {
	t.Run("turn cap too low", func(t *testing.T) {
		e, err := New(loadData(t, withRules(t, "TurnCap", "10")))
		if err != nil {
			t.Fatal(err)
		}
		_, r := reportJSON(t, e, sim.BatchOptions{Seed: 1, Games: 30, Check: true})
		if r.Unfinished != 30 || r.ViolationCount != 0 {
			t.Errorf("%d unfinished, %d violations; want 30 and 0", r.Unfinished, r.ViolationCount)
		}
	})
	t.Run("too few First Valkyries", func(t *testing.T) {
		book := withRules(t, "StartingDeck", "15")
		res := Schema.Validate(book, schema.NewLang("en"))
		if len(res.Problems) == 0 {
			t.Error("validation accepted 4 × 15 First Valkyries out of 40")
		}
		e, err := New(res.Data.(*Data))
		if err != nil {
			t.Fatal(err)
		}
		_, r := reportJSON(t, e, sim.BatchOptions{Seed: 1, Games: 30, Check: true})
		if r.ViolationCount != 20 { // the 3- and 4-player games; 2 × 15 ≤ 40 deals
			t.Fatalf("%d violations, want 20", r.ViolationCount)
		}
		v := r.Violations[0]
		if v.Players != 3 || !strings.Contains(v.Message, "First Valkyrie") || v.Spec.Game != "valkyrie" || v.Spec.Seed != v.Seed || v.Spec.Players != 3 {
			t.Errorf("violation %+v", v)
		}
	})
}

// TestReplay_golden replays two seeded games, each in Japanese and
// English, against testdata/; run with -update to rewrite them.
func TestReplay_golden(t *testing.T) {
	e := shippedEngine(t)
	simtest.Golden(t, e, sim.Config{Players: 3, Index: 0}, 5, []string{"greedy", "bigmoney", "random"}, "replay-3p-greedy-bigmoney-random", *update)
	simtest.Golden(t, e, sim.Config{Players: 2, Index: 1}, 8, []string{"greedy", "bigmoney"}, "replay-2p-greedy-bigmoney", *update)
}

// TestRules_variantsPlayClean: every Rules parameter the engine reads can be
// changed and the games stay legal and finish.
func TestRules_variantsPlayClean(t *testing.T) {
	tests := [][]string{
		{"RowSlots", "2"},
		{"RowSlots", "3", "HandSize", "6"},
		{"StrictExceed", "×"},
		{"RevealWeakness", "×"},
		{"AttackConsolationVP", "1"},
		{"WeaknessEndsAtOnce", "○"},
		{"EndConditionAtPlay", "×"},
		{"StartingDeck", "8", "MinPlayers", "2", "MaxPlayers", "3"},
	}
	games := 240
	if testing.Short() {
		games = 60
	}
	for _, kv := range tests {
		name := strings.Join(kv, "=")
		t.Run(name, func(t *testing.T) {
			e, err := New(loadData(t, withRules(t, kv...)))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(kv); i += 2 {
				read := map[string]string{
					"RowSlots": strconv.Itoa(e.rowSlots), "HandSize": strconv.Itoa(e.handSize),
					"StartingDeck": strconv.Itoa(e.startDeck), "MinPlayers": strconv.Itoa(e.minP),
					"MaxPlayers": strconv.Itoa(e.maxP), "AttackConsolationVP": strconv.Itoa(e.consolation),
					"StrictExceed": mark(e.strict), "RevealWeakness": mark(e.reveal), "WeaknessEndsAtOnce": mark(e.endsAtOnce),
					"EndConditionAtPlay": mark(e.endAtPlay),
				}[kv[i]]
				if read != kv[i+1] {
					t.Fatalf("the engine reads %s = %q, want %q", kv[i], read, kv[i+1])
				}
			}
			for _, bots := range [][]string{{"random"}, {"greedy", "bigmoney"}} {
				_, r := reportJSON(t, e, sim.BatchOptions{Seed: 4, Games: games, Check: true, Bots: bots})
				if r.ViolationCount != 0 || r.Unfinished != 0 {
					t.Errorf("%v: %d violations %v, %d unfinished", bots, r.ViolationCount, r.Violations[:min(2, len(r.Violations))], r.Unfinished)
				}
			}
		})
	}
}

func mark(b bool) string {
	if b {
		return "○"
	}
	return "×"
}

// gameLog is a sim.Tally that keeps every game of a batch as it ended.
type gameLog struct {
	mu    *sync.Mutex
	games *[]sim.Result
}

func (l gameLog) Record(_ sim.Config, _ sim.Game, r *sim.Result) {
	l.mu.Lock()
	defer l.mu.Unlock()
	*l.games = append(*l.games, *r)
}
func (l gameLog) Merge(sim.Tally) {}
func (l gameLog) Report() any     { return nil }

// loggedEngine is the engine with a gameLog as its tally.
type loggedEngine struct {
	*Engine
	log gameLog
}

func (e loggedEngine) NewTally() sim.Tally { return e.log }

// TestBatchGameReplaysItself: what the harness records to replay each game
// of a batch (sim prints it for violations) replays that very game: the
// game's index picks the monster, and a fixed monster travels as the
// "monster" setting. Replayed from the spec alone, with a fresh engine, each
// reaches the batch's final scores and turn count.
func TestBatchGameReplaysItself(t *testing.T) {
	bots := []string{"greedy", "bigmoney"}
	for _, monster := range []string{"", "M2"} {
		e := shippedEngine(t)
		if err := e.SetMonster(monster); err != nil {
			t.Fatal(err)
		}
		log := gameLog{mu: &sync.Mutex{}, games: &[]sim.Result{}}
		sim.Run(context.Background(), loggedEngine{e, log}, sim.BatchOptions{Seed: 3, Games: 12, Players: []int{2, 3}, Workers: 2, Bots: bots, Check: true})
		games := *log.games
		if len(games) != 12 {
			t.Fatalf("monster %q: %d games logged, want 12", monster, len(games))
		}
		var want []sim.Setting
		if monster != "" {
			want = []sim.Setting{{Name: "monster", Value: monster}}
		}
		for _, r := range games {
			spec := sim.ReplayOf(e, r.Config, r.Seed, bots)
			if !slices.Equal(spec.Settings, want) {
				t.Errorf("%+v does not name the monster %q", spec, monster)
			}
			fresh := shippedEngine(t)
			for _, s := range spec.Settings {
				if err := fresh.SetMonster(s.Value); s.Name != "monster" || err != nil {
					t.Fatalf("setting %+v: %v", s, err)
				}
			}
			got := sim.Replay(io.Discard, fresh, spec.Config, spec.Seed, spec.Bots, schema.English)
			if got.Turns != r.Turns || !slices.Equal(got.Scores, r.Scores) || got.Winner != r.Winner {
				t.Errorf("%+v: turns %d scores %v winner %d, the batch had %d %v %d", spec, got.Turns, got.Scores, got.Winner, r.Turns, r.Scores, r.Winner)
			}
		}
		// Without its index a replay would fight the other monster.
		m0 := e.NewGame(sim.Config{Players: 2, Index: 0}, rand.New(rand.NewPCG(1, 1))).(*Game).monster
		m1 := e.NewGame(sim.Config{Players: 2, Index: 1}, rand.New(rand.NewPCG(1, 1))).(*Game).monster
		if (m0 == m1) != (monster != "") {
			t.Errorf("monster %q: games 0 and 1 fight monsters %d and %d", monster, m0, m1)
		}
	}
}
