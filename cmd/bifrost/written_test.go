package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestCardsRulebookAndBuildListWhatTheyWrote(t *testing.T) {
	src, out := copySrc(t), t.TempDir()
	r := bifrost(t, "cards", "guardian", "--src", src, "--out", out, "--lang", "ja")
	pdf := filepath.Join(out, "guardian", "cards.pdf")
	if r.code != 0 {
		t.Fatalf("cards: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	pages := pdfPages(t, pdf)
	for _, want := range []string{pdf + "（" + pages + "ページ）\n", "guardian：1 個のファイルを書き出しました（PDF 1 個・計 " + pages + " ページ）\n"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("cards: stderr lacks %q:\n%s", want, r.stderr)
		}
	}

	r = bifrost(t, "rulebook", "guardian", "--src", src, "--out", out, "--rules", "../../rules", "--format", "html", "--lang", "en")
	if r.code != 0 {
		t.Fatalf("rulebook: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, book := range books {
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
		if !regexp.MustCompile("(?m)^" + regexp.QuoteMeta(filepath.Join(out, "guardian", name)) + ` \(\d+ (pages|KB)\)$`).MatchString(r.stderr) {
			t.Errorf("build: %s not listed with its pages or size:\n%s", name, r.stderr)
		}
	}
	pdfs := len(regexp.MustCompile(`(?m)\.pdf \(\d+ pages\)$`).FindAllString(r.stderr, -1))
	others := len(regexp.MustCompile(`(?m)\.\w+ \(\d+ KB\)$`).FindAllString(r.stderr, -1))
	if want := regexp.MustCompile(fmt.Sprintf(`(?m)^guardian: wrote %d files \(%d PDFs, \d+ pages in all; %d other files, \d+ KB\)$`, pdfs+others, pdfs, others)); pdfs < 4 || others < 5 || !want.MatchString(r.stderr) {
		t.Errorf("build: no summary matching %s in:\n%s", want, r.stderr)
	}
}
