package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type checkOptions struct {
	*globalOptions
	src, out string
	rules    string // the folder of each game's books, checked against its data
	format   string
	base     string
}

func newCheckCmd(g *globalOptions) *cobra.Command {
	opts := &checkOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "check",
		Short: "help.check.short",
		Long:  "help.check.long",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError{msgErr("check_no_args", args)}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.check.out")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.check.format")
	cmd.Flags().StringVar(&opts.base, "base", "", "flag.check.base")
	return cmd
}

// checkJSON is the `check --format json` output.
type checkJSON struct {
	Passed bool            `json:"passed"`
	Games  []checkGameJSON `json:"games"`
}

type checkGameJSON struct {
	gameJSON
	Passed bool        `json:"passed"`
	Sim    *sim.Report `json:"sim,omitempty"`
}

func runCheck(ctx context.Context, opts *checkOptions) error {
	switch opts.format {
	case "text", "github", "json":
	default:
		return usageError{msgErr("bad_format", opts.format, "text, github, json")}
	}
	targets, err := resolveTargets(opts.registry, opts.src, nil)
	if err != nil {
		return err
	}
	if err := guardOutputs(opts.src, outputsOf(opts.out, targetGames(targets), "report.json", "report.html")); err != nil {
		return err
	}
	lang := opts.Lang()
	results, err := validateAll(targets, lang)
	if err != nil {
		return err
	}
	books, err := bookProblemsOf(opts.rules, targets, results, lang)
	if err != nil {
		return err
	}
	out := checkJSON{Passed: true}
	figures := map[string][]string{}
	for i, res := range results {
		game := targets[i].game
		if game.New == nil {
			figures[res.Game] = []string{opts.msg("print_only_no_games", res.Game)}
		}
		g := checkGameJSON{gameJSON: newGameJSON(res, books[i])}
		if !schema.HasErrors(res.Problems) {
			rep, err := smoke(ctx, opts.globalOptions, game, res, 0, -1)
			if err != nil {
				return err
			}
			if rep != nil {
				bal, err := balance(ctx, opts.globalOptions, game, res, 0, -1)
				if err != nil {
					return err
				}
				g.Sim = rep
				g.Problems = append(g.Problems, gate.Verdict(res, rep, bal, lang)...)
				figures[res.Game] = gate.Measured(res, rep, bal, lang)
				if opts.base != "" {
					ps, err := regression(ctx, opts.globalOptions, game, res, opts.base)
					if err != nil {
						return err
					}
					g.Problems = append(g.Problems, ps...)
				}
				if err := writeReportJSON(opts.out, rep); err != nil {
					return err
				}
				if err := writeReportHTML(opts.Lang(), opts.out, game, cmp.Or(bal, rep), rep, res, nil); err != nil {
					return err
				}
			}
		}
		g.Passed = !gate.Failing(g.Problems, res) && !schema.HasErrors(g.Books)
		out.Passed = out.Passed && g.Passed
		out.Games = append(out.Games, g)
	}
	switch opts.format {
	case "json":
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return err
		}
	case "github":
		for _, g := range out.Games {
			for _, p := range slices.Concat(g.Problems, g.Books) {
				gate.WriteGithub(opts.stdout, p)
			}
		}
	default:
		for _, g := range out.Games {
			for _, p := range slices.Concat(g.Problems, g.Books) {
				fmt.Fprintln(opts.stdout, p.String())
			}
			for _, f := range figures[g.Game] {
				fmt.Fprintln(opts.stderr, f)
			}
			fmt.Fprintln(opts.stderr, opts.msg(map[bool]string{true: "check_ok", false: "check_failed"}[g.Passed], g.Game))
		}
	}
	if !out.Passed {
		return errProblems
	}
	return nil
}
