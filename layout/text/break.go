package text

import (
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// Measure returns the advance width of s in thousandths of an em, which is
// what fpdf's GetStringSymbolWidth gives for the current font. Widths scale
// with the font size, so one measurement serves every size.
type Measure func(s string) int

// MMPerPt converts points (font sizes) to millimetres.
const MMPerPt = 25.4 / 72

// Prepared is a text cut into unbreakable pieces and measured once, ready to
// be filled into lines at any width.
type Prepared struct {
	paras   [][]piece
	measure Measure
}

// piece is a run between two break opportunities. w counts trailing spaces;
// wTrim does not (a line ending in the piece does not show them).
type piece struct {
	s        string
	w, wTrim int
}

// Line is one line of text and its width in thousandths of an em.
type Line struct {
	Text string
	W    int
}

// Prepare splits s into paragraphs at "\n" and each paragraph into pieces at
// its UAX #14 line-break opportunities. uniseg already applies kinsoku: no
// piece starts with 、。」）ー or a small kana, and none ends with 「（.
// Beyond UAX #14, a number stays with what follows it ("1枚", "2VP").
func Prepare(s string, m Measure) *Prepared {
	p := &Prepared{measure: m}
	for para := range strings.SplitSeq(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		var ps []piece
		state := -1
		var pending string
		rest := para
		for len(rest) > 0 {
			var seg string
			seg, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
			seg = pending + seg
			pending = ""
			if len(rest) > 0 && endsInDigit(seg) && !startsWithSpace(rest) {
				pending = seg
				continue
			}
			ps = append(ps, p.piece(seg))
		}
		if pending != "" {
			ps = append(ps, p.piece(pending))
		}
		p.paras = append(p.paras, ps)
	}
	return p
}

func (p *Prepared) piece(s string) piece {
	trim := strings.TrimRight(s, " \u3000\t")
	w := p.measure(s)
	wt := w
	if trim != s {
		wt = p.measure(trim)
	}
	return piece{s: s, w: w, wTrim: wt}
}

// graphemes splits s into grapheme clusters and measures each.
func (p *Prepared) graphemes(s string) ([]string, []int) {
	var gs []string
	var ws []int
	g := uniseg.NewGraphemes(s)
	for g.Next() {
		gs = append(gs, g.Str())
		ws = append(ws, p.measure(g.Str()))
	}
	return gs, ws
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// noLineStart and noLineEnd are the kinsoku rules for breaks that UAX #14
// does not offer (inside a piece wider than a whole line).
func noLineStart(g string) bool {
	r, _ := utf8.DecodeRuneInString(g)
	return strings.ContainsRune("、。，．・：；？！」』）】〕］｝〉》ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ", r)
}

func noLineEnd(g string) bool {
	r, _ := utf8.DecodeRuneInString(g)
	return strings.ContainsRune("「『（【〔［｛〈《", r)
}

func endsInDigit(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r >= '0' && r <= '9'
}

func startsWithSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == ' ' || r == '\u3000' || r == '\t'
}

// Lines fills the text greedily into lines no wider than max (thousandths
// of an em). A piece wider than a whole line is broken between grapheme
// clusters. An empty paragraph gives an empty line.
func (p *Prepared) Lines(max float64) []Line {
	var out []Line
	for _, para := range p.paras {
		var b strings.Builder
		w, wTrim := 0, 0
		flush := func() {
			out = append(out, Line{Text: strings.TrimRight(b.String(), " \u3000\t"), W: wTrim})
			b.Reset()
			w, wTrim = 0, 0
		}
		for _, pc := range para {
			if float64(w+pc.wTrim) <= max {
				b.WriteString(pc.s)
				wTrim = w + pc.wTrim
				w += pc.w
				continue
			}
			if b.Len() > 0 {
				flush()
			}
			if float64(pc.wTrim) <= max {
				b.WriteString(pc.s)
				w, wTrim = pc.w, pc.wTrim
				continue
			}
			// Wider than a line: break between grapheme clusters, keeping
			// kinsoku where the piece leaves room to.
			gs, gw := p.graphemes(pc.s)
			for a := 0; a < len(gs); {
				k, lw := a, 0
				for k < len(gs) && (k == a || float64(lw+gw[k]) <= max) {
					lw += gw[k]
					k++
				}
				if k < len(gs) {
					for j := k; j > a+1; j-- {
						if !noLineStart(gs[j]) && !noLineEnd(gs[j-1]) {
							k = j
							break
						}
					}
				}
				for _, g := range gs[a:k] {
					b.WriteString(g)
				}
				w = sum(gw[a:k])
				wTrim = p.measure(strings.TrimRight(b.String(), " \u3000\t"))
				if k < len(gs) {
					flush()
				}
				a = k
			}
		}
		flush()
	}
	return out
}

// Style says how a text may be set in a box.
type Style struct {
	Size     float64 // the preferred size in points
	Min      float64 // the smallest size allowed; 0 means Size (no shrinking)
	Leading  float64 // line pitch as a multiple of the size; 0 means 1.3
	MaxLines int     // 0 means no limit beyond the box height
}

// ShrinkStep is how much Fit lowers the size at each try, in points.
const ShrinkStep = 0.25

// Fitted is the result of Fit: the size chosen and the lines at that size.
type Fitted struct {
	Size  float64
	Lines []Line
	OK    bool // false when the text does not fit even at the minimum size
	// Need is the height in mm the lines take at Size.
	Need float64
}

// Height returns the height in mm that n lines take at size pt with the
// given leading: every line but the last takes the full pitch.
func Height(n int, size, leading float64) float64 {
	if n == 0 {
		return 0
	}
	return size * MMPerPt * (1 + float64(n-1)*leading)
}

// Fit finds the largest size, from st.Size down to st.Min in steps of
// ShrinkStep, at which the text fits a box w × h mm. When nothing fits, it
// returns the lines at the minimum size with OK false.
func (p *Prepared) Fit(w, h float64, st Style) Fitted {
	lead := st.Leading
	if lead == 0 {
		lead = 1.3
	}
	lo := st.Min
	if lo <= 0 || lo > st.Size {
		lo = st.Size
	}
	var last Fitted
	for size := st.Size; size >= lo-1e-9; size -= ShrinkStep {
		maxUnits := w / (size * MMPerPt) * 1000
		lines := p.Lines(maxUnits)
		need := Height(len(lines), size, lead)
		last = Fitted{Size: size, Lines: lines, Need: need}
		if need <= h+1e-6 && (st.MaxLines == 0 || len(lines) <= st.MaxLines) && fitsWidth(lines, maxUnits) {
			last.OK = true
			return last
		}
	}
	return last
}

// fitsWidth is false when a single grapheme is wider than the box.
func fitsWidth(lines []Line, max float64) bool {
	for _, l := range lines {
		if float64(l.W) > max+1e-6 {
			return false
		}
	}
	return true
}
