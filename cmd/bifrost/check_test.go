package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

func TestCheck_BrokenWorkbookGetsGithubErrorAtItsCell(t *testing.T) {
	t.Parallel()
	src := quickSrc(t, 100)
	breakCell(t, src, "nastrond", "Edda", "目標値", 3, "たくさん")
	r := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--format", "github", "--lang", "en")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	file := filepath.Join(src, "nastrond.xlsx")
	want := "::error " + githubFile(file) + ",title=Edda!D3::Edda!D3 Target must be a whole number"
	if !strings.Contains(r.stdout, want) {
		t.Errorf("no line starting %q in:\n%s", want, r.stdout)
	}
}

func TestCheck_NotAWorkbookFailsWithAnnotation(t *testing.T) {
	t.Parallel()
	src := quickSrc(t, 100)
	if err := outfile.WriteFile(filepath.Join(src, "guardian.xlsx"), []byte("not a workbook")); err != nil {
		t.Fatal(err)
	}
	r := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--format", "github")
	if r.code != 1 || !strings.Contains(r.stdout, "::error "+githubFile(filepath.Join(src, "guardian.xlsx"))+",") {
		t.Errorf("exit %d, stdout %q", r.code, r.stdout)
	}
}

// githubFile is the file property of a GitHub annotation on file, escaped
// as gate.WriteGithub escapes it.
func githubFile(file string) string {
	var b bytes.Buffer
	gate.WriteGithub(&b, schema.Problem{File: file})
	prop, _, _ := strings.Cut(strings.TrimPrefix(b.String(), "::error "), ",title=")
	return prop
}

func TestCheck_UnknownFormatIsUsageError(t *testing.T) {
	t.Parallel()
	if r := bifrost(t, "check", "--format", "xml"); r.code != 2 {
		t.Errorf("exit %d, want 2", r.code)
	}
}

// shippedRules validates the shipped nastrond workbook with a Rules edit.
func shippedRules(t *testing.T, key string, value any) schema.Result {
	t.Helper()
	src := copySrc(t)
	path := filepath.Join(src, "nastrond.xlsx")
	err := workbook.Edit(path, path, func(f *excelize.File) error {
		rows, _ := f.GetRows("Rules")
		n := len(rows) + 1
		if err := f.SetCellValue("Rules", schema.CellName(1, n), key); err != nil {
			return err
		}
		return f.SetCellValue("Rules", schema.CellName(2, n), value)
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := targets.Target{Game: nastrond.Definition, Path: path}.Validate(schema.NewLang("en"))
	if err != nil || schema.HasErrors(res.Problems) {
		t.Fatalf("%v %v", err, res.Problems)
	}
	return res
}

func TestVerdict_AppliesTheWorkbookThresholds(t *testing.T) {
	t.Parallel()
	rep := &sim.Report{Games: 100, PlayerCounts: []int{2}, Bots: []string{"random"}, Unfinished: 1, ViolationCount: 1,
		Violations:  []sim.Violation{{Seed: 9, Players: 2, Turn: 4, Message: "boom", Replay: "bifrost replay nastrond --seed 9 --players 2"}},
		SeatWinRate: map[string][]sim.Wilson{"2": {{Rate: 0.8, Games: 100}, {Rate: 0.2, Games: 100}}},
		DeadCards:   []string{"E01"}}
	tests := []struct {
		key   string
		value any
		want  []string // substrings, one per expected problem
	}{
		{"CheckMaxSeatGap", 70, []string{"rule violations: 1", "boom (replay: bifrost replay nastrond --seed 9", "unfinished games: 1", "warning"}},
		{"CheckMaxSeatGap", 50, []string{"violations", "boom", "unfinished", "random bots, the seat win rates differ by 60.0 points (allowed: 50)", "warning"}},
		{"CheckDeadCardsFail", "○", []string{"violations", "boom", "unfinished", "differ by 60.0", "1 cards were never used: E01"}},
	}
	for _, tt := range tests {
		ps := gate.Verdict(shippedRules(t, tt.key, tt.value), rep, nil, schema.NewLang("en"))
		var got []string
		for _, p := range ps {
			got = append(got, string(p.Severity)+" "+p.Message)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s=%v: got %q", tt.key, tt.value, got)
			continue
		}
		for i, w := range tt.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s=%v: problem %d is %q, want it to contain %q", tt.key, tt.value, i, got[i], w)
			}
		}
	}
}

// The balance batch's unfinished games and violations fail the gate as the
// smoke batch's do, each with its replay command and the bots that played.
func TestVerdict_EveryBatchsUnfinishedGamesAndViolationsCount(t *testing.T) {
	t.Parallel()
	rates := map[string][]sim.Wilson{"2": {{Rate: 0.5, Games: 300}, {Rate: 0.5, Games: 300}}}
	smoke := &sim.Report{Games: 600, PlayerCounts: []int{2}, Bots: []string{"random"}, SeatWinRate: rates}
	bal := &sim.Report{Games: 600, PlayerCounts: []int{2}, Bots: []string{"greedy"}, SeatWinRate: rates, Unfinished: 1, ViolationCount: 1,
		UnfinishedGames: []sim.Violation{{Seed: 7, Players: 2, Turn: 100, Message: "turn cap reached", Replay: "bifrost replay guardian --seed 7 --players 2 --bots greedy"}},
		Violations:      []sim.Violation{{Seed: 8, Players: 2, Turn: 3, Message: "boom", Replay: "bifrost replay guardian --seed 8 --players 2 --bots greedy"}}}
	res := shippedRules(t, "CheckMaxSeatGap", 40)
	var got []string
	for _, p := range gate.Verdict(res, smoke, bal, schema.NewLang("en")) {
		got = append(got, string(p.Severity)+" "+p.Message)
	}
	want := []string{
		"error rule violations: 1 with greedy bots in 600 games (allowed: 0)",
		"error 2 players, turn 3: boom (replay: bifrost replay guardian --seed 8 --players 2 --bots greedy)",
		"error unfinished games: 1 with greedy bots in 600 games (allowed: 0)",
		"error 2 players, turn 100: turn cap reached (replay: bifrost replay guardian --seed 7 --players 2 --bots greedy)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var lines []string
	g := &globalOptions{lang: "en"}
	for _, l := range gate.Measured(res, smoke, bal, g.Lang()) {
		if strings.Contains(l, "unfinished") {
			lines = append(lines, l)
		}
	}
	wantLines := []string{res.Game + ": unfinished 0 ≤ 0 (of 600 games, random bots)", res.Game + ": unfinished 1 > 0 (of 600 games, greedy bots)"}
	if !slices.Equal(lines, wantLines) {
		t.Errorf("measured lines %q, want %q", lines, wantLines)
	}
	// CheckBalanceBots random plays the smoke batch again: its games count once.
	first := *bal
	first.Bots = smoke.Bots
	again := first
	if n := len(gate.Verdict(res, &first, &again, schema.NewLang("en"))); n != 4 {
		t.Errorf("the same batch twice gives %d problems, want the 4 of one batch", n)
	}
}

func TestCheck_JSONSaysPassedPerGame(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "check", "--src", quickSrc(t, 100), "--out", t.TempDir(), "--format", "json")
	var out problems.CheckJSON
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if r.code != 0 || !out.Passed || len(out.Games) != 4 {
		t.Errorf("exit %d passed %v games %d", r.code, out.Passed, len(out.Games))
	}
}

func TestCheckTextPrintsEachFigureAgainstItsThreshold(t *testing.T) {
	t.Parallel()
	src := quickSrc(t, 100)
	setRule(t, src, "nastrond", "CheckMaxSeatGap", 1)
	r := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--lang", "en")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1 (nastrond's seat gap over 1 pt)\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, re := range []string{
		`(?m)^nastrond: violations 0 ≤ 0 \(of \d+ games, random bots\)$`,
		`(?m)^nastrond: unfinished 0 ≤ 0 \(of \d+ games, random bots\)$`,
		`(?m)^nastrond: violations 0 ≤ 0 \(of \d+ games, greedy bots\)$`,
		`(?m)^nastrond: unfinished 0 ≤ 0 \(of \d+ games, greedy bots\)$`,
		`(?m)^nastrond: 2 players, turn-order gap \(turn order dealt at random\) \d+\.\d pt > 1 pt \(\w+ bots\)$`,
		`(?m)^valkyrie: 2 players, seat gap \d+\.\d pt ≤ 40 pt \(\w+ bots\)$`,
		`(?m)^nastrond: dead cards \d+ \(a warning only\)$`,
		`(?m)^nastrond: FAILED$`,
		`(?m)^valkyrie: ok$`,
	} {
		if !regexp.MustCompile(re).MatchString(r.stderr) {
			t.Errorf("no line matching %s in:\n%s", re, r.stderr)
		}
	}
	ja := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--lang", "ja")
	if want := regexp.MustCompile(`(?m)^nastrond：2人プレイの手番の順（ゲームごとにランダム）による勝率差 \d+\.\d pt > 1 pt（ボット \w+）$`); !want.MatchString(ja.stderr) {
		t.Errorf("no line matching %s in:\n%s", want, ja.stderr)
	}
}

// TestCheckCountsTheCardsSimulatedWithoutTheirFullText: check prints, per
// game, how many cards of each sheet validation warns are simulated
// without part of their printed text; they are warnings, and fail the gate
// only when the workbook sets CheckWarningsFail.
func TestCheckCountsTheCardsSimulatedWithoutTheirFullText(t *testing.T) {
	t.Parallel()
	src := quickSrc(t, 100)
	breakCell(t, src, "nastrond", "Einherjar", "スキル", 2, "")
	breakCell(t, src, "nastrond", "Einherjar", "テキスト", 2, "ダイスを1つ振り直す。")
	r := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--lang", "en")
	if r.code != 0 || !strings.Contains(r.stderr, "nastrond: cards simulated without part of their text 1: Einherjar 1 (warnings)\n") ||
		!strings.Contains(r.stderr, "guardian: cards simulated without part of their text 0 (warnings)\n") {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
	setRule(t, src, "nastrond", "CheckWarningsFail", "○")
	r = bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--lang", "ja")
	if r.code != 1 || !strings.Contains(r.stderr, "nastrond：テキストの一部なしでシミュレーションされるカード 1 枚：Einherjar 1（CheckWarningsFail により不合格）") {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
}

func TestCheckPrintsTheSameLinesWhateverTheWorkers(t *testing.T) {
	t.Parallel()
	var console []string
	src := quickSrc(t, 100)
	for _, workers := range []string{"1", "2"} {
		r := bifrost(t, "check", "--src", src, "--out", t.TempDir(), "--lang", "en", "--workers", workers)
		if r.code != 0 {
			t.Fatalf("check --workers %s exit %d\n%s%s", workers, r.code, r.stdout, r.stderr)
		}
		console = append(console, r.stdout+"\n--- stderr\n"+timing.ReplaceAllString(r.stderr, "T"))
	}
	if console[0] != console[1] {
		t.Errorf("one worker printed\n%s\ntwo printed\n%s", console[0], console[1])
	}
	if !strings.Contains(console[0], "valkyrie: 100 games with random bots") || !strings.Contains(console[0], "bloodrage: ok") {
		t.Errorf("check printed no batch or verdict lines:\n%s", console[0])
	}
}
