package cards

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

func shippedInternal(t *testing.T, game string) (schema.Result, *Layout) {
	t.Helper()
	g := rules.All().Schema(game)
	book, err := workbook.Open(filepath.Join("..", "..", "cardsrc", game+".xlsx"), "cardsrc/"+game+".xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := g.Validate(book, schema.NewLang("en"))
	l, err := Load("..", g)
	if err != nil {
		t.Fatal(err)
	}
	return res, l
}

// kindNamed is l's kind called name, or nil.
func kindNamed(l *Layout, name string) *Kind {
	for _, k := range l.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// layOut lays a card's face out without drawing and returns the fits.
func layOut(t *testing.T, res schema.Result, l *Layout, kind, id string) *Painter {
	ds, err := NewDataset(l.Game, res.Data)
	if err != nil {
		t.Fatal(err)
	}
	k := kindNamed(l, kind)
	pt := NewPainter(l, ds, NewArtStore(""), true)
	for _, c := range ds.Designs(k) {
		if c.ID == id {
			pt.Paint(k.Face, c, "face", 0, 0)
			return pt
		}
	}
	t.Fatalf("no %s card %s", kind, id)
	return nil
}

// TestFit_LongEffectShrinksDownToTheMinimum: a long effect text is set
// smaller than the layout's size but not below its minimum; past that it is
// an issue, set at the minimum.
func TestFit_LongEffectShrinksDownToTheMinimum(t *testing.T) {
	res, l := shippedInternal(t, "valkyrie")
	v := &res.Data.(*valkyrie.Data).Valkyries[0]
	sizeOf := func(pt *Painter) (float64, bool) {
		for k, f := range pt.fits {
			if strings.HasPrefix(k.s, "カードを1枚引く。カード") {
				return f.Size, f.OK
			}
		}
		t.Fatal("the effect text was not laid out")
		return 0, false
	}
	v.Text = strings.Repeat("カードを1枚引く。", 2)
	if size, ok := sizeOf(layOut(t, res, l, "Assist", v.ID)); size != 8.5 || !ok {
		t.Errorf("short text at %gpt (ok %v), want the full 8.5pt", size, ok)
	}
	v.Text = strings.Repeat("カードを1枚引く。", 11)
	pt := layOut(t, res, l, "Assist", v.ID)
	if size, ok := sizeOf(pt); size >= 8.5 || size < 6 || !ok {
		t.Errorf("long text at %gpt (ok %v), want shrunk below 8.5pt and not under 6pt", size, ok)
	}
	if len(pt.Issues) != 0 {
		t.Errorf("a text that fits once shrunk is an issue: %v", pt.Issues)
	}
	v.Text = strings.Repeat("カードを1枚引く。", 30)
	pt = layOut(t, res, l, "Assist", v.ID)
	if size, ok := sizeOf(pt); size != 6 || ok {
		t.Errorf("overlong text at %gpt (ok %v), want the minimum 6pt and not ok", size, ok)
	}
	if len(pt.Issues) != 1 || pt.Issues[0].fit == nil || pt.Issues[0].fields[0].Name != "Text" {
		t.Errorf("issues %v, want one overflow of Text", pt.Issues)
	}
}

// TestGrid_ThreeByThreeWithRoomForMarks checks the imposition arithmetic.
func TestGrid_ThreeByThreeWithRoomForMarks(t *testing.T) {
	l := &Layout{Bleed: 3, Sheet: SheetOptions{Gutter: 6, MarkLength: 4, MarkOffset: 0.5}}
	for paper, want := range map[string][2]float64{"a4": {3, 6}, "letter": {5.95, 0.2}} {
		g, err := newGrid(l, papers[paper], Size{W: 63, H: 88})
		if err != nil {
			t.Fatal(err)
		}
		if g.cols != 3 || g.rows != 3 || math.Abs(g.gx-want[0]) > 1e-6 || math.Abs(g.gy-want[1]) > 1e-6 {
			t.Errorf("%s: %d×%d with gutters %.2f×%.2f, want 3×3 with %.2f×%.2f", paper, g.cols, g.rows, g.gx, g.gy, want[0], want[1])
		}
		// The crop marks lie on the paper, outside the outer bleed.
		room := l.Bleed + l.Sheet.MarkOffset + l.Sheet.MarkLength
		if g.x0 < room-1e-6 || g.y0 < room-1e-6 {
			t.Errorf("%s: grid at %.2f,%.2f leaves no room for the marks (%.2f)", paper, g.x0, g.y0, room)
		}
		// Mirroring keeps every card on the grid: column c goes to cols-1-c.
		x0, _, c0, _ := g.cell(0, false, false)
		x1, _, c1, _ := g.cell(0, true, false)
		if c0 != 0 || c1 != 2 || math.Abs((x0+x1+g.w)-papers[paper].W) > 1e-6 {
			t.Errorf("%s: the back of the first card is not its mirror image", paper)
		}
	}
	if _, err := newGrid(l, papers["a4"], Size{W: 250, H: 88}); err == nil {
		t.Error("a card wider than the paper was laid out")
	}
}

// TestArt_NamesCannotLeaveTheFolder: IDs that are not plain file names find
// no art, even when such a file exists outside the folder.
func TestArt_NamesCannotLeaveTheFolder(t *testing.T) {
	dir := t.TempDir()
	art := filepath.Join(dir, "art")
	os.Mkdir(art, 0o755)
	os.WriteFile(filepath.Join(dir, "secret.png"), []byte("x"), 0o644)
	a := NewArtStore(art)
	defer a.Close()
	for _, name := range []string{"../secret", "..", "sub/../../secret", `..\secret`, "/etc/passwd", ".hidden"} {
		if img, err := a.find(name); img != nil || err != nil {
			t.Errorf("find(%q) = %v, %v; want no art", name, img, err)
		}
	}
}
