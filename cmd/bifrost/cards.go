package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

type cardsOptions struct {
	*globalOptions
	src, out string
	paper    string
	only     []string
	perCard  bool
	since    string
	output   string
	print    cards.Options // the print options: faces only, duplex, pack, ink saver
	draft    bool
	margin   float64
	gutter   float64
}

func newCardsCmd(g *globalOptions) *cobra.Command {
	opts := &cardsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "cards",
		Short: "help.cards.short",
		Long:  "help.cards.long",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.print.Margin = &opts.margin
			if cmd.Flags().Changed("gutter") {
				opts.print.Gutter = &opts.gutter
			}
			return runCards(cmd.Context(), opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.paper, "paper", "a4", "flag.cards.paper")
	cmd.Flags().StringSliceVar(&opts.only, "only", nil, "flag.cards.only")
	cmd.Flags().BoolVar(&opts.perCard, "per-card", false, "flag.cards.per-card")
	cmd.Flags().StringVar(&opts.since, "changed-since", "", "flag.cards.changed-since")
	cmd.Flags().BoolVar(&opts.print.FacesOnly, "faces-only", false, "flag.cards.faces-only")
	cmd.Flags().StringVar(&opts.print.Duplex, "duplex", "long", "flag.cards.duplex")
	cmd.Flags().BoolVar(&opts.print.Pack, "pack", false, "flag.cards.pack")
	cmd.Flags().BoolVar(&opts.print.InkSaver, "ink-saver", false, "flag.cards.ink-saver")
	cmd.Flags().BoolVar(&opts.draft, "draft", false, "flag.cards.draft")
	cmd.Flags().Float64Var(&opts.margin, "margin", sheet.DefaultMargin, "flag.cards.margin")
	cmd.Flags().Float64Var(&opts.gutter, "gutter", 0, "flag.cards.gutter")
	cmd.Flags().StringVar(&opts.output, "output", "", "flag.cards.output")
	return cmd
}

func runCards(ctx context.Context, opts *cardsOptions, args []string) error {
	games := gamesAt(opts.registry, opts.src)
	game, err := games.ByID(args[0])
	if err != nil {
		return usageError{unknownGame(games, args[0])}
	}
	g := game.Schema
	paper := strings.ToLower(opts.paper)
	if !slices.Contains(sheet.Papers(), paper) {
		return usageError{msgErr("unknown_paper", opts.paper)}
	}
	if !slices.Contains(sheet.Duplexes(), opts.print.Duplex) {
		return usageError{msgErr("unknown_duplex", opts.print.Duplex, strings.Join(sheet.Duplexes(), ", "))}
	}
	name, err := sheetName(opts)
	if err != nil {
		return err
	}
	output := name
	if opts.perCard {
		output = "cards" // the folder of per-card PDFs, which a full run also prunes
	}
	if err := guardOutputs(opts.src, outputsOf(opts.out, []string{g.ID}, output)); err != nil {
		return err
	}
	res, err := validateOne(target{game: game, path: workbookIn(opts.src, g.ID)}, opts.Lang())
	if err != nil {
		return err
	}
	if len(res.Problems) > 0 {
		writeProblems(opts.stdout, opts.stderr, []schema.Result{res}, opts.Lang())
	}
	invalid := schema.HasErrors(res.Problems)
	if invalid && !opts.draft {
		fmt.Fprintln(opts.stderr, opts.msg("cards_draft_hint", g.ID))
		return errProblems
	}
	if opts.draft {
		opts.print.Draft, err = draftMarks(workbookIn(opts.src, g.ID), res.Problems)
		if err != nil {
			return err
		}
	}
	only := opts.only
	if opts.since != "" {
		changed, err := changedCards(g, workbookIn(opts.src, g.ID), opts.since)
		if err != nil {
			return err
		}
		if len(changed) == 0 {
			fmt.Fprintln(opts.stderr, opts.msg("changed_none", g.ID, opts.since))
			return nil
		}
		fmt.Fprintln(opts.stderr, opts.msg("changed_some", g.ID, nCards.Of(len(changed)), opts.since, strings.Join(changed, ", ")))
		only = append(only, changed...)
	}
	written, err := writeCards(ctx, printJob{src: opts.src, out: opts.out, game: g, res: res, paper: paper, only: only, perCard: opts.perCard, name: name, print: opts.print, lang: opts.Lang(), notice: opts.stderr})
	if err != nil {
		return err
	}
	for _, p := range written {
		fmt.Fprintln(opts.stdout, p)
	}
	listWritten(opts.globalOptions, g.ID, written)
	if invalid {
		return errProblems
	}
	return nil
}

var cellRow = regexp.MustCompile(`^[A-Z]+(\d+)$`)

// draftMarks names, by card ID, the problem cells of every card that has an
// error: the row of the problem's cell, read back from the workbook.
func draftMarks(path string, problems []schema.Problem) (map[string][]string, error) {
	marks := map[string][]string{}
	book, err := workbook.Open(path, path)
	if err != nil {
		return nil, err
	}
	for _, p := range problems {
		m := cellRow.FindStringSubmatch(p.Cell)
		tab := book.Sheets[p.Sheet]
		if p.Severity != schema.Error || m == nil || tab == nil {
			continue
		}
		num, _ := strconv.Atoi(m[1])
		idCol := slices.IndexFunc(tab.Header, func(h string) bool { return schema.Normalize(h) == "ID" })
		for _, r := range tab.Rows {
			if r.Num == num && idCol >= 0 {
				if id := schema.Normalize(r.Cell(idCol)); id != "" {
					marks[id] = append(marks[id], p.Sheet+"!"+p.Cell)
				}
			}
		}
	}
	return marks, nil
}

// sheetName is the file the sheets go to: --output, else cards.pdf, or
// cards-changed.pdf for a partial deck printed with --changed-since.
func sheetName(opts *cardsOptions) (string, error) {
	switch {
	case opts.output != "":
		if opts.perCard {
			return "", usageError{msgErr("output_per_card")}
		}
		if filepath.Base(opts.output) != opts.output || !strings.EqualFold(filepath.Ext(opts.output), ".pdf") {
			return "", usageError{msgErr("bad_output", opts.output)}
		}
		return opts.output, nil
	case opts.since != "":
		return "cards-changed.pdf", nil
	}
	return "cards.pdf", nil
}

// printCards writes out/<game>/cards.pdf for a validated game from its
// cards painted for the build, and returns its path; build calls it.
func printCards(ctx context.Context, src, out string, g *schema.Game, res schema.Result, paper string, painted *paintedCards, lang *schema.Lang) ([]string, error) {
	return writeCards(ctx, printJob{src: src, out: out, game: g, res: res, paper: paper, name: "cards.pdf", painted: painted, lang: lang})
}

// printJob is one game's printing.
type printJob struct {
	src, out string
	game     *schema.Game
	res      schema.Result
	paper    string
	only     []string
	perCard  bool
	name     string // the sheet PDF's file name in out/<game>
	print    cards.Options
	painted  *paintedCards // the cards already painted with src's layout and art, or nil
	lang     *schema.Lang
	notice   io.Writer // where a sheet that holds fewer cards is told of, or nil
}

// writeCards writes the job's PDFs atomically and returns their paths. The
// command has checked with guardOutputs that they lie outside --src.
func writeCards(ctx context.Context, j printJob) ([]string, error) {
	g := j.game
	var lay *spec.Layout
	if j.painted != nil {
		lay = j.painted.lay
		j.print.Painted = j.painted.drawn
	} else {
		var err error
		if lay, err = spec.Load(spec.LayoutDir(j.src), g); err != nil {
			return nil, err
		}
	}
	stamp, err := versionStamp(workbookIn(j.src, g.ID), j.res.Rules)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(j.out, g.ID)
	opt := j.print
	opt.Paper, opt.Only, opt.ArtDir, opt.Stamp = j.paper, j.only, filepath.Join(j.src, "art"), stamp
	opt.Lang = j.lang
	if j.notice != nil {
		opt.Notice = func(err error) { fmt.Fprintln(j.notice, j.lang.ErrText(err)) }
	}
	if !j.perCard {
		path := filepath.Join(dir, j.name)
		err := outfile.Write(path, func(w io.Writer) error { return sheet.Render(w, j.res, lay, opt) })
		if err != nil {
			return nil, cardsError(err)
		}
		return []string{path}, nil
	}
	each, err := sheet.RenderEach(j.res, lay, opt)
	if err != nil {
		return nil, cardsError(err)
	}
	cdir := filepath.Join(dir, "cards")
	var written []string
	keep := map[string]bool{}
	for _, pc := range each {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		path := filepath.Join(cdir, pc.Name)
		if err := outfile.Write(path, pc.Render); err != nil {
			return written, cardsError(err)
		}
		keep[pc.Name] = true
		written = append(written, path)
	}
	// A full run replaces the folder's PDFs: cards deleted from the
	// workbook must not linger. A run with --only adds to it.
	if len(j.only) == 0 {
		old, _ := filepath.Glob(filepath.Join(cdir, "*.pdf"))
		for _, f := range old {
			if !keep[filepath.Base(f)] {
				os.Remove(f)
			}
		}
	}
	return written, nil
}

// versionStamp names the data a card is printed from: the Rules sheet's
// Version as typed when it is set; else the git short hash and date of the
// last commit of the workbook when it is committed and unchanged; else the
// first 10 hex digits of the workbook's SHA-256 (a workbook outside git, or
// with changes not yet committed). The same workbook always gives the same
// stamp, so rebuilds stay byte-identical.
func versionStamp(path string, rules schema.Rules) (string, error) {
	if rules.Has("Version") && rules.Text("Version") != "" {
		return rules.Text("Version"), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	hash := "data " + hex.EncodeToString(sum[:5])
	if commit, ok := gitrev.LastCommit(path); ok {
		return "git " + commit, nil
	}
	return hash, nil // not in git, or changed since the last commit
}

// cardsError makes a request for unknown cards a usage error.
func cardsError(err error) error {
	var unknown *cards.UnknownCardsError
	if errors.As(err, &unknown) {
		return usageError{msgErr("unknown_cards", unknown.Game, strings.Join(unknown.IDs, ", "))}
	}
	return err
}
