package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// TestBuildShowsEveryCardFromTheOnePaintingItMade: build paints a game's
// cards once (printout.Paint) and the card sheets, both books (PDF and HTML)
// and the report draw those lists and paint none of their own: a mark
// added to every painted face shows in each of them.
func TestBuildShowsEveryCardFromTheOnePaintingItMade(t *testing.T) {
	t.Parallel()
	needTool(t, "pdftotext", "poppler-utils")
	const mark = "PAINTEDONCE"
	g := nastrond.Schema
	res := loadShipped(t, g)
	painted, err := printout.Paint(shippedSrc, g, res, cards.Options{}, true) // as build paints them
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range painted.Drawn {
		face := *d.Face
		for _, it := range face.Items {
			if tx, ok := it.(*draw.Text); ok { // the mark in a font the face has
				m := *tx
				m.S, m.Mode = mark, draw.TextFill
				face.Items = append(face.Items[:len(face.Items):len(face.Items)], &m)
				break
			}
		}
		painted.Drawn[i].Face = &face
	}
	out := t.TempDir()
	sheets, err := printout.Write(context.Background(), printout.Job{Src: shippedSrc, Out: out, Workbook: res.File, Game: g, Result: res, Painted: painted, Name: "cards.pdf"})
	if err != nil {
		t.Fatal(err)
	}
	booksWritten, skips, err := books.Set{Dir: "../../rules", Game: nastrond.Definition, Result: res, Layout: painted.Layout, Drawn: painted.Drawn, Lang: schema.Japanese}.Write(out, []string{"pdf", "html"})
	if err != nil || len(skips) > 0 {
		t.Fatal(err, skips)
	}
	written := append(sheets, booksWritten...)
	for _, f := range append(sheets, filepath.Join(out, g.ID, "rulebook.pdf"), filepath.Join(out, g.ID, "rulebook.html")) {
		if !slices.Contains(written, f) {
			t.Fatalf("%s was not written: %q", f, written)
		}
		text := readText(t, f)
		if !strings.Contains(text, mark) {
			t.Errorf("%s does not show the painted faces", filepath.Base(f))
		}
	}
	r := &sim.Report{Game: g.ID, Games: 10, DeadCards: []string{"E1-02"}, Cards: map[string]sim.CardReport{"E1-02": {}}}
	drawings, err := report.Page{}.CardDrawings(r, g, res, painted.Drawn)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(drawings["E1-02"]), mark) {
		t.Error("the report's drawing of E1-02 is not the painted face")
	}
}

// readText is the text of a PDF (pdftotext) or an HTML file.
func readText(t *testing.T, path string) string {
	t.Helper()
	if strings.HasSuffix(path, ".pdf") {
		out, err := exec.Command("pdftotext", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
