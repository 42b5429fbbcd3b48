package effect

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrorCode says what kind of mistake a Problem reports.
type ErrorCode int

// The parse error codes. The zero ErrorCode is not used.
const (
	ErrSyntax         ErrorCode = iota + 1 // unexpected token; Want names what was expected
	ErrUnknownVerb                         // the action is not in Vocab.Verbs
	ErrUnknownCond                         // the condition is not in Vocab.Conds
	ErrUnknownTrigger                      // the trigger is not in Vocab.Triggers
	ErrArgCount                            // too few or too many arguments; Found and Want are counts
	ErrBadArg                              // wrong type, out of range or not in the enum; Want describes the accepted values
	ErrCompare                             // a comparison on a condition that takes none
)

// Problem is what Parse found wrong with an effect text: where, what kind,
// and what was found and wanted. It carries no message of its own: schema
// words it in the designer's language at the cell.
type Problem struct {
	Offset  int       // 0-based offset of the offending token, in characters (runes)
	Code    ErrorCode //
	Found   string    // the token as written; "" at the end of the text, a count for ErrArgCount
	Want    string    // what was expected, e.g. "verb", "]", "0..5", "Assist|Battle", "1..2"
	Labels  string    // ErrBadArg on a word: the card text of each value of Want, "|"-separated like it, "" if none
	Suggest string    // the nearest name, in the script of Found: a Japanese alias for a Japanese word
	Count   string    // ErrUnknownVerb: a count typed straight after the unknown word ("1" of "VP奪取1"), cut off Found
}

// Parse parses src, one effect cell, against the vocabulary v:
//
//	effect := clause (';' clause)* [';']
//	clause := [trigger ':'] cond* ['may'] action
//	cond   := ('[' | '【') name arg* [op number] (']' | '】')
//	action := name arg*
//
// Names match a canonical name or an alias, ignoring ASCII case; the AST
// holds canonical names. Empty or blank src gives an Effect with no clauses.
// src should already be NFKC-normalised. Parsing stops at the first error,
// and the Effect is then nil.
func Parse(src string, v *Vocab) (*Effect, *Problem) {
	if v == nil {
		v = &Vocab{}
	}
	p := parser{lx: lexer{src: src}, v: v}
	p.advance()
	e := &Effect{}
	for p.tok.kind != tEOF {
		c, err := p.clause()
		if err != nil {
			return nil, err
		}
		e.Clauses = append(e.Clauses, c)
		switch p.tok.kind {
		case tEOF:
		case tSemi:
			p.advance()
		default:
			return nil, p.syntax(";")
		}
	}
	return e, nil
}

// parser is a recursive-descent parser with one token of lookahead beyond
// the current one.
type parser struct {
	lx       lexer
	v        *Vocab
	tok      token // current token
	ahead    token // next token, when hasAhead
	hasAhead bool
}

func (p *parser) advance() {
	if p.hasAhead {
		p.tok, p.hasAhead = p.ahead, false
		return
	}
	p.tok = p.lx.next()
}

func (p *parser) peek() token {
	if !p.hasAhead {
		p.ahead, p.hasAhead = p.lx.next(), true
	}
	return p.ahead
}

// clause parses one clause, leaving the token after it current.
func (p *parser) clause() (Clause, *Problem) {
	c := Clause{Pos: p.tok.pos}
	if p.tok.kind == tIdent && p.peek().kind == tColon {
		t := p.v.Trigger(p.tok.text)
		if t == nil {
			s := newSuggester(p.tok.text)
			for _, t := range p.v.Triggers {
				s.try(t.Name, t.Aliases)
			}
			return c, p.fail(ErrUnknownTrigger, p.tok.text, "trigger", s.best)
		}
		c.Trigger = t.Name
		p.advance()
		p.advance()
	}
	for p.tok.kind == tOpen {
		cond, err := p.cond()
		if err != nil {
			return c, err
		}
		c.Conds = append(c.Conds, cond)
	}
	if p.tok.kind == tIdent && (foldEq(p.tok.text, "may") || p.tok.text == "任意") {
		c.May = true
		p.advance()
	}
	if p.tok.kind != tIdent {
		return c, p.syntax("verb")
	}
	verb := p.v.Verb(p.tok.text)
	if verb == nil && p.splitCount(func(name string) bool { return p.v.Verb(name) != nil }) {
		verb = p.v.Verb(p.tok.text)
	}
	if verb == nil {
		word, count := GluedCount(p.tok.text)
		s := newSuggester(word)
		for _, vb := range p.v.Verbs {
			s.try(vb.Name, vb.Aliases)
		}
		e := p.fail(ErrUnknownVerb, word, "verb", s.best)
		e.Count = count
		return c, e
	}
	c.Action = Call{Pos: p.tok.pos, Name: verb.Name}
	p.advance()
	var err *Problem
	c.Action.Args, err = p.args(verb.Args)
	return c, err
}

// GluedCount splits a count written straight after a Japanese word
// ("VP奪取1" gives "VP奪取" and "1"), as splitCount reads one; a word
// without one comes back whole.
func GluedCount(t string) (word, count string) {
	i := len(t)
	for i > 0 && isDigit(t[i-1]) {
		i--
	}
	if i > 0 && i < len(t) && t[i-1] == '-' {
		i--
	}
	if r, _ := utf8.DecodeLastRuneInString(t[:i]); i == 0 || i == len(t) || r < utf8.RuneSelf {
		return t, ""
	}
	return t[:i], t[i:]
}

// splitCount cuts a count written straight after a Japanese name, as in
// "振り直し1" (typed 振り直し１): when the current identifier ends in digits,
// with an optional minus, after a non-ASCII letter, and known accepts the part
// before them, the token becomes that part and the count is lexed anew.
func (p *parser) splitCount(known func(name string) bool) bool {
	word, count := GluedCount(p.tok.text)
	if count == "" || !known(word) {
		return false
	}
	p.tok.text = word
	p.lx.pos = p.tok.pos + len(word)
	p.hasAhead = false
	return true
}

// cond parses a condition; the current token is its opening bracket.
func (p *parser) cond() (Call, *Problem) {
	closing := "]"
	if p.tok.text == "【" {
		closing = "】"
	}
	p.advance()
	if p.tok.kind != tIdent {
		return Call{}, p.syntax("condition")
	}
	cv := p.v.Cond(p.tok.text)
	if cv == nil {
		s := newSuggester(p.tok.text)
		for _, c := range p.v.Conds {
			s.try(c.Name, c.Aliases)
		}
		return Call{}, p.fail(ErrUnknownCond, p.tok.text, "condition", s.best)
	}
	call := Call{Pos: p.tok.pos, Name: cv.Name}
	p.advance()
	var err *Problem
	if call.Args, err = p.args(cv.Args); err != nil {
		return call, err
	}
	if p.tok.kind == tOp {
		if !cv.Compare {
			return call, p.fail(ErrCompare, p.tok.text, closing, "")
		}
		call.Op = p.tok.val
		p.advance()
		if p.tok.kind != tNumber {
			return call, p.syntax("number")
		}
		n, aerr := strconv.Atoi(p.tok.text)
		if aerr != nil {
			return call, p.fail(ErrBadArg, p.tok.text, "integer", "")
		}
		call.Value = n
		p.advance()
	}
	if p.tok.kind != tClose || p.tok.text != closing {
		return call, p.syntax(closing)
	}
	p.advance()
	return call, nil
}

// isArg reports whether a token of kind k can be an argument.
func isArg(k tokenKind) bool { return k == tIdent || k == tNumber || k == tString }

// args parses the arguments of a verb or condition against specs. Commas
// may separate arguments.
func (p *parser) args(specs []ArgSpec) ([]Arg, *Problem) {
	var args []Arg
	for i := 0; ; i++ {
		if i > 0 && p.tok.kind == tComma {
			p.advance()
			if !isArg(p.tok.kind) {
				return nil, p.syntax("argument")
			}
		}
		if !isArg(p.tok.kind) {
			break
		}
		if i == len(specs) {
			return nil, p.fail(ErrArgCount, strconv.Itoa(i+p.countArgs()), wantCount(specs), "")
		}
		a, err := p.arg(specs[i])
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		p.advance()
	}
	if len(args) < required(specs) {
		switch p.tok.kind {
		case tEOF, tSemi, tClose, tOp:
			return nil, p.fail(ErrArgCount, strconv.Itoa(len(args)), wantCount(specs), "")
		}
		return nil, p.syntax("argument")
	}
	return args, nil
}

// countArgs counts the argument tokens from the current one on.
func (p *parser) countArgs() int {
	lx := lexer{src: p.lx.src, pos: p.tok.pos}
	n := 0
	for t := lx.next(); isArg(t.kind) || t.kind == tComma; t = lx.next() {
		if t.kind != tComma {
			n++
		}
	}
	return n
}

// required returns how many leading arguments may not be omitted.
func required(specs []ArgSpec) int {
	for i := len(specs); i > 0; i-- {
		if !specs[i-1].Optional {
			return i
		}
	}
	return 0
}

// wantCount describes how many arguments specs accept: "2" or "1..2".
func wantCount(specs []ArgSpec) string {
	lo, hi := required(specs), len(specs)
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + ".." + strconv.Itoa(hi)
}

// arg checks the current token against spec.
func (p *parser) arg(spec ArgSpec) (Arg, *Problem) {
	t := p.tok
	a := Arg{Pos: t.pos, Kind: spec.Kind}
	switch spec.Kind {
	case Count, Signed:
		want := numberRange(spec)
		if t.kind != tNumber || spec.Kind == Count && (t.text[0] == '+' || t.text[0] == '-') {
			return a, p.fail(ErrBadArg, t.text, want, "")
		}
		n, err := strconv.Atoi(t.text)
		if err != nil || !inRange(spec, n) {
			return a, p.fail(ErrBadArg, t.text, want, "")
		}
		a.Int = n
	case Word:
		if t.kind == tIdent {
			for _, e := range spec.Enum {
				if foldEq(e, t.text) {
					a.Str = e
					return a, nil
				}
			}
		}
		s := newSuggester(t.text)
		if t.kind == tIdent {
			for _, e := range spec.Enum {
				s.try(e, nil)
			}
		}
		for i, l := range spec.Labels {
			if l != "" && l == t.text {
				s.best = spec.Enum[i] // the card text of a value: suggest the value itself
			}
		}
		err := p.fail(ErrBadArg, t.text, strings.Join(spec.Enum, "|"), s.best)
		if len(spec.Labels) > 0 {
			labels := make([]string, len(spec.Enum))
			copy(labels, spec.Labels)
			err.Labels = strings.Join(labels, "|")
		}
		return a, err
	case Ref:
		if t.kind != tIdent && t.kind != tNumber {
			return a, p.fail(ErrBadArg, t.text, "card ID", "")
		}
		a.Str = t.text
	case Text:
		if t.kind != tString {
			return a, p.fail(ErrBadArg, t.text, "quoted text", "")
		}
		a.Str = t.val
	default:
		return a, p.fail(ErrBadArg, t.text, "argument kind "+strconv.Itoa(int(spec.Kind)), "")
	}
	return a, nil
}

// inRange reports whether n satisfies spec's bounds. Max 0 means no upper
// bound; a Signed spec with Min and Max both 0 accepts any number.
func inRange(spec ArgSpec, n int) bool {
	if spec.Kind == Signed && spec.Min == 0 && spec.Max == 0 {
		return true
	}
	return n >= spec.Min && (spec.Max == 0 || n <= spec.Max)
}

// numberRange describes the numbers spec accepts: "0..5", "1.." or "integer".
func numberRange(spec ArgSpec) string {
	switch {
	case spec.Kind == Signed && spec.Min == 0 && spec.Max == 0:
		return "integer"
	case spec.Max == 0:
		return strconv.Itoa(spec.Min) + ".."
	}
	return strconv.Itoa(spec.Min) + ".." + strconv.Itoa(spec.Max)
}

// syntax reports an unexpected current token. A malformed token that knows
// what it lacks (an unclosed string) says so instead of want.
func (p *parser) syntax(want string) *Problem {
	found := p.tok.text
	if p.tok.kind == tIllegal && p.tok.want != "" {
		want = p.tok.want
		found = clip(found, 16)
	}
	return p.fail(ErrSyntax, found, want, "")
}

// fail builds an Error located at the current token.
func (p *parser) fail(code ErrorCode, found, want, suggest string) *Problem {
	return &Problem{
		Offset:  utf8.RuneCountInString(p.lx.src[:p.tok.pos]),
		Code:    code,
		Found:   found,
		Want:    want,
		Suggest: suggest,
	}
}

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "…"
		}
		n--
	}
	return s
}

// foldEq reports whether a and b are equal ignoring ASCII case.
func foldEq(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// suggester finds the name nearest to a misspelt word. It answers in the
// word's own script: the canonical (English) name for an ASCII word, the
// first Japanese alias for a word with any other character, so a designer
// who writes Japanese is answered in Japanese.
type suggester struct {
	word []rune
	ja   bool // word has a non-ASCII character
	max  int  // the largest distance worth suggesting
	best string
	dist int
}

func newSuggester(word string) *suggester {
	w := []rune(word)
	return &suggester{word: w, ja: !isASCII(word), max: max(2, len(w)/3), dist: -1}
}

// try considers canonical and its aliases; ties go to the first tried.
func (s *suggester) try(canonical string, aliases []string) {
	answer := canonical
	if ja := JapaneseAlias(aliases); s.ja && ja != "" {
		answer = ja
	}
	s.one(answer, canonical)
	for _, a := range aliases {
		s.one(answer, a)
	}
}

func (s *suggester) one(answer, spelling string) {
	d := levenshtein(s.word, []rune(spelling))
	if d <= s.max && (s.dist < 0 || d < s.dist) {
		s.best, s.dist = answer, d
	}
}

// JapaneseAlias returns the first of aliases with a character outside
// ASCII, the name a designer writing Japanese knows, or "" if none has one.
func JapaneseAlias(aliases []string) string {
	for _, a := range aliases {
		if !isASCII(a) {
			return a
		}
	}
	return ""
}

// isASCII reports whether s has only ASCII characters.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// levenshtein returns the edit distance between a and b, ignoring ASCII case.
func levenshtein(a, b []rune) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if foldRune(a[i-1]) == foldRune(b[j-1]) {
				cost = 0
			}
			next := min(row[j]+1, row[j-1]+1, diag+cost)
			diag, row[j] = row[j], next
		}
	}
	return row[len(b)]
}

func foldRune(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}
