package sheet_test

import (
	"io"
	"testing"
	"time"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/schema"
)

// BenchmarkRender_PerCardFace prints all of valkyrie, the largest deck, and
// reports the time per card face: the whole PDF (faces, backs, boards, font
// subsetting, compression) divided by the faces printed, with the font
// chain and icons in place. Target: ≤ 0.5 ms.
func BenchmarkRender_PerCardFace(b *testing.B) {
	res, _, lay := shipped(b, "valkyrie")
	d, err := cards.NewDeck(res, lay, nil)
	if err != nil {
		b.Fatal(err)
	}
	faces := 0
	for _, n := range count(d) {
		faces += n
	}
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		if err := sheet.Render(io.Discard, res, lay, cards.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N)/float64(faces), "ms/face")
	b.ReportMetric(float64(faces), "faces")
}

// BenchmarkRender_AllFourGames prints the four games' PDFs, as build does
// (validation excluded). Target: ≤ 2 s.
func BenchmarkRender_AllFourGames(b *testing.B) {
	type game struct {
		res schema.Result
		lay *spec.Layout
	}
	var games []game
	for _, g := range rules.All().Schemas() {
		res, _, lay := shipped(b, g.ID)
		games = append(games, game{res, lay})
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			if err := sheet.Render(io.Discard, g.res, g.lay, cards.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCheck_AllFourGames is the cost validation pays for the printing
// checks (fit and glyphs) of every card of the four games.
func BenchmarkCheck_AllFourGames(b *testing.B) {
	type game struct {
		g   *schema.Game
		res schema.Result
		lay *spec.Layout
		bk  *schema.Book
	}
	var games []game
	for _, g := range rules.All().Schemas() {
		res, book, lay := shipped(b, g.ID)
		games = append(games, game{g, res, lay, book})
	}
	lang := schema.NewLang("en")
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range games {
			if ps := sheet.Check(g.g, g.res, g.lay, g.bk, lang); len(ps) != 0 {
				b.Fatal(ps)
			}
		}
	}
}

// BenchmarkPNG_Card300dpi rasterizes valkyrie's card faces (boards left
// out) at 300 dpi with the PNG backend, bleed included, one card per
// iteration in turn; the cards are drawn (laid out) once beforehand.
// Target: ≤ 20 ms per card.
func BenchmarkPNG_Card300dpi(b *testing.B) {
	res, _, lay := shipped(b, "valkyrie")
	drawn, err := cards.DrawAll(res, lay, cards.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var faces []*draw.List
	for _, d := range drawn {
		if !d.Board {
			faces = append(faces, d.Face)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := faces[i%len(faces)].PNG(300, false); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
