package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/layout"
)

// snapshot lists every file under dir with its size and time, to prove a
// command wrote nothing there.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		out = append(out, fmt.Sprintf("%s %d %s", p, info.Size(), info.ModTime()))
		return nil
	})
	return out
}

func pdfPages(t *testing.T, path string) string {
	t.Helper()
	needTool(t, "pdfinfo", "poppler-utils")
	out, err := exec.Command("pdfinfo", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v\n%s", path, err, out)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("pdfinfo: no page count\n%s", out)
	}
	return m[1]
}

func TestCards_WritesThePDFAndNothingUnderSrc(t *testing.T) {
	t.Parallel()
	src, out := copySrc(t), t.TempDir()
	before := snapshot(t, src)
	r := bifrost(t, "cards", "valkyrie", "--src", src, "--out", out)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	path := filepath.Join(out, "valkyrie", "cards.pdf")
	data, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("no PDF at %s: %v", path, err)
	}
	if strings.TrimSpace(r.stdout) != path {
		t.Errorf("stdout %q, want the path written", r.stdout)
	}
	if after := snapshot(t, src); !slices.Equal(before, after) {
		t.Errorf("the --src folder changed:\nbefore %v\nafter  %v", before, after)
	}
	again := bifrost(t, "cards", "valkyrie", "--src", src, "--out", out)
	data2, _ := os.ReadFile(path)
	if again.code != 0 || !bytes.Equal(data, data2) {
		t.Error("a second build gave different bytes")
	}
	leftovers, _ := filepath.Glob(filepath.Join(out, "valkyrie", ".*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestCards_OnlyAndLetterPaper(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	r := bifrost(t, "cards", "nastrond", "--src", shippedSrc, "--out", out, "--only", "VAL-R,NID", "--paper", "letter")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	path := filepath.Join(out, "nastrond", "cards.pdf")
	data, _ := os.ReadFile(path)
	if !bytes.Contains(data, []byte("/MediaBox [0 0 612.00 792.00]")) {
		t.Error("the pages are not Letter size")
	}
	// The Valkyria's card, her VP marker and her pawn standee (a sheet each,
	// at their sizes) and the Nidhogg card: each a face and a back page.
	if got := pdfPages(t, path); got != "8" {
		t.Errorf("%s pages, want 8", got)
	}
}

func TestCards_PerCardReplacesTheFolder(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	dir := filepath.Join(out, "bloodrage", "cards")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "AIBoard-GONE.pdf"), []byte("old"), 0o644)
	r := bifrost(t, "cards", "bloodrage", "--src", shippedSrc, "--out", out, "--per-card")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	want := []string{"AIBoard-BEAR.pdf", "AIBoard-SERPENT.pdf", "AIBoard-WOLF.pdf", "Draft-Draft.pdf",
		"Marker-BEAR.pdf", "Marker-SERPENT.pdf", "Marker-WOLF.pdf", "Pillage-Pillage.pdf"}
	if !slices.Equal(names, want) {
		t.Errorf("per-card files %v, want %v", names, want)
	}
	if _, err := os.Stat(filepath.Join(out, "bloodrage", "cards.pdf")); err == nil {
		t.Error("--per-card also wrote cards.pdf")
	}
}

func TestCards_UsageErrorsExit2(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"cards"}, "wrong number of arguments (want 1, got 0)"},
		{[]string{"cards", "chess", "--src", src}, `unknown game "chess"`},
		{[]string{"cards", "valkyrie", "--src", src, "--paper", "b5"}, `unknown paper "b5"`},
		{[]string{"cards", "valkyrie", "--src", src, "--out", t.TempDir(), "--only", "A01,NOPE"}, "valkyrie has no card NOPE"},
		{[]string{"cards", "valkyrie", "--src", src, "--out", filepath.Join(src, "out")}, "refusing to write inside the source folder --src"},
		{[]string{"cards", "valkyrie", "--src", t.TempDir()}, "no such workbook"},
		{[]string{"cards", "valkyrie", "--src", src, "--out", t.TempDir(), "--png", filepath.Join(src, "png")}, "refusing to write inside the source folder --src"},
		{[]string{"cards", "valkyrie", "--src", src, "--out", t.TempDir(), "--png", t.TempDir(), "--dpi", "5000"}, "--dpi 5000 is outside 1–2400"},
		{[]string{"cards", "valkyrie", "--src", src, "--out", t.TempDir(), "--per-card", "--cut-svg", t.TempDir()}, "--per-card prints no sheets"},
	} {
		r := bifrost(t, tt.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(src, "out")); err == nil {
		t.Error("something was written under --src")
	}
}

func TestCards_DataProblemsExit1AndPrintNothing(t *testing.T) {
	t.Parallel()
	src, out := copySrc(t), t.TempDir()
	breakCell(t, src, "nastrond", "Edda", "目標値", 2, 0)
	r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--lang", "en")
	if r.code != 1 || !strings.Contains(r.stdout, "Edda!") {
		t.Errorf("exit %d, stdout %q; want 1 and the problem", r.code, r.stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "nastrond", "cards.pdf")); err == nil {
		t.Error("a PDF was written for a workbook with problems")
	}
}

// TestValidate_TextTooLongForItsCardIsAProblemAtItsCell: printing problems
// are validation problems, at the workbook cell.
func TestValidate_TextTooLongForItsCardIsAProblemAtItsCell(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "valkyrie", "Valkyrie", "テキスト", 2, strings.Repeat("カードを1枚引き、", 30)+"手札を見る。")
	r := bifrost(t, "validate", "valkyrie", "--src", src, "--lang", "en")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s", r.code, r.stdout)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 1 || !problemLine.MatchString(lines[0]) || !strings.Contains(lines[0], "Valkyrie!") ||
		!strings.Contains(lines[0], "does not fit its box even at the minimum") {
		t.Errorf("stdout:\n%s\nwant one problem line about the text that does not fit", r.stdout)
	}
}

// TestValidate_CharacterTheFontLacksIsAProblem covers both kinds of
// unprintable character.
func TestValidate_CharacterTheFontLacksIsAProblem(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	breakCell(t, src, "guardian", "Guardian", "名前", 2, "𠮷野の龘")
	r := bifrost(t, "validate", "guardian", "--src", src, "--lang", "en")
	if r.code != 1 || !strings.Contains(r.stdout, "U+20BB7") || !strings.Contains(r.stdout, "U+9F98") || !strings.Contains(r.stdout, "Guardian!B2") {
		t.Errorf("exit %d\n%s; want both characters reported at Guardian!B2", r.code, r.stdout)
	}
}

// TestCards_LayoutBesideTheWorkbooksIsUsed: a layout/<game>.yaml next to
// the workbook folder is read, and its errors carry file and line.
func TestCards_LayoutBesideTheWorkbooksIsUsed(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	src := filepath.Join(root, "cardsrc")
	os.Rename(copySrc(t), src)
	_, data, _ := layout.Builtin("nastrond")
	bad := strings.Replace(string(data), "\nkinds:\n", "\nkinds_typo: 1\nkinds:\n", 1)
	line := strings.Count(bad[:strings.Index(bad, "kinds_typo")], "\n") + 1
	os.MkdirAll(filepath.Join(root, "layout"), 0o755)
	os.WriteFile(filepath.Join(root, "layout", "nastrond.yaml"), []byte(bad), 0o644)
	r := bifrost(t, "cards", "nastrond", "--src", src, "--out", t.TempDir(), "--lang", "en")
	want := filepath.Join(root, "layout", "nastrond.yaml") + ":" + strconv.Itoa(line) + `: unknown key "kinds_typo"`
	if r.code != 1 || strings.TrimSpace(r.stdout) != want {
		t.Errorf("exit %d, stdout %q; want 1 and %q", r.code, r.stdout, want)
	}
}

// TestChangedSinceNeverOverwritesTheFullDeck: cards
// --changed-since writes the partial deck to cards-changed.pdf (or the
// --output name) and leaves the full deck in cards.pdf untouched.
func TestChangedSinceNeverOverwritesTheFullDeck(t *testing.T) {
	t.Parallel()
	needTool(t, "git", "git")
	_, src := committedWorkbook(t, "nastrond")
	out := t.TempDir()
	if r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("full deck: exit %d: %s", r.code, r.stderr)
	}
	full := filepath.Join(out, "nastrond", "cards.pdf")
	before, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	edit(t, src, "nastrond", func(f *excelize.File) error { return setByHeader(f, "Edda", "目標値", 3, 33) })
	r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--changed-since", "HEAD")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if after, err := os.ReadFile(full); err != nil || !bytes.Equal(before, after) {
		t.Errorf("--changed-since touched the full deck cards.pdf (err %v)", err)
	}
	changed := filepath.Join(out, "nastrond", "cards-changed.pdf")
	if !strings.Contains(r.stdout, changed) {
		t.Errorf("stdout %q does not name %s", r.stdout, changed)
	}
	if got, all := pdfPages(t, changed), pdfPages(t, full); got != "2" || all == "2" {
		t.Errorf("cards-changed.pdf has %s pages (the full deck %s), want the one changed card's face and back", got, all)
	}
	r = bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--changed-since", "HEAD", "--output", "edda-fix.pdf")
	if _, err := os.Stat(filepath.Join(out, "nastrond", "edda-fix.pdf")); r.code != 0 || err != nil {
		t.Errorf("--output edda-fix.pdf: exit %d, %v: %s", r.code, err, r.stderr)
	}
	if r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--output", "../x.pdf"); r.code != 2 {
		t.Errorf("--output with a folder: exit %d, want 2", r.code)
	}
}

// TestDraftPrintsAnInvalidDeckMarkedAndExitsOne: with an error in
// one Edda row, cards refuses to print; with --draft it prints the whole
// deck, the invalid card's face carries a DRAFT band naming the problem's
// cell, the other cards none, and the exit code is still 1.
func TestDraftPrintsAnInvalidDeckMarkedAndExitsOne(t *testing.T) {
	t.Parallel()
	src, out := copySrc(t), t.TempDir()
	var id string
	edit(t, src, "nastrond", func(f *excelize.File) error {
		var err error
		if id, err = getByHeader(f, "Edda", "ID", 3); err != nil {
			return err
		}
		return setByHeader(f, "Edda", "目標値", 3, "たくさん")
	})
	if r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out); r.code != 1 {
		t.Fatalf("an invalid deck without --draft: exit %d, want 1", r.code)
	}
	pdf := filepath.Join(out, "nastrond", "cards.pdf")
	if _, err := os.Stat(pdf); err == nil {
		t.Fatal("an invalid deck was printed without --draft")
	}
	r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out, "--draft")
	if r.code != 1 {
		t.Errorf("--draft: exit %d, want 1 so that CI still fails: %s", r.code, r.stderr)
	}
	needTool(t, "pdftotext", "poppler-utils")
	all, err := exec.Command("pdftotext", "-raw", pdf, "-").Output() // -raw: the band is rotated
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(all)), "")
	if n := strings.Count(text, "DRAFT"); n != 1 {
		t.Errorf("%d DRAFT bands, want 1 (the one invalid card, printed once)", n)
	}
	if !strings.Contains(text, "Edda!") || !strings.Contains(text, id) {
		t.Errorf("the deck lacks the invalid card %s or its problem's cell:\n%.400s", id, text)
	}
}

// pageTexts is the text layer of each page of pdf (pdftotext -raw), with
// all white space removed.
func pageTexts(t *testing.T, pdf string) []string {
	t.Helper()
	pages, _ := strconv.Atoi(pdfPages(t, pdf))
	texts := make([]string, pages)
	for p := 1; p <= pages; p++ {
		raw, err := exec.Command("pdftotext", "-raw", "-f", strconv.Itoa(p), "-l", strconv.Itoa(p), pdf, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		texts[p-1] = strings.Join(strings.Fields(string(raw)), "")
	}
	return texts
}

// stampedTwice prints guardian's cards from src into out twice and checks
// that stamp is on every face page and on no back, and that the rebuild
// gives the same bytes. It returns the pages' texts.
func stampedTwice(t *testing.T, src, out, stamp string) []string {
	t.Helper()
	if r := bifrost(t, "cards", "guardian", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	pdf := filepath.Join(out, "guardian", "cards.pdf")
	first, _ := os.ReadFile(pdf)
	texts := pageTexts(t, pdf)
	for i, text := range texts {
		p := i + 1
		n := strings.Count(text, stamp)
		if face := p%2 == 1; face && n == 0 || !face && n != 0 {
			t.Errorf("page %d (face %v) has the stamp %s %d times", p, face, stamp, n)
		}
	}
	if r := bifrost(t, "cards", "guardian", "--src", src, "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if again, _ := os.ReadFile(pdf); !bytes.Equal(first, again) {
		t.Error("a rebuild from the same workbook differs")
	}
	return texts
}

// TestEveryFaceCarriesAVersionStamp: outside git the stamp is the
// workbook's SHA-256 prefix, on every face and on no back; a rebuild gives
// the same bytes; in git it is the short hash and date of the workbook's
// last commit, and an uncommitted change falls back to the content hash.
func TestEveryFaceCarriesAVersionStamp(t *testing.T) {
	t.Parallel()
	needTool(t, "pdftotext", "poppler-utils")
	src, out := copySrc(t), t.TempDir()
	book := filepath.Join(src, "guardian.xlsx")
	data, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	stampedTwice(t, src, out, "data"+hex.EncodeToString(sum[:5]))
	pdf := filepath.Join(out, "guardian", "cards.pdf")

	needTool(t, "git", "git")
	repo := filepath.Dir(src)
	gitCommit(t, repo)
	head, err := exec.Command("git", "-C", repo, "log", "-1", "--format=%h%cs").Output()
	if err != nil {
		t.Fatal(err)
	}
	stamps := func() string {
		if r := bifrost(t, "cards", "guardian", "--src", src, "--out", out, "--only", "G01"); r.code != 0 {
			t.Fatal(r.stderr)
		}
		raw, err := exec.Command("pdftotext", "-raw", pdf, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(string(raw)), "")
	}
	if got := stamps(); !strings.Contains(got, "git"+strings.TrimSpace(string(head))) {
		t.Errorf("in git the stamp should be git %s", head)
	}
	edit(t, src, "guardian", func(f *excelize.File) error {
		return setByHeader(f, "Guardian", "フレーバー", 2, "新しい一文")
	})
	if got := stamps(); strings.Contains(got, "git") || !strings.Contains(got, "data") {
		t.Error("an uncommitted change should be stamped with the content hash, not the last commit")
	}
}

// build prints cards.pdf on the paper, margin and gutter that cards takes:
// Letter pages, a wider margin that holds fewer cards a sheet (so more
// pages), and a paper it does not know refused before anything is played.
func TestBuildPrintsCardsOnThePaperAndMarginAsked(t *testing.T) {
	t.Parallel()
	pages := func(args ...string) string {
		t.Helper()
		out := t.TempDir()
		r := bifrost(t, append([]string{"build", "valkyrie", "--src", shippedSrc, "--out", out, "--games", "10"}, args...)...)
		if r.code != 0 {
			t.Fatalf("build %v: exit %d\n%s", args, r.code, r.stderr)
		}
		path := filepath.Join(out, "valkyrie", "cards.pdf")
		data, _ := os.ReadFile(path)
		if letter := bytes.Contains(data, []byte("/MediaBox [0 0 612.00 792.00]")); letter != slices.Contains(args, "letter") {
			t.Errorf("build %v: Letter pages %v", args, letter)
		}
		return pdfPages(t, path)
	}
	plain, wide := pages(), pages("--margin", "40")
	if a, _ := strconv.Atoi(plain); a == 0 {
		t.Fatalf("no pages: %q", plain)
	} else if b, _ := strconv.Atoi(wide); b <= a {
		t.Errorf("a 40 mm margin gives %s pages, the default %s: want more", wide, plain)
	}
	pages("--paper", "letter")
	if r := bifrost(t, "build", "valkyrie", "--src", shippedSrc, "--out", t.TempDir(), "--paper", "b5"); r.code != 2 || !strings.Contains(r.stderr, "b5") {
		t.Errorf("--paper b5: exit %d, %q", r.code, r.stderr)
	}
}
