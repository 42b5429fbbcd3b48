package text

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"bifrost/layout/internal/fpdf"
)

// fakeMeasure gives 1000 to every character but ASCII, which gets 500.
func fakeMeasure(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 {
			w += 500
		} else {
			w += 1000
		}
	}
	return w
}

// pdfMeasure measures with fpdf and the embedded font, as printing does.
func pdfMeasure(t testing.TB) Measure {
	t.Helper()
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 595.28 * 25.4 / 72, Ht: 841.89 * 25.4 / 72}})
	p.AddUTF8FontFromBytes("body", "", Default().Data)
	p.SetFont("body", "", 10)
	if err := p.Error(); err != nil {
		t.Fatal(err)
	}
	return p.GetStringSymbolWidth
}

const sample = "ターン終了時：【このターンに使用したBattleのヴァルキリーが2枚以上】カードを1枚引く。" +
	"ちょっとしたキャッシュ、「テスト」です。ウィーン（括弧）も、ぎっしりっ。"

// noStart and noEnd are the kinsoku characters the design names.
const (
	noStart = "、。」）ー】ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
	noEnd   = "「（【"
)

func TestBreak_KinsokuHoldsAtEveryWidth(t *testing.T) {
	p := Prepare(sample, fakeMeasure)
	for width := 3000.0; width <= 30000; width += 500 {
		lines := p.Lines(width)
		for i, l := range lines {
			first, _ := utf8.DecodeRuneInString(l.Text)
			last, _ := utf8.DecodeLastRuneInString(l.Text)
			if i > 0 && strings.ContainsRune(noStart, first) {
				t.Errorf("width %.0f: line %d starts with %q: %q", width, i, first, l.Text)
			}
			if i < len(lines)-1 && strings.ContainsRune(noEnd, last) {
				t.Errorf("width %.0f: line %d ends with %q: %q", width, i, last, l.Text)
			}
		}
	}
}

func TestBreak_NoCharacterIsLost(t *testing.T) {
	for _, m := range []Measure{fakeMeasure, pdfMeasure(t)} {
		p := Prepare(sample, m)
		for width := 1500.0; width <= 40000; width += 700 {
			var b strings.Builder
			for _, l := range p.Lines(width) {
				b.WriteString(l.Text)
			}
			if got := b.String(); got != sample {
				t.Fatalf("width %.0f: joined lines differ from the text\n got %q\nwant %q", width, got, sample)
			}
		}
	}
}

func TestBreak_LinesStayWithinTheWidth(t *testing.T) {
	m := pdfMeasure(t)
	p := Prepare(sample, m)
	for _, width := range []float64{3000, 5000, 8000, 12000} {
		for _, l := range p.Lines(width) {
			if float64(l.W) > width || m(l.Text) != l.W {
				t.Errorf("width %.0f: line %q measures %d (reported %d)", width, l.Text, m(l.Text), l.W)
			}
		}
	}
}

// TestBreak_aLineFillsToExactlyTheWidth: what fits exactly stays on the
// line, whether the line is filled piece by piece, a piece as wide as the
// line but for its trailing space starts one, or a piece wider than the
// line is broken between graphemes.
func TestBreak_aLineFillsToExactlyTheWidth(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"あいうえおかきくけこ", []string{"あいう", "えおか", "きくけ", "こ"}},
		{"abcdefghijklm", []string{"abcdef", "ghijkl", "m"}},
		{"あabcdef ghi", []string{"あ", "abcdef", "ghi"}}, // "abcdef " as wide as the line but for its space
	} {
		var got []string
		for _, l := range Prepare(tt.text, fakeMeasure).Lines(3000) {
			got = append(got, l.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q at width 3000: lines %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestBreak_NumberStaysWithItsCounter(t *testing.T) {
	p := Prepare("カードを10枚引く。資金+1を得る。", fakeMeasure)
	for width := 3000.0; width <= 12000; width += 250 {
		for _, l := range p.Lines(width) {
			if strings.HasSuffix(l.Text, "10") || strings.HasSuffix(l.Text, "1") || strings.HasPrefix(l.Text, "枚") {
				t.Errorf("width %.0f: a number was cut from its counter: %q", width, l.Text)
			}
		}
	}
}

func TestBreak_NewlineIsAMandatoryBreak(t *testing.T) {
	lines := Prepare("登場時：引く。\n応援：ポイント+1。", fakeMeasure).Lines(100000)
	if len(lines) != 2 || lines[0].Text != "登場時：引く。" || lines[1].Text != "応援：ポイント+1。" {
		t.Errorf("lines = %v, want the two paragraphs", lines)
	}
}

func TestBreak_OverlongWordBreaksBetweenGraphemes(t *testing.T) {
	lines := Prepare("Supercalifragilistic", fakeMeasure).Lines(3000)
	var joined string
	for _, l := range lines {
		if l.W > 3000 {
			t.Errorf("line %q is %d wide, over 3000", l.Text, l.W)
		}
		joined += l.Text
	}
	if joined != "Supercalifragilistic" || len(lines) < 3 {
		t.Errorf("lines = %v", lines)
	}
}

// TestKinsokuHoldsInsideAWordWiderThanTheLine takes the
// fallback of Lines: a Latin word with a closing mark or small kana after
// it is one UAX #14 piece, and when it is wider than the line it is broken
// between graphemes. The break must move back so that the mark does not
// start the next line.
func TestKinsokuHoldsInsideAWordWiderThanTheLine(t *testing.T) {
	const width = 3500 // "abcdefg" exactly: the next grapheme is the mark
	for _, mark := range []string{"。", "、", "」", "）", "ー", "っ", "ャ"} {
		s := "abcdefg" + mark + "hij"
		p := Prepare(s, fakeMeasure)
		if pc := p.paras[0][0]; pc.s != "abcdefg"+mark || float64(pc.wTrim) <= width {
			t.Fatalf("%q: first piece %q (%d wide) does not take the fallback at width %d", s, pc.s, pc.wTrim, width)
		}
		lines := p.Lines(width)
		var joined string
		for i, l := range lines {
			joined += l.Text
			if r, _ := utf8.DecodeRuneInString(l.Text); i > 0 && strings.ContainsRune(noStart, r) {
				t.Errorf("%q: line %d starts with %q: %v", s, i+1, r, lines)
			}
		}
		if joined != s {
			t.Errorf("%q: lines %v lose text", s, lines)
		}
	}
}

// TestNoLineEndKinsokuHoldsInsideAPieceWiderThanTheLine takes the fallback
// of Lines the other way round: a number keeps what follows it, so "10「abc"
// is one piece, and when the line is full just after the opening mark the
// break must move back before the mark, which may not end a line.
func TestNoLineEndKinsokuHoldsInsideAPieceWiderThanTheLine(t *testing.T) {
	const width = 2000 // "10" and the mark exactly: the next grapheme is a letter
	for _, mark := range []string{"「", "（", "【", "『", "〔", "［"} {
		s := "10" + mark + "abcdefg"
		p := Prepare(s, fakeMeasure)
		if ps := p.paras[0]; len(ps) != 1 || float64(ps[0].wTrim) <= width {
			t.Fatalf("%q: pieces %v do not take the fallback at width %d", s, ps, width)
		}
		lines := p.Lines(width)
		var joined string
		for i, l := range lines {
			joined += l.Text
			if r, _ := utf8.DecodeLastRuneInString(l.Text); i < len(lines)-1 && strings.ContainsRune(mark, r) {
				t.Errorf("%q: line %d ends with %q: %v", s, i+1, r, lines)
			}
		}
		if joined != s {
			t.Errorf("%q: lines %v lose text", s, lines)
		}
	}
}

func TestFit_ShrinksThenReportsWhenPastTheMinimum(t *testing.T) {
	p := Prepare(strings.Repeat("ヴァルキリーがカードを1枚引く。", 4), pdfMeasure(t))
	st := Style{Size: 9, Min: 6, Leading: 1.3}
	roomy := p.Fit(55, 40, st)
	if !roomy.OK || roomy.Size != 9 {
		t.Errorf("roomy box: size %.2f ok %v, want 9 and ok", roomy.Size, roomy.OK)
	}
	tight := p.Fit(55, 14, st)
	if !tight.OK || tight.Size >= 9 || tight.Size < 6 {
		t.Errorf("tight box: size %.2f ok %v, want shrunk between 6 and 9", tight.Size, tight.OK)
	}
	if tight.Need > 14 {
		t.Errorf("tight box: lines need %.2f mm of 14", tight.Need)
	}
	tiny := p.Fit(55, 5, st)
	if tiny.OK || tiny.Size != 6 {
		t.Errorf("tiny box: size %.2f ok %v, want not ok at the minimum 6", tiny.Size, tiny.OK)
	}
}

func TestFit_MaxLinesShrinksInsteadOfWrapping(t *testing.T) {
	p := Prepare("グロッティの挽き臼と世界樹", pdfMeasure(t))
	f := p.Fit(30, 20, Style{Size: 14, Min: 5, MaxLines: 1})
	if !f.OK || len(f.Lines) != 1 || f.Size >= 14 {
		t.Errorf("got size %.2f, %d lines, ok %v; want one shrunk line", f.Size, len(f.Lines), f.OK)
	}
}

func TestFont_DefaultPrintsJapaneseButNotEverything(t *testing.T) {
	f := Default()
	if m := f.Missing("ヴァルキリーの「戦力」を得る。、ー①↑【】〜"); len(m) != 0 {
		t.Errorf("default font lacks %q", string(m))
	}
	// 𠮷 is outside the BMP; 龘 and ㈱ are in the BMP but not in M+ 1p.
	got := string(f.Missing("吉野𠮷野の龘と㈱"))
	if got != "𠮷龘㈱" {
		t.Errorf("Missing = %q, want 𠮷龘㈱", got)
	}
	if !OutsideBMP('𠮷') || OutsideBMP('龘') {
		t.Error("OutsideBMP is wrong")
	}
}

func TestFont_CFFOpenTypeIsOneClearLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "NotoSansJP-Regular.otf")
	otf := append([]byte("OTTO\x00\x0a\x00\x80\x00\x03\x00\x20"), make([]byte, 200)...)
	if err := os.WriteFile(path, otf, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil {
		t.Fatal("a CFF .otf loaded without error")
	}
	msg := err.Error()
	for _, want := range []string{path, "CFF", ".otf", ".ttf", "glyf"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error spans lines: %q", msg)
	}
}

func TestFont_OtherUnusableFilesAreRejected(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"a.ttc":   append([]byte("ttcf"), make([]byte, 100)...),
		"a.woff2": append([]byte("wOF2"), make([]byte, 100)...),
		"a.ttf":   []byte("this is not a font at all, just text"),
		"b.ttf":   Default().Data[:4096], // truncated: the directory points past the end
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		_, err := Load(path)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: err = %v, want one line starting with the path", name, err)
		}
	}
	if _, err := Load(filepath.Join(dir, "absent.ttf")); err == nil || !strings.Contains(err.Error(), "absent.ttf") {
		t.Errorf("missing file: err = %v", err)
	}
}

func TestFont_LoadsARealTrueTypeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mplus.ttf")
	os.WriteFile(path, Default().Data, 0o644)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "mplus.ttf" || !f.Has('ヴ') || f.Has('龘') {
		t.Errorf("loaded font %q has the wrong coverage", f.Name)
	}
}

func BenchmarkFit(b *testing.B) {
	m := pdfMeasure(b)
	b.ReportAllocs()
	for b.Loop() {
		Prepare(sample, m).Fit(55, 20, Style{Size: 9, Min: 6})
	}
}
