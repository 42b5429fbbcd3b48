package main

import (
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/figure"
)

// figures are a game's figures for {{figure "NAME"}}, as its rules package
// draws them from the workbook's data; nil for a game without any.
func figures(g *sim.Definition, res schema.Result) map[string]*figure.Figure {
	if g.Figures == nil {
		return nil
	}
	return g.Figures(res.Data)
}
