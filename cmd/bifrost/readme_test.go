package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// readmeEcho is the typed value a problem message echoes: （入力値: 「0」） or (got "0").
var readmeEcho = regexp.MustCompile(`（入力値: 「(.*?)」）|\(got "(.*?)"\)`)

// readmeCount is a count problem: it sits on a copies cell, whose value is
// off by the difference between the two counts.
var readmeCount = regexp.MustCompile(`(\d+)枚のはずですが(\d+)枚あります`)

// readmeProblems returns the problem lines the README shows, in code spans
// or code blocks.
func readmeProblems(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			if problemLine.MatchString(line) {
				out = append(out, line)
			}
			continue
		}
		for _, span := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(line, -1) {
			if problemLine.MatchString(span[1]) {
				out = append(out, span[1])
			}
		}
	}
	return out
}

// TestReadmeInstallsTheCommandAndItsExampleProblemIsPrintedToday
// checks the README's set-up installs the command before a command line
// uses it, the README links nowhere outside the repository, and each problem
// line it shows is printed word for word by `bifrost validate` on a copy of
// the shipped workbook edited accordingly: the echoed value typed into that
// cell, or for a count problem the copies cell changed by the difference.
func TestReadmeInstallsTheCommandAndItsExampleProblemIsPrintedToday(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	_, setup, _ := strings.Cut(readme, "## Set-up")
	setup, _, _ = strings.Cut(setup, "\n## ")
	install := strings.Index(setup, "go install ./cmd/bifrost")
	use := regexp.MustCompile("(?m)^bifrost ").FindStringIndex(setup)
	if install < 0 || !strings.Contains(setup, "go build -o bifrost ./cmd/bifrost") || use == nil || use[0] < install {
		t.Errorf("the README's set-up must show `go install ./cmd/bifrost` and `go build -o bifrost ./cmd/bifrost` before a `bifrost …` command line")
	}
	if m := regexp.MustCompile(`https?://\S+`).FindString(readme); m != "" {
		t.Errorf("the README links outside the repository: %s", m)
	}
	lines := readmeProblems(t)
	if len(lines) == 0 {
		t.Fatal("the README shows no problem line")
	}
	for _, line := range lines {
		m := problemLine.FindStringSubmatch(line)
		file, sheet, cell, msg := m[1], m[2], m[3], m[4]
		game := strings.TrimSuffix(filepath.Base(file), ".xlsx")
		src := copySrc(t)
		lang := "ja"
		if echo := readmeEcho.FindStringSubmatch(msg); echo != nil {
			value := echo[1]
			if echo[0][0] == '(' {
				value, lang = echo[2], "en"
			}
			edit(t, src, game, func(f *excelize.File) error { return f.SetCellValue(sheet, cell, value) })
		} else if count := readmeCount.FindStringSubmatch(msg); count != nil {
			want, got := atoi(t, count[1]), atoi(t, count[2])
			edit(t, src, game, func(f *excelize.File) error {
				v, err := f.GetCellValue(sheet, cell)
				if err != nil {
					return err
				}
				return f.SetCellValue(sheet, cell, atoi(t, v)+got-want)
			})
		} else {
			t.Errorf("README problem %q echoes no typed value and is no count, so no test can reproduce it", line)
			continue
		}
		r := bifrost(t, "validate", "--src", src, "--lang", lang, game)
		want := filepath.Join(src, game+".xlsx") + ": " + sheet + "!" + cell + ": " + msg
		if !strings.Contains(r.stdout, want+"\n") {
			t.Errorf("README shows\n  %s\nbut after the edit validate prints\n%s", line, r.stdout)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
