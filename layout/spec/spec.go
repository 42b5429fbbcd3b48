package spec

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"bifrost/layout"
	"bifrost/layout/text"
	"bifrost/schema"
)

// The yaml form of a layout file. Every key is listed here; with
// KnownFields an unknown key is an error at its line.

type fileSpec struct {
	Game     string                 `yaml:"game"`
	Card     *sizeSpec              `yaml:"card"`
	Bleed    *float64               `yaml:"bleed"`
	Safe     *float64               `yaml:"safe"`
	Sheet    sheetSpec              `yaml:"sheet"`
	Fonts    map[string]fontSpec    `yaml:"fonts"`
	Palettes map[string]paletteSpec `yaml:"palettes"`
	Icons    map[string][]shapeSpec `yaml:"icons"`
	Kinds    []kindSpec             `yaml:"kinds"`
	// TTSPieces are table pieces for Tabletop Simulator that belong to no card.
	TTSPieces []pieceSpec `yaml:"tts_pieces"`
}

type sizeSpec struct {
	Width  float64 `yaml:"width"`
	Height float64 `yaml:"height"`
}

type sheetSpec struct {
	Gutter      *float64 `yaml:"gutter"`
	MarkLength  *float64 `yaml:"mark_length"`
	MarkOffset  *float64 `yaml:"mark_offset"`
	MarkWidth   *float64 `yaml:"mark_width"`
	KindPerPage *bool    `yaml:"kind_per_page"`
}

// fontSpec is a font fallback chain: file first when given, then each
// entry of chain, a family name looked up among the installed fonts or a
// path to a .ttf file; the embedded M+ 1p always comes last.
type fontSpec struct {
	File  string   `yaml:"file"`
	Chain []string `yaml:"chain"`
}

type paletteSpec struct {
	By      string            `yaml:"by"`
	Values  map[string]string `yaml:"values"`
	Default string            `yaml:"default"`
}

type kindSpec struct {
	Name       string            `yaml:"name"`
	Title      string            `yaml:"title"`
	Sheet      string            `yaml:"sheet"`
	Where      map[string]string `yaml:"where"`
	Each       string            `yaml:"each"`
	Copies     string            `yaml:"copies"`
	CopiesFrom *copiesSpec       `yaml:"copies_from"`
	Size       *sizeSpec         `yaml:"size"`
	Board      bool              `yaml:"board"`
	Face       []elementSpec     `yaml:"face"`
	Back       []elementSpec     `yaml:"back"`
	TTSName    string            `yaml:"tts_name"`
	TTSNotes   string            `yaml:"tts_notes"`
	TTSDeck    string            `yaml:"tts_deck"`
	TTSPieces  []pieceSpec       `yaml:"tts_pieces"`
	TTS        *bool             `yaml:"tts"`
}

// copiesSpec counts a card's copies elsewhere in the data: the sum of a
// number field over the entries whose match field holds the card's ID, such
// as the Copies of every sample-deck line naming the card. The entries are
// the rows of a sheet, or, with data, the structs found by following Go
// field names through the validated data ("Decks.Cards").
type copiesSpec struct {
	Sheet string `yaml:"sheet"`
	Data  string `yaml:"data"`
	Match string `yaml:"match"`
	Sum   string `yaml:"sum"`
}

type elementSpec struct {
	Type      string        `yaml:"type"`
	If        string        `yaml:"if"`
	X         float64       `yaml:"x"`
	Y         float64       `yaml:"y"`
	W         float64       `yaml:"w"`
	H         float64       `yaml:"h"`
	R         float64       `yaml:"r"`
	Fill      string        `yaml:"fill"`
	Stroke    string        `yaml:"stroke"`
	Line      float64       `yaml:"line"`
	Dash      float64       `yaml:"dash"`
	Text      string        `yaml:"text"`
	Else      string        `yaml:"else"`
	Size      float64       `yaml:"size"`
	MinSize   float64       `yaml:"min_size"`
	Leading   float64       `yaml:"leading"`
	Lines     int           `yaml:"lines"`
	Align     string        `yaml:"align"`
	VAlign    string        `yaml:"valign"`
	Colour    string        `yaml:"colour"`
	Font      string        `yaml:"font"`
	Bold      bool          `yaml:"bold"`
	Sentences bool          `yaml:"sentences"`
	ShowZero  bool          `yaml:"show_zero"`
	Shape     string        `yaml:"shape"`
	Repeat    string        `yaml:"repeat"`
	Step      float64       `yaml:"step"`
	Name      string        `yaml:"name"`
	Rows      *rowsSpec     `yaml:"rows"`
	Columns   []columnSpec  `yaml:"columns"`
	Header    *headerSpec   `yaml:"header"`
	RowHeight float64       `yaml:"row_height"`
	Stripe    string        `yaml:"stripe"`
	Cell      *cellSpec     `yaml:"cell"`
	Loop      string        `yaml:"loop"`
	Die       string        `yaml:"die"`
	Icon      string        `yaml:"icon"`
	Count     string        `yaml:"count"`
	Items     []elementSpec `yaml:"items"`
	ItemW     float64       `yaml:"item_w"`
	Gap       float64       `yaml:"gap"`
	From      int           `yaml:"from"`
	To        string        `yaml:"to"`
	PerRow    int           `yaml:"per_row"`
	Every     int           `yaml:"every"`
}

type rowsSpec struct {
	Sheet string `yaml:"sheet"`
	Match string `yaml:"match"`
	Group string `yaml:"group"`
	Order string `yaml:"order"`
}

type columnSpec struct {
	Title   string  `yaml:"title"`
	W       float64 `yaml:"w"`
	Text    string  `yaml:"text"`
	Size    float64 `yaml:"size"`
	MinSize float64 `yaml:"min_size"`
	Align   string  `yaml:"align"`
	Fill    string  `yaml:"fill"`
	Colour  string  `yaml:"colour"`
	Shape   string  `yaml:"shape"`
	Bold    bool    `yaml:"bold"`
	Icon    bool    `yaml:"icon"`
}

type headerSpec struct {
	Fill   string  `yaml:"fill"`
	Colour string  `yaml:"colour"`
	Size   float64 `yaml:"size"`
	H      float64 `yaml:"h"`
}

type cellSpec struct {
	W      float64 `yaml:"w"`
	Gap    float64 `yaml:"gap"`
	R      float64 `yaml:"r"`
	Fill   string  `yaml:"fill"`
	Stroke string  `yaml:"stroke"`
	Line   float64 `yaml:"line"`
}

// elementKeys lists the keys each element type accepts beyond "type".
var elementKeys = map[string][]string{
	"rect":        {"x", "y", "w", "h", "r", "fill", "stroke", "line", "dash"},
	"line":        {"x", "y", "w", "h", "stroke", "line", "dash"},
	"text":        {"x", "y", "w", "h", "text", "else", "size", "min_size", "leading", "lines", "align", "valign", "colour", "font", "bold", "sentences", "show_zero", "fill", "r"},
	"badge":       {"x", "y", "w", "h", "shape", "fill", "stroke", "line", "text", "size", "min_size", "colour", "font", "bold", "show_zero", "repeat", "step"},
	"art":         {"x", "y", "w", "h", "name", "fill", "stroke", "line", "text", "size", "colour", "font"},
	"table":       {"x", "y", "w", "h", "rows", "columns", "header", "row_height", "stripe", "stroke", "line", "size", "min_size", "leading", "colour", "font", "sentences"},
	"track":       {"x", "y", "w", "h", "rows", "text", "cell", "loop", "die", "size", "min_size", "leading", "colour", "font", "stroke", "line", "fill"},
	"icon":        {"x", "y", "w", "h", "icon", "count", "text", "fill", "size", "min_size", "colour", "font", "bold", "show_zero"},
	"icons":       {"x", "y", "w", "h", "items", "item_w", "gap", "size", "min_size", "font", "bold", "show_zero"},
	"score_track": {"x", "y", "w", "h", "from", "to", "per_row", "every", "stripe", "cell", "size", "min_size", "colour", "font", "bold"},
}

// Error is a problem in a layout file, at a line.
type Error struct {
	File string
	Line int

	msg *schema.Message // the problem, in the language SetLang gives it
}

// layoutError is the problem of the catalogue's key with args, at line.
func layoutError(file string, line int, key string, args ...any) *Error {
	return &Error{File: file, Line: line, msg: messages.Err(key, args...)}
}

// Message renders the problem, without the file and line, in l's language.
func (e *Error) Message(l *schema.Lang) string { return e.msg.In(l) }

// SetLang sets the language of Error.
func (e *Error) SetLang(l *schema.Lang) { e.msg.SetLang(l) }

// Error returns "file:line: problem" in the language SetLang gave it, else
// the environment's.
func (e *Error) Error() string { return e.at() + e.msg.Error() }

// In returns "file:line: problem" in l's language.
func (e *Error) In(l *schema.Lang) string { return e.at() + e.Message(l) }

// at is the "file:line: " (or "file: ") before the problem.
func (e *Error) at() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: ", e.File, e.Line)
	}
	return e.File + ": "
}

// ErrorList is every problem found in a layout file, in line order. Its
// Error method gives one line per problem.
type ErrorList []*Error

// SetLang sets the language of every problem's Error.
func (l ErrorList) SetLang(lang *schema.Lang) {
	for _, e := range l {
		e.SetLang(lang)
	}
}

// In gives one line per problem in lang's language.
func (l ErrorList) In(lang *schema.Lang) string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.In(lang)
	}
	return strings.Join(lines, "\n")
}

func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Load reads game's layout: dir/<game>.yaml when it exists, otherwise the
// built-in copy. dir is usually "layout", beside the workbook folder.
func Load(dir string, g *schema.Game) (*Layout, error) {
	path := filepath.Join(dir, g.ID+".yaml")
	data, err := readRegular(path)
	switch {
	case err == nil:
		return Parse(path, data, g)
	case errors.Is(err, os.ErrNotExist):
		name, data, ok := layout.Builtin(g.ID)
		if !ok {
			return nil, ErrorList{layoutError(path, 0, "no_layout", g.ID)}
		}
		return Parse(name, data, g)
	default:
		return nil, ErrorList{layoutError(path, 0, "font_file", unwrapPath(err))}
	}
}

// readRegular reads path only when it is a regular file (or a link to one):
// opening a named pipe would wait for a writer forever.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, messages.Err("not_regular", schema.FileKind(fi.Mode()))
	}
	return os.ReadFile(path)
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// LayoutDir returns the layout folder that goes with a workbook folder: the
// "layout" folder beside it, as in the repository (cardsrc/ and layout/).
func LayoutDir(src string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(src)), "layout")
}

// pdfFontName keeps the letters a font's name in the PDF may have.
var pdfFontName = regexp.MustCompile(`[^A-Za-z0-9+-]+`)

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// Parse reads a layout file for game g. All problems are returned together
// as an ErrorList, one line each with the file and line.
func Parse(file string, data []byte, g *schema.Game) (*Layout, error) {
	var spec fileSpec
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&spec); err != nil {
		return nil, YAMLErrors(file, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, YAMLErrors(file, err)
	}
	p := &parser{file: file, game: g, nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, printOnly: map[string]*schema.SheetSpec{}}
	p.index("", &root)
	l := p.compile(&spec)
	if len(p.errs) > 0 {
		slices.SortStableFunc(p.errs, func(a, b *Error) int { return a.Line - b.Line })
		return nil, p.errs
	}
	return l, nil
}

// YAMLErrors turns the yaml package's errors about file (a layout, or
// any other YAML file of bifrost's) into one line each, at file:line, in
// the catalogue's words.
func YAMLErrors(file string, err error) error {
	var out ErrorList
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	for _, m := range msgs {
		m = strings.TrimSpace(m)
		line, text := 0, strings.TrimPrefix(m, "yaml: ")
		if sub := yamlLine.FindStringSubmatch(m); sub != nil {
			line, _ = strconv.Atoi(sub[1])
			text = sub[2]
		}
		key, args := yamlProblem(text)
		out = append(out, layoutError(file, line, key, args...))
	}
	return out
}

// yamlProblems are the yaml package's messages in the catalogue's words.
var yamlProblems = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^field (\S+) not found in type \S+$`), "yaml_unknown_key"},
	{regexp.MustCompile(`^EOF$`), "yaml_empty"},
	{regexp.MustCompile(`^did not find expected node content$`), "yaml_node"},
	{regexp.MustCompile(`^mapping values are not allowed in this context$`), "yaml_mapping"},
	{regexp.MustCompile(`^did not find expected (key|'-' indicator)$`), "yaml_indent"},
	{regexp.MustCompile(`^could not find expected ':'$`), "yaml_colon"},
	{regexp.MustCompile(`^found (character that cannot start any token|a tab character .*)$`), "yaml_char"},
	{regexp.MustCompile(`^cannot unmarshal !!\w+ ` + "`" + `(.*)` + "`" + ` into \S+$`), "yaml_type"},
}

// yamlProblem returns the catalogue key and arguments for one yaml message.
func yamlProblem(text string) (string, []any) {
	for _, p := range yamlProblems {
		if m := p.re.FindStringSubmatch(text); m != nil {
			args := make([]any, len(m)-1)
			for i, a := range m[1:] {
				args[i] = a
			}
			return p.key, args
		}
	}
	return "yaml", []any{text}
}

// parser compiles a fileSpec, with the yaml nodes at hand to give each
// problem its line.
type parser struct {
	file  string
	game  *schema.Game
	nodes map[string]*yaml.Node // path → value node
	keys  map[string]*yaml.Node // path → key node (mappings only)
	errs  ErrorList
	at    string // the path of the template being compiled
	// columns are the workbook columns the layout names (see Field.Header),
	// printOnly the sheets the game does not know that a kind prints, by
	// name: both are resolved against a workbook by NewDataset.
	columns   []*Field
	printOnly map[string]*schema.SheetSpec
	sheetLine map[*schema.SheetSpec]int
}

// index records every node by its path: "kinds.2.face.0.fill".
func (p *parser) index(path string, n *yaml.Node) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			p.index(path, c)
		}
		return
	case yaml.AliasNode:
		p.nodes[path] = n
		if n.Alias != nil {
			p.index(path, n.Alias)
		}
		return
	}
	if _, seen := p.nodes[path]; !seen || path == "" {
		p.nodes[path] = n
	}
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := join(n.Content[i].Value)
			p.keys[k] = n.Content[i]
			p.index(k, n.Content[i+1])
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			p.index(join(strconv.Itoa(i)), c)
		}
	}
}

// line returns the line of the key at path, else of its value, else of the
// nearest enclosing node.
func (p *parser) line(path string) int {
	for {
		if k, ok := p.keys[path]; ok {
			return k.Line
		}
		if n, ok := p.nodes[path]; ok {
			return n.Line
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return 0
		}
		path = path[:i]
	}
}

// errorf reports the catalogue's problem key with args at path.
func (p *parser) errorf(path, key string, args ...any) {
	p.errs = append(p.errs, layoutError(p.file, p.line(path), key, args...))
}

// Layout is a compiled layout file.
type Layout struct {
	File     string
	Game     *schema.Game
	Card     Size    // default trim size, mm
	Bleed    float64 // mm
	Safe     float64 // mm inside the trim
	Sheet    SheetOptions
	Kinds    []*Kind
	Fonts    map[string]*text.Chain
	fontName []string              // sorted, for messages
	pdfFont  map[*text.Font]string // each font's name in the PDF
	palettes map[string]*palette
	Icons    map[string][]*IconShape
	// Columns are the workbook columns the layout binds, resolved against
	// the workbook's headers by NewDataset.
	Columns []*Field
	// PrintOnly are the sheets the game does not know that kinds print,
	// each with the line that names it first.
	PrintOnly []PrintOnlySheet
	pieces    []*pieceRule // the top-level tts_pieces
}

// PrintOnlySheet is a sheet a layout kind prints that the game's schema
// does not know: its rows are the workbook's (schema.PrintRow), found by
// NewDataset.
type PrintOnlySheet struct {
	Spec *schema.SheetSpec
	Line int
}

// Size is a width and height in mm.
type Size struct{ W, H float64 }

// SheetOptions are the imposition settings.
type SheetOptions struct {
	Gutter      float64 // wanted space between cards, shrunk to fit the paper
	MarkLength  float64
	MarkOffset  float64 // gap between the bleed edge and a crop mark
	MarkWidth   float64
	KindPerPage bool // each kind starts a new sheet
}

// Kind is one card kind: which rows it prints and how.
type Kind struct {
	Name   string // the layout's key, e.g. "Assist"
	Title  string // printed as {$kind}, e.g. "アシスト"
	Sheet  *schema.SheetSpec
	Where  []where
	Each   bool   // one card for the whole sheet (a reference card)
	Copies string // a field giving the copies, or "" for Fixed
	Fixed  int
	From   *copiesFrom // copies counted from another sheet
	Size   Size
	Board  bool
	Face   []*Element
	Back   []*Element
	Line   int
	Fields *FieldSet
	// TTSName and TTSNotes are templates for a card's name and notes
	// (its description) in Tabletop Simulator; TTSDeck names the deck
	// (the setup pile) the card goes into there. nil when not given.
	TTSName, TTSNotes, TTSDeck *tmpl
	// NoTTS leaves the kind out of Tabletop Simulator, which has a piece
	// of its own for it (a pawn standee: the PlayerPawn of tts_pieces).
	NoTTS bool
	// pieces are the table pieces each card brings to Tabletop Simulator.
	pieces []*pieceRule
}

type where struct {
	field *Field
	value string
}

func (p *parser) compile(s *fileSpec) *Layout {
	l := &Layout{File: p.file, Game: p.game, Card: Size{63, 88}, Bleed: 3, Safe: 3,
		Sheet:    SheetOptions{Gutter: 6, MarkLength: 4, MarkOffset: 0.5, MarkWidth: 0.2, KindPerPage: true},
		Fonts:    map[string]*text.Chain{"default": text.NewChain()},
		pdfFont:  map[*text.Font]string{},
		palettes: map[string]*palette{}}
	if s.Game != p.game.ID {
		p.errorf("game", "game", s.Game, p.game.ID)
	}
	if s.Card != nil {
		l.Card = p.size("card", *s.Card)
	}
	if s.Bleed != nil {
		l.Bleed = p.length("bleed", *s.Bleed, 0, 10)
	}
	if s.Safe != nil {
		l.Safe = p.length("safe", *s.Safe, 0, 20)
	}
	opt := &l.Sheet
	set := func(key string, v *float64, dst *float64, lo, hi float64) {
		if v != nil {
			*dst = p.length("sheet."+key, *v, lo, hi)
		}
	}
	set("gutter", s.Sheet.Gutter, &opt.Gutter, 0, 30)
	set("mark_length", s.Sheet.MarkLength, &opt.MarkLength, 0, 20)
	set("mark_offset", s.Sheet.MarkOffset, &opt.MarkOffset, 0, 10)
	set("mark_width", s.Sheet.MarkWidth, &opt.MarkWidth, 0.05, 2)
	if s.Sheet.KindPerPage != nil {
		opt.KindPerPage = *s.Sheet.KindPerPage
	}
	for _, name := range sortedKeys(s.Fonts) {
		l.Fonts[name] = p.chain("fonts."+name, s.Fonts[name])
	}
	l.fontName = sortedKeys(l.Fonts)
	used := map[string]bool{}
	for _, name := range l.fontName {
		for _, f := range l.Fonts[name].Faces {
			for i, font := range []*text.Font{f.Regular, f.Bold} {
				if _, ok := l.pdfFont[font]; font == nil || ok {
					continue
				}
				key := pdfFontName.ReplaceAllString(strings.TrimSuffix(font.Name, ".ttf"), "")
				if i == 1 {
					key += "-Bold"
				}
				for n := 2; used[key]; n++ {
					key = fmt.Sprintf("%s-%d", strings.TrimSuffix(key, fmt.Sprintf("-%d", n-1)), n)
				}
				used[key] = true
				l.pdfFont[font] = key
			}
		}
	}
	for _, name := range sortedKeys(s.Palettes) {
		l.palettes[name] = p.palette("palettes."+name, name, s.Palettes[name])
	}
	l.pieces = p.pieces("tts_pieces", s.TTSPieces, nil, l)
	l.Icons = map[string][]*IconShape{}
	for _, name := range sortedKeys(s.Icons) {
		l.Icons[name] = p.icon("icons."+name, s.Icons[name], l)
	}
	names := map[string]bool{}
	for i, ks := range s.Kinds {
		path := fmt.Sprintf("kinds.%d", i)
		k := p.kind(path, ks, l)
		if k == nil {
			continue
		}
		if names[k.Name] {
			p.errorf(path+".name", "kind_twice", k.Name)
		}
		names[k.Name] = true
		l.Kinds = append(l.Kinds, k)
	}
	if len(s.Kinds) == 0 {
		p.errorf("kinds", "no_kinds")
	}
	l.Columns = p.columns
	for _, name := range sortedKeys(p.printOnly) {
		ss := p.printOnly[name]
		l.PrintOnly = append(l.PrintOnly, PrintOnlySheet{Spec: ss, Line: p.sheetLine[ss]})
	}
	return l
}

// column is the workbook column named name on the sheet of fs, which the
// schema does not type: kept unresolved, at the line of the path being
// compiled, for NewDataset to find among the workbook's headers. nil for
// a blank name.
func (p *parser) column(fs *FieldSet, name, path string) *Field {
	h := schema.Normalize(name)
	if h == "" || fs == nil {
		return nil
	}
	f := &Field{Name: h, Index: -1, Kind: schema.KindText, Header: h, Spec: fs.spec, Line: p.line(path),
		Col: schema.Column{Field: h, JA: h, EN: h, Kind: schema.KindText, Typed: true}}
	p.columns = append(p.columns, f)
	return f
}

// sheet finds the sheet a kind or a row selection names: one of the
// game's, or else a print-only sheet the workbook must have (one spec a
// name, shared by every kind that names it).
func (p *parser) sheet(path, name string) *schema.SheetSpec {
	if ss := sheetByName(p.game, name); ss != nil {
		return ss
	}
	name = schema.Normalize(name)
	if name == "" {
		return nil
	}
	if ss, ok := p.printOnly[name]; ok {
		return ss
	}
	ss := &schema.SheetSpec{Key: name, JA: name, Row: schema.PrintRow{}, Optional: true}
	p.printOnly[name] = ss
	if p.sheetLine == nil {
		p.sheetLine = map[*schema.SheetSpec]int{}
	}
	p.sheetLine[ss] = p.line(path)
	return ss
}

// chain compiles a font chain. A family that is not installed here is left
// out (the next font takes its characters, and the glyph check reports any
// that no font has); a file that cannot be used is an error.
func (p *parser) chain(path string, f fontSpec) *text.Chain {
	var faces []text.Face
	file := func(at, name string) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(filepath.Dir(p.file), name)
		}
		font, err := text.Load(name)
		if err != nil {
			p.errorf(at, "font_file", err)
			return
		}
		faces = append(faces, text.Face{Regular: font})
	}
	if f.File != "" {
		file(path+".file", f.File)
	}
	for i, entry := range f.Chain {
		at := fmt.Sprintf("%s.chain.%d", path, i)
		if strings.ContainsAny(entry, `/\`) || strings.EqualFold(filepath.Ext(entry), ".ttf") {
			file(at, entry)
			continue
		}
		in, ok := text.Find(entry)
		if !ok {
			continue
		}
		face, err := text.LoadInstalled(in)
		if err != nil {
			p.errorf(at, "font_file", err)
			continue
		}
		faces = append(faces, face)
	}
	return text.NewChain(faces...)
}

func (p *parser) size(path string, s sizeSpec) Size {
	return Size{p.length(path+".width", s.Width, 10, 1000), p.length(path+".height", s.Height, 10, 1000)}
}

// length checks a measurement in mm.
func (p *parser) length(path string, v, lo, hi float64) float64 {
	if math.IsNaN(v) || v < lo || v > hi {
		p.errorf(path, "length", lastKey(path), lo, hi, v)
		return math.Max(lo, math.Min(v, hi))
	}
	return v
}

func lastKey(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[i+1:]
	}
	return path
}

func (p *parser) kind(path string, s kindSpec, l *Layout) *Kind {
	k := &Kind{Name: s.Name, Title: s.Title, Size: l.Card, Board: s.Board, Line: p.line(path)}
	if s.Name == "" {
		p.errorf(path, "kind_name")
		return nil
	}
	if k.Title == "" {
		k.Title = k.Name
	}
	k.Sheet = p.sheet(path+".sheet", s.Sheet)
	if k.Sheet == nil {
		p.errorf(path+".sheet", "no_sheet", p.game.ID, s.Sheet, sheetNames(p.game))
		return nil
	}
	k.Fields = FieldsOf(k.Sheet)
	switch s.Each {
	case "", "row":
	case "sheet":
		k.Each = true
	default:
		p.errorf(path+".each", "each", s.Each)
	}
	if s.Size != nil {
		k.Size = p.size(path+".size", *s.Size)
	} else if k.Board {
		p.errorf(path, "board_size")
	}
	for _, f := range sortedKeys(s.Where) {
		fd := k.Fields.Get(f)
		if fd == nil {
			fd = p.column(k.Fields, f, path+".where."+f)
		}
		if fd == nil {
			p.errorf(path+".where."+f, "no_field", k.Sheet.Key, f, k.Fields.hint())
			continue
		}
		k.Where = append(k.Where, where{fd, s.Where[f]})
	}
	switch c := strings.TrimSpace(s.Copies); {
	case c == "" && k.Fields.Get("Copies") != nil && !k.Each:
		k.Copies = "Copies"
	case c == "":
		k.Fixed = 1
	default:
		if n, err := strconv.Atoi(c); err == nil {
			if n < 1 || n > 99 {
				p.errorf(path+".copies", "copies_range", n)
			}
			k.Fixed = max(n, 1)
		} else if fd := k.Fields.Get(c); fd != nil && fd.Kind == schema.KindInt && !k.Each {
			k.Copies = fd.Name
		} else {
			p.errorf(path+".copies", "copies_field", k.Sheet.Key, c)
		}
	}
	if cf := s.CopiesFrom; cf != nil {
		if s.Copies != "" {
			p.errorf(path+".copies_from", "copies_both")
		}
		from := &copiesFrom{data: cf.Data, match: cf.Match, sum: cf.Sum, Line: p.line(path + ".copies_from")}
		switch {
		case (cf.Sheet == "") == (cf.Data == ""):
			p.errorf(path+".copies_from", "copies_from_source")
		case cf.Sheet != "":
			from.Spec = sheetByName(p.game, cf.Sheet)
			if from.Spec == nil {
				p.errorf(path+".copies_from.sheet", "no_sheet", p.game.ID, cf.Sheet, sheetNames(p.game))
				break
			}
			fs := FieldsOf(from.Spec)
			if f := fs.Get(cf.Match); f == nil {
				p.errorf(path+".copies_from.match", "no_field", from.Spec.Key, cf.Match, fs.hint())
			} else {
				from.match = f.Name
			}
			if f := fs.Get(cf.Sum); f == nil || f.Kind != schema.KindInt {
				p.errorf(path+".copies_from.sum", "no_number_field", from.Spec.Key, cf.Sum, fs.hint())
			} else {
				from.sum = f.Name
			}
		}
		if cf.Match == "" || cf.Sum == "" {
			p.errorf(path+".copies_from", "copies_from_fields")
		}
		k.From, k.Copies, k.Fixed = from, "", 0
	}
	scope := &scope{fields: k.Fields, each: k.Each, kind: k}
	k.Face = p.elements(path+".face", s.Face, l, k, scope)
	k.Back = p.elements(path+".back", s.Back, l, k, scope)
	if s.TTSName != "" {
		k.TTSName = p.template(path+".tts_name", s.TTSName, scope)
	}
	if s.TTSNotes != "" {
		k.TTSNotes = p.template(path+".tts_notes", s.TTSNotes, scope)
	}
	if s.TTSDeck != "" {
		k.TTSDeck = p.template(path+".tts_deck", s.TTSDeck, scope)
	}
	k.pieces = p.pieces(path+".tts_pieces", s.TTSPieces, scope, l)
	k.NoTTS = s.TTS != nil && !*s.TTS
	if len(s.Face) == 0 {
		p.errorf(path, "no_face", k.Name)
	}
	if len(s.Back) == 0 && !k.Board {
		p.errorf(path, "no_back", k.Name)
	}
	return k
}

func sheetByName(g *schema.Game, name string) *schema.SheetSpec {
	for _, s := range g.Sheets {
		if strings.EqualFold(s.Key, name) || s.JA == name {
			return s
		}
	}
	return nil
}

func sheetNames(g *schema.Game) string {
	var out []string
	for _, s := range g.Sheets {
		out = append(out, s.Key)
	}
	return strings.Join(out, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// LayoutProblems turns a layout loading error into problems, one a line,
// each at "file:line", in lang's language.
func LayoutProblems(err error, lang *schema.Lang) []schema.Problem {
	var list ErrorList
	switch e := err.(type) {
	case ErrorList:
		list = e
	case *Error:
		list = ErrorList{e}
	default:
		return []schema.Problem{{Severity: schema.Error, Message: lang.ErrText(err)}}
	}
	out := make([]schema.Problem, len(list))
	for i, e := range list {
		file := e.File
		if e.Line > 0 {
			file += ":" + strconv.Itoa(e.Line)
		}
		out[i] = schema.Problem{Severity: schema.Error, File: file, Message: e.Message(lang)}
	}
	return out
}

// FontNameInPDF is a font's name in the documents of l.
func (l *Layout) FontNameInPDF(f *text.Font) string { return l.pdfFont[f] }
