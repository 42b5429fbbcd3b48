package batches

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

var en = schema.NewLang("en")

// shipped is the shipped workbook of game id, validated.
func shipped(t *testing.T, id string) (*sim.Definition, schema.Result) {
	t.Helper()
	game, err := rules.All().ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	res, err := targets.Target{Game: game, Path: filepath.Join("..", "..", "..", "..", "cardsrc", id+".xlsx")}.Validate(en)
	if err != nil || schema.HasErrors(res.Problems) {
		t.Fatalf("%s: %v %v", id, err, res.Problems)
	}
	return game, res
}

func TestSmokePlaysRandomBotsAndSaysSoInOneLine(t *testing.T) {
	game, res := shipped(t, "valkyrie")
	var stderr bytes.Buffer
	r := Runner{Stderr: &stderr, Lang: en}
	rep, err := r.Smoke(context.Background(), game, res, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 4 || rep.Seed != 7 || len(rep.Bots) != 1 || rep.Bots[0] != "random" {
		t.Errorf("played %d games from seed %d with %v, want 4 from 7 with random", rep.Games, rep.Seed, rep.Bots)
	}
	if line := stderr.String(); !strings.HasPrefix(line, "valkyrie: 4 games with random bots: ") || strings.Count(line, "\n") != 1 {
		t.Errorf("summary %q", line)
	}
}

func TestBatchesTakeTheirGamesAndSeedFromRulesUnlessGiven(t *testing.T) {
	game, res := shipped(t, "valkyrie")
	var steps int
	r := Runner{Stderr: &bytes.Buffer{}, Lang: en, Progress: func(name string, total int) (func(int), func()) {
		if name != "valkyrie" || total != res.Rules.Int("CheckGames") {
			t.Errorf("progress bar of %s for %d games", name, total)
		}
		return func(n int) { steps += n }, func() {}
	}}
	bal, err := r.Balance(context.Background(), game, res, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	if bal.Games != res.Rules.Int("CheckGames") || int(bal.Seed) != res.Rules.Int("CheckSeed") || steps != bal.Games {
		t.Errorf("%d games from seed %d, %d steps; want CheckGames %d from CheckSeed %d", bal.Games, bal.Seed, steps, res.Rules.Int("CheckGames"), res.Rules.Int("CheckSeed"))
	}
	if bal.Bots[0] == "random" {
		t.Error("the balance batch played random bots")
	}
}

func TestAGameWithoutAnEngineHasNoBatch(t *testing.T) {
	var stderr bytes.Buffer
	rep, err := Runner{Stderr: &stderr, Lang: en}.Smoke(context.Background(), &sim.Definition{Schema: &schema.Game{ID: "poster"}}, schema.Result{Game: "poster"}, 10, 1)
	if rep != nil || err != nil || stderr.Len() > 0 {
		t.Errorf("got %v, %v and %q; want nothing", rep, err, stderr.String())
	}
}

func TestTheReportJSONIsTheSameBytesForTheSameSeed(t *testing.T) {
	game, res := shipped(t, "valkyrie")
	r := Runner{Stderr: &bytes.Buffer{}, Lang: en}
	var outs [2][]byte
	for i := range outs {
		rep, err := r.Smoke(context.Background(), game, res, 3, 11)
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if err := WriteJSON(out, rep); err != nil {
			t.Fatal(err)
		}
		if outs[i], err = os.ReadFile(filepath.Join(out, "valkyrie", "report.json")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Error("two batches of the same seed wrote different report.json")
	}
	if !bytes.Contains(outs[0], []byte(`"elapsed_s": 0,`)) {
		t.Errorf("report.json has timings:\n%s", outs[0])
	}
}

// TestReportWritesTheSmokeBatchAndPlaysTheBalanceBatch: Report, as build
// plays a game, gives the smoke batch (random bots) and the balance batch,
// with the smoke batch's report.json written; a game with no engine gets
// neither and no file.
func TestReportWritesTheSmokeBatchAndPlaysTheBalanceBatch(t *testing.T) {
	game, res := shipped(t, "valkyrie")
	r := Runner{Stderr: &bytes.Buffer{}, Lang: en}
	out := t.TempDir()
	rep, bal, err := r.Report(context.Background(), out, game, res, 3, 11)
	if err != nil || rep == nil || bal == nil {
		t.Fatalf("smoke %v, balance %v, error %v; want both batches", rep != nil, bal != nil, err)
	}
	if rep.Bots[0] != "random" || bal.Bots[0] == "random" || rep.Games != 3 || bal.Games != 3 {
		t.Errorf("smoke %d games with %v, balance %d with %v; want 3 with random, then 3 with the balance bots", rep.Games, rep.Bots, bal.Games, bal.Bots)
	}
	data, err := os.ReadFile(filepath.Join(out, "valkyrie", "report.json"))
	if err != nil || !bytes.Contains(data, []byte(`"random"`)) {
		t.Errorf("report.json is not the smoke batch's: %v\n%.300s", err, data)
	}
	none := t.TempDir()
	rep, bal, err = r.Report(context.Background(), none, &sim.Definition{Schema: &schema.Game{ID: "poster"}}, schema.Result{Game: "poster"}, 3, 11)
	if rep != nil || bal != nil || err != nil {
		t.Errorf("a game with no engine: %v, %v, %v; want nothing", rep, bal, err)
	}
	if files, _ := os.ReadDir(none); len(files) != 0 {
		t.Errorf("a game with no engine wrote %d files", len(files))
	}
}
