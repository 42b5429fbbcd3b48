package book

import (
	"bytes"
	"encoding/xml"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"bifrost/layout/text"
)

// bboxWord is one word of pdftotext -bbox-layout, in points from the top.
type bboxWord struct {
	XMin float64 `xml:"xMin,attr"`
	YMin float64 `xml:"yMin,attr"`
	XMax float64 `xml:"xMax,attr"`
	YMax float64 `xml:"yMax,attr"`
	Text string  `xml:",chardata"`
}

// bboxPages reads the words of each page of pdftotext -bbox-layout.
func bboxPages(t *testing.T, pdf []byte) [][]bboxWord {
	t.Helper()
	var doc struct {
		Pages []struct {
			Words []bboxWord `xml:"flow>block>line>word"`
		} `xml:"body>doc>page"`
	}
	out := pdftotext(t, pdf, "-bbox-layout")
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("pdftotext -bbox-layout: %v", err)
	}
	pages := make([][]bboxWord, len(doc.Pages))
	for i, p := range doc.Pages {
		pages[i] = p.Words
	}
	return pages
}

func TestRubyStandsOverItsBaseClearOfTheLineAbove(t *testing.T) {
	long := strings.Repeat("ふいごでかぜをおくる。", 6)
	md := "---\ntitle: ルビ\n---\n# 本文\n\n" +
		long + "{鞴|ふいご}を使います。\n\n" +
		"{鍛冶|かじ}屋の{鎚|つち}です。\n\n" +
		"| 部品 | 説明 |\n|---|---|\n| 炉 | 火を入れます |\n| {坩堝｜る｜つぼ} | 金属を溶かします |\n" +
		"| 台 | " + long + "{鉄床｜かなとこ}を置きます |\n"
	r := typesetT(t, md)
	cases := []struct{ base, ruby string }{{"鞴", "ふいご"}, {"鍛冶", "かじ"}, {"鎚", "つち"}, {"坩", "る"}, {"堝", "つぼ"}, {"鉄床", "かなとこ"}}
	// The display list: the PDF draws each op where it says.
	ops := textOps(r)
	for _, c := range cases {
		var ruby, base, above *op
		var page []op
		for _, pg := range ops {
			for i := range pg {
				if pg[i].s == c.ruby && ruby == nil {
					ruby, page = &pg[i], pg
				}
			}
		}
		if ruby == nil {
			t.Errorf("%s: no ruby %s drawn", c.base, c.ruby)
			continue
		}
		for i, o := range page {
			if strings.Contains(o.s, c.base) && o.y > ruby.y && (base == nil || o.y < base.y) {
				base = &page[i]
			}
		}
		if base == nil {
			t.Errorf("%s: no base under the ruby %s", c.base, c.ruby)
			continue
		}
		em, rem := base.size*text.MMPerPt, ruby.size*text.MMPerPt
		for i, o := range page {
			if o.size >= base.size && o.y < base.y-em/2 && (above == nil || o.y > above.y) {
				above = &page[i]
			}
		}
		if rem > em*0.6 {
			t.Errorf("%s: ruby at %.1fpt over a %.1fpt base", c.base, ruby.size, base.size)
		}
		// Where the base character stands in its line.
		k := strings.Index(base.s, c.base)
		bx := base.x + r.width(base.s[:k], base.size) + base.spacing*float64(utf8.RuneCountInString(base.s[:k]))
		bw := r.width(c.base, base.size) + base.spacing*float64(utf8.RuneCountInString(c.base)-1)
		if centre := ruby.x + r.width(ruby.s, ruby.size)/2; math.Abs(centre-(bx+bw/2)) > 0.1 {
			t.Errorf("%s: ruby centred at %.2fmm, base at %.2fmm", c.base, centre, bx+bw/2)
		}
		rubyBottom, baseTop := ruby.y+(1-ascent)*rem, base.y-ascent*em
		if math.Abs(rubyBottom-baseTop) > 0.05*em {
			t.Errorf("%s: ruby's em box ends at %.2fmm, the base's starts at %.2fmm", c.base, rubyBottom, baseTop)
		}
		if above != nil {
			if rubyTop, aboveBottom := ruby.y-ascent*rem, above.y+(1-ascent)*above.size*text.MMPerPt; rubyTop < aboveBottom {
				t.Errorf("%s: ruby %s (top %.2fmm) overlaps the line above %q (bottom %.2fmm)", c.base, c.ruby, rubyTop, above.s, aboveBottom)
			}
		}
	}
	// The text layer: each reading is there, above its base.
	var b bytes.Buffer
	if err := PDF(&b, []byte(md), stubCards); err != nil {
		t.Fatal(err)
	}
	var words []bboxWord
	for _, p := range bboxPages(t, b.Bytes()) {
		words = append(words, p...)
	}
	for _, c := range cases {
		var base, ruby *bboxWord
		for i, w := range words {
			if w.Text == c.ruby && ruby == nil {
				ruby = &words[i]
			}
			if strings.Contains(w.Text, c.base) {
				base = &words[i]
			}
		}
		if base == nil || ruby == nil || ruby.YMax >= base.YMax || ruby.YMin >= base.YMin {
			t.Errorf("%s: text layer has base %v and ruby %v, want the ruby above", c.base, base, ruby)
		}
	}
}

func TestRubyIsHTMLRuby(t *testing.T) {
	var b bytes.Buffer
	if err := HTML(&b, []byte("{鞴|ふいご}と{坩堝|る|つぼ}と{ただの括弧}\n"), nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<ruby>鞴<rp>（</rp><rt>ふいご</rt><rp>）</rp></ruby>",
		"<ruby>坩<rp>（</rp><rt>る</rt><rp>）</rp>堝<rp>（</rp><rt>つぼ</rt><rp>）</rp></ruby>",
		"{ただの括弧}",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("HTML lacks %s:\n%s", want, b.String())
		}
	}
}
