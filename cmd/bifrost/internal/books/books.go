package books

import (
	"bytes"
	"errors"
	"html/template"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout/book"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/figure"
)

// Names are the books made per game from rules/<game>/: the player's
// rulebook, the one-page turn summary, and the designer's book (rulings
// with their parameters, the parameters' values, the model's limits).
var Names = []string{"rulebook", "summary", "designer"}

// SummaryCard is the turn summary again at card size (63 × 88 mm, front
// and back), written beside the A5 one whenever PDFs are.
const SummaryCard = "summary-card.pdf"

// Set is one game's books as a command makes them.
type Set struct {
	Dir    string          // the folder of the book files (see Dir); a file in Dir/<game>/ overrides the built-in one
	Game   *sim.Definition // whose books, figures and built-in book files
	Result schema.Result   // the game's valid data, which the placeholders draw on
	Layout *spec.Layout    // the layout the cards were painted with
	Drawn  []cards.Drawn   // the cards painted once for the build: each design's first copy is its example card
	Lang   *schema.Lang    // of the books' errors

	InkSaver   bool // the card-size summary without its colour fills (rulebook --ink-saver)
	EmbedFonts bool // embed the installed Mincho and Gothic in the HTML books (--embed-font)
}

// DataError is a fault of a game's book files found while making its
// books: a placeholder that does not expand (holding every
// *book.SourceError of the book), a book the renderer refuses, or a
// glossary that is not a list of terms. The designer fixes it at the lines
// it names; any other error is an input that could not be read.
type DataError struct{ Err error }

func (e DataError) Error() string { return e.Err.Error() }
func (e DataError) Unwrap() error { return e.Err }

// Skipped are outputs a command did not write, and why: Err, a DataError
// when the data is at fault (Problems then holds a broken book's
// placeholder and markdown errors at their lines), else the failure to
// read an input.
type Skipped struct {
	Outputs  []string
	Err      error
	Problems []schema.Problem
}

// Write renders the books into out/<game>/ in formats ("pdf", "html"; a
// PDF summary brings its card-size copy), and returns the paths written and
// the outputs skipped: a broken book's, or one that could not be rendered,
// each with why. The error is a failure that stopped it.
func (s Set) Write(out string, formats []string) ([]string, []Skipped, error) {
	return s.Render(out, formats, outfile.WriteFile)
}

// Render is Write handing each file to put instead of writing it (serve
// keeps the pages in memory). One book that cannot be read or expanded, or
// one output that cannot be rendered, is skipped and the others are
// rendered.
func (s Set) Render(out string, formats []string, put func(path string, data []byte) error) ([]string, []Skipped, error) {
	files := filesOf(s.Dir, s.Game)
	faces := s.faces()
	data, err := s.data(files, faces)
	if err != nil {
		return nil, nil, err
	}
	// The PDF plays each card's face; the HTML shows the very same list as SVG.
	face, fontName := cards.Examples(s.Drawn, s.Layout)
	drawer := &book.Cards{Face: face, FontName: fontName}
	// A Mincho body and a Gothic with a real bold, when installed.
	fonts := book.WithFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))
	var htmlOpts []book.HTMLOption
	if s.EmbedFonts {
		htmlOpts = append(htmlOpts, book.WithEmbeddedFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic)))
	}
	var written []string
	var skips []Skipped
	for _, name := range Names {
		outputs := formats
		if name == "summary" && slices.Contains(formats, "pdf") {
			outputs = append(slices.Clip(formats), "card")
		}
		paths := make([]string, len(outputs))
		for i, f := range outputs {
			paths[i] = filepath.Join(out, s.Game.ID(), name+"."+f)
			if f == "card" {
				paths[i] = filepath.Join(out, s.Game.ID(), SummaryCard)
			}
		}
		file, expanded, err := expand(files, name, data)
		if s.Game.New == nil && name != "rulebook" && errors.Is(err, fs.ErrNotExist) {
			continue // a print-only game's summary and designer's book are the designer's to add
		}
		if err != nil {
			skips = append(skips, Skipped{paths, err, sourceProblems(err)})
			continue
		}
		for i, f := range outputs {
			var buf bytes.Buffer
			switch f {
			case "pdf":
				err = book.PDF(&buf, []byte(expanded), drawer, book.WithImages(files), fonts, book.WithPDFLang(s.Lang))
			case "card":
				err = book.PDF(&buf, []byte(expanded), drawer, book.WithImages(files), fonts, book.WithPDFLang(s.Lang), book.WithPaper("card"), book.WithInkSaver(s.InkSaver))
			case "html":
				err = book.HTML(&buf, []byte(expanded), cardSVG(faces), append(htmlOpts, book.WithHTMLLang(s.Lang), book.WithHTMLImages(files))...)
			}
			if err != nil {
				skips = append(skips, Skipped{paths[i : i+1], DataError{schema.Errorf("%s：%v", "%s: %v", file, err)}, nil})
				continue
			}
			if err := put(paths[i], buf.Bytes()); err != nil {
				return written, skips, err
			}
			written = append(written, paths[i])
		}
	}
	return written, skips, nil
}

// Problems expands the books against the data, as Write would, and
// returns each placeholder or markdown error as an error at its file and
// line: every reference to a card, sheet, column or Rules key that the
// data lacks, with the nearest it has. A book the game does not have gives
// none (Write reports a missing book).
func (s Set) Problems() ([]schema.Problem, error) {
	files := filesOf(s.Dir, s.Game)
	data, err := s.data(files, s.faces())
	if err != nil {
		return nil, err
	}
	var out []schema.Problem
	for _, name := range Names {
		_, _, err := expand(files, name, data)
		switch {
		case err == nil, errors.Is(err, fs.ErrNotExist):
		case errors.As(err, new(DataError)):
			out = append(out, sourceProblems(err)...)
		default:
			return nil, err
		}
	}
	return out, nil
}

// faces are the faces of the painted designs by card ID, each its first
// copy's: the example cards of the books.
func (s Set) faces() map[string]*draw.List {
	faces := map[string]*draw.List{}
	for _, d := range s.Drawn {
		if d.Copy == 1 {
			faces[d.ID] = d.Face
		}
	}
	return faces
}

// data is what the placeholders of the books draw on: the validated data,
// the RULINGS.md and glossary.yaml of files, the game's figures and the
// example cards' faces.
func (s Set) data(files files, faces map[string]*draw.List) (book.Data, error) {
	_, rulings, err := files.read("RULINGS.md")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return book.Data{}, err
	}
	glossary, err := readGlossary(files)
	if err != nil {
		return book.Data{}, err
	}
	res := s.Result
	return book.Data{Game: s.Game.Schema, Result: res, Book: res.Book, Rulings: string(rulings), Glossary: glossary, Figures: Figures(s.Game, res), Parts: CardParts(faces), Lang: s.Lang, Images: files}, nil
}

// Figures are a game's figures for {{figure "NAME"}}, as its rules package
// draws them from the workbook's data; nil for a game without any.
func Figures(g *sim.Definition, res schema.Result) map[string]*figure.Figure {
	if g.Figures == nil {
		return nil
	}
	return g.Figures(res.Data)
}

// expand reads the book name (rulebook, summary or designer) of files and
// expands its placeholders with data; it returns the path messages name
// the book by. A placeholder or markdown error is a DataError holding
// every *book.SourceError of the book, in line order; a book that cannot
// be read, that failure.
func expand(files files, name string, data book.Data) (string, string, error) {
	file, md, err := files.read(name + ".md")
	if err != nil {
		return file, "", err
	}
	expanded, err := book.Expand(file, string(md), data)
	if err != nil {
		return file, "", DataError{err}
	}
	return file, expanded, nil
}

// sourceProblems are the *book.SourceErrors in err, an error of expand,
// each an error at its file and line.
func sourceProblems(err error) []schema.Problem {
	var out []schema.Problem
	for _, e := range book.SourceErrors(err) {
		out = append(out, schema.Problem{Severity: schema.Error, File: e.File, Line: e.Line, Message: e.Msg})
	}
	return out
}

// readGlossary reads a game's glossary table, glossary.yaml, a YAML list
// of terms; a game without one has no glossary.
func readGlossary(files files) ([]book.Term, error) {
	file, data, err := files.read("glossary.yaml")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var terms []book.Term
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&terms); err != nil && !errors.Is(err, io.EOF) {
		return nil, DataError{spec.YAMLErrors(file, err)}
	}
	return terms, nil
}

// cardSVG draws an example card for the HTML book: the face's display
// list as inline SVG, trimmed, the same drawing the PDF prints; a board (a
// landscape face) is marked to span the text width.
func cardSVG(faces map[string]*draw.List) func(id string) template.HTML {
	return func(id string) template.HTML {
		f := faces[id]
		if f == nil {
			return template.HTML(`<span class="card">` + template.HTMLEscapeString(id) + `</span>`)
		}
		class := "card"
		if f.W > f.H {
			class = "card board"
		}
		var b strings.Builder
		if err := f.SVG(&b, true); err != nil {
			return template.HTML(`<span class="card">` + template.HTMLEscapeString(id) + `</span>`)
		}
		return template.HTML(`<span class="` + class + `">` + b.String() + `</span>`)
	}
}

// CardParts gives the parts of each card's face, trimmed, for the
// callouts of {{card}}.
func CardParts(faces map[string]*draw.List) func(id string) (book.CardParts, bool) {
	return func(id string) (book.CardParts, bool) {
		f := faces[id]
		if f == nil {
			return book.CardParts{}, false
		}
		return book.PartsOf(f), true
	}
}
