package main

import (
	"fmt"
	"math"

	"bifrost/layout/book"
	"bifrost/rules/nastrond"
	"bifrost/schema"
)

// figures are a game's figures for {{figure "NAME"}}, drawn from the
// engine's geometry and the workbook's data.
func figures(res schema.Result) map[string]*book.Figure {
	switch d := res.Data.(type) {
	case *schema.NastrondData:
		return map[string]*book.Figure{"board": nastrondBoard(d)}
	case *schema.ValkyrieData:
		return map[string]*book.Figure{"supply": valkyrieSupply(d.Rules.Int("RowSlots"))}
	case *schema.BloodrageData:
		return map[string]*book.Figure{"map": bloodrageMap(d)}
	case *schema.GuardianData:
		r := d.Rules
		return map[string]*book.Figure{"area": guardianArea(r.Int("DeckSize"), r.Int("StartHand"), r.Int("ResourceZone"))}
	}
	return nil
}

// Colours of the nastrond board: one per layer, outermost first.
var (
	layerFill   = [5]string{"", "#e9e2cf", "#cdbf9c", "#a8936a", "#5b1f1f"}
	pawnColours = [4]string{"#c0392b", "#2e6fb7", "#2f8f4e", "#d4a017"}
)

const (
	boardInk  = "#222222"
	boardLine = "#5a4630"
	slotFill  = "#fbf6ea" // a face-up slot of the valkyrie supply
)

// nastrondBoard draws the 7×7 board: its layers as shaded rings, the
// Keepers on the corners of layers 1 and 2, Nidhogg at the centre, and the
// pawns' start squares of one setup, the layer-1 Keepers dealt to the
// corners in the workbook's order (each pawn starts its Keeper's 開始位置
// squares clockwise from the Keeper's corner).
func nastrondBoard(d *schema.NastrondData) *book.Figure {
	const cell, m = 12.0, 6.0 // m: the margin that holds the column letters and row numbers
	side := 7 * cell
	f := &book.Figure{W: side + 2*m, H: side + 2*m + 22}
	add := func(s ...book.Shape) { f.Shapes = append(f.Shapes, s...) }
	for i := range 7 { // columns A–G, rows 1–7, as the rulebook names squares
		add(book.Shape{Kind: book.ShapeText, X: m + (float64(i)+0.5)*cell, Y: m / 2, Text: string(rune('A' + i)), Size: 3.2, Fill: boardInk},
			book.Shape{Kind: book.ShapeText, X: m / 2, Y: m + (float64(i)+0.5)*cell, Text: fmt.Sprint(i + 1), Size: 3.2, Fill: boardInk})
	}
	for _, sq := range nastrond.Board() {
		x, y := m+float64(sq.Col)*cell, m+float64(sq.Row)*cell
		add(book.Shape{Kind: book.ShapeRect, X: x, Y: y, W: cell, H: cell, Fill: layerFill[sq.Layer], Stroke: boardLine, Line: 0.3})
		cx, cy := x+cell/2, y+cell/2
		switch {
		case sq.Layer == 4:
			add(book.Shape{Kind: book.ShapeText, X: cx, Y: cy - 1.8, Text: "ニーズ", Size: 2.6, Fill: "#ffffff"},
				book.Shape{Kind: book.ShapeText, X: cx, Y: cy + 1.8, Text: "ヘッグ", Size: 2.6, Fill: "#ffffff"})
		case sq.Corner && sq.Layer < 3:
			add(book.Shape{Kind: book.ShapeRect, X: x + 1.5, Y: y + 1.5, W: cell - 3, H: cell - 3, R: 1, Fill: "#ffffff", Stroke: boardInk, Line: 0.4},
				book.Shape{Kind: book.ShapeText, X: cx, Y: cy, Text: fmt.Sprintf("K%d", sq.Layer), Size: 3.6, Fill: boardInk})
		}
	}
	// One setup's start squares.
	c := 0
	for _, k := range d.Keepers {
		if k.Layer != 1 || c == len(pawnColours) {
			continue
		}
		r, col := nastrond.StartSquare(c, k.Start)
		x, y := m+float64(col)*cell+cell/2, m+float64(r)*cell+cell/2
		if k.Start == 0 { // on the Keeper's own square: beside its label
			x, y = x+cell*0.28, y+cell*0.28
		}
		add(book.Shape{Kind: book.ShapeCircle, X: x, Y: y, R: 2.2, Fill: pawnColours[c], Stroke: boardInk, Line: 0.3},
			book.Shape{Kind: book.ShapeText, X: x, Y: y, Text: fmt.Sprint(c + 1), Size: 2.6, Fill: "#ffffff"})
		c++
	}
	// The legend: the layers, the Keepers, the pawns.
	y := side + m + 5
	for k := 1; k <= 4; k++ {
		x := m + float64(k-1)*side/4
		add(book.Shape{Kind: book.ShapeRect, X: x, Y: y - 2.5, W: 5, H: 5, Fill: layerFill[k], Stroke: boardLine, Line: 0.3},
			book.Shape{Kind: book.ShapeText, X: x + 13, Y: y, Text: fmt.Sprintf("第%d層", k), Size: 3.2, Fill: boardInk})
	}
	add(book.Shape{Kind: book.ShapeText, X: f.W / 2, Y: y + 8, Text: "K1・K2：第1・第2層のキーパー（四隅）", Size: 3.2, Fill: boardInk},
		book.Shape{Kind: book.ShapeText, X: f.W / 2, Y: y + 14, Text: "1〜4：スタート地点の一例", Size: 3.2, Fill: boardInk},
		book.Shape{Kind: book.ShapeText, X: f.W / 2, Y: y + 19, Text: "（キーパーの角から開始位置のマス数だけ時計回り）", Size: 2.8, Fill: boardInk})
	return f
}

// valkyrieSupply draws the supply as it is set up: the monster, then for
// each supply deck (Assist above, Battle below) its discard pile, the
// front, middle and back rows of slots face up (RowSlots cards each), and
// the deck face down, with the way the cards move.
func valkyrieSupply(slots int) *book.Figure {
	const cw, ch, gap, pitch, x0, y0 = 10.0, 14.0, 1.5, 18.0, 32.0, 10.0
	band := max(float64(slots)*ch+float64(slots-1)*gap, ch) + 8 // the slots and the arrow below them
	f := &book.Figure{W: x0 + 5*pitch, H: y0 + 2*band + 6}
	add := func(s ...book.Shape) { f.Shapes = append(f.Shapes, s...) }
	heads := [5][]string{{"廃棄置場"}, {"前列"}, {"中列"}, {"後列"}, {"サプライ", "デッキ"}}
	for i, h := range heads {
		for j, line := range h {
			add(book.Shape{Kind: book.ShapeText, X: x0 + float64(i)*pitch + pitch/2, Y: 3 + float64(j)*3.6, Text: line, Size: 3, Fill: boardInk})
		}
	}
	my := y0 + band - 4
	add(book.Shape{Kind: book.ShapeRect, X: 14, Y: my - 11, W: 15, H: 22, R: 1, Fill: "#5b1f1f", Stroke: boardInk, Line: 0.3},
		book.Shape{Kind: book.ShapeText, X: 21.5, Y: my, Text: "モンスター", Size: 2.4, Fill: "#ffffff"})
	for b, deck := range []string{"Assist", "Battle"} {
		top := y0 + float64(b)*(band+2)
		add(book.Shape{Kind: book.ShapeText, X: 6, Y: top + ch/2, Text: deck, Size: 3, Fill: boardInk})
		for i := range 5 {
			x := x0 + float64(i)*pitch + (pitch-cw)/2
			switch i {
			case 0: // the discard pile: an empty place
				add(book.Shape{Kind: book.ShapeRect, X: x, Y: top, W: cw, H: ch, R: 0.8, Fill: "#f4f4f4", Stroke: "#999999", Line: 0.3})
			case 4: // the deck, face down
				add(book.Shape{Kind: book.ShapeRect, X: x + 1, Y: top + 1, W: cw, H: ch, R: 0.8, Fill: "#3d2c17", Stroke: boardInk, Line: 0.3},
					book.Shape{Kind: book.ShapeRect, X: x, Y: top, W: cw, H: ch, R: 0.8, Fill: "#6b4f2a", Stroke: boardInk, Line: 0.3},
					book.Shape{Kind: book.ShapeText, X: x + cw/2, Y: top + ch/2, Text: "裏", Size: 3, Fill: "#ffffff"})
			default: // a row's slots, face up
				for k := range slots {
					add(book.Shape{Kind: book.ShapeRect, X: x, Y: top + float64(k)*(ch+gap), W: cw, H: ch, R: 0.8, Fill: slotFill, Stroke: boardLine, Line: 0.3})
				}
			}
		}
		ay := top + band - 4
		add(book.Shape{Kind: book.ShapeArrow, X: x0 + 4.5*pitch, Y: ay, W: -4 * pitch, Stroke: boardLine, Line: 0.4})
	}
	add(book.Shape{Kind: book.ShapeText, X: x0 + 2.5*pitch, Y: f.H - 2, Text: "カードはサプライデッキから後列・中列・前列へ進み、廃棄置場へ", Size: 2.8, Fill: boardInk})
	return f
}

// Colours of a face-down card.
const (
	backFill  = "#6b4f2a"
	backShade = "#3d2c17"
)

// guardianArea draws one player's area after setup: the field's three
// zones, empty, above the deck, the resource zone (resource cards face
// down) and the hand (hand cards); the deck holds what is left of deck.
func guardianArea(deck, hand, resource int) *book.Figure {
	const zw, zh, gap, cw, ch = 36.0, 32.0, 3.0, 10.0, 14.0
	f := &book.Figure{W: 3*zw + 2*gap + 2, H: 2*zh + gap + 2}
	add := func(s ...book.Shape) { f.Shapes = append(f.Shapes, s...) }
	zone := func(i int, name string) (x, y float64) {
		x, y = 1+float64(i%3)*(zw+gap), 1+float64(i/3)*(zh+gap)
		add(book.Shape{Kind: book.ShapeRect, X: x, Y: y, W: zw, H: zh, R: 1.5, Fill: "#f6f1e6", Stroke: boardLine, Line: 0.3},
			book.Shape{Kind: book.ShapeText, X: x + zw/2, Y: y + 4, Text: name, Size: 3, Fill: boardInk})
		return x, y + 7
	}
	// stack draws n cards face down, offset to show a pile, and their count.
	stack := func(x, y float64, n int) {
		x += (zw - cw) / 2
		for k := range min(n, 3) {
			add(book.Shape{Kind: book.ShapeRect, X: x + float64(k)*0.8, Y: y - float64(k)*0.8 + 1.6, W: cw, H: ch, R: 0.8, Fill: []string{backShade, backFill}[min(k, 1)], Stroke: boardInk, Line: 0.3})
		}
		add(book.Shape{Kind: book.ShapeText, X: x + cw/2 + 0.8, Y: y + ch + 5, Text: fmt.Sprintf("%d枚", n), Size: 3, Fill: boardInk})
	}
	for i, name := range []string{"フォージングゾーン", "応援席", "消費ゾーン"} {
		x, y := zone(i, name)
		add(book.Shape{Kind: book.ShapeText, X: x + zw/2, Y: y + 9, Text: "（はじめは空）", Size: 2.6, Fill: "#888888"})
	}
	x, y := zone(3, "山札")
	stack(x, y, max(deck-hand-resource, 0))
	x, y = zone(4, "リソースゾーン")
	stack(x, y, resource)
	x, y = zone(5, "手札")
	step := 0.0
	if hand > 1 {
		step = min(4, (zw-4-cw)/float64(hand-1))
	}
	x0 := x + (zw-cw-step*float64(max(hand-1, 0)))/2
	for k := range hand {
		add(book.Shape{Kind: book.ShapeRect, X: x0 + float64(k)*step, Y: y + 1.6, W: cw, H: ch, R: 0.8, Fill: slotFill, Stroke: boardLine, Line: 0.3})
	}
	add(book.Shape{Kind: book.ShapeText, X: x + zw/2, Y: y + ch + 5, Text: fmt.Sprintf("%d枚", hand), Size: 3, Fill: boardInk})
	return f
}

// realmFill colours a province by its realm.
var realmFill = map[string]string{"マンハイム": "#d9e8c8", "アルフヘイム": "#cfe0f0", "ヨトゥンヘイム": "#dcd6cc", "なし": "#f0dfa8"}

// bloodrageMap draws the provinces as the AI's dice number them: 1–8
// clockwise from the top around Yggdrasil (9), each in its realm's colour
// with its name and villages, and the fjords, numbered, between the two
// provinces they touch.
func bloodrageMap(d *schema.BloodrageData) *book.Figure {
	const c, ring, r, fr = 62.0, 40.0, 13.0, 4.5
	f := &book.Figure{W: 2 * c, H: 2*c + 10}
	add := func(s ...book.Shape) { f.Shapes = append(f.Shapes, s...) }
	at := func(n float64, rad float64) (x, y float64) {
		a := (n-1)*math.Pi/4 - math.Pi/2
		return c + rad*math.Cos(a), c + rad*math.Sin(a)
	}
	number := map[string]int{}
	for _, p := range d.Provinces {
		number[p.ID] = p.Number
		if p.Number < 9 {
			x, y := at(float64(p.Number), ring)
			add(book.Shape{Kind: book.ShapeLine, X: c, Y: c, W: x - c, H: y - c, Stroke: boardLine, Line: 0.3})
		}
	}
	for _, p := range d.Provinces {
		x, y, rad := c, c, r+2
		if p.Number < 9 {
			x, y = at(float64(p.Number), ring)
			rad = r
		}
		villages := fmt.Sprintf("村%d", p.Villages)
		if p.Villages == 0 {
			villages = "村なし"
		}
		add(book.Shape{Kind: book.ShapeCircle, X: x, Y: y, R: rad, Fill: realmFill[p.Realm], Stroke: boardLine, Line: 0.4},
			book.Shape{Kind: book.ShapeText, X: x, Y: y - 5, Text: fmt.Sprint(p.Number), Size: 4, Fill: boardInk},
			book.Shape{Kind: book.ShapeText, X: x, Y: y + 0.5, Text: p.Name, Size: 2.5, Fill: boardInk},
			book.Shape{Kind: book.ShapeText, X: x, Y: y + 5, Text: villages, Size: 2.5, Fill: boardInk})
	}
	for _, fj := range d.Fjords {
		n1, n2 := number[fj.Side1], number[fj.Side2]
		mid := float64(n1) + 0.5
		if (n1-n2+8)%8 == 1 {
			mid = float64(n1) - 0.5
		}
		x, y := at(mid, ring+16)
		add(book.Shape{Kind: book.ShapeCircle, X: x, Y: y, R: fr, Fill: "#2e6fb7", Stroke: boardInk, Line: 0.3},
			book.Shape{Kind: book.ShapeText, X: x, Y: y, Text: fmt.Sprintf("F%d", fj.Number), Size: 2.6, Fill: "#ffffff"})
	}
	for i, realm := range []string{"マンハイム", "アルフヘイム", "ヨトゥンヘイム"} {
		x := 4 + float64(i)*38
		add(book.Shape{Kind: book.ShapeRect, X: x, Y: 2*c + 3, W: 5, H: 5, Fill: realmFill[realm], Stroke: boardLine, Line: 0.3},
			book.Shape{Kind: book.ShapeText, X: x + 18, Y: 2*c + 5.5, Text: realm, Size: 3, Fill: boardInk})
	}
	return f
}
