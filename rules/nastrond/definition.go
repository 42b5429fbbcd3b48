package nastrond

import (
	"embed"

	"bifrost/rules/sim"
)

// books are the game's books as shipped, built into the binary so that
// bifrost prints them from any folder. A book image must be listed here too.
//
//go:embed rulebook.md summary.md designer.md RULINGS.md glossary.yaml
var books embed.FS

// Definition is Nastrond for bifrost: its data contract, its engine, its
// rulebook figures and its books. It has no report headings: its engine
// adds no section of its own to the report.
var Definition = &sim.Definition{
	Schema:  Schema,
	New:     sim.NewFrom(New),
	Figures: Figures,
	Books:   books,
}
