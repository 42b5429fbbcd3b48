package report

import (
	"html/template"
	"maps"
	"slices"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// PageOf is what the report page of bal, a batch of game on the workbook
// res was read from, needs besides bal: the game's title, headings and
// CheckMaxSeatGap, its card names and cells, the smoke batch smoke that
// found the dead cards (nil, or bal itself: bal's own), and the cards'
// drawings by ID.
func PageOf(game *sim.Definition, bal, smoke *sim.Report, res schema.Result, drawings map[string]template.HTML) Page {
	if smoke == bal {
		smoke = nil
	}
	return Page{Title: game.Schema.Title, CardNames: schema.CardNames(res.Data), Cells: Cells(res.Book), Headings: game.Headings,
		MaxSeatGap: res.Rules.Int("CheckMaxSeatGap"), Smoke: smoke, Drawings: drawings}
}

// Untimed is a copy of r without its timing fields, so that the same data
// and seed give the same bytes.
func Untimed(r *sim.Report) *sim.Report {
	c := *r
	c.ElapsedS, c.GamesPerSecond, c.Workers = 0, 0, 0
	return &c
}

// Cells maps each ID of the workbook's sheets to the cell of its ID
// column, e.g. "Edda!A5"; where an ID appears on several sheets, the first
// sheet by name wins.
func Cells(b *schema.Book) map[string]string {
	out := map[string]string{}
	if b == nil {
		return out
	}
	for _, name := range slices.Sorted(maps.Keys(b.Sheets)) {
		tab := b.Sheets[name]
		col := slices.IndexFunc(tab.Header, func(h string) bool { return schema.Normalize(h) == "ID" })
		if col < 0 {
			continue
		}
		for _, row := range tab.Rows {
			id := schema.Normalize(row.Cell(col))
			if _, seen := out[id]; id != "" && !seen {
				out[id] = name + "!" + schema.CellName(col+1, row.Num)
			}
		}
	}
	return out
}
