package printout

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/spf13/pflag"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/sheet"
)

// Extras are the files for print shops and cutting machines a command
// writes beside its PDFs.
type Extras struct {
	PNG    string  // the folder of one PNG per card side and copy (--png); "" for none
	DPI    float64 // the PNGs' resolution (--dpi)
	CutSVG string  // the folder of one SVG of cut lines per sheet (--cut-svg); "" for none
	CMYK   bool    // the PDFs' colours and images in DeviceCMYK (--cmyk)
}

// DefaultDPI is the PNGs' resolution unless --dpi says otherwise.
const DefaultDPI = 300

// AddFlags adds the flags of x to a command's flags: --png and --dpi
// when pictures is set (the cards command's own), the rest always.
func (x *Extras) AddFlags(fs *pflag.FlagSet, pictures bool) {
	if pictures {
		fs.StringVar(&x.PNG, "png", "", "flag.cards.png")
		fs.Float64Var(&x.DPI, "dpi", DefaultDPI, "flag.cards.dpi")
	}
	fs.StringVar(&x.CutSVG, "cut-svg", "", "flag.cards.cut-svg")
	fs.BoolVar(&x.CMYK, "cmyk", false, "flag.cards.cmyk")
}

// Dirs are the folders x writes into, for the check that they lie outside
// the workbook folder.
func (x Extras) Dirs() []string {
	var dirs []string
	for _, d := range []string{x.PNG, x.CutSVG} {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// check refuses a resolution the PNG backend cannot draw at, and cut
// lines of sheets a per-card run does not print.
func (x Extras) check(perCard bool) error {
	if x.CutSVG != "" && perCard {
		return Messages.Err("cuts_per_card")
	}
	if x.PNG != "" && (x.DPI < 1 || x.DPI > 2400 || math.IsNaN(x.DPI)) {
		return Messages.Err("bad_dpi", x.DPI)
	}
	return nil
}

// write writes the files x asks for and returns their paths.
func (x Extras) write(ctx context.Context, j Job, painted *cards.Painted, opt cards.Options) ([]string, error) {
	var written []string
	if x.CutSVG != "" {
		cuts, err := sheet.Cuts(j.Result, painted.Layout, opt)
		if err != nil {
			return nil, err
		}
		for i, cs := range cuts {
			path := filepath.Join(x.CutSVG, fmt.Sprintf("%s-sheet-%02d.svg", j.Game.ID, i+1))
			if err := outfile.WriteFile(path, cs.SVG()); err != nil {
				return written, err
			}
			written = append(written, path)
		}
	}
	if x.PNG != "" {
		pngs, err := x.writePNGs(ctx, j, painted, opt)
		written = append(written, pngs...)
		if err != nil {
			return written, err
		}
	}
	return written, nil
}

// writePNGs writes one PNG per side of every copy opt prints into x.PNG
// and returns their paths. Other files in x.PNG are left as they are.
func (x Extras) writePNGs(ctx context.Context, j Job, painted *cards.Painted, opt cards.Options) ([]string, error) {
	pics, err := sheet.Pictures(j.Result, painted.Layout, opt)
	if err != nil {
		return nil, err
	}
	var written []string
	for _, pc := range pics {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		path := filepath.Join(x.PNG, pc.Name)
		err := outfile.Write(path, func(w io.Writer) error {
			img, err := pc.PNG(x.DPI)
			if err != nil {
				return err
			}
			return draw.EncodePNG(w, img, x.DPI)
		})
		if err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}
