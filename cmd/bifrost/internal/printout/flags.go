package printout

import (
	"github.com/spf13/pflag"

	"bifrost/layout/cards"
	"bifrost/layout/sheet"
)

// Flags are the printing flags of the cards command: the print options
// (paper, only, faces only, duplex, pack, ink saver, margin, gutter) and
// the Extras.
type Flags struct {
	Options        cards.Options
	Extras         Extras
	margin, gutter float64
}

// AddFlags adds the flags of f to a command's flags.
func (f *Flags) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&f.Options.Paper, "paper", "a4", "flag.cards.paper")
	fs.StringSliceVar(&f.Options.Only, "only", nil, "flag.cards.only")
	fs.BoolVar(&f.Options.FacesOnly, "faces-only", false, "flag.cards.faces-only")
	fs.StringVar(&f.Options.Duplex, "duplex", "long", "flag.cards.duplex")
	fs.BoolVar(&f.Options.Pack, "pack", false, "flag.cards.pack")
	fs.BoolVar(&f.Options.InkSaver, "ink-saver", false, "flag.cards.ink-saver")
	fs.Float64Var(&f.margin, "margin", sheet.DefaultMargin, "flag.cards.margin")
	fs.Float64Var(&f.gutter, "gutter", 0, "flag.cards.gutter")
	f.Extras.AddFlags(fs, true)
}

// Check checks the flags as given in fs, as Check does, and the Extras,
// and returns the sheets' file name; the margin is set, and the gutter
// when given (else the layout's).
func (f *Flags) Check(fs *pflag.FlagSet, output string, perCard, changed bool) (string, error) {
	f.Options.Margin = &f.margin
	if fs.Changed("gutter") {
		f.Options.Gutter = &f.gutter
	}
	name, err := Check(f.Options, output, perCard, changed)
	if err != nil {
		return "", err
	}
	return name, f.Extras.check(perCard)
}
