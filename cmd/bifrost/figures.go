package main

import (
	"bifrost/rules"
	"bifrost/schema"
	"bifrost/schema/figure"
)

// figures are a game's figures for {{figure "NAME"}}, as its rules package
// draws them from the workbook's data; nil for a game without any.
func figures(res schema.Result) map[string]*figure.Figure {
	g, err := rules.All().ByID(res.Game)
	if err != nil || g.Figures == nil {
		return nil
	}
	return g.Figures(res.Data)
}
