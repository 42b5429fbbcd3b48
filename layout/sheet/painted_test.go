package sheet_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/sheet"
)

// TestRender_PrintsPaintedSidesAsTheyAreWithTheStampOver: sheets printed
// from sides a build painted (Options.Painted) are the very sheets
// printed by painting them, stamp included, and what they print is the
// painted lists: a mark added to one painted face is on the sheet.
func TestRender_PrintsPaintedSidesAsTheyAreWithTheStampOver(t *testing.T) {
	res, _, lay := shipped(t, "guardian")
	const stamp = "git 0123abc 2026-01-01"
	var want bytes.Buffer
	if err := sheet.Render(&want, res, lay, cards.Options{Stamp: stamp}); err != nil {
		t.Fatal(err)
	}
	painted, err := cards.DrawCopies(res, lay, cards.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := sheet.Render(&got, res, lay, cards.Options{Stamp: stamp, Painted: painted}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatal("the sheets printed from the painted sides differ from the sheets painted anew")
	}

	// A mark in the face's own font, added to the first painted face.
	face := *painted[0].Face
	for _, it := range face.Items {
		if tx, ok := it.(*draw.Text); ok {
			mark := *tx
			mark.S, mark.Mode = "PAINTEDONCE", draw.TextFill
			face.Items = append(face.Items[:len(face.Items):len(face.Items)], &mark)
			break
		}
	}
	painted[0].Face = &face
	var marked bytes.Buffer
	if err := sheet.Render(&marked, res, lay, cards.Options{Stamp: stamp, Painted: painted}); err != nil {
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
