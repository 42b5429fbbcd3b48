package sheet_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/sheet"
)

// TestRender_PrintsPaintedSidesAsTheyAreWithTheStampOver: sheets and
// per-card PDFs printed from sides painted once (cards.Paint, then
// Options.Painted) are the very PDFs printed by painting them, stamp and
// DRAFT band included, under the ink saver too; and what they print is the
// painted lists: a mark added to one painted face is on the sheet. The
// sides painted once serve every print made from them.
func TestRender_PrintsPaintedSidesAsTheyAreWithTheStampOver(t *testing.T) {
	t.Parallel()
	res, _, lay := shipped(t, "guardian")
	const stamp = "git 0123abc 2026-01-01"
	// The sides are painted once for each ink and kind of PDF, as a build
	// paints them once for all it prints: the sheets must not change them.
	type paintKey struct{ inkSaver, copies bool }
	paints := map[paintKey]*cards.Painted{}
	paint := func(inkSaver, copies bool) *cards.Painted {
		t.Helper()
		k := paintKey{inkSaver, copies}
		if paints[k] == nil {
			p, err := cards.Paint(res, lay, cards.Options{InkSaver: inkSaver}, copies)
			if err != nil {
				t.Fatal(err)
			}
			paints[k] = p
		}
		return paints[k]
	}
	painted := paint(false, true)
	id := painted.Drawn[len(painted.Drawn)/2].ID // a card to print under a DRAFT band
	for _, tt := range []struct {
		name string
		opt  cards.Options
	}{
		{"stamp", cards.Options{Stamp: stamp}},
		{"ink saver", cards.Options{Stamp: stamp, InkSaver: true}},
		{"draft", cards.Options{Stamp: stamp, Draft: map[string][]string{id: {"Cards!C2"}}}},
	} {
		var want bytes.Buffer
		if err := sheet.Render(&want, res, lay, tt.opt); err != nil {
			t.Fatal(err)
		}
		opt := tt.opt
		opt.Painted = paint(tt.opt.InkSaver, true).Drawn
		var got bytes.Buffer
		if err := sheet.Render(&got, res, lay, opt); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: the sheets printed from the painted sides differ from the sheets painted anew", tt.name)
		}
		opt.Painted = paint(tt.opt.InkSaver, false).Drawn
		fresh, err := sheet.RenderEach(res, lay, tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		each, err := sheet.RenderEach(res, lay, opt)
		if err != nil || len(each) != len(fresh) {
			t.Fatalf("%s: %d per-card PDFs from the painted sides, %d painted anew: %v", tt.name, len(each), len(fresh), err)
		}
		for i := range each {
			var a, b bytes.Buffer
			if err := fresh[i].Render(&a); err != nil {
				t.Fatal(err)
			}
			if err := each[i].Render(&b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s: %s printed from its painted sides differs from it painted anew", tt.name, each[i].Name)
			}
		}
	}

	// A mark in the face's own font, added to the first painted face.
	face := *painted.Drawn[0].Face
	for _, it := range face.Items {
		if tx, ok := it.(*draw.Text); ok {
			mark := *tx
			mark.S, mark.Mode = "PAINTEDONCE", draw.TextFill
			face.Items = append(face.Items[:len(face.Items):len(face.Items)], &mark)
			break
		}
	}
	painted.Drawn[0].Face = &face
	var marked bytes.Buffer
	if err := sheet.Render(&marked, res, lay, cards.Options{Stamp: stamp, Painted: painted.Drawn}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "marked.pdf")
	if err := os.WriteFile(path, marked.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if txt := tool(t, "pdftotext", path, "-"); !strings.Contains(txt, "PAINTEDONCE") || !strings.Contains(txt, "0123abc") {
		t.Errorf("the sheet does not print the painted face with the stamp over it:\n%.400s", txt)
	}
}

// TestCopiesThatLookAlikeShareTheirPaintedSides: painting every copy, a
// copy that looks as the one before it holds that copy's very lists, so a
// deck of many copies keeps each look in memory once; a copy that prints
// its own number ({$index}) keeps lists of its own.
func TestCopiesThatLookAlikeShareTheirPaintedSides(t *testing.T) {
	t.Parallel()
	shared, own := 0, 0
	for _, game := range []string{"valkyrie", "nastrond", "guardian", "bloodrage"} {
		res, _, lay := shipped(t, game)
		p, err := cards.Paint(res, lay, cards.Options{}, true)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range p.Drawn {
			if d.Copy == 1 {
				continue
			}
			prev := p.Drawn[i-1]
			for _, side := range []struct {
				name     string
				l, prevL *draw.List
			}{{"face", d.Face, prev.Face}, {"back", d.Back, prev.Back}} {
				alike := reflect.DeepEqual(side.l, side.prevL)
				if alike != (side.l == side.prevL) {
					t.Errorf("%s %s copy %d: its %s is drawn alike copy %d's: %v; the same list: %v", game, d.ID, d.Copy, side.name, prev.Copy, alike, side.l == side.prevL)
				}
				if side.l == side.prevL {
					shared++
				} else {
					own++
				}
			}
		}
	}
	if shared == 0 || own == 0 {
		t.Errorf("the shipped decks have %d later sides shared and %d of their own, want some of each", shared, own)
	}
	t.Logf("%d sides shared, %d of their own", shared, own)
}
