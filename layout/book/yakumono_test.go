package book

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"bifrost/layout/text"
)

func TestPunctuationPairsAreSqueezed(t *testing.T) {
	// Each paragraph is one line; in the text layer its width is the
	// sum of its characters' advances as set.
	paras := []string{"例例例", "例）。", "例」「", "例「（", "例。」"}
	md := "---\ntitle: 約物\n---\n# 本文\n\n" + strings.Join(paras, "\n\n") + "\n\n前の文（例）。次は「引用」「次」と書く。\n"
	var b bytes.Buffer
	if err := PDF(&b, []byte(md), stubCards); err != nil {
		t.Fatal(err)
	}
	width := map[string]float64{}
	var size float64
	for _, p := range bboxPages(t, b.Bytes()) {
		for _, w := range p {
			width[w.Text] = w.XMax - w.XMin
			if w.Text == "例例例" {
				size = w.XMax - w.XMin
			}
		}
	}
	em := size / 3 // points
	if em == 0 {
		t.Fatal("no 例例例 in the text layer")
	}
	if want := 9.0; math.Abs(em-want) > 0.05 {
		t.Fatalf("one em is %.2fpt in the text layer, want %.2f", em, want)
	}
	for _, p := range paras[1:] {
		w, ok := width[p]
		if !ok {
			t.Errorf("%s is not one word in the text layer", p)
			continue
		}
		// 例 takes one em; the pair takes what is left.
		if pair := (w - em) / em; pair > 1.5+0.02 {
			t.Errorf("%s: the pair %s takes %.2f em, want at most 1.5", p, strings.TrimPrefix(p, "例"), pair)
		}
	}
	// The text layer still reads in order (content order, lines joined).
	if raw := strings.Join(strings.Fields(pdftotext(t, b.Bytes(), "-raw")), ""); !strings.Contains(raw, "前の文（例）。次は「引用」「次」と書く。") {
		t.Errorf("text layer lost the order:\n%s", raw)
	}
	// The display list agrees: the line is 2 em shorter than set solid.
	r := typesetT(t, md)
	_, o, ok := findText(r, "と書く。")
	if !ok {
		t.Fatal("no line")
	}
	line := "前の文（例）。次は「引用」「次」と書く。"
	solid := r.width(line, o.size) + float64(4)*o.size*text.MMPerPt/2
	var start float64
	for _, op := range textOps(r)[len(textOps(r))-1] {
		if strings.HasPrefix(op.s, "前の文") {
			start = op.x
		}
	}
	end := o.x + r.width(o.s, o.size)
	if got := end - start; math.Abs(got-(solid-2*o.size*text.MMPerPt)) > 0.05 {
		t.Errorf("the line is %.2fmm wide, want %.2fmm (4 pairs squeezed)", got, solid-2*o.size*text.MMPerPt)
	}
}
