package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// gameLog is a tally that keeps every game a batch played, as the harness
// hands it to Tally.Record: config, seed and result.
type gameLog struct{ results []sim.Result }

func (l *gameLog) Record(_ sim.Config, _ sim.Game, r *sim.Result) {
	c := *r
	c.Scores = append([]int(nil), r.Scores...)
	l.results = append(l.results, c)
}
func (l *gameLog) Merge(o sim.Tally) { l.results = append(l.results, o.(*gameLog).results...) }
func (l *gameLog) Report() any       { return nil }

// loggingEngine is a real engine whose batches log every game.
type loggingEngine struct{ sim.Engine }

func (loggingEngine) NewTally() sim.Tally { return &gameLog{} }

// shippedEngine builds a game's engine from the shipped workbook.
func shippedEngine(t *testing.T, g *sim.Definition) sim.Engine {
	t.Helper()
	res, err := targets.Target{Game: g, Path: filepath.Join(shippedSrc, g.ID()+".xlsx")}.Validate((&globalOptions{lang: "en"}).Lang())
	if err != nil || schema.HasErrors(res.Problems) {
		t.Fatalf("%s: %v %v", g.ID(), err, res.Problems)
	}
	e, err := g.New(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// shellWords splits a command line as a POSIX shell would, for the words
// playflags.ReplayLine quotes (plain, single-quoted and \' escaped).
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	in, quoted, escaped := false, false, false
	for _, r := range line {
		switch {
		case escaped:
			w.WriteRune(r)
			escaped = false
		case r == '\\' && !in:
			escaped = true
		case r == '\'':
			in, quoted = !in, true
		case r == ' ' && !in:
			if w.Len() > 0 || quoted {
				words = append(words, w.String())
			}
			w.Reset()
			quoted = false
		default:
			w.WriteRune(r)
		}
	}
	if w.Len() > 0 || quoted {
		words = append(words, w.String())
	}
	return words
}

var decisionLine = regexp.MustCompile(`(?m)^\[\d+\] P\d+: `)

// TestReplayCommandReplaysThatVeryGame plays batches through the
// harness for every game, with several player counts, game indices, bots and
// (valkyrie) a fixed monster, and runs each game's printed replay command
// through the CLI: the replay must end exactly as the batch game did, and
// print the same transcript as sim.Replay with the batch's config.
func TestReplayCommandReplaysThatVeryGame(t *testing.T) {
	t.Parallel()
	type setup struct {
		bots    []string
		monster int // valkyrie: fix the monster with this index (-1: alternate)
	}
	for _, g := range rules.All() {
		setups := []setup{{bots: []string{"random"}, monster: -1}, {bots: []string{"greedy", "random"}, monster: -1}}
		if g.ID() == "valkyrie" {
			setups = append(setups, setup{bots: []string{"random"}, monster: 1})
		}
		for _, s := range setups {
			t.Run(fmt.Sprintf("%s/%s/monster%d", g.ID(), strings.Join(s.bots, ","), s.monster), func(t *testing.T) {
				e := shippedEngine(t, g)
				monster := ""
				if s.monster >= 0 {
					monster = e.(interface{ Monsters() []string }).Monsters()[s.monster]
					if err := playflags.Monster(e, monster); err != nil {
						t.Fatal(err)
					}
				}
				counts := e.PlayerCounts()
				players := []int{counts[0], counts[len(counts)-1]}
				if players[0] == players[1] {
					players = players[:1]
				}
				games := 3 * len(players) // indices 0, 1 and 2 of each count
				stats := sim.Run(context.Background(), loggingEngine{e}, sim.BatchOptions{Seed: 11, Games: games, Players: players, Workers: 2, Check: true, Bots: s.bots})
				log := stats.Extra[e.Name()].(*gameLog)
				if len(log.results) != games {
					t.Fatalf("the batch logged %d games of %d (violations %v)", len(log.results), games, stats.Violations)
				}
				for _, r := range log.results {
					line := playflags.ReplayLine(sim.ReplayOf(e, r.Config, r.Seed, s.bots))
					rep := &sim.Report{Violations: []sim.Violation{{Replay: line}}}
					playflags.SrcReplays(rep, shippedSrc)
					line = rep.Violations[0].Replay
					if r.Index > 0 && !strings.Contains(line, fmt.Sprintf("--index %d", r.Index)) ||
						monster != "" && !strings.Contains(line, "--monster "+monster) ||
						!strings.Contains(line, "--src "+shippedSrc) {
						t.Errorf("%s lacks the game's index, monster or source folder", line)
					}
					args := shellWords(line)
					if len(args) < 3 || args[0] != "bifrost" || args[1] != "replay" {
						t.Fatalf("not a replay command: %q", line)
					}
					got := bifrost(t, append(args[1:], "--lang", "en")...)
					want := "end after %d turns; scores %v; winner P%d\n"
					want = fmt.Sprintf(want, r.Turns, r.Scores, r.Winner+1)
					if r.Unfinished {
						want = fmt.Sprintf("unfinished after %d turns\n", r.Turns)
					}
					if !strings.HasSuffix(got.stdout, want) || got.code != map[bool]int{false: 0, true: 1}[r.Unfinished] {
						t.Errorf("%s\nends %q (exit %d), the batch game ended %q", line, lastLine(got.stdout), got.code, want)
						continue
					}
					if n := len(decisionLine.FindAllString(got.stdout, -1)); n != r.Decisions {
						t.Errorf("%s: %d decisions replayed, the batch game took %d", line, n, r.Decisions)
					}
					var direct bytes.Buffer
					sim.Replay(&direct, e, r.Config, r.Seed, s.bots, schema.English)
					if got.stdout != direct.String() {
						t.Errorf("%s: the CLI transcript differs from sim.Replay with the batch's config %+v", line, r.Config)
					}
				}
			})
		}
	}
}

// TestReplayLineReadsBackToTheSameGame: the command line the CLI writes for
// a game, read back by replay's own flags, names the same game (engine,
// config, seed, bots and the engine's settings, valkyrie's fixed monster
// included) and replays it to the same transcript.
func TestReplayLineReadsBackToTheSameGame(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		game, monster string
		cfg           sim.Config
		seed          uint64
		bots          []string
		flags         string // what the line must say about the game beyond its seed and players
	}{
		{"valkyrie", "M2", sim.Config{Players: 3, Index: 4}, 9, []string{"greedy", "random"}, " --index 4 --bots greedy,random --monster M2"},
		{"valkyrie", "", sim.Config{Players: 2, Index: 1}, 4, []string{"random"}, " --index 1"},
		{"nastrond", "", sim.Config{Players: 2}, 7, []string{"random"}, ""},
		{"guardian", "", sim.Config{Players: 2, Index: 3}, 42, []string{"greedy", "mc"}, " --index 3 --bots greedy,mc"},
		{"bloodrage", "", sim.Config{Players: 4, Index: 2}, 5, []string{"greedy"}, " --index 2 --bots greedy"},
	} {
		t.Run(tt.game+tt.flags, func(t *testing.T) {
			g, err := rules.All().ByID(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			e := shippedEngine(t, g)
			if err := playflags.Monster(e, tt.monster); err != nil {
				t.Fatal(err)
			}
			want := sim.ReplayOf(e, tt.cfg, tt.seed, tt.bots)
			rep := &sim.Report{Violations: []sim.Violation{{Spec: want}}}
			playflags.SetReplays(rep.Violations)
			playflags.SrcReplays(rep, shippedSrc)
			line := rep.Violations[0].Replay
			if prefix := fmt.Sprintf("bifrost replay %s --seed %d --players %d", tt.game, tt.seed, tt.cfg.Players); line != prefix+tt.flags+" --src "+shippedSrc {
				t.Errorf("the line reads %q, want %q", line, prefix+tt.flags+" --src "+shippedSrc)
			}
			words := shellWords(line)
			opts := &replayOptions{globalOptions: &globalOptions{lang: "en", registry: rules.All()}}
			fs := pflag.NewFlagSet("replay", pflag.ContinueOnError)
			opts.bind(fs)
			if err := fs.Parse(words[2:]); err != nil || fs.NArg() != 1 {
				t.Fatalf("%q: %v, arguments %q", line, err, fs.Args())
			}
			fresh, got, err := opts.replaySpec(fs.Arg(0))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q reads back as %+v, want %+v", line, got, want)
			}
			var a, b bytes.Buffer
			sim.Replay(&a, e, want.Config, want.Seed, want.Bots, schema.English)
			sim.Replay(&b, fresh, got.Config, got.Seed, got.Bots, schema.English)
			if a.String() != b.String() || !decisionLine.MatchString(a.String()) {
				t.Errorf("%q replays another game than the one it was written for", line)
			}
		})
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}

func TestReplayCommandsCarryANonDefaultSrc(t *testing.T) {
	t.Parallel()
	rep := &sim.Report{
		Violations:      []sim.Violation{{Replay: "bifrost replay nastrond --seed 1 --players 2"}},
		UnfinishedGames: []sim.Violation{{Replay: "bifrost replay nastrond --seed 2 --players 3"}},
	}
	raw := rep.Violations
	playflags.SrcReplays(rep, "my cards/it's")
	want := `bifrost replay nastrond --seed 1 --players 2 --src 'my cards/it'\''s'`
	if rep.Violations[0].Replay != want || !strings.HasSuffix(rep.UnfinishedGames[0].Replay, " --src 'my cards/it'\\''s'") {
		t.Errorf("replays %q, %q; want %q", rep.Violations[0].Replay, rep.UnfinishedGames[0].Replay, want)
	}
	if raw[0].Replay != "bifrost replay nastrond --seed 1 --players 2" {
		t.Errorf("the raw section's replay changed: %q", raw[0].Replay)
	}
	if w := shellWords(want); len(w) != 9 || w[8] != "my cards/it's" {
		t.Errorf("the quoted folder reads back as %q", w)
	}
	for _, def := range []string{"cardsrc", "./cardsrc", "cardsrc/"} {
		r := &sim.Report{Violations: []sim.Violation{{Replay: "bifrost replay x"}}}
		playflags.SrcReplays(r, def)
		if r.Violations[0].Replay != "bifrost replay x" {
			t.Errorf("--src %s is the default, yet the replay became %q", def, r.Violations[0].Replay)
		}
	}
}

// TestUnfinishedGamesReplayFromTheirSrc lowers nastrond's TurnCap
// in a copied source folder so every game is unfinished, and checks that
// sim, build and check print replay commands that name that folder and
// replay the unfinished game.
func TestUnfinishedGamesReplayFromTheirSrc(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	setRule(t, src, "nastrond", "TurnCap", 10)
	for _, g := range []string{"valkyrie", "guardian", "bloodrage"} { // check plays only nastrond
		if err := os.WriteFile(filepath.Join(src, g+".xlsx"), []byte("not a workbook"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantSrc := " --src " + src
	replays := regexp.MustCompile(`bifrost replay nastrond [^"\n)]*`)
	for _, args := range [][]string{
		{"sim", "nastrond", "--src", src, "--games", "4", "--lang", "en"},
		{"sim", "nastrond", "--src", src, "--games", "4", "--json"},
		{"build", "nastrond", "--src", src, "--rules", "../../rules", "--out", t.TempDir(), "--games", "4"},
		{"check", "--src", src, "--out", t.TempDir(), "--lang", "en"},
	} {
		r := bifrost(t, args...)
		found := replays.FindAllString(r.stdout, -1)
		if args[len(args)-1] == "--json" {
			var rep sim.Report
			if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
				t.Fatal(err)
			}
			found = nil
			for _, v := range append(rep.Violations, rep.UnfinishedGames...) {
				found = append(found, v.Replay)
			}
		}
		if r.code != 1 || len(found) == 0 {
			t.Errorf("%v: exit %d and %d replay commands; want exit 1 and some\n%s%s", args, r.code, len(found), r.stdout, r.stderr)
		}
		for _, line := range found {
			if !strings.HasSuffix(line, wantSrc) {
				t.Errorf("%v prints %q without%s", args, line, wantSrc)
			}
		}
	}
	r := bifrost(t, "sim", "nastrond", "--src", src, "--games", "1", "--players", "3", "--lang", "en")
	line := replays.FindString(r.stdout)
	if line == "" {
		t.Fatalf("sim printed no replay:\n%s", r.stdout)
	}
	got := bifrost(t, append(shellWords(line)[1:], "--lang", "en")...)
	if got.code != 1 || !strings.HasSuffix(got.stdout, "unfinished after 11 turns\n") {
		t.Errorf("%s: exit %d, ends %q; want the unfinished game", line, got.code, lastLine(got.stdout))
	}
}
