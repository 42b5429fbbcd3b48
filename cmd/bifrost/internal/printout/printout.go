package printout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout/cards"
	"bifrost/layout/sheet"
	"bifrost/layout/spec"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// Job is one game's printing.
type Job struct {
	Src, Out string // the workbook folder (its art/ and the layout beside it) and the output folder
	Workbook string // the workbook's path, which Stamp reads
	Game     *schema.Game
	Result   schema.Result // the game's validated data
	// Painted are the cards already painted with Src's layout and art
	// (every copy for the sheets, the first ones for per-card PDFs), or nil
	// to paint them here.
	Painted *cards.Painted
	PerCard bool // one PDF per card under out/<game>/cards/ instead of the sheets
	// Draft marks DRAFT each card with an error cell in Result, naming the
	// cells (Write sets Options.Draft from DraftMarks).
	Draft bool
	Name  string // the sheets' file name in out/<game>/
	// Options are the print options (paper, only, duplex, ...); Write sets
	// ArtDir, Stamp, Painted and, with Draft, Draft.
	Options cards.Options
	Extras  Extras // the files for print shops written beside the PDFs
}

// Write writes the job's PDFs, then its Extras, atomically and returns
// their paths. The caller has checked that they lie outside Src.
func Write(ctx context.Context, j Job) ([]string, error) {
	opt := j.Options
	opt.ArtDir, opt.CMYK = filepath.Join(j.Src, "art"), j.Extras.CMYK
	if j.Draft {
		var err error
		if opt.Draft, err = DraftMarks(j.Workbook, j.Result.Problems); err != nil {
			return nil, err
		}
	}
	painted := j.Painted
	if painted == nil {
		var err error
		if painted, err = paint(j, opt); err != nil {
			return nil, err
		}
	}
	stamp, err := Stamp(j.Workbook, j.Result.Rules)
	if err != nil {
		return nil, err
	}
	opt.Stamp, opt.Painted = stamp, painted.Drawn
	written, err := writePDFs(ctx, j, painted, opt)
	if err != nil {
		return written, err
	}
	more, err := j.Extras.write(ctx, j, painted, opt)
	return append(written, more...), err
}

// writePDFs writes the sheets, or the per-card PDFs, and returns their
// paths.
func writePDFs(ctx context.Context, j Job, painted *cards.Painted, opt cards.Options) ([]string, error) {
	dir := filepath.Join(j.Out, j.Game.ID)
	if !j.PerCard {
		path := filepath.Join(dir, j.Name)
		if err := outfile.Write(path, func(w io.Writer) error { return sheet.Render(w, j.Result, painted.Layout, opt) }); err != nil {
			return nil, err
		}
		return []string{path}, nil
	}
	each, err := sheet.RenderEach(j.Result, painted.Layout, opt)
	if err != nil {
		return nil, err
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
			return written, err
		}
		keep[pc.Name] = true
		written = append(written, path)
	}
	// A full run replaces the folder's PDFs: cards deleted from the
	// workbook must not linger. A run with Only adds to it.
	if len(opt.Only) == 0 {
		old, _ := filepath.Glob(filepath.Join(cdir, "*.pdf"))
		for _, f := range old {
			if !keep[filepath.Base(f)] {
				os.Remove(f)
			}
		}
	}
	return written, nil
}

// paint paints the job's cards as opt prints them (the cards of opt.Only,
// under opt.InkSaver): every copy for the sheets and the PNGs, each
// design's first for the per-card PDFs alone. The stamp and DRAFT band are left for package sheet
// to paint over them; with opt.Draft, text that does not fit is painted
// all the same.
func paint(j Job, opt cards.Options) (*cards.Painted, error) {
	painted, err := Paint(j.Src, j.Game, j.Result, cards.Options{Only: opt.Only, InkSaver: opt.InkSaver}, !j.PerCard || j.Extras.PNG != "")
	var issues *cards.IssuesError
	if err != nil && !(opt.Draft != nil && errors.As(err, &issues)) {
		return nil, err
	}
	return painted, nil
}

// Paint paints the cards of g's validated data res with the layout beside
// the workbook folder src and the art in src/art, as cards.Paint does with
// opt: each design's first copy, or every copy when copies is set.
func Paint(src string, g *schema.Game, res schema.Result, opt cards.Options, copies bool) (*cards.Painted, error) {
	lay, err := spec.Load(spec.LayoutDir(src), g)
	if err != nil {
		return nil, err
	}
	opt.ArtDir = filepath.Join(src, "art")
	return cards.Paint(res, lay, opt, copies)
}

// Stamp names the data a card is printed from: the Rules sheet's Version
// as typed when it is set; else the git short hash and date of the last
// commit of the workbook at path when it is committed and unchanged; else
// the first 10 hex digits of the workbook's SHA-256 (a workbook outside
// git, or with changes not yet committed). The same workbook always gives
// the same stamp, so rebuilds stay byte-identical.
func Stamp(path string, rules schema.Rules) (string, error) {
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

var cellRow = regexp.MustCompile(`^[A-Z]+(\d+)$`)

// DraftMarks names, by card ID, the problem cells of every card that has
// an error: the row of the problem's cell, read back from the workbook at
// path.
func DraftMarks(path string, problems []schema.Problem) (map[string][]string, error) {
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
