package book

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// glossaryBook is a book of several pages using two glossary terms, with
// its glossary and index at the end.
func glossaryBook(t *testing.T) string {
	t.Helper()
	var md strings.Builder
	md.WriteString("---\ntitle: 用語\n---\n# 本文\n\n")
	filler := strings.Repeat("これは長い本文の行で、ページを埋めるために書いています。", 4)
	for i := range 12 {
		switch i {
		case 1:
			md.WriteString("盤面の輪を**階層**と呼びます。" + filler + "\n\n")
		case 3:
			md.WriteString("**ウルズ**は自分の色のカードです。階層には" + filler + "\n\n")
		case 7:
			md.WriteString("ここでも**ウルズ**を数えます。" + filler + "\n\n")
		default:
			md.WriteString(filler + "\n\n")
		}
		if i%3 == 2 {
			md.WriteString("## 節" + strconv.Itoa(i) + "\n\n" + strings.Repeat(filler+"\n\n", 4))
		}
	}
	md.WriteString("# 用語集\n\n{{glossary}}\n\n# 索引\n\n{{index}}\n")
	d := Data{Glossary: []Term{{Term: "ウルズ", Text: "自分の色のカード。"}, {Term: "階層", Reading: "かいそう", Text: "盤面の輪。"}}}
	out, err := Expand("rulebook.md", md.String(), d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGlossaryTermsLinkToTheirFirstDefinition(t *testing.T) {
	md := glossaryBook(t)
	// Only the first bold use of ウルズ is its definition.
	if n := strings.Count(md, "[**ウルズ**]("+TermDef+"0)"); n != 1 {
		t.Errorf("ウルズ marked as defined %d times, want 1", n)
	}
	if !strings.Contains(md, "ここでも**ウルズ**を") {
		t.Error("the second bold ウルズ was marked too")
	}
	r := typesetT(t, md)
	defPage := map[int]int{}
	linkPage := map[int]int{}
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind == opTermDef && defPage[o.ref] == 0 {
				defPage[o.ref] = pg.num
			}
			if o.kind == opTermLink {
				linkPage[o.ref] = pg.num
			}
		}
	}
	for n, term := range map[int]string{1: "ウルズ", 2: "階層"} {
		// The definition is where the term first stands in bold.
		want := 0
		for _, pg := range r.pages {
			for _, o := range pg.ops {
				if want == 0 && o.kind == opText && o.bold && strings.Contains(o.s, term) && pg.num > 2 {
					want = pg.num
				}
			}
		}
		if defPage[n] != want || want == 0 {
			t.Errorf("%s: defined on page %d, first in bold on page %d", term, defPage[n], want)
		}
		if linkPage[n] == 0 || linkPage[n] <= defPage[n] {
			t.Errorf("%s: glossary link on page %d, definition on %d", term, linkPage[n], defPage[n])
		}
	}
	var pdf bytes.Buffer
	if err := PDF(&pdf, []byte(md), stubCards); err != nil {
		t.Fatal(err)
	}
	// Each term's link is an internal link annotation (a /Dest, not a URI).
	if n := bytes.Count(pdf.Bytes(), []byte("/Subtype /Link")); n < 2 {
		t.Errorf("%d link annotations", n)
	}
	var html bytes.Buffer
	if err := HTML(&html, []byte(md), nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<span class="def" id="def-0"><strong>ウルズ</strong></span>`, `<a href="#def-0">ウルズ</a>`, `<a href="#def-1"><ruby>階層`} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("HTML lacks %s", want)
		}
	}
}

func TestIndexGivesEveryPageOfEachTerm(t *testing.T) {
	var pdf bytes.Buffer
	if err := PDF(&pdf, []byte(glossaryBook(t)), stubCards); err != nil {
		t.Fatal(err)
	}
	pages := strings.Split(pdftotext(t, pdf.Bytes(), "-layout"), "\f")
	glossary := slices.IndexFunc(pages, func(p string) bool {
		return strings.Contains(p, "用語集") && strings.Contains(p, "自分の色のカード。")
	})
	if glossary < 0 {
		t.Fatal("no glossary page")
	}
	last := strings.Join(pages[glossary:], "\n")
	for _, term := range []string{"ウルズ", "階層"} {
		var want []string
		for i, p := range pages[:glossary] {
			if i >= 2 && strings.Contains(strings.ReplaceAll(p, " ", ""), term) { // past the title page and contents
				want = append(want, strconv.Itoa(i+1))
			}
		}
		m := regexp.MustCompile(term+`\s+([0-9, ]+)`).FindAllStringSubmatch(last, -1)
		if len(m) == 0 {
			t.Errorf("index has no entry for %s", term)
			continue
		}
		got := strings.Fields(strings.ReplaceAll(m[len(m)-1][1], ",", " "))
		if fmt.Sprint(got) != fmt.Sprint(want) || len(want) < 2 {
			t.Errorf("index gives %s on pages %v, the text has it on %v", term, got, want)
		}
	}
}
