package bloodrage

import "bifrost/rules/sim"

// Definition is Blood Rage for bifrost: its data contract, its engine, its
// rulebook figures and its report headings.
var Definition = &sim.Definition{
	Schema:   Schema,
	New:      sim.NewFrom(New),
	Figures:  Figures,
	Headings: ReportHeadings,
}
