package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/rules"
	"bifrost/rules/sim"
)

// result is what one bifrost invocation printed and returned.
type result struct {
	stdout, stderr string
	code           int
}

// bifrost runs the CLI in-process, as a user would from the repository root.
func bifrost(t *testing.T, args ...string) result {
	t.Helper()
	return bifrostOn(t, rules.All(), args...)
}

// bifrostOn runs the CLI in-process on the given list of games.
func bifrostOn(t *testing.T, games rules.Games, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := newRootCmd(&out, &errb, args, games)
	out.Reset()
	errb.Reset()
	code := exitCode(cmd.ExecuteContext(context.Background()), &errb)
	return result{out.String(), errb.String(), code}
}

// definition is the shipped game with the given id.
func definition(t testing.TB, id string) *sim.Definition {
	t.Helper()
	g, err := rules.All().ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// shippedSrc is the folder of the shipped workbooks, seen from this package.
const shippedSrc = "../../cardsrc"

// copySrc copies the shipped workbooks into a fresh folder and returns it.
func copySrc(t *testing.T) string {
	t.Helper()
	return copyWorkbooks(t, shippedSrc)
}

// copyWorkbooks copies the four workbooks of src into a fresh folder and
// returns it.
func copyWorkbooks(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(src, "*.xlsx"))
	if err != nil || len(files) != 4 {
		t.Fatalf("want 4 workbooks in %s, found %v (%v)", src, files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// copyProject lays out a fresh folder with a copy of the shipped workbooks
// in cardsrc/ and game's shipped books, rulings and glossary in
// rules/<game>/, and returns it.
func copyProject(t *testing.T, game string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Rename(copySrc(t), filepath.Join(root, "cardsrc")); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(root, "rules", game)
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rulebook.md", "summary.md", "designer.md", "RULINGS.md", "glossary.yaml"} {
		data, err := os.ReadFile(filepath.Join("../../rules", game, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(rules, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// problemLine matches the one-line problem format: "file: Sheet!A1: message".
var problemLine = regexp.MustCompile(`^(\S.*?\.xlsx): ([^!:]+)!([A-Z]+[0-9]+): (.+)$`)

func TestValidate_ShippedWorkbooksPass(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "validate", "--src", shippedSrc, "--json", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	var got problems.ValidateJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("validate --json is not JSON: %v\n%s", err, r.stdout)
	}
	want := map[string]map[string]int{
		"valkyrie": {"Valkyrie": 144, "FirstValkyrie": 40, "Monster": 2, "Weakness": 24, "VP": 40},
		"nastrond": {"Valkyria": 4, "Urd": 48, "Edda": 38, "Einherjar": 33, "Keeper": 10, "Nidhogg": 1},
	}
	if len(got.Games) != 4 {
		t.Fatalf("validate --json lists %d games, want 4", len(got.Games))
	}
	for _, g := range got.Games {
		if len(g.Problems) != 0 {
			t.Errorf("%s: %d problems on the shipped workbook: %v", g.Game, len(g.Problems), g.Problems)
		}
		for k, n := range want[g.Game] {
			if g.Components[k] != n {
				t.Errorf("%s: components[%s] = %d, the seed says %d", g.Game, k, g.Components[k], n)
			}
		}
	}
}

func TestValidate_JSONFieldsAreTheContract(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "nastrond", "Edda", "目標値", 2, "abc")
	r := bifrost(t, "validate", "--src", src, "--json", "nastrond")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1", r.code)
	}
	var raw map[string][]map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &raw); err != nil {
		t.Fatal(err)
	}
	g := raw["games"][0]
	for _, k := range []string{"game", "file", "components", "problems"} {
		if _, ok := g[k]; !ok {
			t.Errorf("game object lacks %q", k)
		}
	}
	ps := g["problems"].([]any)
	if len(ps) == 0 {
		t.Fatal("no problems reported")
	}
	for _, k := range []string{"severity", "file", "sheet", "cell", "column", "message"} {
		if _, ok := ps[0].(map[string]any)[k]; !ok {
			t.Errorf("problem lacks %q", k)
		}
	}
}

func TestValidate_UnknownGameIsUsageError(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "validate", "monopoly")
	if r.code != 2 || !strings.Contains(r.stderr, "unknown game") {
		t.Errorf("exit %d, stderr %q; want 2 and 'unknown game'", r.code, r.stderr)
	}
}

func TestValidate_MissingWorkbookIsExit2(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "validate", "--src", t.TempDir(), "nastrond")
	if r.code != 2 || !strings.Contains(r.stderr, "nastrond.xlsx") {
		t.Errorf("exit %d, stderr %q; want 2 naming the file", r.code, r.stderr)
	}
}

func TestValidate_LangSelectsMessages(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "nastrond", "Edda", "目標値", 2, "abc")
	ja := bifrost(t, "validate", "--src", src, "--lang", "ja", "nastrond")
	en := bifrost(t, "validate", "--src", src, "--lang", "en", "nastrond")
	if !strings.Contains(ja.stdout, "整数") {
		t.Errorf("Japanese output lacks 整数:\n%s", ja.stdout)
	}
	if !strings.Contains(en.stdout, "whole number") {
		t.Errorf("English output lacks 'whole number':\n%s", en.stdout)
	}
}

func TestValidateRecognisesTheGameFromItsSheets(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		renamed := filepath.Join(src, "第2版 "+strings.Repeat("x", len(game))+".xlsx")
		if err := os.Rename(filepath.Join(src, game+".xlsx"), renamed); err != nil {
			t.Fatal(err)
		}
		r := bifrost(t, "validate", "--lang", "en", renamed)
		if r.code != 0 || !strings.HasPrefix(r.stderr, game+": "+renamed) {
			t.Errorf("validate %s: exit %d, stderr %q; want 0 and the summary of %s", renamed, r.code, r.stderr, game)
		}
		if err := os.Rename(renamed, filepath.Join(src, game+".xlsx")); err != nil {
			t.Fatal(err)
		}
	}
	blank := filepath.Join(src, "blank.xlsx")
	if err := excelize.NewFile().SaveAs(blank); err != nil {
		t.Fatal(err)
	}
	r := bifrost(t, "validate", "--lang", "en", blank)
	if r.code != 2 || !strings.Contains(r.stderr, "cannot tell which game") {
		t.Errorf("validate of a workbook with no game's sheets: exit %d, stderr %q; want 2, 'cannot tell which game'", r.code, r.stderr)
	}
}
