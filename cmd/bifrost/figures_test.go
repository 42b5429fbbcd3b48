package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bifrost/schema/figure"
)

// TestNastrondBoardIsDrawnFromTheEngineGeometry renders the
// nastrond rulebook and finds the board, drawn from the engine's geometry,
// in both books: 24, 16, 8 and 1 squares of layers 1–4 in the HTML's SVG,
// the eight corner Keepers, Nidhogg, and the turn flow, in the PDF's text
// layer and the HTML alike.
func TestNastrondBoardIsDrawnFromTheEngineGeometry(t *testing.T) {
	t.Parallel()
	out := shippedRulebook(t, "nastrond")
	page, err := os.ReadFile(filepath.Join(out, "nastrond", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	svg := regexp.MustCompile(`(?s)<svg class="figure" role="img" aria-label="board".*?</svg>`).FindString(string(page))
	if svg == "" {
		t.Fatal("rulebook.html has no board SVG")
	}
	layerFill := [5]string{"", "#e9e2cf", "#cdbf9c", "#a8936a", "#5b1f1f"} // the board's colours, outermost first
	for k, want := range map[int]int{1: 24, 2: 16, 3: 8, 4: 1} {
		// Each square, and the legend's swatch, is a rect in its layer's fill.
		if n := strings.Count(svg, `fill="`+layerFill[k]+`"`) - 1; n != want {
			t.Errorf("layer %d: %d squares, want %d", k, n, want)
		}
	}
	pdf := strings.Join(strings.Fields(bookText(t, filepath.Join(out, "nastrond", "rulebook.pdf"))), " ")
	for _, k := range []string{"K1", "K2"} {
		// Four corners each, and the legend's "K1・K2" in the PDF.
		if n := strings.Count(svg, ">"+k+"<"); n != 4 {
			t.Errorf("HTML: %d of %s, want 4", n, k)
		}
		if n := strings.Count(pdf, k); n != 5 {
			t.Errorf("PDF: %d of %s, want 5", n, k)
		}
	}
	for _, label := range []string{"ニーズ", "ヘッグ", "移動フェイズ", "スカウトフェイズ", "手番終了"} {
		if !strings.Contains(pdf, label) || !strings.Contains(string(page), ">"+label+"</text>") {
			t.Errorf("%q is not in both books' figures", label)
		}
	}
}

// TestEveryRulebookHasATurnFlow finds each game's turn flow, as
// SVG in the HTML book and as labels in the PDF's text layer.
func TestEveryRulebookHasATurnFlow(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	first := map[string]string{"valkyrie": "侵攻フェイズ", "nastrond": "移動フェイズ", "guardian": "準備フェイズ", "bloodrage": "神々の贈り物"}
	for g, phase := range first {
		if r := bifrost(t, "rulebook", g, "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--format", "html"); r.code != 0 {
			t.Fatalf("%s: exit %d: %s", g, r.code, r.stderr)
		}
		page, err := os.ReadFile(filepath.Join(out, g, "rulebook.html"))
		if err != nil {
			t.Fatal(err)
		}
		svg := regexp.MustCompile(`(?s)<svg class="figure" role="img" aria-label="turn".*?</svg>`).FindString(string(page))
		if !strings.Contains(svg, ">"+phase+"</text>") || strings.Count(svg, "<polygon") < 3 {
			t.Errorf("%s: no turn flow starting with %s in rulebook.html", g, phase)
		}
	}
}

// TestValkyrieSupplyIsInBothBooks finds the supply figure (three
// rows of RowSlots face-up slots for each of the two supply decks) in the
// shipped book's SVG and its caption in the PDF.
func TestValkyrieSupplyIsInBothBooks(t *testing.T) {
	t.Parallel()
	out := shippedRulebook(t, "valkyrie")
	page, err := os.ReadFile(filepath.Join(out, "valkyrie", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	svg := regexp.MustCompile(`(?s)<svg class="figure" role="img" aria-label="supply".*?</svg>`).FindString(string(page))
	if n := strings.Count(svg, `fill="`+figure.SlotFill+`"`); n < 6 || n%6 != 0 {
		t.Errorf("rulebook.html: %d face-up slots in the supply SVG, want 6 × RowSlots", n)
	}
	pdf := strings.Join(strings.Fields(bookText(t, filepath.Join(out, "valkyrie", "rulebook.pdf"))), "")
	if !strings.Contains(pdf, "カードはサプライデッキから後列・中列・前列へ進み、廃棄置場へ") {
		t.Error("rulebook.pdf has no supply figure's caption")
	}
}

// TestGuardianAreaIsInBothBooks finds the setup picture of a player's area
// in the shipped book, in both formats.
func TestGuardianAreaIsInBothBooks(t *testing.T) {
	t.Parallel()
	out := shippedRulebook(t, "guardian")
	page, err := os.ReadFile(filepath.Join(out, "guardian", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	svg := regexp.MustCompile(`(?s)<svg class="figure" role="img" aria-label="area".*?</svg>`).FindString(string(page))
	if !strings.Contains(svg, ">リソースゾーン</text>") || !strings.Contains(svg, ">（はじめは空）</text>") {
		t.Error("rulebook.html has no area figure")
	}
	if pdf := bookText(t, filepath.Join(out, "guardian", "rulebook.pdf")); !strings.Contains(pdf, "（はじめは空）") {
		t.Error("rulebook.pdf has no area figure")
	}
}

// TestBloodrageMapDrawsEveryProvinceAndFjord finds the nine
// provinces and four fjords of the workbook in the map, in both books.
func TestBloodrageMapDrawsEveryProvinceAndFjord(t *testing.T) {
	t.Parallel()
	out := shippedRulebook(t, "bloodrage")
	page, err := os.ReadFile(filepath.Join(out, "bloodrage", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	svg := regexp.MustCompile(`(?s)<svg class="figure" role="img" aria-label="map".*?</svg>`).FindString(string(page))
	if n := strings.Count(svg, "<circle"); n != 9+4 {
		t.Errorf("rulebook.html: %d circles in the map, want 9 provinces and 4 fjords", n)
	}
	pdf := strings.Fields(bookText(t, filepath.Join(out, "bloodrage", "rulebook.pdf")))
	for _, label := range []string{"ユグドラシル", "F1", "F2", "F3", "F4"} {
		if !strings.Contains(svg, ">"+label+"</text>") || !slices.Contains(pdf, label) {
			t.Errorf("%s is not in both books' map", label)
		}
	}
}
