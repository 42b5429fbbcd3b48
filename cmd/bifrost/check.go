package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/layout/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type checkOptions struct {
	*globalOptions
	src, out string
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
	targets, err := resolveTargets(opts.src, nil)
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
	out := checkJSON{Passed: true}
	figures := map[string][]string{}
	for _, res := range results {
		g := checkGameJSON{gameJSON: gameJSON{Game: res.Game, File: res.File, Components: res.Components, Problems: res.Problems}}
		if !schema.HasErrors(res.Problems) {
			rep, err := smoke(ctx, opts.globalOptions, res, 0, -1)
			if err != nil {
				return err
			}
			if rep != nil {
				bal, err := balance(ctx, opts.globalOptions, res, 0, -1)
				if err != nil {
					return err
				}
				g.Sim = rep
				g.Problems = append(g.Problems, verdict(res, rep, bal, lang)...)
				figures[res.Game] = measured(opts.globalOptions, res, rep, bal)
				if opts.base != "" {
					ps, err := regression(ctx, opts.globalOptions, res, opts.base)
					if err != nil {
						return err
					}
					g.Problems = append(g.Problems, ps...)
				}
				if err := writeReportJSON(opts.out, rep); err != nil {
					return err
				}
				if err := writeReportHTML(opts.out, cmp.Or(bal, rep), rep, res, nil); err != nil {
					return err
				}
			}
		}
		if g.Problems == nil {
			g.Problems = []schema.Problem{}
		}
		g.Passed = !failing(g.Problems, res)
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
			for _, p := range g.Problems {
				writeGithub(opts.stdout, p)
			}
		}
	default:
		for _, g := range out.Games {
			for _, p := range g.Problems {
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

// measured lists each figure the gate measured against its threshold:
// violations and unfinished games of each batch, the seat gap per player
// count (of the balance batch) and the dead cards.
func measured(g *globalOptions, res schema.Result, rep, bal *sim.Report) []string {
	r := res.Rules
	op := func(v, limit float64) string { return map[bool]string{true: "≤", false: ">"}[v <= limit] }
	var lines []string
	for _, b := range batches(rep, bal) {
		bots := strings.Join(b.Bots, ",")
		lines = append(lines,
			g.msg("measure_violations", res.Game, b.ViolationCount, op(float64(b.ViolationCount), float64(r.Int("CheckMaxViolations"))), r.Int("CheckMaxViolations"), b.Games, bots),
			g.msg("measure_unfinished", res.Game, b.Unfinished, op(float64(b.Unfinished), float64(r.Int("CheckMaxUnfinished"))), r.Int("CheckMaxUnfinished"), b.Games, bots))
	}
	if bal == nil {
		bal = rep
	}
	for _, n := range bal.PlayerCounts {
		if gap, ok := seatGap(bal, n); ok {
			limit := r.Int("CheckMaxSeatGap")
			lines = append(lines, g.msg("measure_seat_gap", res.Game, n, gap, op(gap, float64(limit)), limit, strings.Join(bal.Bots, ",")))
		}
	}
	sev := "dead_warn"
	if r.Bool("CheckDeadCardsFail") {
		sev = "dead_fail"
	}
	return append(lines, g.msg("measure_dead", res.Game, len(report.DeadInBoth(rep, bal)), g.msg(sev)))
}

// failing reports whether problems fail the gate: any error, or any warning
// when the workbook sets CheckWarningsFail.
func failing(ps []schema.Problem, res schema.Result) bool {
	if schema.HasErrors(ps) {
		return true
	}
	return len(ps) > 0 && res.Rules.Bool("CheckWarningsFail")
}

// writeGithub prints a problem as a GitHub Actions workflow command, so a
// pull request shows it on the workbook with its cell.
func writeGithub(w io.Writer, p schema.Problem) {
	level := "error"
	if p.Severity == schema.Warning {
		level = "warning"
	}
	title, msg := "bifrost check", p.Message
	if p.Sheet != "" {
		title = p.Sheet
		if p.Cell != "" {
			title += "!" + p.Cell
		}
		msg = title + " " + msg
	}
	fmt.Fprintf(w, "::%s file=%s,title=%s::%s\n", level, escapeProperty(p.File), escapeProperty(title), escapeData(msg))
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
