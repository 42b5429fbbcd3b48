package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/schema"
)

type validateOptions struct {
	*globalOptions
	src   string
	rules string // the folder of each game's books, checked against its data
	json  bool
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
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().BoolVar(&opts.json, "json", false, "flag.validate.json")
	return cmd
}

func runValidate(_ context.Context, opts *validateOptions, args []string) error {
	list, err := targets.Resolve(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	results, err := list.Validate(opts.Lang())
	if err != nil {
		return err
	}
	books, err := bookProblemsOf(opts.rules, list, results, opts.Lang())
	if err != nil {
		return err
	}
	if opts.json {
		if err := writeValidateJSON(opts.stdout, results, books); err != nil {
			return err
		}
	} else {
		writeProblems(opts.stdout, opts.stderr, results, opts.Lang())
		writeBookProblems(opts.globalOptions, results, books)
	}
	for i, r := range results {
		if schema.HasErrors(r.Problems) || schema.HasErrors(books[i]) {
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
	// Books are the errors of the game's books (rulebook.md, summary.md,
	// designer.md) at their file and line: placeholders naming a card,
	// sheet, column or Rules key the data lacks, and markdown the book
	// cannot print. Checked only when the workbook has no errors.
	Books []schema.Problem `json:"books"`
}

// newGameJSON is res's entry in validate's and check's JSON, with the
// errors of its books.
func newGameJSON(res schema.Result, books []schema.Problem) gameJSON {
	return gameJSON{Game: res.Game, File: res.File, Components: res.Components, Problems: orEmpty(res.Problems), Books: orEmpty(books)}
}

// orEmpty is ps, or an empty list for nil (so JSON shows [] rather than null).
func orEmpty(ps []schema.Problem) []schema.Problem {
	if ps == nil {
		return []schema.Problem{}
	}
	return ps
}

func writeValidateJSON(w io.Writer, results []schema.Result, books [][]schema.Problem) error {
	out := validateJSON{Games: []gameJSON{}}
	for i, r := range results {
		out.Games = append(out.Games, newGameJSON(r, books[i]))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// writeBookProblems prints each book problem as one line on stdout and,
// for a game whose books have errors, one summary line on stderr.
func writeBookProblems(g *globalOptions, results []schema.Result, books [][]schema.Problem) {
	for i, ps := range books {
		for _, p := range ps {
			fmt.Fprintln(g.stdout, p.String())
		}
		if len(ps) > 0 {
			fmt.Fprintln(g.stderr, g.msg("books_summary", results[i].Game, nErrors.Of(len(ps))))
		}
	}
}
