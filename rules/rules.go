// Package rules is the registry of the games: All lists each game's
// Definition, exported by its rules/<game> package.
package rules

import (
	"strings"

	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
)

// All lists the games in report order, one line each.
func All() []*sim.Definition {
	return []*sim.Definition{
		valkyrie.Definition,
		nastrond.Definition,
		guardian.Definition,
		bloodrage.Definition,
	}
}

// ByID returns the game with the given id; the error for an unknown id
// lists the games in both languages.
func ByID(id string) (*sim.Definition, error) {
	var ids []string
	for _, g := range All() {
		if g.ID() == id {
			return g, nil
		}
		ids = append(ids, g.ID())
	}
	return nil, sim.Errorf("「%s」というゲームはありません（%s のどれかです）", "unknown game %q (want one of %s)", id, sim.Word{strings.Join(ids, "、"), strings.Join(ids, ", ")})
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
