package bloodrage

import (
	"fmt"
	"math"

	fig "bifrost/schema/figure"
)

// Figures are the game's figures for its rulebooks' {{figure "NAME"}},
// drawn from the validated data (schema.Result.Data) and the engine's
// geometry; nil for data of another game.
func Figures(data any) map[string]*fig.Figure {
	d, ok := data.(*Data)
	if !ok {
		return nil
	}
	return map[string]*fig.Figure{"map": provinceMap(d)}
}

// realmFill colours a province by its realm.
var realmFill = map[string]string{"マンハイム": "#d9e8c8", "アルフヘイム": "#cfe0f0", "ヨトゥンヘイム": "#dcd6cc", "なし": "#f0dfa8"}

// provinceMap draws the provinces as the AI's dice number them: 1–8
// clockwise from the top around Yggdrasil (9), each in its realm's colour
// with its name and villages, and the fjords, numbered, between the two
// provinces they touch.
func provinceMap(d *Data) *fig.Figure {
	const c, ring, r, fr = 62.0, 40.0, 13.0, 4.5
	f := &fig.Figure{W: 2 * c, H: 2*c + 10}
	add := func(s ...fig.Shape) { f.Shapes = append(f.Shapes, s...) }
	at := func(n float64, rad float64) (x, y float64) {
		a := (n-1)*math.Pi/4 - math.Pi/2
		return c + rad*math.Cos(a), c + rad*math.Sin(a)
	}
	number := map[string]int{}
	for _, p := range d.Provinces {
		number[p.ID] = p.Number
		if p.Number < 9 {
			x, y := at(float64(p.Number), ring)
			add(fig.Shape{Kind: fig.KindLine, X: c, Y: c, W: x - c, H: y - c, Stroke: fig.BoardLine, Line: 0.3})
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
		add(fig.Shape{Kind: fig.KindCircle, X: x, Y: y, R: rad, Fill: realmFill[p.Realm], Stroke: fig.BoardLine, Line: 0.4},
			fig.Shape{Kind: fig.KindText, X: x, Y: y - 5, Text: fmt.Sprint(p.Number), Size: 4, Fill: fig.Ink},
			fig.Shape{Kind: fig.KindText, X: x, Y: y + 0.5, Text: p.Name, Size: 2.5, Fill: fig.Ink},
			fig.Shape{Kind: fig.KindText, X: x, Y: y + 5, Text: villages, Size: 2.5, Fill: fig.Ink})
	}
	for _, fj := range d.Fjords {
		n1, n2 := number[fj.Side1], number[fj.Side2]
		mid := float64(n1) + 0.5
		if (n1-n2+8)%8 == 1 {
			mid = float64(n1) - 0.5
		}
		x, y := at(mid, ring+16)
		add(fig.Shape{Kind: fig.KindCircle, X: x, Y: y, R: fr, Fill: "#2e6fb7", Stroke: fig.Ink, Line: 0.3},
			fig.Shape{Kind: fig.KindText, X: x, Y: y, Text: fmt.Sprintf("F%d", fj.Number), Size: 2.6, Fill: "#ffffff"})
	}
	for i, realm := range []string{"マンハイム", "アルフヘイム", "ヨトゥンヘイム"} {
		x := 4 + float64(i)*38
		add(fig.Shape{Kind: fig.KindRect, X: x, Y: 2*c + 3, W: 5, H: 5, Fill: realmFill[realm], Stroke: fig.BoardLine, Line: 0.3},
			fig.Shape{Kind: fig.KindText, X: x + 18, Y: 2*c + 5.5, Text: realm, Size: 3, Fill: fig.Ink})
	}
	return f
}
