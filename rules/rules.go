// Package rules is the registry of the four games' rules engines.
package rules

import (
	"strings"

	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/figure"
)

// Game pairs a game's data contract with its engine constructor.
type Game struct {
	Schema *schema.Game
	// New builds the engine from the game's validated data (schema.Result.Data).
	// It is nil for a game whose engine has not landed yet.
	New func(data any) (sim.Engine, error)
	// Figures draws the game's rulebook figures from its validated data.
	Figures func(data any) map[string]*figure.Figure
	// Headings are the Japanese headings of the keys of the engine's report
	// section, in column order.
	Headings [][2]string
}

// ID is the game id, e.g. "nastrond".
func (g Game) ID() string { return g.Schema.ID }

// All lists the four games in report order.
func All() []Game {
	return []Game{
		{Schema: valkyrie.Schema, New: valkyrie.FromData, Figures: valkyrie.Figures, Headings: valkyrie.ReportHeadings},
		{Schema: nastrond.Schema, New: nastrond.FromData, Figures: nastrond.Figures},
		{Schema: guardian.Schema, New: guardian.FromData, Figures: guardian.Figures, Headings: guardian.ReportHeadings},
		{Schema: bloodrage.Schema, New: bloodrage.FromData, Figures: bloodrage.Figures, Headings: bloodrage.ReportHeadings},
	}
}

// ByID returns the game with the given id; the error for an unknown id
// lists the games in both languages.
func ByID(id string) (Game, error) {
	var ids []string
	for _, g := range All() {
		if g.ID() == id {
			return g, nil
		}
		ids = append(ids, g.ID())
	}
	return Game{}, sim.Errorf("「%s」というゲームはありません（%s のどれかです）", "unknown game %q (want one of %s)", id, sim.Word{strings.Join(ids, "、"), strings.Join(ids, ", ")})
}

// Schemas lists the games' data contracts, in the order of All.
func Schemas() []*schema.Game {
	var out []*schema.Game
	for _, g := range All() {
		out = append(out, g.Schema)
	}
	return out
}

// SchemaByID returns the data contract of the game with the given id, or nil.
func SchemaByID(id string) *schema.Game {
	g, err := ByID(id)
	if err != nil {
		return nil
	}
	return g.Schema
}
