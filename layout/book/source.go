package book

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	tparse "text/template/parse"

	"bifrost/layout/draw"
	"bifrost/schema"
	"bifrost/schema/effect"
	"bifrost/schema/figure"
)

// Data is what a rulebook's placeholders may draw on.
type Data struct {
	Game    *schema.Game
	Result  schema.Result // the validated workbook: components, rules, typed data
	Book    *schema.Book  // the workbook's tables, for {{table}}
	Rulings string        // rules/<game>/RULINGS.md, for {{rulings}}
	// Glossary is the glossary table (rules/<game>/glossary.yaml), for
	// {{glossary}} and {{index}}.
	Glossary []Term
	// Figures are the game's figures drawn from its data and geometry, for
	// {{figure "NAME"}}.
	Figures map[string]*figure.Figure
	// Parts gives the parts of an example card's face, for the numbered
	// callouts of {{card "ID" "part=text" …}}; nil when none are known.
	Parts func(id string) (CardParts, bool)
	// Lang is the language of Expand's errors (nil: Japanese).
	Lang *schema.Lang
	// Images is the folder of the book's local images: an image it does
	// not hold as a readable PNG or JPEG is a problem at its line. Nil
	// leaves the images unchecked.
	Images fs.FS
}

// CardParts are the parts of a card's face, for callouts.
type CardParts struct {
	W, H float64 // the face's trim size, mm
	// Regions are the boxes of its parts, mm from the trim's top-left
	// corner; Role is what the part shows, as the card layout names it
	// ("name", "cost", "effect", "icon:勇気", …).
	Regions []draw.Region
}

// PartsOf gives the parts of a card's face from its display list, their
// boxes moved from the bleed's corner to the trim's.
func PartsOf(face *draw.List) CardParts {
	p := CardParts{}
	p.W, p.H = face.Trim()
	for _, r := range face.Regions {
		r.X, r.Y = r.X-face.Bleed, r.Y-face.Bleed
		p.Regions = append(p.Regions, r)
	}
	return p
}

// Term is one row of a glossary table.
type Term struct {
	Term    string `yaml:"term"`
	Reading string `yaml:"reading"` // shown as ruby in the glossary; may be empty
	Text    string `yaml:"text"`
}

// Glossary links: the first definition of term N in the body, where the
// book writes it **in bold**, becomes a link to TermDef+N, which the
// renderers turn into a target; the glossary's entry links to TermRef+N.
const (
	TermDef = "#bifrost-def-"
	TermRef = "#def-"
	// IndexRef marks where {{index}} stood: the PDF prints the index of
	// glossary terms with their pages there.
	IndexRef = "bifrost-index:"
)

// CardRef marks where {{card "ID"}} stood: the renderers draw that card
// there, with the callouts' markers that follow in cardMarks.
const CardRef = "bifrost-card:"

// Expand executes the placeholders of a rulebook's markdown:
//
//	{{title}}                       the game's title
//	{{count "Edda"}}                a component count from the workbook
//	{{rule "UrdFor4"}}              a Rules parameter as written
//	{{components}}                  the component list as a table
//	{{table "Keeper" "名前" "VP"}}  a sheet's rows in the named columns (in the
//	                                order of the first column when it holds
//	                                whole numbers: a die face, a round)
//	{{card "E01"}}                  an example card, drawn with the card layout
//	{{card "E01" "cost=コスト：…"}}  …with its parts numbered on it and explained
//	                                in a numbered list below it (part=text;
//	                                "text#2=…" names the second part "text")
//	{{rulings}}                     RULINGS.md, its headings one level down
//	{{parameters}}                  every Rules parameter: key, value, default, doc
//	{{glossary}}                    the glossary table, each term linked to its
//	                                first definition (its first **bold** use)
//	{{index}}                       the index of glossary terms with their pages (PDF)
//	{{figure "board"}}              a figure of Data.Figures, drawn as vector graphics
//	{{figure "turn" "A" "B" …}}     the turn's phases as a flow of boxes and arrows
//
// Any other placeholder, or an unknown name, is an error naming the file and
// line, and so is what the book cannot print (see check): the line of the
// markdown, or of the placeholder whose text it is. Every error is a
// *SourceError; several are joined, in line order.
func Expand(file string, md string, d Data) (string, error) {
	funcs := template.FuncMap{
		"title":      func() string { return d.Game.Title },
		"count":      d.count,
		"rule":       d.rule,
		"components": d.components,
		"table":      d.table,
		"card":       d.card,
		"rulings":    d.rulings,
		"parameters": d.parameters,
		"glossary":   d.glossary,
		"figure":     d.figure,
		"index":      func() string { return "\n\n![](" + IndexRef + ")\n\n" },
	}
	t, err := template.New(file).Option("missingkey=error").Funcs(funcs).Parse(md)
	if err != nil {
		return "", placeError(file, err, d.Lang, slices.Collect(maps.Keys(funcs)))
	}
	// Each top-level node is run on its own, so that every bad placeholder
	// is reported and every byte of the output is known to come from a
	// place in md. (So a variable set at the top level, which no rulebook
	// needs, is not seen by the next placeholder.)
	var b strings.Builder
	var errs []*SourceError
	var chunks []chunk
	nodes := t.Tree.Root.Nodes
	usesGlossary := strings.Contains(md, "{{glossary")
	defined := make([]bool, len(d.Glossary))
	for _, n := range nodes {
		t.Tree.Root.Nodes = []tparse.Node{n}
		var out strings.Builder
		if err := t.Execute(&out, nil); err != nil {
			errs = append(errs, placeError(file, err, d.Lang, nil))
			continue
		}
		if out.Len() == 0 {
			continue // nothing of the output to place
		}
		c := chunk{out: b.Len(), src: int(n.Position())}
		text := out.String()
		if n.Type() != tparse.NodeText {
			c.action = n.String()
		} else if usesGlossary {
			text = markDefinitions(text, d.Glossary, defined)
		}
		chunks = append(chunks, c)
		b.WriteString(text)
	}
	t.Tree.Root.Nodes = nodes
	expanded := b.String()
	doc, _, problems := checkSource([]byte(expanded))
	if doc != nil && d.Images != nil {
		problems = append(problems, imageProblems(doc, d.Images)...)
	}
	for _, p := range problems {
		errs = append(errs, sourceOf(file, md, chunks, p, d.Lang))
	}
	if err := joinErrors(errs); err != nil {
		return "", err
	}
	return expanded, nil
}

// chunk is the output of one top-level template node: text copied from md,
// or what a placeholder wrote.
type chunk struct {
	out, src int    // where it starts in the output and in md
	action   string // the placeholder, "" for text
}

// sourceOf places a problem found in the expanded text at its line of md:
// in copied text, the line it was copied from; in what a placeholder wrote,
// the placeholder's line; its message in lang.
func sourceOf(file, md string, chunks []chunk, p problem, lang *schema.Lang) *SourceError {
	i, found := slices.BinarySearchFunc(chunks, p.pos, func(c chunk, pos int) int { return c.out - pos })
	if !found {
		i--
	}
	if i < 0 {
		return &SourceError{File: file, Line: 1, Msg: p.msg.In(lang)}
	}
	c := chunks[i]
	if c.action != "" {
		return &SourceError{File: file, Line: lineAt([]byte(md), c.src), Msg: c.action + ": " + p.msg.In(lang)}
	}
	return &SourceError{File: file, Line: lineAt([]byte(md), c.src+p.pos-c.out), Msg: p.msg.In(lang)}
}

var templateErr = regexp.MustCompile(`^template: ([^:]+):(\d+)(?::\d+)?: (?:executing "[^"]*" at <[^>]*>: )?(?:error calling \w+: )?(.*)$`)

// placeError turns a text/template error into a SourceError at its line,
// in lang: a placeholder's own error from the catalogue, one of
// text/template's put into lang by templateMessage, which suggests the
// nearest of names for an unknown placeholder.
func placeError(file string, err error, lang *schema.Lang, names []string) *SourceError {
	var own *schema.Message
	m := templateErr.FindStringSubmatch(err.Error())
	switch {
	case m == nil:
		return &SourceError{File: file, Msg: templateMessage(err.Error(), lang, names)}
	case errors.As(err, &own):
		m[3] = own.In(lang)
	default:
		m[3] = templateMessage(m[3], lang, names)
	}
	line, _ := strconv.Atoi(m[2])
	return &SourceError{File: file, Line: line, Msg: m[3]}
}

func (d Data) count(kind string) (int, error) {
	n, ok := d.Result.Components[kind]
	if !ok {
		return 0, messages.Err("count.unknown", kind, strings.Join(sortedKeys(d.Result.Components), ", "))
	}
	return n, nil
}

func (d Data) rule(key string) (string, error) {
	if !d.Result.Rules.Has(key) {
		var keys []string
		for _, p := range d.Game.AllRules() {
			keys = append(keys, p.Key)
		}
		return "", unknown("rule.unknown", key, keys)
	}
	return d.Result.Rules.Text(key), nil
}

// components lists each counted kind under its Japanese sheet name.
func (d Data) components() string {
	var b strings.Builder
	b.WriteString("\n| 種類 | 枚数 |\n|---|---:|\n")
	for _, s := range d.Game.Sheets {
		if n, ok := d.Result.Components[s.Key]; ok {
			fmt.Fprintf(&b, "| %s | %d |\n", s.JA, n)
		}
	}
	for _, k := range sortedKeys(d.Result.Components) {
		if !slices.ContainsFunc(d.Game.Sheets, func(s *schema.SheetSpec) bool { return s.Key == k }) {
			fmt.Fprintf(&b, "| %s | %d |\n", cmp.Or(d.Game.Counted[k], k), d.Result.Components[k])
		}
	}
	return b.String() + "\n"
}

// table renders a sheet's rows in the given columns (Japanese headers). A
// blank テキスト cell shows the text generated from the row's effect, and an
// effect column its effect's text rather than the effect as written. When
// every row's first column is a whole number (a die face, a round), the rows
// are in that number's order; otherwise in the workbook's key order.
func (d Data) table(sheet string, cols ...string) (string, error) {
	var specCols []schema.Column
	key, has := "", func(c string) bool {
		return slices.ContainsFunc(specCols, func(sc schema.Column) bool { return sc.JA == c })
	}
	if spec := findSheet(d.Game, sheet); spec != nil {
		key, specCols = spec.Key, spec.Columns()
	} else if ps, ok := d.Result.PrintOnlySheet(sheet); ok && d.Book != nil { // a print-only sheet: its headers
		key = ps.Name
		t := d.Book.Sheets[ps.Name]
		has = func(c string) bool {
			return t != nil && slices.ContainsFunc(t.Header, func(h string) bool { return schema.Normalize(h) == c })
		}
	} else {
		var names []string
		for _, s := range d.Game.AllSheets() {
			names = append(names, s.Key, s.JA)
		}
		return "", unknown("sheet.unknown", sheet, names)
	}
	for _, c := range cols {
		if !has(c) {
			return "", unknownColumn(sheet, c, specCols)
		}
	}
	if len(cols) == 0 {
		return "", messages.Err("table.nocolumn")
	}
	var b strings.Builder
	b.WriteString("\n| " + strings.Join(cols, " | ") + " |\n|" + strings.Repeat("---|", len(cols)) + "\n")
	var rows []schema.Record
	for _, r := range d.Game.Records(d.Book) {
		if r.Sheet == key {
			rows = append(rows, r)
		}
	}
	sortByNumber(rows, cols[0])
	for _, r := range rows {
		cells := make([]string, len(cols))
		for i, c := range cols {
			v := value(r, c)
			if v == "" && c == "テキスト" {
				v = d.effectText(specCols, r)
			} else if k := slices.IndexFunc(specCols, func(sc schema.Column) bool { return sc.JA == c }); k >= 0 && specCols[k].Kind == schema.KindEffect {
				if text := d.effectText(specCols[k:k+1], r); text != "" {
					v = text
				}
			}
			cells[i] = strings.NewReplacer("|", "\\|", "\n", " ").Replace(v)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String() + "\n", nil
}

// sortByNumber puts rows in the order of column col when every row's is a
// whole number, and leaves them as they are otherwise.
func sortByNumber(rows []schema.Record, col string) {
	nums := make([]int, len(rows))
	for i, r := range rows {
		n, err := strconv.Atoi(value(r, col))
		if err != nil {
			return
		}
		nums[i] = n
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return nums[a] - nums[b] })
	sorted := make([]schema.Record, len(rows))
	for i, k := range order {
		sorted[i] = rows[k]
	}
	copy(rows, sorted)
}

// effectText is the card text generated from a row's effect columns.
func (d Data) effectText(cols []schema.Column, r schema.Record) string {
	var parts []string
	for _, c := range cols {
		src := value(r, c.JA)
		if c.Kind != schema.KindEffect || src == "" {
			continue
		}
		if e, err := effect.Parse(src, d.Game.Vocabs[c.Vocab]); err == nil {
			parts = append(parts, e.Text(d.Game.Vocabs[c.Vocab], nil))
		}
	}
	return strings.Join(parts, "")
}

// card draws an example card; each callout, "part=text", puts a numbered
// marker on the part of the card the layout names part and the text,
// numbered the same, in a list below the card.
func (d Data) card(id string, callouts ...string) (string, error) {
	if _, ok := schema.CardNames(d.Result.Data)[id]; !ok && !d.printOnlyCard(id) {
		if near := renamedCard(id, d.Result.Data); near != "" {
			return "", messages.Err("card.unknown.near", id, near)
		}
		return "", messages.Err("card.unknown", id)
	}
	if len(callouts) == 0 {
		return fmt.Sprintf("\n\n![%s](%s%s)\n\n", id, CardRef, id), nil
	}
	var parts CardParts
	ok := d.Parts != nil
	if ok {
		parts, ok = d.Parts(id)
	}
	if !ok || parts.W <= 0 || parts.H <= 0 {
		return "", messages.Err("card.noparts", id)
	}
	var marks []mark
	var list strings.Builder
	for i, c := range callouts {
		role, text, found := strings.Cut(c, "=")
		role, text = strings.TrimSpace(role), strings.TrimSpace(strings.ReplaceAll(text, "\n", " "))
		if !found || role == "" || text == "" {
			return "", messages.Err("card.callout", id, c)
		}
		k := partIndex(parts.Regions, role)
		if k < 0 {
			var roles []string
			count := map[string]int{}
			for _, r := range parts.Regions {
				if count[r.Role]++; count[r.Role] > 1 {
					roles = append(roles, r.Role+"#"+strconv.Itoa(count[r.Role]))
				} else {
					roles = append(roles, r.Role)
				}
			}
			return "", messages.Err("card.part", id, role, strings.Join(roles, ", "))
		}
		marks = append(marks, markAt(parts, parts.Regions[k], marks))
		fmt.Fprintf(&list, "%d. %s\n", i+1, text)
	}
	return fmt.Sprintf("\n\n![%s](%s%s%s)\n\n%s\n", id, CardRef, id, encodeMarks(marks), list.String()), nil
}

// printOnlyCard reports whether id is a card of a print-only sheet.
func (d Data) printOnlyCard(id string) bool {
	return slices.ContainsFunc(d.Result.PrintOnly, func(s schema.PrintSheet) bool {
		return slices.ContainsFunc(s.Items, func(r schema.PrintRow) bool { return r.ID == id })
	})
}

// partIndex finds the part named role among regions: its first region of
// that role, or for "role#n" its n-th; -1 when there is none.
func partIndex(regions []draw.Region, role string) int {
	n := 1
	if name, nth, ok := strings.Cut(role, "#"); ok {
		var err error
		if n, err = strconv.Atoi(nth); err != nil || n < 1 {
			return -1
		}
		role = name
	}
	for i, r := range regions {
		if r.Role == role {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

// rulings inlines RULINGS.md one heading level down, so its title becomes a
// subsection of the book's 裁定 section.
func (d Data) rulings() string {
	lines := strings.Split(strings.TrimSpace(d.Rulings), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			lines[i] = "#" + l
		}
	}
	return strings.Join(lines, "\n")
}

// parameters lists the game's Rules parameters in declaration order, with
// the value the workbook sets and the seed's default, for the designer's
// book.
func (d Data) parameters() string {
	var b strings.Builder
	b.WriteString("\n| キー | 値 | 既定値 | 説明 |\n|---|---|---|---|\n")
	esc := strings.NewReplacer("|", "\\|", "\n", " ")
	for _, p := range d.Game.Rules {
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", p.Key, esc.Replace(d.Result.Rules.Text(p.Key)), esc.Replace(p.Default), esc.Replace(p.Doc))
	}
	return b.String() + "\n"
}

// glossary lists the terms as a definition list, each term a link to its
// first definition and its reading as ruby.
func (d Data) glossary() (string, error) {
	var b strings.Builder
	for i, t := range d.Glossary {
		if strings.TrimSpace(t.Term) == "" || strings.TrimSpace(t.Text) == "" {
			return "", messages.Err("glossary.entry", i+1)
		}
		label := t.Term
		if t.Reading != "" {
			label = "{" + t.Term + "｜" + t.Reading + "}"
		}
		fmt.Fprintf(&b, "\n[%s](%s%d)\n: %s\n", label, TermRef, i, strings.ReplaceAll(t.Text, "\n", " "))
	}
	return b.String() + "\n", nil
}

// markDefinitions links the first **term** of each glossary term not yet
// defined in text to the term's target.
func markDefinitions(text string, terms []Term, defined []bool) string {
	for i, t := range terms {
		if defined[i] {
			continue
		}
		bold := "**" + t.Term + "**"
		if k := strings.Index(text, bold); k >= 0 {
			text = text[:k] + "[" + bold + "](" + TermDef + strconv.Itoa(i) + ")" + text[k+len(bold):]
			defined[i] = true
		}
	}
	return text
}

func value(r schema.Record, name string) string {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

func findSheet(g *schema.Game, key string) *schema.SheetSpec {
	for _, s := range g.AllSheets() {
		if s.Key == key || s.JA == key {
			return s
		}
	}
	return nil
}

func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
