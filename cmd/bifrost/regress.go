package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// regression plays the balance batch on the workbook of res and on the
// same workbook at git revision rev, game for game with the same seeds
// (sim.Compare), prints each compared figure and returns gate.Regression's
// problems: the measures that moved in the direction that hurts. Then it
// measures the effect of the card designs whose rows changed since rev,
// and only theirs (cardRecheck).
func regression(ctx context.Context, g *globalOptions, game *sim.Definition, res schema.Result, rev, out string) ([]schema.Problem, error) {
	tmp, label, err := gitrev.WorkbookAt(res.File, rev)
	if err != nil {
		return nil, msgErr("base_flag", err)
	}
	defer os.Remove(tmp)
	oldRes, oldE, err := validEngine(g, game, tmp, label)
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
	bo := sim.BatchOptions{Seed: uint64(r.Int("CheckSeed")), Games: r.Int("CheckGames"), Bots: []string{bot}}
	c := sim.Compare(ctx, oldE, newE, bo)
	lines, ps := gate.Regression(res, newE, c, label, g.Lang())
	more, flagged := cardRecheck(ctx, g.Lang(), game, res, newE, bo, effectscan.Changed(game.Schema, oldRes.Book, res.Book), label, out, tmp)
	for _, l := range append(lines, more...) {
		fmt.Fprintln(g.stderr, l)
	}
	return append(ps, flagged...), nil
}

// cardRecheck measures the effect of the card designs ids (those whose
// rows changed since the base, whose workbook is the file base at label)
// on the balance batch bo, each against its blank card, and flags those
// outside CheckCardEffectBand of their kind's median: the median of the
// last `effects` run in out when it scanned the base's workbook or this
// one with the same bots, else that of a sample of the kind's other
// designs on the same games (effectscan.Rescan). It returns the lines to
// print and the problems. No changed design: one line, and nothing played.
func cardRecheck(ctx context.Context, l *schema.Lang, game *sim.Definition, res schema.Result, e sim.Engine, bo sim.BatchOptions, ids []string, label, out, base string) ([]string, []schema.Problem) {
	prior, _ := effectscan.Load(out, game.ID(), res)
	known := effectscan.KnownMedians(prior, bo.Bots, effectscan.Digest(res.File), effectscan.Digest(base))
	priorGames := 0
	if known != nil {
		priorGames = prior.Games
	}
	r := effectscan.Rescan(ctx, game, res, e, bo, ids, known)
	if r == nil {
		return []string{effectscan.Messages.Err("recheck_none", game.ID(), label).In(l)}, nil
	}
	return r.Lines(l, label, filepath.Join(out, report.EffectsFile(game.ID())), priorGames), r.Problems(res, l, label)
}
