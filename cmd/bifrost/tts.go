package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/tts"
	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type ttsOptions struct {
	*globalOptions
	src, out string
	baseURL  string
}

func newTTSCmd(g *globalOptions) *cobra.Command {
	opts := &ttsOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "tts",
		Short: "help.tts.short",
		Long:  "help.tts.long",
		RunE:  func(cmd *cobra.Command, args []string) error { return runTTS(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringVar(&opts.baseURL, "base-url", "", "flag.tts.base-url")
	return cmd
}

func runTTS(ctx context.Context, opts *ttsOptions, args []string) error {
	if _, err := tts.URLs(".", opts.baseURL); err != nil {
		return usageError{msgErr("tts_base_url", opts.baseURL)}
	}
	targets, results, err := validatedTargets(opts.globalOptions, opts.src, opts.out, args, "tts")
	if err != nil {
		return err
	}
	return forValid(targets, results, func(game *sim.Definition, res schema.Result) (bool, error) {
		written, err := writeTTS(ctx, opts.src, opts.out, opts.baseURL, game.Schema, res)
		if err != nil {
			return false, err
		}
		for _, p := range written {
			fmt.Fprintln(opts.stdout, p)
		}
		listWritten(opts.globalOptions, res.Game, written)
		fmt.Fprintln(opts.stderr, opts.msg("tts_hint", written[len(written)-1]))
		if opts.baseURL == "" {
			fmt.Fprintln(opts.stderr, opts.msg("tts_local"))
		}
		return true, nil
	})
}

// writeTTS draws a valid game's cards, writes its deck sheets, backs and
// tiles into out/<game>/tts/ and then the saved object <game>.json, and
// returns their paths, the JSON last. Images a former run left there and
// this one did not write are removed.
func writeTTS(ctx context.Context, src, out, baseURL string, g *schema.Game, res schema.Result) ([]string, error) {
	lay, err := spec.Load(spec.LayoutDir(src), g)
	if err != nil {
		return nil, err
	}
	stamp, err := versionStamp(res.File, res.Rules)
	if err != nil {
		return nil, err
	}
	drawn, err := cards.DrawCopies(res, lay, cards.Options{ArtDir: filepath.Join(src, "art"), Stamp: stamp})
	if err != nil {
		return nil, cardsError(err)
	}
	decks, tiles, err := tts.FromDrawn(lay, res.Data, drawn)
	if err != nil {
		return nil, err
	}
	plan, err := tts.Pack(g.ID, decks, tiles)
	if err != nil {
		return nil, err
	}
	plan.Pieces = tts.Pieces(drawn, lay.Pieces(res.Rules))
	files, err := tts.Render(plan, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(out, g.ID, "tts")
	url, err := tts.URLs(dir, baseURL)
	if err != nil {
		return nil, err
	}
	save, err := plan.Save(url)
	if err != nil {
		return nil, err
	}
	var written []string
	keep := map[string]bool{}
	for _, f := range append(files, tts.File{Name: g.ID + ".json", Data: save}) {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		path := filepath.Join(dir, f.Name)
		if err := outfile.WriteFile(path, f.Data); err != nil {
			return written, err
		}
		keep[f.Name] = true
		written = append(written, path)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	for _, f := range old {
		if !keep[filepath.Base(f)] {
			os.Remove(f)
		}
	}
	return written, nil
}
