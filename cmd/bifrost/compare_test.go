package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules"
	"bifrost/rules/sim"
)

type comparisons struct {
	Comparisons []sim.Comparison `json:"comparisons"`
}

func compareJSON(t *testing.T, args ...string) comparisons {
	t.Helper()
	r := bifrost(t, append([]string{"compare", "--format", "json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("compare %v: exit %d: %s", args, r.code, r.stderr)
	}
	var c comparisons
	if err := json.Unmarshal([]byte(r.stdout), &c); err != nil {
		t.Fatalf("compare --format json: %v\n%s", err, r.stdout)
	}
	return c
}

// strengthen copies the shipped valkyrie workbook and makes card id worth
// vp victory points, returning the copy's path.
func strengthen(t *testing.T, id string, vp int) string {
	t.Helper()
	src := copySrc(t)
	edit(t, src, "valkyrie", func(f *excelize.File) error {
		row, err := rowWhere(f, "Valkyrie", "ID", id)
		if err != nil {
			return err
		}
		return setByHeader(f, "Valkyrie", "VP", row, vp)
	})
	return filepath.Join(src, "valkyrie.xlsx")
}

func TestCompare_SameWorkbookHasNoSignificantChange(t *testing.T) {
	shipped := filepath.Join(shippedSrc, "valkyrie.xlsx")
	c := compareJSON(t, shipped, shipped, "--games", "300")
	if len(c.Comparisons) != 1 || c.Comparisons[0].Paired == 0 {
		t.Fatalf("want one comparison with paired games, got %+v", c)
	}
	for _, m := range c.Comparisons[0].Measures {
		if m.Significant || m.Diff != 0 {
			t.Errorf("same workbook, yet %+v", m)
		}
	}
	for _, cc := range c.Comparisons[0].Cards {
		if cc.Significant {
			t.Errorf("same workbook, yet card %+v", cc)
		}
	}
	r := bifrost(t, "compare", shipped, shipped, "--games", "100", "--lang", "ja")
	if r.code != 0 || !strings.Contains(r.stdout, "有意な変化はありません") {
		t.Errorf("text: exit %d\n%s", r.code, r.stdout)
	}
}

func TestCompare_AFarStrongerCardIsFoundFirst(t *testing.T) {
	shipped := filepath.Join(shippedSrc, "valkyrie.xlsx")
	stronger := strengthen(t, "A10", 10)
	c := compareJSON(t, shipped, stronger, "--games", "600")
	cards := c.Comparisons[0].Cards
	if len(cards) == 0 || cards[0].ID != "A10" || !cards[0].Significant {
		t.Fatalf("want A10 first and significant, got %+v", cards[:min(3, len(cards))])
	}
	for _, format := range []string{"text", "markdown", "html"} {
		r := bifrost(t, "compare", shipped, stronger, "--games", "600", "--format", format, "--lang", "ja")
		if r.code != 0 || !strings.Contains(r.stdout, "A10") {
			t.Errorf("--format %s: exit %d, A10 missing:\n%s", format, r.code, r.stdout)
		}
	}
}

func TestCompare_BaseRevisionComparesTheWorkingWorkbook(t *testing.T) {
	needTool(t, "git", "git")
	_, src := committedWorkbook(t, "valkyrie")
	stronger, err := os.ReadFile(strengthen(t, "A10", 10))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "valkyrie.xlsx"), stronger, 0o644); err != nil {
		t.Fatal(err)
	}
	c := compareJSON(t, "--base", "HEAD", "--src", src, "valkyrie", "--games", "600")
	if len(c.Comparisons) != 1 || len(c.Comparisons[0].Cards) == 0 || c.Comparisons[0].Cards[0].ID != "A10" {
		t.Errorf("--base HEAD: want A10 first, got %d comparisons", len(c.Comparisons))
	}
	if r := bifrost(t, "compare", "--base", "no-such-rev", "--src", src, "valkyrie"); r.code != 2 {
		t.Errorf("unknown revision: exit %d, want 2", r.code)
	}
}

// BenchmarkCompare_Nastrond3000Greedy is the paired comparison of 2 × 3000
// nastrond games with greedy bots, from the workbooks to the comparison.
func BenchmarkCompare_Nastrond3000Greedy(b *testing.B) {
	shipped := filepath.Join(shippedSrc, "nastrond.xlsx")
	b.ReportAllocs()
	for b.Loop() {
		var out, errb bytes.Buffer
		cmd := newRootCmd(&out, &errb, []string{"compare", shipped, shipped, "--games", "3000", "--format", "json"}, rules.All())
		if err := cmd.Execute(); err != nil {
			b.Fatal(err, errb.String())
		}
	}
}

func TestCompare_EveryGameAgainstItselfHasNoSignificantChange(t *testing.T) {
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		shipped := filepath.Join(shippedSrc, game+".xlsx")
		c := compareJSON(t, shipped, shipped, "--games", "60")
		if len(c.Comparisons) != 1 || c.Comparisons[0].Game != game || c.Comparisons[0].Paired == 0 {
			t.Fatalf("%s: want one comparison with paired games, got %+v", game, c.Comparisons)
		}
		for _, m := range c.Comparisons[0].Measures {
			if m.Significant {
				t.Errorf("%s against itself: %+v", game, m)
			}
		}
	}
}
