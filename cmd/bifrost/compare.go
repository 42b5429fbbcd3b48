package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type compareOptions struct {
	*globalOptions
	src     string
	base    string
	games   int
	players string
	seed    uint64
	bots    string
	format  string
}

func newCompareCmd(g *globalOptions) *cobra.Command {
	opts := &compareOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "compare",
		Short: "help.compare.short",
		Long:  "help.compare.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runCompare(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.base, "base", "", "flag.compare.base")
	cmd.Flags().IntVar(&opts.games, "games", 2000, "flag.compare.games")
	cmd.Flags().StringVar(&opts.players, "players", "all", "flag.players")
	cmd.Flags().Uint64Var(&opts.seed, "seed", 1, "flag.compare.seed")
	cmd.Flags().StringVar(&opts.bots, "bots", "greedy", "flag.bots")
	cmd.Flags().StringVar(&opts.format, "format", "text", "flag.compare.format")
	return cmd
}

// side is one version of one game's workbook.
type side struct {
	path, label string
	cleanup     func()
}

func runCompare(ctx context.Context, opts *compareOptions, args []string) error {
	switch opts.format {
	case "text", "markdown", "html", "json":
	default:
		return usageError{msgErr("bad_format", opts.format, "text, markdown, html, json")}
	}
	if opts.games < 2 {
		return usageError{msgErr("min_games", 2)}
	}
	pairs, err := comparePairs(opts, args)
	if err != nil {
		return err
	}
	var pages []report.ComparisonPage
	for _, p := range pairs {
		defer p[0].cleanup()
		defer p[1].cleanup()
		page, err := compareOne(ctx, opts, p)
		if err != nil {
			return err
		}
		pages = append(pages, page)
	}
	switch opts.format {
	case "json":
		type comparisonJSON struct {
			*sim.Comparison
			Edits []string `json:"edits"` // the changed cells, as bifrost diff prints them
		}
		var cs []comparisonJSON
		for _, p := range pages {
			cs = append(cs, comparisonJSON{p.Comparison, report.EditLines(p.Edits)})
		}
		enc := json.NewEncoder(opts.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"comparisons": cs})
	case "html":
		return report.WriteComparison(opts.stdout, pages)
	}
	for _, p := range pages {
		report.WriteComparisonText(opts.stdout, p, opts.format == "markdown", opts.Lang())
	}
	return nil
}

// comparePairs resolves the arguments into (old, new) workbook pairs, one
// per game, each side a file or a file at a git revision.
func comparePairs(opts *compareOptions, args []string) ([][2]side, error) {
	var oldArg, newArg string
	var ids []string
	if opts.base != "" {
		oldArg, ids = opts.base, args
	} else {
		if len(args) != 2 {
			return nil, usageError{msgErr("compare_needs")}
		}
		oldArg, newArg = args[0], args[1]
	}
	if isFile(newArg) || isFile(oldArg) {
		file := newArg
		if !isFile(file) {
			file = oldArg
		}
		g := gameOfFile(opts.registry, file)
		if g == nil {
			return nil, usageError{msgErr("game_of_file", file, gameIDs(opts.registry))}
		}
		if g.New == nil {
			return nil, msgErr("no_engine", g.ID())
		}
		ids = []string{g.ID()}
	}
	if len(ids) == 0 {
		ids = opts.registry.IDs()
	}
	games := gamesAt(opts.registry, opts.src)
	var out [][2]side
	for _, id := range ids {
		g, err := games.ByID(id)
		if err != nil {
			return nil, usageError{unknownGame(games, id)}
		}
		if g.New == nil {
			return nil, msgErr("no_engine", id)
		}
		work := workbookIn(opts.src, id)
		o, err := resolveSide(oldArg, work)
		if err != nil {
			return nil, err
		}
		n, err := resolveSide(newArg, work)
		if err != nil {
			o.cleanup()
			return nil, err
		}
		out = append(out, [2]side{o, n})
	}
	return out, nil
}

func isFile(path string) bool {
	if path == "" || !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// resolveSide is arg as a workbook file, or the workbook work at git
// revision arg, or work itself when arg is empty.
func resolveSide(arg, work string) (side, error) {
	none := func() {}
	switch {
	case arg == "":
		return side{path: work, label: work, cleanup: none}, nil
	case isFile(arg):
		return side{path: arg, label: arg, cleanup: none}, nil
	}
	path, label, err := gitrev.WorkbookAt(work, arg)
	if err != nil {
		return side{}, usageError{err}
	}
	return side{path: path, label: label, cleanup: func() { os.Remove(path) }}, nil
}

func compareOne(ctx context.Context, opts *compareOptions, p [2]side) (report.ComparisonPage, error) {
	game := gameOfFile(opts.registry, p[1].path)
	if game == nil {
		game = gameOfFile(opts.registry, p[1].label)
	}
	var engines [2]sim.Engine
	var names map[string]string
	for i, s := range p {
		res, e, err := validEngine(opts.globalOptions, game, s.path, s.label)
		if err != nil {
			return report.ComparisonPage{}, err
		}
		engines[i] = e
		if i == 1 {
			names = schema.CardNames(res.Data)
		}
	}
	bo := sim.BatchOptions{Seed: opts.seed, Games: opts.games, Check: true}
	var err error
	if bo.Players, err = playflags.Players(opts.players, engines[1].PlayerCounts()); err != nil {
		return report.ComparisonPage{}, usageError{err}
	}
	if bo.Bots, err = playflags.Bots(opts.bots, engines[1]); err != nil {
		return report.ComparisonPage{}, usageError{err}
	}
	var done func()
	bo.Progress, done = opts.progressBar(game.ID(), opts.games)
	c := sim.Compare(ctx, engines[0], engines[1], bo)
	done()
	edits, err := workbookEdits(game.Schema, p[0].path, p[1].path)
	if err != nil {
		return report.ComparisonPage{}, err
	}
	return report.ComparisonPage{Title: game.Schema.Title, Old: p[0].label, New: p[1].label, CardNames: names, Comparison: c, Edits: edits}, nil
}

// workbookEdits is what `bifrost diff` says changed between two workbooks
// of game: the cause of whatever the comparison measures.
func workbookEdits(game *schema.Game, oldPath, newPath string) ([]schema.Change, error) {
	var books [2]*schema.Book
	for i, path := range []string{oldPath, newPath} {
		b, err := openBook(path)
		if err != nil {
			return nil, err
		}
		books[i] = b
	}
	return schema.Diff(game.Records(books[0]), game.Records(books[1])), nil
}
