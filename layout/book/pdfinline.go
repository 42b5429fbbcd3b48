package book

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"

	"bifrost/layout/text"
)

// runStyle is how a run of inline text is set.
type runStyle uint8

const (
	stBold   runStyle = 1 << iota // **strong**: the bold Gothic, in the strong colour
	stEm                          // *emphasis*: sesame dots above
	stCode                        // `code`: a grey background
	stStrike                      // ~~struck~~
	stNote                        // a footnote reference, in the accent colour
	stMuted                       // raw HTML and the alt text of an image not shown
	stSoft                        // a soft line break, resolved by joinSoftBreaks
)

// run is inline text in one style, with its ruby (furigana) if it has one.
type run struct {
	s    string
	st   runStyle
	ruby string
	def  int // 1 + the glossary term this run defines, 0 for none
	to   int // 1 + the glossary term this run links to, 0 for none
}

// inlinePart is a stretch of a paragraph: text runs, or an image between
// them (drawn as a block of its own).
type inlinePart struct {
	runs []run
	img  *ast.Image
}

// inlines collects the inline children of n as runs, split at images.
func inlines(n ast.Node, src []byte, base runStyle) []inlinePart {
	c := collector{src: src}
	c.walk(n, base)
	c.flush()
	return c.parts
}

type collector struct {
	src     []byte
	parts   []inlinePart
	cur     []run
	def, to int // the glossary link being walked (see run)
}

func (c *collector) add(s string, st runStyle) {
	if s != "" || st&stSoft != 0 {
		c.cur = append(c.cur, run{s: s, st: st, def: c.def, to: c.to})
	}
}

func (c *collector) flush() {
	if runs := merge(joinSoftBreaks(c.cur)); len(runs) > 0 {
		c.parts = append(c.parts, inlinePart{runs: runs})
	}
	c.cur = nil
}

func (c *collector) walk(n ast.Node, st runStyle) {
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		switch t := ch.(type) {
		case *ast.Text:
			v := t.Segment.Value(c.src)
			if !t.IsRaw() {
				v = unescape(v)
			}
			c.add(string(v), st)
			if t.HardLineBreak() {
				c.add("\n", st)
			} else if t.SoftLineBreak() {
				c.add("", st|stSoft)
			}
		case *ast.String:
			c.add(string(t.Value), st)
		case *Ruby:
			for i, b := range t.Bases {
				c.cur = append(c.cur, run{s: b, st: st, ruby: t.Readings[i], def: c.def, to: c.to})
			}
		case *ast.CodeSpan:
			var b strings.Builder
			for k := t.FirstChild(); k != nil; k = k.NextSibling() {
				if tx, ok := k.(*ast.Text); ok {
					b.Write(tx.Segment.Value(c.src))
				} else if s, ok := k.(*ast.String); ok {
					b.Write(s.Value)
				}
			}
			c.add(strings.ReplaceAll(b.String(), "\n", " "), st|stCode)
		case *ast.Emphasis:
			if t.Level >= 2 {
				c.walk(t, st|stBold)
			} else {
				c.walk(t, st|stEm)
			}
		case *east.Strikethrough:
			c.walk(t, st|stStrike)
		case *ast.AutoLink:
			c.add(string(t.Label(c.src)), st)
		case *ast.Image:
			c.flush()
			c.parts = append(c.parts, inlinePart{img: t})
		case *ast.RawHTML:
			for i := range t.Segments.Len() {
				seg := t.Segments.At(i)
				c.add(strings.ReplaceAll(string(seg.Value(c.src)), "\n", " "), st|stMuted)
			}
		case *ast.Link:
			dest := string(t.Destination)
			if n, ok := termLink(dest, TermDef); ok {
				c.def = n
			} else if n, ok := termLink(dest, TermRef); ok {
				c.to = n
			}
			c.walk(t, st)
			c.def, c.to = 0, 0
		case *east.FootnoteLink:
			c.add(fmt.Sprintf("※%d", t.Index), st|stNote)
		case *east.FootnoteBacklink:
		default: // links and anything else: their text
			c.walk(ch, st)
		}
	}
}

// termLink reads 1 + N from a glossary link prefix+N.
func termLink(dest, prefix string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(dest, prefix))
	if !strings.HasPrefix(dest, prefix) || err != nil || n < 0 {
		return 0, false
	}
	return n + 1, true
}

// unescape resolves backslash escapes and character references, as
// goldmark's HTML writer does.
func unescape(v []byte) []byte {
	return util.UnescapePunctuations(util.ResolveEntityNames(util.ResolveNumericReferences(v)))
}

// joinSoftBreaks turns each soft line break into nothing between Japanese
// characters and into a space between other words.
func joinSoftBreaks(runs []run) []run {
	out := runs[:0:0]
	for i, rn := range runs {
		if rn.st&stSoft == 0 {
			out = append(out, rn)
			continue
		}
		var before, after rune
		for k := i - 1; k >= 0 && before == 0; k-- {
			before, _ = utf8.DecodeLastRuneInString(runs[k].s)
			if runs[k].s == "" {
				before = 0
			}
		}
		for k := i + 1; k < len(runs) && after == 0; k++ {
			after, _ = utf8.DecodeRuneInString(runs[k].s)
			if runs[k].s == "" {
				after = 0
			}
		}
		if before == 0 || after == 0 || isCJK(before) || isCJK(after) || unicode.IsSpace(before) || unicode.IsSpace(after) {
			continue
		}
		out = append(out, run{s: " ", st: rn.st &^ stSoft, def: rn.def, to: rn.to})
	}
	return out
}

// merge joins neighbouring runs of the same style, none with ruby.
func merge(runs []run) []run {
	var out []run
	for _, r := range runs {
		if n := len(out); n > 0 && out[n-1].st == r.st && r.ruby == "" && out[n-1].ruby == "" && out[n-1].def == r.def && out[n-1].to == r.to {
			out[n-1].s += r.s
			continue
		}
		out = append(out, r)
	}
	return out
}

// seg is the part of a run on one line, x from the line's start, with
// the share of the run's ruby that stands over it.
type seg struct {
	s       string
	st      runStyle
	x, w    float64
	ruby    string
	def, to int // glossary target and link, as in run
}

// textLine is one line of a paragraph.
type textLine struct {
	segs []seg
	w    float64
	last bool    // the paragraph's last line, or the last before a hard break
	sp   float64 // extra space after each character, mm (justified lines)
}

// breakRuns breaks runs into lines at most width mm wide at size points:
// UAX #14 break opportunities with kinsoku (layout/text, on uniseg), filled
// greedily by measured width. Each character is measured at the wider of
// its plain and bold widths (measure), so a line's width is the same
// whatever the styles.
func (r *typesetter) breakRuns(runs []run, width, size float64) []textLine {
	var out []textLine
	var para []run
	for _, rn := range runs {
		for {
			i := strings.IndexByte(rn.s, '\n')
			if i < 0 {
				break
			}
			para = append(para, run{s: rn.s[:i], st: rn.st})
			out = append(out, r.fill(para, width, size)...)
			para = nil
			rn.s = rn.s[i+1:]
		}
		para = append(para, rn)
	}
	return append(out, r.fill(para, width, size)...)
}

// fill lays one paragraph (no hard breaks) into lines, keeping the styles.
func (r *typesetter) fill(runs []run, width, size float64) []textLine {
	if r.latinSpace > 0 {
		runs = autospace(runs)
	}
	var b strings.Builder
	starts := make([]int, len(runs))
	for i, rn := range runs {
		starts[i] = b.Len()
		b.WriteString(rn.s)
	}
	s := b.String()
	if strings.TrimSpace(s) == "" {
		return []textLine{{}}
	}
	em := size * text.MMPerPt
	// The tolerance keeps a line measured to fit exactly (a table column
	// at its natural width) from breaking on a rounding error.
	lines := text.Prepare(s, r.measure).Lines(width/em*1000 + 0.01)
	out := make([]textLine, 0, len(lines))
	pos := 0
	for _, l := range lines {
		// A line is the text from pos, less the spaces the previous
		// line ended with.
		for pos < len(s) && !strings.HasPrefix(s[pos:], l.Text) {
			_, n := utf8.DecodeRuneInString(s[pos:])
			pos += n
		}
		a, e := pos, pos+len(l.Text)
		pos = e
		var tl textLine
		for i, rn := range runs {
			lo, hi := max(a, starts[i]), min(e, starts[i]+len(rn.s))
			if lo >= hi {
				continue
			}
			w := r.width(s[lo:hi], size)
			tl.segs = append(tl.segs, seg{s: s[lo:hi], st: rn.st, x: tl.w, w: w, ruby: rubyShare(rn, lo-starts[i], hi-starts[i]), def: rn.def, to: rn.to})
			tl.w += w
		}
		out = append(out, tl)
	}
	out[len(out)-1].last = true
	return out
}

// rubyShare is the part of rn's ruby over its bytes lo…hi: all of it when
// the line holds the whole base, else a share by the count of characters
// (a base broken across lines).
func rubyShare(rn run, lo, hi int) string {
	if rn.ruby == "" || lo == 0 && hi == len(rn.s) {
		return rn.ruby
	}
	n := utf8.RuneCountInString(rn.s)
	ruby := []rune(rn.ruby)
	from := utf8.RuneCountInString(rn.s[:lo]) * len(ruby) / n
	to := utf8.RuneCountInString(rn.s[:hi]) * len(ruby) / n
	return string(ruby[from:to])
}

// rubySize is the size of ruby as a share of its base's size.
const rubySize = 0.5

// rubyRoom is the least line pitch, as a share of the size, that keeps
// ruby clear of the line above: the base's em box, the ruby's above it,
// and the descent of the line above.
const rubyRoom = 1 + rubySize + (1 - ascent) + 0.05

// hasRuby reports whether a line carries ruby.
func (l textLine) hasRuby() bool {
	for _, sg := range l.segs {
		if sg.ruby != "" {
			return true
		}
	}
	return false
}

// lineOffsets gives each line's offset from the first line's place at the
// given pitch, and the height of them all: a line with ruby gets the room
// rubyRoom asks for above it. ruby[k] says whether line k carries ruby.
func lineOffsets(ruby []bool, pitch, em float64) ([]float64, float64) {
	offs := make([]float64, len(ruby))
	total := 0.0
	for k, has := range ruby {
		p := pitch
		if has {
			p = max(p, rubyRoom*em)
		}
		offs[k] = total + p - pitch
		total += p
	}
	return offs, total
}

// rubyLines says which of lines carry ruby.
func rubyLines(lines []textLine) []bool {
	out := make([]bool, len(lines))
	for k, l := range lines {
		out[k] = l.hasRuby()
	}
	return out
}

// maxSpread is the most space justify adds after a character, in em: a
// line that would need more (a long Latin word wrapped onto the next
// line) is left ragged.
const maxSpread = 0.25

// justify spreads a line that is not a paragraph's last to the full width,
// as Japanese text is set (両端揃え), by adding the same space after every
// character: so a line whose last digits and their counter went to the
// next line together still reaches the measure.
func justify(l textLine, width, size float64) textLine {
	slack := width - l.w
	n := 0
	for _, sg := range l.segs {
		n += utf8.RuneCountInString(sg.s)
	}
	if l.last || n < 2 || slack <= 0.01 || slack/float64(n-1) > maxSpread*size*text.MMPerPt {
		return l
	}
	sp := slack / float64(n-1)
	out := textLine{segs: make([]seg, len(l.segs)), sp: sp}
	x := 0.0
	for i, sg := range l.segs {
		k := float64(utf8.RuneCountInString(sg.s))
		sg.x = x
		sg.w += sp * k
		x += sg.w
		out.segs[i] = sg
	}
	out.w = width
	return out
}

// textStyle is how the runs of a line are set.
type textStyle struct {
	size   float64 // points
	col    rgb     // plain text
	strong rgb     // **strong** text
	bold   bool    // the whole line is bold (headings, table headers)
}

// ascent is where the baseline sits below the top of the em box, as a
// share of the size (as for the cards).
const ascent = 0.88

// lineOps draws a line with its baseline's left end at (x, base):
// backgrounds first, then the text, then the marks over it.
func (r *typesetter) lineOps(l textLine, x, base float64, ts textStyle) []op {
	em := ts.size * text.MMPerPt
	var under, over, marks []op
	for _, sg := range l.segs {
		sx := x + sg.x
		col := ts.col
		switch {
		case sg.st&stNote != 0:
			col = accentColour
		case sg.st&stMuted != 0:
			col = mutedColour
		case sg.st&stBold != 0:
			col = ts.strong
		}
		if sg.st&stCode != 0 {
			under = append(under, op{kind: opFill, x: sx - em*0.12, y: base - em*0.92, w: sg.w - l.sp + em*0.24, h: em * 1.14, col: codeBG})
		}
		px := sx
		for _, p := range squeezePieces(sg.s) {
			sp := l.sp
			if p.squeezed {
				sp -= em / 2
			}
			// The Japanese–Latin space is a gap between draws.
			for i, part := range strings.Split(p.s, string(wordJoinSpace)) {
				if i > 0 {
					px += r.latinSpace*em + l.sp
				}
				if part == "" {
					continue
				}
				bold := ts.bold || sg.st&stBold != 0
				over = append(over, op{kind: opText, x: px, y: base, size: ts.size, col: col, bold: bold, s: part, spacing: sp})
				px += float64(r.cfg.breakWidth(part))*ts.size*text.MMPerPt/1000 + sp*runeCount(part)
			}
		}
		if sg.st&stStrike != 0 {
			marks = append(marks, op{kind: opLine, x: sx, y: base - em*0.33, w: sg.w - l.sp, lw: em * 0.06, col: col})
		}
		if sg.st&stEm != 0 {
			marks = append(marks, r.sesameDots(sg.s, sx, base, ts.size, l.sp, col)...)
		}
		if sg.def > 0 {
			marks = append(marks, op{kind: opTermDef, x: sx, y: base - ascent*em - em*0.5, ref: sg.def})
		}
		if sg.to > 0 {
			marks = append(marks, op{kind: opTermLink, x: sx, y: base - ascent*em, w: sg.w - l.sp, h: em, ref: sg.to})
		}
		if sg.ruby != "" {
			// The ruby's em box sits on the base's, centred over the base.
			rs := ts.size * rubySize
			rw := r.width(sg.ruby, rs)
			marks = append(marks, op{kind: opText, x: sx + (sg.w-l.sp-rw)/2, y: base - ascent*em - (1-ascent)*rs*text.MMPerPt, size: rs, col: col, s: sg.ruby})
		}
	}
	return append(append(under, over...), marks...)
}

// sesameDots marks emphasis the Japanese way: a dot above the centre of
// each character, punctuation and spaces left bare.
func (r *typesetter) sesameDots(s string, x, base, size, sp float64, col rgb) []op {
	em := size * text.MMPerPt
	var out []op
	g := uniseg.NewGraphemes(s)
	for g.Next() {
		c := g.Str()
		w := r.width(c, size)
		ch, _ := utf8.DecodeRuneInString(c)
		if unicode.IsLetter(ch) || unicode.IsDigit(ch) || ch == 'ー' {
			out = append(out, op{kind: opDot, x: x + w/2, y: base - em*1.1, w: em * 0.09, col: col})
		}
		x += w + sp*float64(utf8.RuneCountInString(c))
	}
	return out
}
