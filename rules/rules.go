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
func All() Games {
	return Games{
		valkyrie.Definition,
		nastrond.Definition,
		guardian.Definition,
		bloodrage.Definition,
	}
}

// Games is a list of games, in report order: All, or another list for a
// test.
type Games []*sim.Definition

// ByID returns the game with the given id; the error for an unknown id
// lists the games in both languages.
func (gs Games) ByID(id string) (*sim.Definition, error) {
	for _, g := range gs {
		if g.ID() == id {
			return g, nil
		}
	}
	ids := gs.IDs()
	if near := schema.Nearest(id, ids); near != "" {
		return nil, schema.Errorf("「%s」というゲームはありません（「%s」のことですか？ %s のどれかです）", "unknown game %q (did you mean %q? want one of %s)", id, near, schema.Word{strings.Join(ids, "、"), strings.Join(ids, ", ")})
	}
	return nil, schema.Errorf("「%s」というゲームはありません（%s のどれかです）", "unknown game %q (want one of %s)", id, schema.Word{strings.Join(ids, "、"), strings.Join(ids, ", ")})
}

// IDs lists the games' ids.
func (gs Games) IDs() []string {
	ids := make([]string, len(gs))
	for i, g := range gs {
		ids[i] = g.ID()
	}
	return ids
}

// Schemas lists the games' data contracts.
func (gs Games) Schemas() []*schema.Game {
	out := make([]*schema.Game, len(gs))
	for i, g := range gs {
		out[i] = g.Schema
	}
	return out
}
