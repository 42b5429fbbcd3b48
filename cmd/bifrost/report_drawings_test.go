package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/previewsave"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// findingItems are the findings of a report page, one <li> each.
var findingItems = regexp.MustCompile(`(?s)<li[^>]*>.*?</li>`)

// TestReportFindingsShowTheCardsDrawing renders the report page
// of nastrond with a dead Edda and of bloodrage with a failing AI track
// cell: the dead card's finding carries its SVG face (its name as text),
// the cell's finding the SVG of the AI board it is printed on, findings
// about no card carry none, and a second rendering, and one with serve's
// gallery drawings, give the same bytes.
func TestReportFindingsShowTheCardsDrawing(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		game, id, name string
		r              *sim.Report
	}{
		{"nastrond", "E1-02", "トールの釣り", &sim.Report{Game: "nastrond", Games: 10, DeadCards: []string{"E1-02"},
			Cards: map[string]sim.CardReport{"E1-02": {}, "E1-03": {Acquired: 5}}}},
		{"bloodrage", "SERPENT-2-3", "ヨルムンガンドの", &sim.Report{Game: "bloodrage", Games: 10, Cards: map[string]sim.CardReport{},
			Extra: map[string]any{"bloodrage": map[string]any{"failing_cells": []map[string]any{
				{"at": "AITrack!E29", "id": "SERPENT-2-3", "instruction": "ship", "tried": 48, "failed": 42, "fail_rate": 0.875, "threshold_percent": 75}}}}}},
	} {
		res, err := targets.Target{Game: definition(t, tt.game), Path: filepath.Join(shippedSrc, tt.game+".xlsx")}.Validate(schema.NewLang("ja"))
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if err := report.WritePage(&a, nil, definition(t, tt.game), tt.r, nil, res, nil); err != nil {
			t.Fatal(err)
		}
		if err := report.WritePage(&b, nil, definition(t, tt.game), tt.r, nil, res, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renderings of the report differ", tt.game)
		}
		// serve's report reuses the gallery's drawings: the same page.
		s := (&serveOptions{globalOptions: &globalOptions{}, src: shippedSrc}).previews().Save(targets.Target{Game: definition(t, tt.game), Path: res.File})
		if s.Game.Cards == nil {
			t.Fatalf("%s: no gallery drawing: %v", tt.game, s.Game.Problems)
		}
		var c bytes.Buffer
		if err := report.WritePage(&c, nil, definition(t, tt.game), tt.r, nil, res, previewsave.GalleryFaces(s.Game.Cards, res.Data)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), c.Bytes()) {
			t.Errorf("%s: the report with the gallery's drawings differs from the report drawing its own", tt.game)
		}
		found := false
		for _, li := range findingItems.FindAllString(a.String(), -1) {
			if !strings.Contains(li, tt.id) {
				if strings.Contains(li, "<svg") {
					t.Errorf("%s: a finding about no card is drawn: %.200s", tt.game, li)
				}
				continue
			}
			found = true
			svg := li[strings.Index(li, `<span class="drawing">`)+1:]
			if !strings.Contains(li, `<span class="drawing"><svg`) || !strings.Contains(svg, "<text") || !strings.Contains(svg, tt.name) {
				t.Errorf("%s: the finding about %s does not show its drawing with %q: %.300s", tt.game, tt.id, tt.name, li)
			}
		}
		if !found {
			t.Errorf("%s: no finding names %s", tt.game, tt.id)
		}
	}
}
