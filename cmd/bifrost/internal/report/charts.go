package report

import (
	"cmp"
	"fmt"
	"html/template"
	"maps"
	"math"
	"slices"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// seatChart draws each seat's win rate as a bar with its 95 % interval and a
// dashed line at the fair share 1/n.
func seatChart(l *schema.Lang, players int, rates []sim.Wilson) template.HTML {
	const w, h, left, bottom, top = 420.0, 220.0, 40.0, 30.0, 10.0
	s := newSVG(w, h, l.Sprintf("%d人の席ごとの勝率", "Win rate by seat, %d players", players))
	plotH := h - bottom - top
	y := func(v float64) float64 { return top + plotH*(1-v) }
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		s.line(left, y(v), w-5, y(v), "grid")
		s.text(left-4, y(v)+4, "end", "tick", fmt.Sprintf("%.0f%%", 100*v))
	}
	slot := (w - left - 10) / float64(len(rates))
	for i, r := range rates {
		x := left + 5 + float64(i)*slot
		s.rect(x+slot*0.15, y(r.Rate), slot*0.7, y(0)-y(r.Rate), "bar",
			l.Sprintf("P%d: %.1f%%（95%%区間 %.1f–%.1f%%、%d/%d勝）", "P%d: %.1f%% (95%% interval %.1f–%.1f%%, %d/%d won)", i+1, 100*r.Rate, 100*r.Low, 100*r.High, r.Wins, r.Games))
		cx := x + slot/2
		s.line(cx, y(r.Low), cx, y(r.High), "err")
		s.line(cx-6, y(r.Low), cx+6, y(r.Low), "err")
		s.line(cx-6, y(r.High), cx+6, y(r.High), "err")
		s.text(cx, h-bottom+16, "middle", "tick", fmt.Sprintf("P%d", i+1))
	}
	s.line(left, y(1/float64(players)), w-5, y(1/float64(players)), "fair")
	return s.done()
}

// histogram draws counts by integer value; overlay, when given, is drawn on top.
func histogram(l *schema.Lang, label string, base, overlay map[int]int) template.HTML {
	const w, h, left, bottom, top = 420.0, 200.0, 44.0, 30.0, 10.0
	s := newSVG(w, h, label)
	keys := slices.Sorted(maps.Keys(base))
	if len(keys) == 0 {
		s.text(w/2, h/2, "middle", "tick", l.Pick("データなし", "no data"))
		return s.done()
	}
	lo, hi := keys[0], keys[len(keys)-1]
	maxN := 0
	for _, n := range base {
		maxN = max(maxN, n)
	}
	top10 := niceMax(float64(maxN))
	plotH := h - bottom - top
	y := func(v float64) float64 { return top + plotH*(1-v/top10) }
	for _, f := range []float64{0, 0.5, 1} {
		s.line(left, y(f*top10), w-5, y(f*top10), "grid")
		s.text(left-4, y(f*top10)+4, "end", "tick", fmt.Sprintf("%.0f", f*top10))
	}
	slot := (w - left - 10) / float64(hi-lo+1)
	draw := func(m map[int]int, class string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			n := m[k]
			x := left + 5 + float64(k-lo)*slot
			s.rect(x, y(float64(n)), math.Max(slot-1, 1), y(0)-y(float64(n)), class, fmt.Sprintf("%d: %d", k, n))
		}
	}
	draw(base, "bar")
	if overlay != nil {
		draw(overlay, "bar2")
	}
	step := max(1, (hi-lo+1)/8)
	for k := lo; k <= hi; k += step {
		s.text(left+5+(float64(k-lo)+0.5)*slot, h-bottom+16, "middle", "tick", fmt.Sprint(k))
	}
	return s.done()
}

// cardPoint is one card in the scatter chart.
type cardPoint struct {
	ID, Name, Cell string
	Use            float64 // acquisitions, plays and resolutions per game
	Win            sim.Wilson
	Dead           bool
	Outlier        bool // named in the findings: labelled on the chart
}

// cardScatter plots each card's use rate (on a square-root scale, so the
// many rarely used cards spread out) against the win rate of the players
// who used it; dead cards sit on the left edge in red, counted in one
// label, and the outliers of the findings are labelled by name, each label
// moved down until it overlaps none placed before it.
func cardScatter(l *schema.Lang, points []cardPoint) template.HTML {
	const w, h, left, bottom, top = 640.0, 300.0, 44.0, 34.0, 10.0
	s := newSVG(w, h, l.Pick("カードの使用率と勝率", "Cards: use and win rate"))
	maxUse := 0.0
	for _, p := range points {
		maxUse = math.Max(maxUse, p.Use)
	}
	xMax := niceMax(maxUse)
	plotW, plotH := w-left-10, h-bottom-top
	x := func(v float64) float64 { return left + plotW*math.Sqrt(v/xMax) }
	y := func(v float64) float64 { return top + plotH*(1-v) }
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		s.line(left, y(v), w-10, y(v), "grid")
		s.text(left-4, y(v)+4, "end", "tick", fmt.Sprintf("%.0f%%", 100*v))
	}
	for _, f := range []float64{0, 1.0 / 16, 0.25, 1} {
		s.line(x(f*xMax), top, x(f*xMax), y(0), "grid")
		s.text(x(f*xMax), h-bottom+16, "middle", "tick", number(f*xMax))
	}
	s.text(left+plotW/2, h-4, "middle", "axis", l.Pick("1ゲームあたりの使用回数（入手・使用・解決、平方根の目盛）", "uses a game (acquired, played, resolved; square-root scale)"))
	dead := 0
	for _, p := range points {
		label := l.Sprintf("%s %s: 使用 %.2f/ゲーム、使った人の勝率 %.1f%%（%d/%d）", "%s %s: %.2f uses a game, win rate when used %.1f%% (%d/%d)", p.ID, p.Name, p.Use, 100*p.Win.Rate, p.Win.Wins, p.Win.Games)
		if p.Dead {
			dead++
			s.circle(x(0), y(0), 5, "dead", p.ID+" "+p.Name+l.Pick(": 一度も使われていない", ": never used"))
			continue
		}
		class := "dot"
		if p.Outlier {
			class = "dot out"
		}
		s.circle(x(p.Use), y(p.Win.Rate), 4, class, label)
	}
	var placed [][4]float64 // x0, y0, x1, y1 of the labels so far
	overlaps := func(b [4]float64) bool {
		for _, o := range placed {
			if b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3] {
				return true
			}
		}
		return false
	}
	for _, p := range points {
		if !p.Outlier || p.Dead {
			continue
		}
		text := cmp.Or(p.Name, p.ID)
		tw := 11 * float64(len([]rune(text)))
		px, py := x(p.Use), y(p.Win.Rate)
		x0 := px + 6
		if px > w*0.7 {
			x0 = px - 6 - tw
		}
		box := [4]float64{x0, py - 15, x0 + tw, py - 2}
		for overlaps(box) && box[3] < h {
			box[1], box[3] = box[1]+13, box[3]+13
		}
		placed = append(placed, box)
		if box[1] != py-15 {
			s.line(px, py, box[0], box[3]-4, "leader")
		}
		s.text(box[0], box[3]-3, "start", "name", text)
	}
	if dead > 0 {
		s.text(x(0)+8, y(0)-6, "start", "deadlabel", l.Sprintf("未使用 %d 枚", "%d unused", dead))
	}
	return s.done()
}

// heatmap draws a square matrix of win rates, rows against columns.
func heatmap(l *schema.Lang, labels []string, cells [][]sim.Wilson) template.HTML {
	n := len(labels)
	const cell, left, top = 56.0, 120.0, 90.0
	w, h := left+cell*float64(n)+10, top+cell*float64(n)+10
	s := newSVG(w, h, l.Pick("デッキ相性表", "Deck against deck"))
	for i, name := range labels {
		s.text(left-6, top+cell*float64(i)+cell/2+4, "end", "tick", name)
		s.text(left+cell*float64(i)+cell/2, top-8, "middle", "tick", name)
	}
	for i := range cells {
		for j, c := range cells[i] {
			class := fmt.Sprintf("heat%d", min(9, int(c.Rate*10)))
			if c.Games == 0 {
				class = "heatna"
			}
			s.rect(left+cell*float64(j), top+cell*float64(i), cell-2, cell-2, class,
				l.Sprintf("%s 対 %s: %.1f%%（%.1f–%.1f%%、%d戦）", "%s against %s: %.1f%% (%.1f–%.1f%%, %d games)", labels[i], labels[j], 100*c.Rate, 100*c.Low, 100*c.High, c.Games))
			if c.Games > 0 {
				s.text(left+cell*float64(j)+cell/2-1, top+cell*float64(i)+cell/2+4, "middle", "cell", fmt.Sprintf("%.0f%%", 100*c.Rate))
			}
		}
	}
	return s.done()
}
