package book

import (
	"fmt"
	"strings"
	"testing"
)

// pageOf is the page of the last text op holding s.
func pageOf(t *testing.T, r *typesetter, s string) int {
	t.Helper()
	p, _, ok := findText(r, s)
	if !ok {
		t.Fatalf("%q not drawn", s)
	}
	return p
}

func TestSmallTablesAndExampleBoxesNeverSplit(t *testing.T) {
	table := "| 名前 | 値 |\n|---|---|\n"
	for i := range 6 {
		table += fmt.Sprintf("| 小表%d | %d |\n", i, i)
	}
	quote := "> **例：**\n>\n" + strings.Repeat("> 例の本文の行です。\n>\n", 5) + "> 例の終わり。\n"
	moved := 0
	for k := 18; k < 40; k++ {
		md := "# 章\n\n" + strings.Repeat("本文の行です。\n\n", k) + "表の前の行：\n\n" + table + "\n" + strings.Repeat("本文の行です。\n\n", k%7) + quote
		r := typesetT(t, md)
		first, last := pageOf(t, r, "小表0"), pageOf(t, r, "小表5")
		if first != last {
			t.Errorf("k=%d: a 6-row table split over pages %d and %d", k, first, last)
		}
		if qa, qb := pageOf(t, r, "例："), pageOf(t, r, "例の終わり。"); qa != qb {
			t.Errorf("k=%d: an example box split over pages %d and %d", k, qa, qb)
		}
		if lead := pageOf(t, r, "表の前の行："); lead != first {
			t.Errorf("k=%d: the line before the table is on page %d, the table on page %d", k, lead, first)
		}
		if _, h, _ := findText(r, "表の前の行："); h.y < r.g.top+10 {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no case moved the table to a new page: the test does not reach the page bottom")
	}
}

func TestLongTablesLeaveNoOneOrTwoRowsAlone(t *testing.T) {
	table := "| 名前 | 値 |\n|---|---|\n"
	for i := range 30 {
		table += fmt.Sprintf("| 行%02d | %d |\n", i, i)
	}
	for k := 10; k < 40; k++ {
		r := typesetT(t, "# 章\n\n"+strings.Repeat("本文の行です。\n\n", k)+table)
		perPage := map[int]int{}
		for i := range 30 {
			perPage[pageOf(t, r, fmt.Sprintf("行%02d", i))]++
		}
		if len(perPage) < 2 {
			continue
		}
		for p, n := range perPage {
			if n < 3 {
				t.Errorf("k=%d: page %d holds %d rows of the table alone", k, p, n)
			}
		}
	}
}

func TestQuestionStaysWithItsAnswer(t *testing.T) {
	qa := "**Q.** 最後の問いですか。\n\n**A.** はい、最後の答えです。\n"
	for k := range 40 {
		r := typesetT(t, "# 章\n\n"+strings.Repeat("本文の行です。\n\n", k)+qa)
		if q, a := pageOf(t, r, "最後の問い"), pageOf(t, r, "最後の答え"); q != a {
			t.Errorf("k=%d: the question is on page %d, its answer on page %d", k, q, a)
		}
	}
}

func TestLineBeforeAnExampleBoxGoesWithIt(t *testing.T) {
	box := "> **例1：手番**\n>\n" + strings.Repeat("> 例の本文の行です。\n>\n", 3) + "> 例の終わり。\n"
	for k := range 40 {
		r := typesetT(t, "# 章\n\n"+strings.Repeat("本文の行です。\n\n", k)+"例の前の行です。\n\n"+box)
		if lead, first := pageOf(t, r, "例の前の行です。"), pageOf(t, r, "例1：手番"); lead != first {
			t.Errorf("k=%d: the line before the example box is on page %d, the box on page %d", k, lead, first)
		}
	}
}
