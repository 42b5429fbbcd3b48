package book

import (
	"cmp"
	"math"
	"slices"

	east "github.com/yuin/goldmark/extension/ast"

	"bifrost/layout/text"
)

// table lays out a GFM table, one box a row so that pages break between
// rows, never inside one. Columns get their natural width when the table
// fits the column; otherwise each keeps its short cells whole (up to
// cellUnbroken), and the room left goes first to the columns that want
// least more. The header
// row is shaded, kept with the first row, and repeated at the top of each
// page the table continues on.
func (b *builder) table(t *east.Table) {
	if n := len(b.boxes); n > 0 {
		b.boxes[n-1].keep = true // the line that leads into the table goes with it
	}
	g := b.r.g
	size := g.table
	em := size * text.MMPerPt
	pitch := em * g.tableLeading
	padX, padY := em*0.6, em*0.35

	var rows [][][]run
	head := false
	for ch := t.FirstChild(); ch != nil; ch = ch.NextSibling() {
		var cells [][]run
		for c := ch.FirstChild(); c != nil; c = c.NextSibling() {
			var runs []run
			for _, p := range inlines(c, b.src, 0) {
				runs = append(runs, p.runs...) // an image in a cell leaves nothing
			}
			cells = append(cells, runs)
		}
		if _, ok := ch.(*east.TableHeader); ok {
			head = true
		}
		rows = append(rows, cells)
	}
	ncol := len(t.Alignments)
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	if ncol == 0 || len(rows) == 0 {
		return
	}
	widths := b.columnWidths(rows, ncol, size, padX)
	b.space(b.pitch() * 0.5)
	var header *box
	for ri, cells := range rows {
		isHead := head && ri == 0
		lines := make([][]textLine, ncol)
		n := 1
		for c := range ncol {
			if c < len(cells) && !blank(cells[c]) {
				lines[c] = b.r.breakRuns(cells[c], widths[c]-2*padX, size)
				n = max(n, len(lines[c]))
			}
		}
		ruby := make([]bool, n)
		for _, ls := range lines {
			for k, l := range ls {
				ruby[k] = ruby[k] || l.hasRuby()
			}
		}
		offs, linesH := lineOffsets(ruby, pitch, em)
		h := linesH + 2*padY
		base := padY + (pitch-em)/2 + ascent*em
		bx := &box{h: h, baseline: base}
		total := 0.0
		for _, w := range widths {
			total += w
		}
		switch {
		case isHead:
			bx.ops = append(bx.ops, op{kind: opFill, x: b.x, w: total, h: h, col: tableHeadBG})
		case head && ri%2 == 0 || !head && ri%2 == 1:
			bx.ops = append(bx.ops, op{kind: opFill, x: b.x, w: total, h: h, col: tableZebraBG})
		}
		// Rules: the row's top and bottom, and between the columns.
		bx.ops = append(bx.ops,
			op{kind: opLine, x: b.x, w: total, lw: 0.2, col: tableRule},
			op{kind: opLine, x: b.x, y: h, w: total, lw: 0.2, col: tableRule})
		if isHead {
			bx.ops[len(bx.ops)-1].lw = 0.45
			bx.ops[len(bx.ops)-1].col = accentColour
		}
		cx := b.x
		for c := range ncol + 1 {
			bx.ops = append(bx.ops, op{kind: opLine, x: cx, h: h, lw: 0.2, col: tableRule})
			if c < ncol {
				cx += widths[c]
			}
		}
		cx = b.x
		for c := range ncol {
			align := east.AlignLeft
			if c < len(t.Alignments) && t.Alignments[c] != east.AlignNone {
				align = t.Alignments[c]
			}
			for k, l := range lines[c] {
				x := cx + padX
				switch align {
				case east.AlignRight:
					x = cx + widths[c] - padX - l.w
				case east.AlignCenter:
					x = cx + (widths[c]-l.w)/2
				}
				bx.ops = append(bx.ops, b.r.lineOps(l, x, base+offs[k], textStyle{size: size, col: inkColour, strong: strongColour, bold: isHead})...)
			}
			cx += widths[c]
		}
		if isHead {
			bx.keep = true
			header = bx
		} else {
			bx.header = header
			// A table of fewer than smallTable rows stays whole; a longer
			// one leaves at least three rows together at a page's foot
			// and at the next page's head.
			k, n := ri, len(rows)
			if head {
				k, n = ri-1, n-1
			}
			bx.keep = k < n-1 && (n < smallTable || k <= 1 || k >= n-3)
		}
		b.add(bx)
	}
	b.space(b.pitch() * 0.5)
}

// smallTable is the number of rows below which a table never splits.
const smallTable = 8

// columnWidths shares the column's width among the table's columns.
func (b *builder) columnWidths(rows [][][]run, ncol int, size, padX float64) []float64 {
	em := size * text.MMPerPt
	natural := make([]float64, ncol)
	least := make([]float64, ncol)
	for _, cells := range rows {
		for c, runs := range cells {
			// Each line as the cell sets it unbroken, 和欧文間 included.
			for _, l := range b.r.breakRuns(runs, math.MaxFloat64, size) {
				natural[c] = max(natural[c], l.w)
				least[c] = max(least[c], min(l.w, em*cellUnbroken))
			}
		}
	}
	sumN, sumL := 0.0, 0.0
	for c := range ncol {
		least[c] = max(least[c], em) + 2*padX
		natural[c] = max(natural[c]+2*padX, least[c])
		sumN += natural[c]
		sumL += least[c]
	}
	out := make([]float64, ncol)
	switch {
	case sumN <= b.w:
		copy(out, natural)
	case sumL >= b.w:
		for c := range ncol {
			out[c] = least[c] * b.w / sumL
		}
	default:
		// Fill the smallest wants first: a column a little short of its
		// natural width gets all of it, and the long ones share the rest.
		copy(out, least)
		order := make([]int, ncol)
		for c := range order {
			order[c] = c
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Compare(natural[a]-least[a], natural[b]-least[b])
		})
		rest := b.w - sumL
		for i, c := range order {
			give := min(natural[c]-least[c], rest/float64(ncol-i))
			out[c] += give
			rest -= give
		}
	}
	return out
}

// cellUnbroken is the width, in ems, up to which a cell's text is kept on
// one line when the table must shrink: short names and headers stay whole,
// and long text wraps.
const cellUnbroken = 6.5
