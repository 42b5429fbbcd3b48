package main

import (
	"context"
	"fmt"
	"testing"

	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// BenchmarkValidateAll loads and validates all four shipped workbooks, as
// `bifrost validate` does. DESIGN.md's target is 50 ms for the four together.
func BenchmarkValidateAll(b *testing.B) {
	list, err := targets.Resolve(rules.All(), shippedSrc, nil)
	if err != nil {
		b.Fatal(err)
	}
	lang := schema.NewLang("en")
	b.ReportAllocs()
	for b.Loop() {
		results, err := list.Validate(lang)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range results {
			if schema.HasErrors(r.Problems) {
				b.Fatalf("%s: %v", r.Game, r.Problems[0])
			}
		}
	}
}

// scales are the sizes of the generated guardian workbook the scaled
// benchmarks measure: cost should grow linearly, so 100× takes about ten
// times as long as 10×.
var scales = []int{1, 10, 100}

// BenchmarkValidateScaled loads and validates the guardian workbook scaled
// 1×, 10× and 100× (print checks included), as `bifrost validate guardian`.
func BenchmarkValidateScaled(b *testing.B) {
	for _, n := range scales {
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			list, err := targets.Resolve(rules.All(), scaledGuardian(b, b.TempDir(), n), []string{"guardian"})
			if err != nil {
				b.Fatal(err)
			}
			lang := schema.NewLang("en")
			b.ReportAllocs()
			for b.Loop() {
				res, err := list[0].Validate(lang)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Problems) > 0 {
					b.Fatalf("%d problems, first %v", len(res.Problems), res.Problems[0])
				}
			}
		})
	}
}

// BenchmarkCardsScaled prints the cards.pdf of the guardian workbook scaled
// 1×, 10× and 100×, validated once beforehand.
func BenchmarkCardsScaled(b *testing.B) {
	for _, n := range scales {
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			src := scaledGuardian(b, b.TempDir(), n)
			list, err := targets.Resolve(rules.All(), src, []string{"guardian"})
			if err != nil {
				b.Fatal(err)
			}
			res, err := list[0].Validate(schema.NewLang("en"))
			if err != nil || schema.HasErrors(res.Problems) {
				b.Fatalf("validate: %v %v", err, res.Problems)
			}
			out := b.TempDir()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := printout.Write(context.Background(), printout.Job{Src: src, Out: out, Workbook: list[0].Path, Game: list[0].Game.Schema, Result: res, Name: "cards.pdf"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEffectsScan scans every tuned design of valkyrie and nastrond as
// `bifrost effects GAME` does by default (3000 greedy games, a suggestion
// for every flagged design). The target is 3 minutes per game on
// a 2-core machine.
func BenchmarkEffectsScan(b *testing.B) {
	for _, id := range []string{"valkyrie", "nastrond"} {
		b.Run(id, func(b *testing.B) {
			game, err := rules.All().ByID(id)
			if err != nil {
				b.Fatal(err)
			}
			results, err := targets.List{{Game: game, Path: targets.WorkbookIn(shippedSrc, id)}}.Validate(schema.NewLang("en"))
			if err != nil || schema.HasErrors(results[0].Problems) {
				b.Fatalf("%s: %v %v", id, err, results[0].Problems)
			}
			base, err := game.New(results[0].Data)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				run := effectscan.Scan(context.Background(), game, results[0], base, sim.BatchOptions{Seed: 1, Games: 3000, Players: base.PlayerCounts(), Bots: []string{"greedy"}}, effectscan.Skill{}, nil)
				b.ReportMetric(float64(len(run.Findings)), "findings")
			}
		})
	}
}
