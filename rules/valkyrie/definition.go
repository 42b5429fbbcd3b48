package valkyrie

import (
	"embed"

	"bifrost/rules/sim"
)

// books are the game's books as shipped, built into the binary so that
// bifrost prints them from any folder. A book image must be listed here too.
//
//go:embed rulebook.md summary.md designer.md RULINGS.md glossary.yaml
var books embed.FS

// Definition is Valkyrie Strike for bifrost: its data contract, its engine, its
// rulebook figures, its report headings and its books.
var Definition = &sim.Definition{
	Schema:   Schema,
	New:      sim.NewFrom(New),
	Figures:  Figures,
	Headings: ReportHeadings,
	Books:    books,
}
