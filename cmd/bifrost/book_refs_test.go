package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/problems"
)

// booksDir is the folder of the shipped books, seen from this package.
const booksDir = "../../rules"

// renamedCard copies the shipped workbooks with the Einherjar EIN-107, which
// the shipped rulebook shows as an example card, renamed EIN-110 by
// retyping its ID cell, as a designer does. It returns the workbooks'
// folder, the shipped books' folder and where rulebook.md names EIN-107
// ("…/nastrond/rulebook.md:LINE"). The workbooks play a check batch of 100
// games.
func renamedCard(t *testing.T) (src, rules, at string) {
	t.Helper()
	src, rules = quickSrc(t, 100), booksDir
	edit(t, src, "nastrond", func(f *excelize.File) error {
		row, err := rowWhere(f, "Einherjar", "ID", "EIN-107")
		if err != nil {
			return err
		}
		cell, err := cellOf(f, "Einherjar", "ID", row)
		if err != nil {
			return err
		}
		return f.SetCellValue("Einherjar", cell, "EIN-110")
	})
	file := filepath.Join(rules, "nastrond", "rulebook.md")
	md, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(md), "\n") {
		if strings.Contains(line, `"EIN-107"`) {
			return src, rules, file + ":" + strconv.Itoa(i+1)
		}
	}
	t.Fatal("the shipped rulebook no longer shows EIN-107: pick another card it shows")
	return
}

// missingEIN107 is the error a book naming EIN-107 gets after the rename,
// in each language.
var missingEIN107 = map[string]string{
	"ja": `カード「EIN-107」はありません（「EIN-110」のことですか？）`,
	"en": `unknown card "EIN-107" (did you mean "EIN-110"?)`,
}

func TestValidate_ABookNamingARenamedCardIsAnErrorAtItsLineSuggestingTheNewID(t *testing.T) {
	t.Parallel()
	src, rules, at := renamedCard(t)
	for lang, msg := range missingEIN107 {
		r := bifrost(t, "validate", "nastrond", "--lang", lang, "--src", src, "--rules", rules)
		if r.code != 1 || !strings.Contains(r.stdout, at+": "+msg+"\n") {
			t.Errorf("--lang %s: exit %d, stdout %q; want 1 and %q", lang, r.code, r.stdout, at+": "+msg)
		}
		if !strings.Contains(r.stderr, map[string]string{"ja": "nastrond：ルールブック類の差し込みなどのエラー 1 件", "en": "nastrond: books: 1 error"}[lang]) {
			t.Errorf("--lang %s: the summary does not count the book's error:\n%s", lang, r.stderr)
		}
	}
	r := bifrost(t, "validate", "nastrond", "--json", "--lang", "en", "--src", src, "--rules", rules)
	var got problems.ValidateJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 1 || len(got.Games) != 1 {
		t.Fatalf("validate --json: exit %d, %v\n%s", r.code, err, r.stdout)
	}
	g := got.Games[0]
	if len(g.Problems) != 0 || len(g.Books) != 1 || g.Books[0].String() != at+": "+missingEIN107["en"] || g.Books[0].Severity != "error" {
		t.Errorf("validate --json: problems %v, books %v; want no workbook problem and the book's error at %s", g.Problems, g.Books, at)
	}
}

func TestValidate_ShippedBooksNameOnlyWhatTheWorkbooksHave(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "validate", "--json", "--lang", "en", "--src", shippedSrc, "--rules", booksDir)
	var got problems.ValidateJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 {
		t.Fatalf("exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}
	for _, g := range got.Games {
		if g.Books == nil || len(g.Books) != 0 {
			t.Errorf("%s: books %v, want an empty list", g.Game, g.Books)
		}
	}
}

// TestValidate_ReportsEveryBrokenReferenceOfEveryBook: each placeholder
// that names something the data lacks is one error at its own line, in
// every book, each with the nearest name the data has.
func TestValidate_ReportsEveryBrokenReferenceOfEveryBook(t *testing.T) {
	t.Parallel()
	root := copyProject(t, "nastrond")
	rules := filepath.Join(root, "rules", "nastrond")
	books := map[string]string{
		"rulebook.md": "---\ntitle: t\n---\n# 題\n\n{{card \"EIN-1O1\"}}\n\n{{table \"Eda\" \"名前\"}}\n\n{{table \"Edda\" \"名前\" \"目標\"}}\n\n{{rule \"UrdFr4\"}}\n",
		"summary.md":  "---\ntitle: t\n---\n# 題\n\n{{table \"Edda\" \"Name\"}}\n",
	}
	for name, md := range books {
		if err := os.WriteFile(filepath.Join(rules, name), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := bifrost(t, "validate", "nastrond", "--lang", "en", "--src", filepath.Join(root, "cardsrc"), "--rules", filepath.Join(root, "rules"))
	rulebook, summary := filepath.Join(rules, "rulebook.md"), filepath.Join(rules, "summary.md")
	want := []string{
		rulebook + `:6: unknown card "EIN-1O1" (did you mean "EIN-101"?)`,
		rulebook + `:8: unknown sheet "Eda" (did you mean "Edda"?)`,
		rulebook + `:10: sheet Edda has no column "目標" (did you mean "目標値"?)`,
		rulebook + `:12: unknown rule "UrdFr4" (did you mean "UrdFor4"?)`,
		summary + `:6: sheet Edda has no column "Name" (did you mean "名前"?)`,
	}
	if r.code != 1 || r.stdout != strings.Join(want, "\n")+"\n" {
		t.Errorf("exit %d, stdout:\n%s\nwant 1 and:\n%s", r.code, r.stdout, strings.Join(want, "\n"))
	}
}

func TestCheck_FailsWhenABookNamesACardTheWorkbookLacks(t *testing.T) {
	t.Parallel()
	src, rules, at := renamedCard(t)
	for lang, msg := range missingEIN107 {
		r := bifrost(t, "check", "--lang", lang, "--src", src, "--rules", rules, "--out", t.TempDir())
		if r.code != 1 || !strings.Contains(r.stdout, at+": "+msg+"\n") {
			t.Errorf("--lang %s: exit %d, stdout %q; want 1 and %q", lang, r.code, r.stdout, at+": "+msg)
		}
		verdicts := map[string][]string{"ja": {"nastrond：不合格", "guardian：合格"}, "en": {"nastrond: FAILED", "guardian: ok"}}[lang]
		for _, v := range verdicts {
			if !strings.Contains(r.stderr, v+"\n") {
				t.Errorf("--lang %s: stderr lacks %q:\n%s", lang, v, r.stderr)
			}
		}
	}
}

// TestBuild_ABrokenBookStopsOnlyItself: the rulebook that names a renamed
// card is skipped, with one line naming its files and why; the cards, the
// reports, the other books and the next game are all written, and build
// exits 1.
func TestBuild_ABrokenBookStopsOnlyItself(t *testing.T) {
	t.Parallel()
	src, rules, at := renamedCard(t)
	skipped := map[string]string{
		"ja": "nastrond：rulebook.pdf、rulebook.html は書きませんでした（" + strings.Split(at, ":")[0] + " に差し込みなどのエラーが 1 件、上記）\n",
		"en": "nastrond: skipped rulebook.pdf, rulebook.html (1 error in " + strings.Split(at, ":")[0] + ", above)\n",
	}
	for lang, msg := range missingEIN107 {
		out := t.TempDir()
		r := bifrost(t, "build", "nastrond", "guardian", "--lang", lang, "--src", src, "--rules", rules, "--out", out, "--games", "10")
		if r.code != 1 || !strings.Contains(r.stdout, at+": "+msg+"\n") || !strings.Contains(r.stderr, skipped[lang]) {
			t.Errorf("--lang %s: exit %d\nstdout %q\nstderr %q\nwant 1, %q and %q", lang, r.code, r.stdout, r.stderr, at+": "+msg, skipped[lang])
		}
		for _, f := range []string{"cards.pdf", "report.json", "report.html", "summary.pdf", "summary.html", "summary-card.pdf", "designer.pdf", "designer.html"} {
			if _, err := os.Stat(filepath.Join(out, "nastrond", f)); err != nil {
				t.Errorf("--lang %s: nastrond/%s was not written: %v", lang, f, err)
			}
		}
		for _, f := range []string{"rulebook.pdf", "rulebook.html"} {
			if _, err := os.Stat(filepath.Join(out, "nastrond", f)); err == nil {
				t.Errorf("--lang %s: nastrond/%s was written from a broken book", lang, f)
			}
		}
		for _, f := range buildOutputs {
			if _, err := os.Stat(filepath.Join(out, "guardian", f)); err != nil {
				t.Errorf("--lang %s: guardian, built after nastrond, lacks %s: %v", lang, f, err)
			}
		}
	}
}

// TestBuild_AnInvalidWorkbookSaysItsGameWroteNothing: a game whose
// workbook has errors is named with why nothing of it was written, and the
// other games are built.
func TestBuild_AnInvalidWorkbookSaysItsGameWroteNothing(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "nastrond", "Edda", "目標値", 2, "abc")
	for lang, want := range map[string]string{"ja": "nastrond：ワークブックのエラー 1 件のため、何も書きませんでした\n", "en": "nastrond: wrote nothing: the workbook has 1 error\n"} {
		out := t.TempDir()
		r := bifrost(t, "build", "nastrond", "guardian", "--lang", lang, "--src", src, "--rules", booksDir, "--out", out, "--games", "10")
		if r.code != 1 || !strings.Contains(r.stderr, want) {
			t.Errorf("--lang %s: exit %d, stderr %q; want 1 and %q", lang, r.code, r.stderr, want)
		}
		if _, err := os.Stat(filepath.Join(out, "guardian", "cards.pdf")); err != nil {
			t.Errorf("--lang %s: guardian was not built: %v", lang, err)
		}
	}
}

func TestCards_OnInvalidDataSuggestsDraft(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "nastrond", "Edda", "目標値", 2, "abc")
	for lang, want := range map[string]string{"ja": "--draft を付けると", "en": "--draft prints it anyway"} {
		r := bifrost(t, "cards", "nastrond", "--lang", lang, "--src", src, "--out", t.TempDir())
		if r.code != 1 || !strings.Contains(r.stderr, want) {
			t.Errorf("--lang %s: exit %d, stderr %q; want 1 and %q", lang, r.code, r.stderr, want)
		}
		r = bifrost(t, "cards", "nastrond", "--lang", lang, "--src", src, "--out", t.TempDir(), "--draft")
		if strings.Contains(r.stderr, want) {
			t.Errorf("--lang %s --draft: the hint to add --draft is shown: %q", lang, r.stderr)
		}
	}
}
