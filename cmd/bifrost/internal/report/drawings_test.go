package report

import (
	"html/template"
	"path/filepath"
	"testing"

	"bifrost/rules/bloodrage"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// shipped validates g's shipped workbook, beside the shipped layouts and art.
func shipped(t *testing.T, g *schema.Game) schema.Result {
	t.Helper()
	path := filepath.Join("..", "..", "..", "..", "cardsrc", g.ID+".xlsx")
	b, err := workbook.Open(path, path)
	if err != nil {
		t.Fatal(err)
	}
	res := g.Validate(b, schema.Japanese)
	if schema.HasErrors(res.Problems) {
		t.Fatalf("%s: the shipped workbook has errors: %v", g.ID, res.Problems)
	}
	return res
}

// TestCardDrawingsPaintOnlyTheFindingsCards: without a build's painted
// cards, the report paints only the cards its findings name (a dead Edda;
// the AI board a failing cell is printed on, shown for the cell), not
// every card of the game, and nothing when no finding names a card.
func TestCardDrawingsPaintOnlyTheFindingsCards(t *testing.T) {
	for _, tt := range []struct {
		game  *sim.Definition
		r     *sim.Report
		drawn int // distinct drawings
		named []string
	}{
		{nastrond.Definition, &sim.Report{Game: "nastrond", Games: 10, DeadCards: []string{"E1-02"},
			Cards: map[string]sim.CardReport{"E1-02": {}, "E1-03": {Acquired: 5}}}, 1, []string{"E1-02"}},
		{nastrond.Definition, &sim.Report{Game: "nastrond", Games: 10, Cards: map[string]sim.CardReport{"E1-03": {Acquired: 5}}}, 0, nil},
		{bloodrage.Definition, &sim.Report{Game: "bloodrage", Games: 10, Cards: map[string]sim.CardReport{},
			Extra: map[string]any{"bloodrage": map[string]any{"failing_cells": []map[string]any{
				{"at": "AITrack!E29", "id": "SERPENT-2-3", "instruction": "ship", "tried": 48, "failed": 42, "fail_rate": 0.875, "threshold_percent": 75}}}}}, 1, []string{"SERPENT-2-3"}},
	} {
		res := shipped(t, tt.game.Schema)
		drawings, err := Page{}.CardDrawings(tt.r, tt.game.Schema, res, nil)
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[template.HTML]bool{}
		for _, d := range drawings {
			distinct[d] = true
		}
		if len(distinct) != tt.drawn {
			t.Errorf("%s: %d cards drawn for the report, want %d (the cards of its findings, %q)", tt.game.ID(), len(distinct), tt.drawn, tt.named)
		}
		for _, id := range tt.named {
			if drawings[id] == "" {
				t.Errorf("%s: %s, named by a finding, is not drawn", tt.game.ID(), id)
			}
		}
	}
}

// TestOnBoardsGivesARowItsBoardsDrawing: a row whose Board names a drawn
// board shows that board's drawing; a row with a drawing of its own, or
// whose board is not drawn, keeps what it has.
func TestOnBoardsGivesARowItsBoardsDrawing(t *testing.T) {
	type cell struct{ ID, Board string }
	data := &struct{ Cells []cell }{Cells: []cell{{"C1", "B"}, {"C2", "B"}, {"C3", "X"}}}
	drawings := map[string]template.HTML{"B": "<svg>board</svg>", "C2": "<svg>own</svg>"}
	OnBoards(data, drawings)
	want := map[string]template.HTML{"B": "<svg>board</svg>", "C1": "<svg>board</svg>", "C2": "<svg>own</svg>"}
	if len(drawings) != len(want) {
		t.Errorf("drawings %q, want %q", drawings, want)
	}
	for id, d := range want {
		if drawings[id] != d {
			t.Errorf("%s: drawing %q, want %q", id, drawings[id], d)
		}
	}
}
