package simtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// seed is the batch seed of the suite's games: game i with n players has
// seed sim.GameSeed(seed, n, i), as in a batch.
const seed = 20260

// check is one property every engine must have, whatever its game.
type check struct {
	name string
	run  func(t testing.TB, e sim.Engine, r Recount)
}

// checks is the suite, in the order Conformance runs it.
var checks = []check{
	{"EveryBotNamedIsMadeAndNoOther", of(everyBotNamedIsMade)},
	{"CheckedGamesHoldForEveryBot", of(checkedGamesHold)},
	{"SameSeedPlaysTheSameGame", of(sameSeedSameGame)},
	{"DecisionsDoNotAllocate", of(decisionsDoNotAllocate)},
	{"IncrementalChecksEqualAFullRecount", Recounts},
	{"ResetGamePlaysLikeANewOne", of(resetPlaysLikeNew)},
	{"DeterminizeLeavesTheGameAsItWas", of(determinizeLeavesTheGame)},
	{"SameReportForAnyWorkerCountOrShards", of(sameReportForAnySplit)},
}

// of is a check that needs only the engine.
func of(run func(t testing.TB, e sim.Engine)) func(testing.TB, sim.Engine, Recount) {
	return func(t testing.TB, e sim.Engine, _ Recount) { run(t, e) }
}

// Conformance runs the checks every engine must pass, one subtest each,
// as golang.org/x/tools' analysistest runs every analyzer through one
// harness:
//
//   - EveryBotNamedIsMadeAndNoOther: e names its player counts in ascending
//     order and its bots with "random" first, each once; NewBot makes each
//     of them and returns nil for a name it does not list.
//   - CheckedGamesHoldForEveryBot: for every bot and player count, a game
//     with that bot in seat 0 (the other seats take the bots after it in
//     Bots' order) and the invariants checked as a batch checks them
//     (Check, and CheckStep for a sim.Stepper, after every decision) ends
//     within the turn cap without a violation, with a score per seat and
//     a winner who is a seat or -1 (drawn); every decision is described
//     in Japanese and English.
//   - SameSeedPlaysTheSameGame: a game for every bot (in seat 0, as
//     above, the player counts in turn) and an all-random game of every
//     player count, each played twice on new sim.Players, show the same
//     decisions and events and end alike.
//   - DecisionsDoNotAllocate: whole games of checked decisions, made as
//     a checked batch makes them (Choices into a reused buffer, Apply,
//     Check, and CheckStep for a sim.Stepper), allocate nothing once the
//     games are set up and checked: fewer allocations than games (a
//     buffer growing past what the first game needed, once) round to none
//     a game, as testing.AllocsPerRun counts them; one a decision does not.
//   - IncrementalChecksEqualAFullRecount: r proves the engine's incremental
//     checks (Recount, Recounts) over seeded games of every player count,
//     random and greedy.
//   - ResetGamePlaysLikeANewOne (a sim.Resetter only): games played one
//     after another on one Player, each set up on the last, play as on a
//     new Player, and Reset does reuse the last game.
//   - DeterminizeLeavesTheGameAsItWas (a sim.Searcher only): at positions
//     along seeded games, Determinize for the deciding seat, and play on
//     the copy to its end, leave the game exactly as its twin that was
//     never determinized, its source of chance included; the copy has the
//     game's turn and deciding seat, offers that seat only choices the
//     game offers, described alike, and plays out alike for the same rng.
//     A sim.Evaluator's Value lies in [0, 1]. What each seat may see is
//     the engine's to test: no generic check can tell a hidden card.
//   - SameReportForAnyWorkerCountOrShards: a checked batch of 1200 random
//     games has no violation and no unfinished game, and gives the same
//     report on one worker, on four, and merged from three shards' JSON
//     (sim.Tally's contract: exact, order-free merging that survives a
//     JSON round trip).
func Conformance(t *testing.T, e sim.Engine, r Recount) {
	t.Helper()
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { c.run(t, e, r) })
	}
}

// seatBots is the bots of game i: Bots rotated so that bot i%len decides
// for seat 0 and the bots after it for the next seats.
func seatBots(bots []string, i int) []string {
	i %= len(bots)
	return slices.Concat(bots[i:], bots[:i])
}

// gameSeed is the seed of game cfg of the suite.
func gameSeed(cfg sim.Config) uint64 { return sim.GameSeed(seed, cfg.Players, cfg.Index) }

func everyBotNamedIsMade(t testing.TB, e sim.Engine) {
	counts := e.PlayerCounts()
	if len(counts) == 0 || counts[0] < 1 || !slices.IsSorted(counts) || len(slices.Compact(slices.Clone(counts))) != len(counts) {
		t.Errorf("PlayerCounts() = %v, want seat counts in ascending order, each once", counts)
	}
	bots := e.Bots()
	if len(bots) == 0 || bots[0] != "random" {
		t.Fatalf("Bots() = %q, want \"random\" first", bots)
	}
	seen := map[string]bool{}
	for _, name := range bots {
		if seen[name] {
			t.Errorf("Bots() names %q twice", name)
		}
		seen[name] = true
		if e.NewBot(name) == nil {
			t.Errorf("Bots() names %q, but NewBot(%q) returns nil", name, name)
		}
	}
	for _, name := range []string{"", "no such bot", strings.ToUpper(bots[0]) + "?"} {
		if b := e.NewBot(name); b != nil {
			t.Errorf("NewBot(%q) = %T, want nil for a bot Bots() does not name", name, b)
		}
	}
}

func checkedGamesHold(t testing.TB, e sim.Engine) {
	bots := e.Bots()
	for i := range bots {
		for _, n := range e.PlayerCounts() {
			checkedGame(t, e, sim.Config{Players: n, Index: i}, seatBots(bots, i))
		}
	}
}

// checkedGame plays game cfg of the suite with the given bots and its
// invariants checked, and fails t unless it ends well.
func checkedGame(t testing.TB, e sim.Engine, cfg sim.Config, seats []string) {
	t.Helper()
	p := sim.NewPlayer(e, seats, nil)
	p.Check = true
	var undescribed []string
	p.OnChoice = func(g sim.Game, seat int, c sim.Choice) {
		for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
			if s := g.Describe(c, l); s == "" || strings.Contains(s, "%!") {
				undescribed = append(undescribed, fmt.Sprintf("turn %d, P%d's choice %+v reads %q in %s", g.Turn(), seat+1, c, s, l.Tag()))
			}
		}
	}
	r := p.Play(cfg, gameSeed(cfg))
	what := fmt.Sprintf("%d players, bots %v", cfg.Players, bySeat(seats, cfg.Players))
	switch {
	case r.Violation != nil:
		t.Errorf("%s: violation at turn %d: %s\n(replay %+v)", what, r.Violation.Turn, r.Violation.Message, r.Violation.Spec)
		return
	case r.Unfinished:
		t.Errorf("%s: unfinished after %d turns\n(replay %+v)", what, r.Turns, sim.ReplayOf(e, cfg, r.Seed, seats))
		return
	}
	if len(r.Scores) != cfg.Players || r.Winner < -1 || r.Winner >= cfg.Players || r.Decisions == 0 {
		t.Errorf("%s: %s; want a score per seat, a winner who is a seat or -1, and a decision", what, resultString(r))
	}
	if len(undescribed) > 0 {
		t.Errorf("%s: %d decisions described badly, the first: %s", what, len(undescribed), undescribed[0])
	}
}

// bySeat lists the bot of each of n seats, the list of bots repeating as
// in a sim.Player.
func bySeat(bots []string, n int) []string {
	out := make([]string, n)
	for s := range out {
		out[s] = bots[s%len(bots)]
	}
	return out
}

func sameSeedSameGame(t testing.TB, e sim.Engine) {
	bots, counts := e.Bots(), e.PlayerCounts()
	var games [][]string // the bots of each game; game i has counts[i%len(counts)] players
	for i := range bots {
		games = append(games, seatBots(bots, i))
	}
	for range counts {
		games = append(games, []string{"random"})
	}
	for i, seats := range games {
		cfg := sim.Config{Players: counts[i%len(counts)], Index: i}
		var tr [2]transcript
		for k := range tr {
			tr[k] = play(sim.NewPlayer(e, seats, nil), cfg, gameSeed(cfg))
		}
		if d := tr[0].diff(tr[1]); d != "" {
			t.Errorf("%d players, bots %v, seed %d: played twice, the game differs %s", cfg.Players, bySeat(seats, cfg.Players), gameSeed(cfg), d)
		}
	}
}

// allocGames is how many games of each player count
// DecisionsDoNotAllocate plays (the first one warms up).
const allocGames = 8

// discard is an event listener that keeps nothing.
func discard(sim.Event) {}

func decisionsDoNotAllocate(t testing.TB, e sim.Engine) {
	for _, n := range e.PlayerCounts() {
		games := make([]sim.Game, allocGames)
		for i := range games {
			games[i] = newGame(e, sim.Config{Players: n, Index: i})
			if err := checkGame(games[i]); err != nil {
				t.Fatalf("%d players, game %d: once set up: %v", n, i, err)
			}
		}
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		buf := make([]sim.Choice, 0, 64)
		next, limit := 0, e.TurnCap()
		var broken error
		allocs := testing.AllocsPerRun(allocGames-1, func() {
			g := games[next]
			next++
			for !g.Over() && g.Turn() <= limit && broken == nil {
				buf = g.Choices(buf)
				g.Apply(buf[rng.IntN(len(buf))], discard)
				broken = checkGame(g)
			}
		})
		if broken != nil {
			t.Fatalf("%d players: %v", n, broken)
		}
		if allocs != 0 {
			t.Errorf("%d players: a game's checked decisions allocate %v times; %s", n, allocs, firstAllocation(e, sim.Config{Players: n, Index: allocGames}))
		}
	}
}

// newGame sets up game cfg of the suite, with its events (an Opener's)
// told to no one.
func newGame(e sim.Engine, cfg sim.Config) sim.Game {
	engineRng, _ := sim.Streams(gameSeed(cfg))
	g := e.NewGame(cfg, engineRng)
	if o, ok := g.(sim.Opener); ok {
		o.Opening(discard)
	}
	return g
}

// firstAllocation plays game cfg twice, the first time to warm up, and
// names the first call of Choices, Apply, Check or CheckStep that
// allocates in the second.
func firstAllocation(e sim.Engine, cfg sim.Config) string {
	var where string
	for range 2 {
		where = "no single call allocates in a game played alone"
		g := newGame(e, cfg)
		if checkGame(g) != nil {
			break
		}
		stepper, _ := g.(sim.Stepper)
		rng := rand.New(rand.NewPCG(seed, 99))
		buf := make([]sim.Choice, 0, 64)
		for d := 0; !g.Over() && g.Turn() <= e.TurnCap(); d++ {
			at := fmt.Sprintf("at decision %d (turn %d)", d, g.Turn())
			if n := allocsOf(func() { buf = g.Choices(buf) }); n > 0 {
				where = fmt.Sprintf("Choices allocated %d times %s", n, at)
				break
			}
			c := buf[rng.IntN(len(buf))]
			text := g.Describe(c, schema.English)
			if n := allocsOf(func() { g.Apply(c, discard) }); n > 0 {
				where = fmt.Sprintf("Apply of %q allocated %d times %s", text, n, at)
				break
			}
			var err error
			if n := allocsOf(func() { err = g.Check() }); n > 0 || err != nil {
				where = fmt.Sprintf("Check allocated %d times %s", n, at)
				break
			}
			if stepper != nil {
				if n := allocsOf(func() { err = stepper.CheckStep() }); n > 0 || err != nil {
					where = fmt.Sprintf("CheckStep allocated %d times %s", n, at)
					break
				}
			}
		}
	}
	return where
}

// allocsOf counts the heap allocations of one call of f.
func allocsOf(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs
}

// resetGames is how many games of each player count
// ResetGamePlaysLikeANewOne plays one after another.
const resetGames = 40

func resetPlaysLikeNew(t testing.TB, e sim.Engine) {
	if _, ok := e.(sim.Resetter); !ok {
		t.Skip("not a sim.Resetter")
	}
	bots := []string{"random"}
	reused := sim.NewPlayer(e, bots, nil)
	take := recordOn(reused)
	record := reused.OnChoice
	var prev, cur sim.Game // the games of the last Play and of this one
	reused.OnChoice = func(g sim.Game, seat int, c sim.Choice) {
		if cur == nil {
			cur = g
		}
		record(g, seat, c)
	}
	reuses := 0
	for _, n := range e.PlayerCounts() {
		for i := range resetGames {
			cfg := sim.Config{Players: n, Index: i}
			got := take(reused.Play(cfg, gameSeed(cfg)))
			if prev != nil && cur == prev {
				reuses++
			}
			prev, cur = cur, nil
			want := play(sim.NewPlayer(e, bots, nil), cfg, gameSeed(cfg))
			if d := got.diff(want); d != "" {
				t.Fatalf("%d players, game %d: the game set up on the last one differs from a new one %s", n, i, d)
			}
		}
	}
	if reuses == 0 {
		t.Errorf("in %d games one after another, Reset never set a game up on the last one", resetGames*len(e.PlayerCounts()))
	}
}

// determinizeGames is how many games of each player count
// DeterminizeLeavesTheGameAsItWas plays, and determinizePositions how many
// positions of each it determinizes.
const determinizeGames, determinizePositions = 2, 8

// playoutLimit bounds a copy's playout, for a copy that cannot end.
const playoutLimit = 10000

func determinizeLeavesTheGame(t testing.TB, e sim.Engine) {
	counts := e.PlayerCounts()
	if _, ok := newGame(e, sim.Config{Players: counts[0]}).(sim.Searcher); !ok {
		t.Skip("its games are not sim.Searchers")
	}
	for _, n := range counts {
		for i := range determinizeGames {
			determinizeAlong(t, e, sim.Config{Players: n, Index: i})
		}
	}
}

// determinizeAlong plays game cfg of the suite with random choices in
// step with its twin, and determinizes it at determinizePositions
// positions spread over the game: the game must go on exactly as its twin
// (the same choices, events and end), its source untouched.
func determinizeAlong(t testing.TB, e sim.Engine, cfg sim.Config) {
	t.Helper()
	every := max(1, randomGameLength(e, cfg)/determinizePositions)
	g, src := twinGame(t, e, cfg)
	twin, _ := twinGame(t, e, cfg)
	chooser := rand.New(rand.NewPCG(gameSeed(cfg), 2))
	var buf, twinBuf []sim.Choice
	var events, twinEvents []sim.Event
	emit := func(ev sim.Event) { events = append(events, ev) }
	twinEmit := func(ev sim.Event) { twinEvents = append(twinEvents, ev) }
	var dst sim.Game
	since := "" // where the game was last determinized
	for d := 0; !g.Over() && g.Turn() <= e.TurnCap(); d++ {
		where := fmt.Sprintf("%d players, game %d, decision %d (turn %d)", cfg.Players, cfg.Index, d, g.Turn())
		buf, twinBuf = g.Choices(buf), twin.Choices(twinBuf)
		if !slices.Equal(buf, twinBuf) {
			t.Fatalf("%s: the game offers %d choices, its twin %d, since Determinize at %s", where, len(buf), len(twinBuf), since)
		}
		if d%every == 0 {
			before, _ := src.MarshalBinary()
			dst = determinizeOnce(t, e, g, dst, buf, uint64(d), where)
			if state, _ := src.MarshalBinary(); !bytes.Equal(before, state) {
				t.Fatalf("%s: Determinize, or play on the copy, drew from the game's own source of chance", where)
			}
			since = where
		}
		c := buf[chooser.IntN(len(buf))]
		events, twinEvents = events[:0], twinEvents[:0]
		g.Apply(c, emit)
		twin.Apply(c, twinEmit)
		if !slices.Equal(events, twinEvents) {
			t.Fatalf("%s: the game's events differ from its twin's, since Determinize at %s:\n%v\n%v", where, since, events, twinEvents)
		}
		if err := checkGame(g); err != nil {
			t.Fatalf("%s: since Determinize at %s: %v", where, since, err)
		}
		if err := checkGame(twin); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	if a, b := g.Scores(nil), twin.Scores(nil); !slices.Equal(a, b) || g.Winner() != twin.Winner() || g.Over() != twin.Over() {
		t.Fatalf("%d players, game %d: the game ends with scores %v and winner %d, its twin with %v and %d", cfg.Players, cfg.Index, a, g.Winner(), b, twin.Winner())
	}
}

// twinGame sets up game cfg of the suite, checked, on a source of its
// own, which it returns too.
func twinGame(t testing.TB, e sim.Engine, cfg sim.Config) (sim.Game, *rand.PCG) {
	t.Helper()
	src := rand.NewPCG(gameSeed(cfg), 1)
	g := e.NewGame(cfg, rand.New(src))
	if o, ok := g.(sim.Opener); ok {
		o.Opening(discard)
	}
	if err := checkGame(g); err != nil {
		t.Fatalf("%d players, game %d, once set up: %v", cfg.Players, cfg.Index, err)
	}
	return g, src
}

// checkGame checks g as the harness does.
func checkGame(g sim.Game) error {
	if err := g.Check(); err != nil {
		return err
	}
	if s, ok := g.(sim.Stepper); ok {
		return s.CheckStep()
	}
	return nil
}

// randomGameLength is the number of decisions of game cfg of the suite
// played with random choices.
func randomGameLength(e sim.Engine, cfg sim.Config) int {
	g := newGame(e, cfg)
	chooser := rand.New(rand.NewPCG(gameSeed(cfg), 2))
	var buf []sim.Choice
	d := 0
	for ; !g.Over() && g.Turn() <= e.TurnCap(); d++ {
		buf = g.Choices(buf)
		g.Apply(buf[chooser.IntN(len(buf))], nil)
	}
	return d
}

// determinizeOnce determinizes g (whose choices are choices) into dst for
// its deciding seat with a source seeded by k, checks the copy against g
// and plays it out, twice: into dst and into a new copy, which must play
// out alike. It returns the copy made into dst.
func determinizeOnce(t testing.TB, e sim.Engine, g, dst sim.Game, choices []sim.Choice, k uint64, where string) sim.Game {
	t.Helper()
	s := g.(sim.Searcher)
	seat := g.Seat()
	var tr [2][]entry
	var copies [2]sim.Game
	for j, into := range []sim.Game{dst, nil} {
		d := s.Determinize(into, seat, rand.New(rand.NewPCG(k, 3)))
		copies[j] = d
		if d.Seat() != seat || d.Turn() != g.Turn() || d.Over() {
			t.Fatalf("%s: the copy has P%d deciding at turn %d (over: %v), the game P%d at turn %d", where, d.Seat()+1, d.Turn(), d.Over(), seat+1, g.Turn())
		}
		for _, c := range d.Choices(nil) {
			if !slices.Contains(choices, c) {
				t.Fatalf("%s: the copy offers P%d %q, which the game does not", where, seat+1, d.Describe(c, schema.English))
			}
			for _, l := range []*schema.Lang{schema.Japanese, schema.English} {
				if a, b := g.Describe(c, l), d.Describe(c, l); a != b {
					t.Fatalf("%s: the game describes P%d's choice as %q, the copy as %q", where, seat+1, a, b)
				}
			}
		}
		checkValues(t, g, where)
		checkValues(t, d, where+", in the copy")
		turn := g.Turn()
		tr[j] = playOut(e, d, k)
		switch {
		case g.Over():
			t.Fatalf("%s: playing the copy out changed the game: it is over", where)
		case g.Turn() != turn || g.Seat() != seat:
			t.Fatalf("%s: playing the copy out changed the game: P%d decides at turn %d, not P%d at turn %d", where, g.Seat()+1, g.Turn(), seat+1, turn)
		case !slices.Equal(g.Choices(nil), choices):
			t.Fatalf("%s: playing the copy out changed the game: it offers other choices", where)
		}
	}
	if !slices.Equal(tr[0], tr[1]) {
		t.Fatalf("%s: two copies made with the same source play out differently (one into an earlier copy, one new)", where)
	}
	return copies[0]
}

// checkValues fails t unless an Evaluator's Value is in [0, 1] for every
// seat that has a score.
func checkValues(t testing.TB, g sim.Game, where string) {
	t.Helper()
	ev, ok := g.(sim.Evaluator)
	if !ok {
		return
	}
	for s := range len(g.Scores(nil)) {
		if v := ev.Value(s); !(v >= 0 && v <= 1) || math.IsNaN(v) {
			t.Fatalf("%s: Value(%d) = %v, outside [0, 1]", where, s, v)
		}
	}
}

// playOut plays d to its end with choices drawn from a source seeded by k
// and returns what it showed.
func playOut(e sim.Engine, d sim.Game, k uint64) []entry {
	chooser := rand.New(rand.NewPCG(k, 4))
	var out []entry
	emit := func(ev sim.Event) { out = append(out, entry{event: ev}) }
	var buf []sim.Choice
	for n := 0; n < playoutLimit && !d.Over() && d.Turn() <= e.TurnCap(); n++ {
		buf = d.Choices(buf)
		c := buf[chooser.IntN(len(buf))]
		out = append(out, entry{decision: true, seat: d.Seat(), choice: c})
		d.Apply(c, emit)
	}
	return out
}

// reportGames is how many games SameReportForAnyWorkerCountOrShards plays
// (a fifth of them with -short).
const reportGames = 1200

func sameReportForAnySplit(t testing.TB, e sim.Engine) {
	games := reportGames
	if testing.Short() {
		games /= 5
	}
	o := sim.BatchOptions{Seed: seed, Games: games, Check: true, Bots: []string{"random"}}
	run := func(workers int, shard sim.Shard) *sim.Report {
		o := o
		o.Workers, o.Shard = workers, shard
		return sim.NewReport(e, o, sim.Run(context.Background(), e, o))
	}
	one := run(1, sim.Shard{})
	if one.ViolationCount != 0 || one.Unfinished != 0 {
		t.Errorf("%d checked games: %d violations, %d unfinished", games, one.ViolationCount, one.Unfinished)
		for _, v := range slices.Concat(one.Violations, one.UnfinishedGames)[:min(3, one.ViolationCount+one.Unfinished)] {
			t.Errorf("seed %d, %d players, turn %d: %s\n(replay %+v)", v.Seed, v.Players, v.Turn, v.Message, v.Spec)
		}
	}
	want := reportText(t, one)
	if got := reportText(t, run(4, sim.Shard{})); got != want {
		t.Errorf("the report on 4 workers differs from that on 1: %s", firstLineDiff(got, want))
	}
	var shards []*sim.Report
	var raws [][]byte
	for i := range 3 {
		r := run(2, sim.Shard{I: i, N: 3})
		raw, err := json.Marshal(r.Raw)
		if err != nil {
			t.Fatalf("shard %d: %v", i+1, err)
		}
		shards, raws = append(shards, r), append(raws, raw)
	}
	merged, err := sim.MergeReports(e, shards, raws)
	if err != nil {
		t.Fatalf("merging 3 shards: %v", err)
	}
	if got := reportText(t, merged); got != want {
		t.Errorf("the report merged from 3 shards' JSON differs from that of the whole batch: %s", firstLineDiff(got, want))
	}
}

// reportText is r as JSON without the fields that depend on how the batch
// was run (time, workers).
func reportText(t testing.TB, r *sim.Report) string {
	t.Helper()
	c := *r
	c.ElapsedS, c.GamesPerSecond, c.Workers = 0, 0, 0
	var b bytes.Buffer
	if err := c.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// firstLineDiff shows the first line where got and want differ.
func firstLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got: %s\nwant: %s", i+1, a, b)
		}
	}
	return "no line differs"
}
