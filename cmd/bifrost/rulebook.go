package main

import (
	"bytes"
	"context"
	"errors"
	"html/template"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/layout/book"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules/sim"
	"bifrost/schema"
)

type rulebookOptions struct {
	*globalOptions
	src, out string
	formats  []string
	rules    string // the folder holding <game>/rulebook.md and RULINGS.md; "" for rules/ beside src
	embed    bool   // embed the fonts in the HTML books
	inkSaver bool   // the summary card without its colour fills
}

func newRulebookCmd(g *globalOptions) *cobra.Command {
	opts := &rulebookOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "rulebook",
		Short: "help.rulebook.short",
		Long:  "help.rulebook.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runRulebook(cmd.Context(), opts, args) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	cmd.Flags().StringVar(&opts.out, "out", "out", "flag.out")
	cmd.Flags().StringSliceVar(&opts.formats, "format", []string{"pdf", "html"}, "flag.rulebook.format")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().BoolVar(&opts.embed, "embed-font", false, "flag.embed-font")
	cmd.Flags().BoolVar(&opts.inkSaver, "ink-saver", false, "flag.rulebook.ink-saver")
	return cmd
}

func runRulebook(_ context.Context, opts *rulebookOptions, args []string) error {
	game, err := opts.registry.ByID(args[0])
	if err != nil {
		return usageError{unknownGame(opts.registry, args[0])}
	}
	g := game.Schema
	for _, f := range opts.formats {
		if f != "pdf" && f != "html" {
			return usageError{msgErr("bad_format", f, "pdf, html")}
		}
	}
	var outputs []string
	for _, name := range books {
		for _, f := range opts.formats {
			outputs = append(outputs, outputsOf(opts.out, []string{g.ID}, name+"."+f)...)
		}
	}
	if slices.Contains(opts.formats, "pdf") {
		outputs = append(outputs, outputsOf(opts.out, []string{g.ID}, summaryCard)...)
	}
	if err := guardOutputs(opts.src, outputs); err != nil {
		return err
	}
	res, err := validateOne(target{game: game, path: workbookIn(opts.src, g.ID)}, opts.Lang())
	if err != nil {
		return err
	}
	if schema.HasErrors(res.Problems) {
		writeProblems(opts.stdout, opts.stderr, []schema.Result{res}, opts.Lang())
		return errProblems
	}
	painted, err := paintCards(opts.src, g, res, false)
	if err != nil {
		return err
	}
	written, skips, err := writeRulebook(opts.out, rulesDirFor(opts.src, opts.rules), game, res, painted, opts.formats, opts.Lang(), book.WithInkSaver(opts.inkSaver), embedFonts(opts.embed)...)
	if err != nil {
		return err
	}
	if len(written) > 0 {
		listWritten(opts.globalOptions, g.ID, written)
	}
	return reportSkipped(opts.globalOptions, g.ID, skips)
}

// paintedCards are a game's cards painted once, each face and back a
// display list, with the layout and art beside its workbook: the books,
// the report and the card sheets draw these lists and paint none of their
// own.
type paintedCards struct {
	lay   *spec.Layout
	drawn []cards.Drawn // in print order, a design's first copy first
}

// paintCards paints every card design of res with the layout and art in
// src: each design's first copy, which the books and the report show, or
// every copy when copies is set (build, whose card sheets print them all).
func paintCards(src string, g *schema.Game, res schema.Result, copies bool) (*paintedCards, error) {
	lay, err := spec.Load(spec.LayoutDir(src), g)
	if err != nil {
		return nil, err
	}
	paint := cards.DrawAll
	if copies {
		paint = cards.DrawCopies
	}
	drawn, err := paint(res, lay, cards.Options{ArtDir: filepath.Join(src, "art")})
	if err != nil {
		return nil, err
	}
	return &paintedCards{lay: lay, drawn: drawn}, nil
}

// embedFonts gives the HTML options that embed the installed Mincho and
// Gothic when embed is set (--embed-font), none otherwise.
func embedFonts(embed bool) []book.HTMLOption {
	if !embed {
		return nil
	}
	return []book.HTMLOption{book.WithEmbeddedFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))}
}

// books are the books rendered per game from rules/<game>/: the player's
// rulebook, the one-page turn summary, and the designer's book (rulings
// with their parameters, the parameters' values, the model's limits).
var books = []string{"rulebook", "summary", "designer"}

// summaryCard is the turn summary again at card size (63 × 88 mm, front
// and back), written beside the A5 one whenever PDFs are.
const summaryCard = "summary-card.pdf"

// writeRulebook renders one game's player's and designer's books into
// out/<game>/, their example cards drawn with the game's card layout, the
// HTML with htmlOpts, their errors in lang. It returns the paths written
// and the outputs it skipped, a broken book's or one that could not be
// rendered, each with why; the error is a failure that stopped it.
func writeRulebook(out, rulesDir string, game *sim.Definition, res schema.Result, painted *paintedCards, formats []string, lang *schema.Lang, card book.PDFOption, htmlOpts ...book.HTMLOption) ([]string, []skipped, error) {
	return renderRulebook(rulesDir, out, game, res, painted, formats, lang, outfile.WriteFile, card, htmlOpts...)
}

// skipped are outputs a command did not write, and why: a data error
// (problems holds a book's placeholder and markdown errors at their
// lines) or a failure to read an input.
type skipped struct {
	outputs  []string
	why      error
	problems []schema.Problem
}

// renderRulebook is writeRulebook handing each file to put instead of
// writing it (serve keeps the pages in memory). One book that cannot be
// read or expanded, or one output that cannot be rendered, is skipped and
// the others are rendered.
func renderRulebook(rulesDir, out string, game *sim.Definition, res schema.Result, painted *paintedCards, formats []string, lang *schema.Lang, put func(path string, data []byte) error, card book.PDFOption, htmlOpts ...book.HTMLOption) ([]string, []skipped, error) {
	g := game.Schema
	files := booksOf(rulesDir, game)
	faces := firstFaces(painted)
	data, err := bookData(files, game, res, faces, lang)
	if err != nil {
		return nil, nil, err
	}
	// The PDF plays each card's face; the HTML shows the very same list as SVG.
	face, fontName := cards.Examples(painted.drawn, painted.lay)
	drawer := &book.Cards{Face: face, FontName: fontName}
	// A Mincho body and a Gothic with a real bold, when installed.
	fonts := book.WithFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))
	var written []string
	var skips []skipped
	for _, name := range books {
		outputs := formats
		if name == "summary" && slices.Contains(formats, "pdf") {
			outputs = append(slices.Clip(formats), "card")
		}
		paths := make([]string, len(outputs))
		for i, f := range outputs {
			paths[i] = filepath.Join(out, g.ID, name+"."+f)
			if f == "card" {
				paths[i] = filepath.Join(out, g.ID, summaryCard)
			}
		}
		file, expanded, err := expandBook(files, name, data)
		if game.New == nil && name != "rulebook" && errors.Is(err, fs.ErrNotExist) {
			continue // a print-only game's summary and designer's book are the designer's to add
		}
		if err != nil {
			skips = append(skips, skipped{paths, err, sourceProblems(err)})
			continue
		}
		for i, f := range outputs {
			var buf bytes.Buffer
			switch f {
			case "pdf":
				err = book.PDF(&buf, []byte(expanded), drawer, book.WithImages(files), fonts, book.WithPDFLang(lang))
			case "card":
				err = book.PDF(&buf, []byte(expanded), drawer, book.WithImages(files), fonts, book.WithPDFLang(lang), book.WithPaper("card"), card)
			case "html":
				err = book.HTML(&buf, []byte(expanded), cardSVG(faces), append(htmlOpts, book.WithHTMLLang(lang), book.WithHTMLImages(files))...)
			}
			if err != nil {
				skips = append(skips, skipped{paths[i : i+1], dataError{msgErr("in_file", file, err)}, nil})
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

// firstFaces are the faces of painted's designs by card ID, each its first
// copy's: the example cards of the books.
func firstFaces(painted *paintedCards) map[string]*draw.List {
	faces := map[string]*draw.List{}
	for _, d := range painted.drawn {
		if d.Copy == 1 {
			faces[d.ID] = d.Face
		}
	}
	return faces
}

// bookData is what the placeholders of game's books draw on: the
// validated data res, the RULINGS.md and glossary.yaml of files, the
// game's figures and the example cards' faces.
func bookData(files bookFiles, game *sim.Definition, res schema.Result, faces map[string]*draw.List, lang *schema.Lang) (book.Data, error) {
	_, rulings, err := files.read("RULINGS.md")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return book.Data{}, err
	}
	glossary, err := readGlossary(files)
	if err != nil {
		return book.Data{}, err
	}
	return book.Data{Game: game.Schema, Result: res, Book: res.Book, Rulings: string(rulings), Glossary: glossary, Figures: figures(game, res), Parts: cardParts(faces), Lang: lang, Images: files}, nil
}

// expandBook reads the book name (rulebook, summary or designer) of files
// and expands its placeholders with data; it returns the path messages name
// the book by. A placeholder or markdown error is a dataError holding every
// *book.SourceError of the book, in line order; a book that cannot be read,
// that failure.
func expandBook(files bookFiles, name string, data book.Data) (string, string, error) {
	file, md, err := files.read(name + ".md")
	if err != nil {
		return file, "", err
	}
	expanded, err := book.Expand(file, string(md), data)
	if err != nil {
		return file, "", dataError{err}
	}
	return file, expanded, nil
}

// readGlossary reads a game's glossary table, glossary.yaml, a YAML list
// of terms; a game without one has no glossary.
func readGlossary(files bookFiles) ([]book.Term, error) {
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
		return nil, dataError{spec.YAMLErrors(file, err)}
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

// cardParts gives the parts of each card's face, trimmed, for the
// callouts of {{card}}.
func cardParts(faces map[string]*draw.List) func(id string) (book.CardParts, bool) {
	return func(id string) (book.CardParts, bool) {
		f := faces[id]
		if f == nil {
			return book.CardParts{}, false
		}
		return book.PartsOf(f), true
	}
}
