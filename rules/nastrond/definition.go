package nastrond

import "bifrost/rules/sim"

// Definition is Nastrond for bifrost: its data contract, its engine and its
// rulebook figures. It has no report headings: its engine adds no section
// of its own to the report.
var Definition = &sim.Definition{
	Schema:  Schema,
	New:     sim.NewFrom(New),
	Figures: Figures,
}
