package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/layout/book"
	"bifrost/schema"
)

type rulebookOptions struct {
	*globalOptions
	src, out string
	formats  []string
	rules    string // the folder holding <game>/rulebook.md and RULINGS.md
}

func newRulebookCmd(g *globalOptions) *cobra.Command {
	opts := &rulebookOptions{globalOptions: g, rules: "rules"}
	cmd := &cobra.Command{
		Use:   "rulebook GAME",
		Short: "ルールブックを作る / render rules/GAME/rulebook.md as PDF and HTML",
		Long: "Rulebook expands the placeholders of rules/GAME/rulebook.md from the validated\n" +
			"workbook (counts, rules, tables, example cards, the engine's rulings) and writes\n" +
			"out/GAME/rulebook.pdf and out/GAME/rulebook.html.",
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runRulebook(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "folder holding <game>.xlsx")
	cmd.Flags().StringVar(&opts.out, "out", "out", "folder for generated files")
	cmd.Flags().StringSliceVar(&opts.formats, "format", []string{"pdf", "html"}, "what to write: pdf, html or both")
	return cmd
}

func runRulebook(_ context.Context, opts *rulebookOptions, args []string) error {
	g := schema.GameByID(args[0])
	if g == nil {
		return usageError{fmt.Errorf("unknown game %q (want valkyrie, nastrond, guardian or bloodrage)", args[0])}
	}
	for _, f := range opts.formats {
		if f != "pdf" && f != "html" {
			return usageError{fmt.Errorf("--format %q: want pdf, html or both", f)}
		}
	}
	res, err := validateOne(target{game: g, path: filepath.Join(opts.src, g.ID+".xlsx")}, opts.Lang())
	if err != nil {
		return err
	}
	if schema.HasErrors(res.Problems) {
		writeProblems(opts.stdout, opts.stderr, []schema.Result{res}, opts.Lang())
		return errProblems
	}
	return writeRulebook(opts.out, opts.rules, g, res, res.Book, opts.formats)
}

// writeRulebook renders one game's rulebook into out/<game>/.
func writeRulebook(out, rulesDir string, g *schema.Game, res schema.Result, b *schema.Book, formats []string) error {
	dir := filepath.Join(rulesDir, g.ID)
	file := filepath.Join(dir, "rulebook.md")
	md, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	rulings, err := os.ReadFile(filepath.Join(dir, "RULINGS.md"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	expanded, err := book.Expand(file, string(md), book.Data{Game: g, Result: res, Book: b, Rulings: string(rulings)})
	if err != nil {
		return err
	}
	for _, f := range formats {
		var buf bytes.Buffer
		switch f {
		case "pdf":
			err = book.PDF(&buf, []byte(expanded), nil, book.WithImageDir(dir))
		case "html":
			err = book.HTML(&buf, []byte(expanded), cardBox(res))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		if err := writeFileAtomic(filepath.Join(out, g.ID, "rulebook."+f), buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// cardBox draws an example card for the HTML book: its name and fields.
func cardBox(res schema.Result) func(id string) template.HTML {
	names := schema.CardNames(res.Data)
	return func(id string) template.HTML {
		var b strings.Builder
		fmt.Fprintf(&b, `<div class="card"><div class="name">%s</div><div class="type">%s</div></div>`,
			template.HTMLEscapeString(names[id]), template.HTMLEscapeString(id))
		return template.HTML(b.String())
	}
}
