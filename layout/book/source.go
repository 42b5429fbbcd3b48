package book

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	tparse "text/template/parse"

	"bifrost/schema"
	"bifrost/schema/effect"
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
	Figures map[string]*Figure
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

// CardRef marks where {{card "ID"}} stood: the renderers draw that card there.
const CardRef = "bifrost-card:"

// Expand executes the placeholders of a rulebook's markdown:
//
//	{{title}}                       the game's title
//	{{count "Edda"}}                a component count from the workbook
//	{{rule "UrdFor4"}}              a Rules parameter as written
//	{{components}}                  the component list as a table
//	{{table "Keeper" "名前" "VP"}}  a sheet's rows in the named columns
//	{{card "E01"}}                  an example card, drawn with the card layout
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
	t, err := template.New(file).Option("missingkey=error").Funcs(template.FuncMap{
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
	}).Parse(md)
	if err != nil {
		return "", placeError(file, err)
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
			errs = append(errs, placeError(file, err))
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
	_, _, problems := checkSource([]byte(expanded))
	for _, p := range problems {
		errs = append(errs, sourceOf(file, md, chunks, p))
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
// the placeholder's line.
func sourceOf(file, md string, chunks []chunk, p problem) *SourceError {
	i, found := slices.BinarySearchFunc(chunks, p.pos, func(c chunk, pos int) int { return c.out - pos })
	if !found {
		i--
	}
	if i < 0 {
		return &SourceError{File: file, Line: 1, Msg: p.msg}
	}
	c := chunks[i]
	if c.action != "" {
		return &SourceError{File: file, Line: lineAt([]byte(md), c.src), Msg: c.action + ": " + p.msg}
	}
	return &SourceError{File: file, Line: lineAt([]byte(md), c.src+p.pos-c.out), Msg: p.msg}
}

var templateErr = regexp.MustCompile(`^template: ([^:]+):(\d+)(?::\d+)?: (?:executing "[^"]*" at <[^>]*>: )?(?:error calling \w+: )?(.*)$`)

// placeError turns a text/template error into a SourceError at its line.
func placeError(file string, err error) *SourceError {
	if m := templateErr.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[2])
		return &SourceError{File: file, Line: line, Msg: m[3]}
	}
	return &SourceError{File: file, Msg: err.Error()}
}

func (d Data) count(kind string) (int, error) {
	n, ok := d.Result.Components[kind]
	if !ok {
		return 0, fmt.Errorf("unknown component %q (the workbook counts %s)", kind, strings.Join(sortedKeys(d.Result.Components), ", "))
	}
	return n, nil
}

func (d Data) rule(key string) (string, error) {
	if !d.Result.Rules.Has(key) {
		return "", fmt.Errorf("unknown rule %q", key)
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
			fmt.Fprintf(&b, "| %s | %d |\n", k, d.Result.Components[k])
		}
	}
	return b.String() + "\n"
}

// table renders a sheet's rows in the given columns (Japanese headers). A
// blank テキスト cell shows the text generated from the row's effect.
func (d Data) table(sheet string, cols ...string) (string, error) {
	spec := findSheet(d.Game, sheet)
	if spec == nil {
		return "", fmt.Errorf("unknown sheet %q", sheet)
	}
	specCols := spec.Columns()
	for _, c := range cols {
		if !slices.ContainsFunc(specCols, func(sc schema.Column) bool { return sc.JA == c }) {
			return "", fmt.Errorf("sheet %s has no column %q", sheet, c)
		}
	}
	if len(cols) == 0 {
		return "", errors.New("table needs at least one column")
	}
	var b strings.Builder
	b.WriteString("\n| " + strings.Join(cols, " | ") + " |\n|" + strings.Repeat("---|", len(cols)) + "\n")
	for _, r := range d.Game.Records(d.Book) {
		if r.Sheet != spec.Key {
			continue
		}
		cells := make([]string, len(cols))
		for i, c := range cols {
			v := value(r, c)
			if v == "" && c == "テキスト" {
				v = d.effectText(specCols, r)
			}
			cells[i] = strings.NewReplacer("|", "\\|", "\n", " ").Replace(v)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String() + "\n", nil
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

func (d Data) card(id string) (string, error) {
	if _, ok := schema.CardNames(d.Result.Data)[id]; !ok {
		return "", fmt.Errorf("unknown card %q", id)
	}
	return fmt.Sprintf("\n\n![%s](%s%s)\n\n", id, CardRef, id), nil
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
			return "", fmt.Errorf("glossary entry %d needs a term and a text", i+1)
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
