package cards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

func shippedInternal(t *testing.T, game string) (schema.Result, *spec.Layout) {
	t.Helper()
	def, err := rules.All().ByID(game)
	if err != nil {
		t.Fatal(err)
	}
	g := def.Schema
	book, err := workbook.Open(filepath.Join("..", "..", "cardsrc", game+".xlsx"), "cardsrc/"+game+".xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := g.Validate(book, schema.NewLang("en"))
	l, err := spec.Load("..", g)
	if err != nil {
		t.Fatal(err)
	}
	return res, l
}

// kindNamed is l's kind called name, or nil.
func kindNamed(l *spec.Layout, name string) *spec.Kind {
	for _, k := range l.Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// layOut lays a card's face out without drawing and returns the fits.
func layOut(t *testing.T, res schema.Result, l *spec.Layout, kind, id string) *Painter {
	ds, err := spec.NewDataset(l, res)
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
