package main

import (
	"context"
	"fmt"
	"os"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// regression plays the balance batch on the workbook of res and on the
// same workbook at git revision rev, game for game with the same seeds
// (sim.Compare), prints each compared figure and returns gate.Regression's
// problems: the measures that moved in the direction that hurts.
func regression(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, rev string) ([]schema.Problem, error) {
	tmp, label, err := gitrev.WorkbookAt(res.File, rev)
	if err != nil {
		return nil, msgErr("base_flag", err)
	}
	defer os.Remove(tmp)
	_, oldE, err := validEngine(g, game, tmp, label)
	if err != nil {
		return nil, err
	}
	newE, err := game.New(res.Data)
	if err != nil {
		return nil, err
	}
	bot := gate.FirstBot(newE, gate.BalanceBots(res.Rules))
	if bot == "" || oldE.NewBot(bot) == nil {
		return nil, nil
	}
	r := res.Rules
	c := sim.Compare(ctx, oldE, newE, sim.BatchOptions{Seed: uint64(r.Int("CheckSeed")), Games: r.Int("CheckGames"), Bots: []string{bot}})
	lines, ps := gate.Regression(res, newE, c, label, g.Lang())
	for _, l := range lines {
		fmt.Fprintln(g.stderr, l)
	}
	return ps, nil
}
