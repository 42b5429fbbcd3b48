package schema

import (
	"slices"
	"strings"
	"unicode/utf8"

	"bifrost/schema/effect"
)

// Game is one game's data contract: its sheets, its Rules parameters, its
// effect vocabularies and the checks across rows.
type Game struct {
	ID     string                   // "nastrond"
	Title  string                   // Japanese title, e.g. "ナーストレンド"
	Sheets []*SheetSpec             // in template order; the Rules sheet is added automatically
	Rules  []RuleParam              // the Rules sheet's parameters with their seed defaults
	Vocabs map[string]*effect.Vocab // by Column.Vocab; "" is the default vocabulary
	// Check decodes the sheets, checks across rows, counts components and
	// returns the typed data for the engines.
	Check func(c *Checker) any
	// Counted names in Japanese the components counted under a key that is
	// not a sheet's (bloodrage's Quest: クエストカード), for the books.
	Counted map[string]string
	// Messages are the game's own problem messages, which Lang.Msg renders
	// while Validate checks the game's workbook (see Lang.With).
	Messages Catalogue
}

// SampleDeck is a deck a workbook lists for playtests (guardian's Decks
// sheet): its cards in sheet order, copies summed per row.
type SampleDeck struct {
	Name  string
	Row   int // the sheet row of the deck's first line
	Cards []SampleDeckCard
}

// SampleDeckCard is one card of a sample deck with its number of copies.
type SampleDeckCard struct {
	ID     string
	Copies int
}

// DeckLister is implemented by the typed data of a game whose workbook
// lists sample decks, so that exports can deal them as decks.
type DeckLister interface {
	SampleDecks() []SampleDeck
}

// SheetSpec describes one sheet of a game's workbook.
type SheetSpec struct {
	Key      string // English sheet name and components key, e.g. "Edda"
	JA       string // Japanese sheet name, e.g. "エッダ"
	Row      any    // a zero row struct, e.g. Edda{}
	Optional bool   // the workbook may leave the sheet out
	Doc      string // Japanese description for cardsrc/README and the template
}

// Columns lists the sheet's columns.
func (s *SheetSpec) Columns() []Column { return ColumnsOf(s.Row) }

// Checker carries one validation run: the book, the problems found so far,
// the language, the parsed Rules and the component counts.
type Checker struct {
	Game       *Game
	Book       *Book
	P          *Problems
	Lang       *Lang
	Rules      Rules
	Components map[string]int

	rulesSheet *Sheet[RuleRow] // the Rules sheet as decoded
	ruleItem   map[string]int  // a set parameter's key: its first row's index in rulesSheet.Items
}

// Result is the outcome of validating one game's workbook.
type Result struct {
	Game       string
	File       string
	Components map[string]int
	Problems   []Problem
	Rules      Rules // the Rules sheet as read, defaults filled in
	Data       any   // the game's typed data; use only when Problems has no errors
	Book       *Book // the tables the data came from
	// PrintOnly are the workbook's sheets the game does not know that have
	// an ID column, by sheet name: printed through the layout, never simulated.
	PrintOnly []PrintSheet
}

// Validate checks a workbook against g and returns every problem, sorted.
func (g *Game) Validate(b *Book, l *Lang) Result {
	l = l.With(g.Messages)
	c := &Checker{Game: g, Book: b, P: &Problems{File: b.File, Lang: l}, Lang: l, Components: map[string]int{}}
	c.Rules = c.decodeRules()
	data := g.Check(c)
	extra := c.printOnly()
	return Result{Game: g.ID, File: b.File, Components: c.Components, Problems: c.P.Sorted(), Rules: c.Rules, Data: data, Book: b, PrintOnly: extra}
}

// Spec returns the sheet spec with the given English key; it panics for a
// key the game does not declare, which is a programming error.
func (g *Game) Spec(key string) *SheetSpec {
	if key == RulesSheet.Key {
		return RulesSheet
	}
	i := slices.IndexFunc(g.Sheets, func(s *SheetSpec) bool { return s.Key == key })
	if i < 0 {
		panic("schema: game " + g.ID + " has no sheet " + key)
	}
	return g.Sheets[i]
}

// AllSheets returns the game's sheets followed by the Rules sheet.
func (g *Game) AllSheets() []*SheetSpec { return append(slices.Clone(g.Sheets), RulesSheet) }

// parseEffect parses one effect cell, src (typed, normalised), and reports a
// parse error at the cell, echoing the cell as typed.
func (c *Checker) parseEffect(src, typed string, col Column, sheet string, row, at int, header string) (*effect.Effect, bool) {
	v := c.Game.Vocabs[col.Vocab]
	if v == nil {
		panic("schema: game " + c.Game.ID + " has no vocabulary " + col.Vocab)
	}
	ast, perr := effect.Parse(src, v)
	if perr != nil {
		if perr.Code != effect.ErrArgCount {
			perr.Found = asTyped(perr.Found, perr.Offset, src, typed)
		}
		c.P.Add(Error, sheet, row, at, header, c.EffectMessage(perr, v))
		return nil, false
	}
	return ast, true
}

// CharNumber is the 1-based character number, as effect messages show it,
// of byte offset pos in src (an AST position).
func CharNumber(src string, pos int) int { return utf8.RuneCountInString(src[:min(pos, len(src))]) + 1 }

// asTyped returns found, the text at rune offset of src, as the designer
// typed it: src is typed after NFKC, and where the two have the same number
// of characters the typed ones at the same offset are the echo (１２, not 12).
func asTyped(found string, offset int, src, typed string) string {
	s, t := []rune(src), []rune(typed)
	n := utf8.RuneCountInString(found)
	if len(s) != len(t) || offset < 0 || offset+n > len(s) || string(s[offset:offset+n]) != found {
		return found
	}
	return string(t[offset : offset+n])
}

// EffectMessage words a parse problem of an effect written against v (nil
// for no list of verbs); offsets are shown 1-based. An unknown verb lists
// v's verbs in the script the designer typed, and says that a new verb
// needs the engine's programmer.
func (c *Checker) EffectMessage(e *effect.Problem, v *effect.Vocab) string {
	l := c.Lang
	pos := e.Offset + 1
	var m string
	switch e.Code {
	case effect.ErrUnknownVerb:
		m = l.Msg("effect_verb", pos, e.Found)
		if e.Count != "" {
			m += l.Msg("effect_glued", e.Count)
		}
	case effect.ErrUnknownCond:
		m = l.Msg("effect_cond", pos, e.Found)
	case effect.ErrUnknownTrigger:
		m = l.Msg("effect_trigger", pos, e.Found)
	case effect.ErrArgCount:
		m = l.Msg("effect_argcount", pos, l.span(e.Want), e.Found)
	case effect.ErrBadArg:
		m = l.Msg("effect_arg", pos, e.Found, l.wanted(e.Want, e.Labels))
	case effect.ErrCompare:
		m = l.Msg("effect_compare", pos)
	default:
		m = l.Msg("effect_syntax", pos, l.wanted(e.Want, ""))
		if e.Found != "" {
			m += l.Msg("found", e.Found)
		}
	}
	if e.Suggest != "" {
		m += l.Msg("did_you_mean", e.Suggest)
	}
	if e.Code == effect.ErrUnknownVerb && v != nil && len(v.Verbs) > 0 {
		m += l.Msg("effect_verbs", strings.Join(verbNames(v, HasJapanese(e.Found)), l.Pick("、", ", ")))
	}
	return m
}

// verbNames lists the verbs of v as a designer would type them: by a
// Japanese alias when ja and the verb has one, else by name.
func verbNames(v *effect.Vocab, ja bool) []string {
	names := make([]string, len(v.Verbs))
	for i, vb := range v.Verbs {
		names[i] = vb.Name
		if alias := effect.JapaneseAlias(vb.Aliases); ja && alias != "" {
			names[i] = alias
		}
	}
	return names
}

// CheckTriggers reports effect clauses of item i whose trigger is not in allowed
// ("" stands for no trigger). Messages name triggers in the designer's
// language and echo the trigger as written.
func CheckTriggers[T any](s *Sheet[T], i int, field string, e Effect, allowed ...string) {
	if e.AST == nil {
		return
	}
	l, v := s.c.Lang, s.Vocab(field)
	var names []string
	for _, a := range allowed {
		if a != "" {
			names = append(names, TriggerName(l, v, a))
		}
	}
	list := names
	if slices.Contains(allowed, "") {
		list = append(slices.Clone(names), TriggerName(l, v, ""))
	}
	for _, cl := range e.AST.Clauses {
		switch {
		case slices.Contains(allowed, cl.Trigger):
		case cl.Trigger == "":
			s.Errorf(i, field, "trigger_required", l.List(names), names[0])
		case len(names) == 0:
			s.Errorf(i, field, "trigger_none", effect.WrittenAt(e.Src, cl.Pos))
		default:
			s.Errorf(i, field, "trigger_not_allowed", effect.WrittenAt(e.Src, cl.Pos), l.List(list))
		}
	}
}

// TriggerName is how messages name trigger name of v: by its first Japanese
// alias (ロール後) or, in English, its canonical name; "" is no trigger.
func TriggerName(l *Lang, v *effect.Vocab, name string) string {
	if name == "" {
		return l.Msg("no_trigger")
	}
	if t := v.Trigger(name); t != nil && !l.English() {
		if ja := effect.JapaneseAlias(t.Aliases); ja != "" {
			return ja
		}
	}
	return name
}

// VerbLabel is how messages list verb name of v: by its first Japanese
// alias (振り直し) or, in English, its canonical name.
func VerbLabel(l *Lang, v *effect.Vocab, name string) string {
	if vb := v.Verb(name); vb != nil && !l.English() {
		if ja := effect.JapaneseAlias(vb.Aliases); ja != "" {
			return ja
		}
	}
	return name
}

// VerbName is how messages name the verb of call c as the designer wrote it
// in src, without a count attached to a Japanese name (振り直し1 is 振り直し).
func VerbName(src string, c effect.Call) string {
	w := effect.WrittenAt(src, c.Pos)
	if word, count := effect.GluedCount(w); count != "" {
		return word
	}
	if w == "" {
		return c.Name
	}
	return w
}

// Count adds n physical cards to component key.
func (c *Checker) Count(key string, n int) { c.Components[key] += n }

// ExpectCount reports when the cards of items (indexes into s.Items), got
// in all, differ from the number the Rules parameter rule sets. The problem
// sits where the fix is: the copies cell (枚数, or the ID on a sheet of one
// card per row) of the first row counted, naming the others, with a hint to
// change the exact Rules cell when the difference is intended. With no row
// counted it sits on that Rules cell, or on the sheet's A1 when the Rules
// sheet leaves the parameter at its default.
func ExpectCount[T any](s *Sheet[T], items []int, label, rule string, got int) {
	c := s.c
	want := c.Rules.Int(rule)
	if got == want {
		return
	}
	rsheet, rrow, rcol, rheader, set := RuleCell(c, rule)
	hint := c.Lang.Msg("count_hint_add", rsheet, rule, got)
	if set {
		hint = c.Lang.Msg("count_hint_cell", rsheet+"!"+CellName(rcol, rrow), got)
	}
	field, fix := "ID", c.Lang.Msg("count_fix_rows")
	if s.Has("Copies") {
		field, fix = "Copies", c.Lang.Msg("count_fix_copies")
		if got < want && blankCopies(s, items, label, want, got) {
			return
		}
	}
	at := s.at[field]
	if len(items) == 0 || at == 0 {
		sheet, row, col, header := s.Name, 1, 1, ""
		if set {
			sheet, row, col, header = rsheet, rrow, rcol, rheader
		}
		c.P.Errorf(sheet, row, col, header, "count", label, want, got, c.Lang.Msg("count_no_rows"), c.Lang.Msg("count_fix_rows")+hint)
		return
	}
	rows := make([]int, len(items))
	for j, i := range items {
		rows[j] = s.Rows[i]
	}
	slices.Sort(rows)
	c.P.Errorf(s.Name, rows[0], at, s.headerOr(at, field), "count", label, want, got, cellRanges(c.Lang, at, rows), fix+hint)
}

// blankCopies reports the copies cells left blank among items as the cause
// of a count that came out short (want, got), and whether it found one.
// Where copies are required, each blank cell is already an error at its
// cell, and the short count only follows from it. Where a blank cell
// counts as one card, it is the likely cause when most rows have their
// copies written: a cell the designer emptied, the total following it.
// Where blank cells are the many (one row per card), they are the sheet's
// way and no cause.
func blankCopies[T any](s *Sheet[T], items []int, label string, want, got int) bool {
	var blank []int
	for _, i := range items {
		if !s.Written(i, "Copies") {
			blank = append(blank, i)
		}
	}
	switch {
	case len(blank) == 0:
		return false
	case s.column("Copies").Required:
		return true
	case 2*len(blank) > len(items):
		return false
	}
	at := s.at["Copies"]
	for _, i := range blank {
		s.c.P.Errorf(s.Name, s.Rows[i], at, s.headerOr(at, "Copies"), "count_blank", label, want, got)
	}
	return true
}

// Indexes returns the indexes of the items keep accepts; a nil keep accepts all.
func Indexes[T any](items []T, keep func(T) bool) []int {
	var out []int
	for i, it := range items {
		if keep == nil || keep(it) {
			out = append(out, i)
		}
	}
	return out
}

// cellRanges names the cells of column col on rows (sorted), runs of rows
// as one range: "C2〜C13、C20" in Japanese, "C2:C13, C20" in English. After
// four ranges the rest are summed up as "ほか" / "and more".
func cellRanges(l *Lang, col int, rows []int) string {
	dash, sep, more := "〜", "、", "ほか"
	if l.English() {
		dash, sep, more = ":", ", ", "and more"
	}
	var parts []string
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] <= rows[j]+1 {
			j++
		}
		if len(parts) == 4 {
			parts = append(parts, more)
			break
		}
		part := CellName(col, rows[i])
		if j > i {
			part += dash + CellName(col, rows[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return strings.Join(parts, sep)
}
