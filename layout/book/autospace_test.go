package book

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestLatinSpaceIsAStyleSettingMeasuredInTheTextLayer(t *testing.T) {
	cases := []struct {
		s      string
		spaces int // Japanese–Latin boundaries that take the space
	}{
		{"VPトラック", 1},
		{"カードを1枚引く", 2},
		{"「VP」と書く", 0},
		{"A1とB2", 2},
	}
	widths := func(space float64) []float64 {
		var md strings.Builder
		fmt.Fprintf(&md, "---\ntitle: 和欧文間\nlatin_space: %g\n---\n# 本文\n\n", space)
		for _, c := range cases {
			md.WriteString(c.s + "\n\n")
		}
		var b bytes.Buffer
		if err := PDF(&b, []byte(md.String()), stubCards); err != nil {
			t.Fatal(err)
		}
		pages := bboxPages(t, b.Bytes())
		lines := textLines(pages[len(pages)-1])
		out := make([]float64, len(cases))
		for i, c := range cases {
			out[i] = -1
			for _, l := range lines {
				if strings.ReplaceAll(l.text, " ", "") == c.s {
					out[i] = l.x1 - l.x0
				}
			}
			if out[i] < 0 {
				t.Fatalf("latin_space %g: %q is not one line in the text layer", space, c.s)
			}
		}
		return out
	}
	solid, spaced := widths(0), widths(0.25)
	em := geometries["A5"].body // points
	for i, c := range cases {
		if got, want := (spaced[i]-solid[i])/em, 0.25*float64(c.spaces); math.Abs(got-want) > 0.02 {
			t.Errorf("%s: the spaces add %.2f em, want %.2f", c.s, got, want)
		}
	}
	if _, err := typeset([]byte("---\nlatin_space: 2\n---\n本文\n"), stubCards); err == nil {
		t.Error("latin_space 2 em was accepted")
	}
}

func TestTableCellWithLatinSpaceKeepsItsNaturalWidth(t *testing.T) {
	r := typesetT(t, "---\nlatin_space: 0.25\n---\n| 種類 | 枚数 |\n|---|---:|\n| AIボード | 3 |\n| Battle | 39 |\n")
	var cell []op
	for _, o := range textOps(r)[len(r.pages)-1] {
		if strings.Contains("AIボード", o.s) && o.s != "" {
			cell = append(cell, o)
		}
	}
	if len(cell) == 0 {
		t.Fatal("the cell is not printed")
	}
	for _, o := range cell[1:] {
		if o.y != cell[0].y {
			t.Errorf("the cell \"AIボード\" wraps: %q at %.1f, %q at %.1f", cell[0].s, cell[0].y, o.s, o.y)
		}
	}
}
