package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/schema"
)

func TestCardsRulebookAndBuildListWhatTheyWrote(t *testing.T) {
	t.Parallel()
	src, out := copySrc(t), t.TempDir()
	r := bifrost(t, "cards", "guardian", "--src", src, "--out", out, "--lang", "ja")
	pdf := filepath.Join(out, "guardian", "cards.pdf")
	if r.code != 0 {
		t.Fatalf("cards: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	pages := pdfPages(t, pdf)
	for _, want := range []string{pdf + "（" + pages + " ページ）\n", "guardian：1 個のファイルを書き出しました（PDF 1 個・計 " + pages + " ページ）\n"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("cards: stderr lacks %q:\n%s", want, r.stderr)
		}
	}

	r = bifrost(t, "rulebook", "guardian", "--src", src, "--out", out, "--rules", "../../rules", "--format", "html", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("rulebook: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, book := range books.Names {
		want := regexp.MustCompile("(?m)^" + regexp.QuoteMeta(filepath.Join(out, "guardian", book+".html")) + ` \(\d+ KB\)$`)
		if !want.MatchString(r.stderr) {
			t.Errorf("rulebook: no line matching %s in:\n%s", want, r.stderr)
		}
	}
	if want := regexp.MustCompile(`(?m)^guardian: wrote 3 files \(3 other files, \d+ KB\)$`); !want.MatchString(r.stderr) {
		t.Errorf("rulebook: no summary matching %s in:\n%s", want, r.stderr)
	}

	r = bifrost(t, "build", "guardian", "--src", src, "--out", out, "--rules", "../../rules", "--games", "20", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, name := range []string{"rulebook.pdf", "designer.html", "cards.pdf", "report.json", "report.html"} {
		if !regexp.MustCompile("(?m)^" + regexp.QuoteMeta(filepath.Join(out, "guardian", name)) + ` \(\d+ (pages?|KB)\)$`).MatchString(r.stderr) {
			t.Errorf("build: %s not listed with its pages or size:\n%s", name, r.stderr)
		}
	}
	pdfs := len(regexp.MustCompile(`(?m)\.pdf \(\d+ pages?\)$`).FindAllString(r.stderr, -1))
	others := len(regexp.MustCompile(`(?m)\.\w+ \(\d+ KB\)$`).FindAllString(r.stderr, -1))
	if want := regexp.MustCompile(fmt.Sprintf(`(?m)^guardian: wrote %d files \(%d PDFs, \d+ pages in all; %d other files, \d+ KB\)$`, pdfs+others, pdfs, others)); pdfs < 4 || others < 5 || !want.MatchString(r.stderr) {
		t.Errorf("build: no summary matching %s in:\n%s", want, r.stderr)
	}
}

// TestListedCountsAgreeWithTheirNouns: a PDF of one page is listed as
// "(1 page)", one file as "wrote 1 file", in English; Japanese counts take
// one form for any number.
func TestListedCountsAgreeWithTheirNouns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	one, two, other := filepath.Join(dir, "one.pdf"), filepath.Join(dir, "two.pdf"), filepath.Join(dir, "a.json")
	os.WriteFile(one, []byte("%PDF /Type /Page"), 0o644)
	os.WriteFile(two, []byte("%PDF /Type /Page /Type /Page"), 0o644)
	os.WriteFile(other, []byte("{}"), 0o644)
	for _, tt := range []struct {
		lang  string
		paths []string
		want  []string
	}{
		{"en", []string{one}, []string{one + " (1 page)\n", "g: wrote 1 file (1 PDF, 1 page in all)\n"}},
		{"en", []string{one, two, other}, []string{one + " (1 page)\n", two + " (2 pages)\n", "g: wrote 3 files (2 PDFs, 3 pages in all; 1 other file, 2 B)\n"}},
		{"ja", []string{one}, []string{one + "（1 ページ）\n", "g：1 個のファイルを書き出しました（PDF 1 個・計 1 ページ）\n"}},
		{"ja", []string{one, two, other}, []string{two + "（2 ページ）\n", "g：3 個のファイルを書き出しました（PDF 2 個・計 3 ページ、ほか 1 個・2 B）\n"}},
	} {
		var out strings.Builder
		wrote.List(&out, schema.NewLang(tt.lang), "g", tt.paths)
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("--lang %s, %d files: no %q in:\n%s", tt.lang, len(tt.paths), w, out.String())
			}
		}
	}
}

// TestCountsHaveAnEnglishSingularAndOneJapaneseForm: the CLI says
// "1 error, 2 errors" in English and 「1 件、2 件」 in Japanese.
func TestCountsHaveAnEnglishSingularAndOneJapaneseForm(t *testing.T) {
	t.Parallel()
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	if got := (problems.NErrors.Of(1)).In(en) + ", " + (problems.NErrors.Of(2)).In(en); got != "1 error, 2 errors" {
		t.Errorf("English counts: %q", got)
	}
	if got := (problems.NErrors.Of(1)).In(ja) + "、" + (problems.NErrors.Of(2)).In(ja); got != "1 件、2 件" {
		t.Errorf("Japanese counts: %q", got)
	}
}
