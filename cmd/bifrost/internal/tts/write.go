package tts

import (
	"context"
	"os"
	"path/filepath"
	"runtime"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/layout/cards"
	"bifrost/schema"
)

// Write paints a valid game's cards with the layout and art beside src,
// stamped as the card sheets are (printout.Stamp), writes its deck sheets,
// backs and tiles into out/<game>/tts/ and then the saved object
// <game>.json, and returns their paths, the JSON last. The images are
// addressed under baseURL, or as local files when it is "". Images a
// former run left there and this one did not write are removed.
func Write(ctx context.Context, src, out, baseURL string, g *schema.Game, res schema.Result) ([]string, error) {
	stamp, err := printout.Stamp(res.File, res.Rules)
	if err != nil {
		return nil, err
	}
	painted, err := printout.Paint(src, g, res, cards.Options{Stamp: stamp}, true)
	if err != nil {
		return nil, err
	}
	lay := painted.Layout
	decks, tiles, err := FromDrawn(lay, res.Data, painted.Drawn)
	if err != nil {
		return nil, err
	}
	plan, err := Pack(g.ID, decks, tiles)
	if err != nil {
		return nil, err
	}
	plan.Pieces = Pieces(painted.Drawn, lay.Pieces(res.Rules))
	files, err := Render(plan, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(out, g.ID, "tts")
	url, err := URLs(dir, baseURL)
	if err != nil {
		return nil, err
	}
	save, err := plan.Save(url)
	if err != nil {
		return nil, err
	}
	var written []string
	keep := map[string]bool{}
	for _, f := range append(files, File{Name: g.ID + ".json", Data: save}) {
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
