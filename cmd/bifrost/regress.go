package main

import (
	"context"
	"fmt"
	"os"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// regression plays the balance batch on the workbook of res and on the
// same workbook at git revision rev, game for game with the same seeds
// (sim.Compare), and reports an error when a player count's seat gap grew
// by more than the workbook's CheckMaxSeatGapGrowth points.
func regression(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, rev string) ([]schema.Problem, error) {
	tmp, label, err := gitrev.WorkbookAt(res.File, rev)
	if err != nil {
		return nil, msgErr("base_flag", err)
	}
	defer os.Remove(tmp)
	oldE, _, err := loadEngineFile(g, game, tmp, label)
	if err != nil {
		return nil, err
	}
	newE, err := game.New(res.Data)
	if err != nil {
		return nil, err
	}
	bot := firstBot(newE, balanceChain(res.Rules))
	if bot == "" || oldE.NewBot(bot) == nil {
		return nil, nil
	}
	r := res.Rules
	c := sim.Compare(ctx, oldE, newE, sim.BatchOptions{Seed: uint64(r.Int("CheckSeed")), Games: r.Int("CheckGames"), Bots: []string{bot}})
	limit := r.Int("CheckMaxSeatGapGrowth")
	var ps []schema.Problem
	for _, n := range c.PlayerCounts {
		oldGap, newGap := seatGaps(c.Measures, n)
		grew := 100 * (newGap - oldGap)
		fmt.Fprintln(g.stderr, g.msg("regress_line", res.Game, n, 100*oldGap, 100*newGap, label, c.Paired, bot))
		if grew > float64(limit) {
			msg := g.msg("regress_grew", n, label, 100*oldGap, 100*newGap, grew, limit, bot, c.Paired)
			ps = append(ps, schema.Problem{Severity: schema.Error, File: res.File, Message: msg})
		}
	}
	return ps, nil
}

// seatGaps is the gap between the best and the worst seat's win rate at n
// players, before and after.
func seatGaps(ms []sim.Change, n int) (old, new float64) {
	oldLo, oldHi, newLo, newHi := 1.0, 0.0, 1.0, 0.0
	for _, m := range ms {
		if m.Measure != "seat_win_rate" || m.Players != n {
			continue
		}
		oldLo, oldHi = min(oldLo, m.Old), max(oldHi, m.Old)
		newLo, newHi = min(newLo, m.New), max(newHi, m.New)
	}
	return max(0, oldHi-oldLo), max(0, newHi-newLo)
}
