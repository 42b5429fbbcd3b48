package guardian

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"bifrost/rules/sim"
)

// The golden replays: one seeded game narrated in Japanese (greedy against
// the Monte Carlo bot) and one in English (random bots). Rewrite them with
// go test ./rules/guardian -run Golden -update.
func TestGolden_replay(t *testing.T) {
	e := newEngine(t)
	for _, tt := range []struct {
		file  string
		index int
		seed  uint64
		bots  []string
		lang  string
	}{
		{"replay.ja.txt", 3, 42, []string{"greedy", "mc"}, "ja"},
		{"replay.en.txt", 8, 7, []string{"random"}, "en"},
	} {
		var b bytes.Buffer
		r := sim.Replay(&b, e, sim.Config{Players: 2, Index: tt.index}, tt.seed, tt.bots, tt.lang)
		if r.Violation != nil || r.Unfinished {
			t.Fatalf("%s: the recorded game did not finish cleanly: %+v", tt.file, r)
		}
		path := filepath.Join("testdata", tt.file)
		if *update {
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to record it)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: the replay differs from the recording; rerun with -update if the change is intended\n%s", tt.file, firstDiff(b.String(), string(want)))
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := bytes.Split([]byte(got), []byte("\n")), bytes.Split([]byte(want), []byte("\n"))
	for i := range max(len(g), len(w)) {
		var a, b []byte
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if !bytes.Equal(a, b) {
			return "line " + itoa(i+1) + ":\n got: " + string(a) + "\nwant: " + string(b)
		}
	}
	return ""
}

// Issue 12.21: the replay command printed for a batch game replays that
// very game. For several indices of a batch (different deck pairs), the
// command's --seed, --players and --index, given to the replay, reach the
// same final state as the batch game: the same decks, turns, decisions,
// scores, winner and zones.
func TestReplayCommandReplaysTheBatchGame(t *testing.T) {
	e := newEngine(t)
	const batchSeed = 5
	bots := []string{"greedy"}
	final := func(cfg sim.Config, seed uint64) (sim.Result, string) {
		p := sim.NewPlayer(e, bots, nil)
		var g *game
		p.OnStart = func(sg sim.Game) { g = sg.(*game) }
		r := p.Play(cfg, seed)
		return r, fmt.Sprintf("decks %d/%d hands %v/%v cheer %v/%v consumed %v/%v res %v/%v",
			g.p.ps[0].deck, g.p.ps[1].deck, g.h[0].hand, g.h[1].hand, g.p.ps[0].cheer, g.p.ps[1].cheer,
			g.p.ps[0].consumed, g.p.ps[1].consumed, g.h[0].res, g.h[1].res)
	}
	flag := regexp.MustCompile(`--(seed|players|index) (\d+)`)
	states := map[string]bool{}
	for _, i := range []int{0, 1, 7, 13, 19, 23} {
		cfg := sim.Config{Players: 2, Index: i}
		seed := sim.GameSeed(batchSeed, 2, i)
		want, wantState := final(cfg, seed)
		cmd := sim.ReplayCommand(e, cfg, seed, bots)
		got := sim.Config{}
		var gotSeed uint64
		for _, m := range flag.FindAllStringSubmatch(cmd, -1) {
			n, _ := strconv.ParseUint(m[2], 10, 64)
			switch m[1] {
			case "seed":
				gotSeed = n
			case "players":
				got.Players = int(n)
			case "index":
				got.Index = int(n)
			}
		}
		r := sim.Replay(io.Discard, e, got, gotSeed, bots, "en")
		_, gotState := final(got, gotSeed)
		if r.Turns != want.Turns || r.Decisions != want.Decisions || r.Winner != want.Winner ||
			!slices.Equal(r.Scores, want.Scores) || gotState != wantState {
			t.Errorf("index %d: %q replays to %d turns, %d decisions, scores %v, winner %d, %s;\nthe batch game had %d, %d, %v, %d, %s",
				i, cmd, r.Turns, r.Decisions, r.Scores, r.Winner, gotState, want.Turns, want.Decisions, want.Scores, want.Winner, wantState)
		}
		states[wantState] = true
	}
	if len(states) < 2 {
		t.Error("every index reached the same state: the test cannot tell the games apart")
	}
}
