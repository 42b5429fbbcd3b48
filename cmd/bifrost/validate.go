package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/spf13/cobra"

	"bifrost/schema"
)

type validateOptions struct {
	*globalOptions
	src  string
	json bool
}

func newValidateCmd(g *globalOptions) *cobra.Command {
	opts := &validateOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "validate",
		Short: "help.validate.short",
		Long:  "help.validate.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runValidate(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.validate.json")
	return cmd
}

func runValidate(_ context.Context, opts *validateOptions, args []string) error {
	targets, err := resolveTargets(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	results, err := validateAll(targets, opts.Lang())
	if err != nil {
		return err
	}
	if opts.json {
		if err := writeValidateJSON(opts.stdout, results); err != nil {
			return err
		}
	} else {
		writeProblems(opts.stdout, opts.stderr, results, opts.Lang())
	}
	for _, r := range results {
		if schema.HasErrors(r.Problems) {
			return errProblems
		}
	}
	return nil
}

// validateJSON is the `validate --json` contract of DESIGN.md.
type validateJSON struct {
	Games []gameJSON `json:"games"`
}

type gameJSON struct {
	Game       string           `json:"game"`
	File       string           `json:"file"`
	Components map[string]int   `json:"components"`
	Problems   []schema.Problem `json:"problems"`
}

func writeValidateJSON(w io.Writer, results []schema.Result) error {
	out := validateJSON{Games: []gameJSON{}}
	for _, r := range results {
		ps := r.Problems
		if ps == nil {
			ps = []schema.Problem{}
		}
		out.Games = append(out.Games, gameJSON{Game: r.Game, File: r.File, Components: r.Components, Problems: ps})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// writeProblems prints each problem as one line on stdout, then one summary
// line per game on stderr.
func writeProblems(stdout, stderr io.Writer, results []schema.Result, lang *schema.Lang) {
	for _, r := range results {
		for _, p := range r.Problems {
			fmt.Fprintln(stdout, p.String())
		}
	}
	for _, r := range results {
		errs, warns := 0, 0
		for _, p := range r.Problems {
			switch p.Severity {
			case schema.Error:
				errs++
			case schema.Warning:
				warns++
			}
		}
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(r.Components)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, r.Components[k]))
		}
		fmt.Fprintln(stderr, render(lang, "validate_summary", r.Game, r.File, nErrors.Of(errs), nWarnings.Of(warns), enclose(render(lang, "paren_open"), lang.List(parts), render(lang, "paren_close"))))
	}
}

// enclose wraps s in open and close, or gives "" for an empty s.
func enclose(open, s, close string) string {
	if s == "" {
		return ""
	}
	return open + s + close
}
