// Package rules is the registry of the four games' rules engines.
package rules

import (
	"fmt"

	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
)

// Game pairs a game's data contract with its engine constructor.
type Game struct {
	Schema *schema.Game
	// New builds the engine from the game's validated data (schema.Result.Data).
	// It is nil for a game whose engine has not landed yet.
	New func(data any) (sim.Engine, error)
}

// ID is the game id, e.g. "nastrond".
func (g Game) ID() string { return g.Schema.ID }

// All lists the four games in report order.
func All() []Game {
	return []Game{
		{Schema: schema.Valkyrie, New: valkyrie.FromData},
		{Schema: schema.Nastrond, New: nastrond.FromData},
		{Schema: schema.Guardian, New: func(d any) (sim.Engine, error) { return guardian.New(d.(*schema.GuardianData)) }},
		{Schema: schema.Bloodrage, New: bloodrage.FromData},
	}
}

// ByID returns the game with the given id.
func ByID(id string) (Game, error) {
	for _, g := range All() {
		if g.ID() == id {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("unknown game %q (want valkyrie, nastrond, guardian or bloodrage)", id)
}
