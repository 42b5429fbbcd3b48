package spec

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"bifrost/schema"
)

// A template is text with fields in it:
//
//	"{Name}"                 the Name field
//	"{Text|Effect}"          Text, or when it is empty the text generated from Effect
//	"{Monster:Name}"         the Name of the row whose ID is in Monster
//	"第{Layer}層"            literal text around a field
//	"[使用条件{Use}\n]"      an optional group, printed only when every field in it is non-empty
//	"{$index}"               the copy index, "3/8", empty for a single copy
//
// Other variables: $copy, $copies, $kind (the kind's title), $game (the
// game's title), $id, and $rule.KEY (a parameter of the Rules sheet, such
// as {$rule.MaxHumanBattleCards}). A backslash escapes {, }, [ and ].
type tmpl struct {
	parts []tpart
	Refs  bool // has at least one field or variable
}

type tpart struct {
	lit   string
	alts  []tref // a {…} placeholder: first non-empty alternative
	group *tmpl  // an optional […] group
}

type tref struct {
	v      string // a $variable, or ""
	f      *Field
	follow string // {Field:Other}: the field of the referenced row
}

// scope is what a template may name: the fields of the row it is evaluated
// on, and whether card variables exist.
type scope struct {
	fields *FieldSet // nil on a whole-sheet card
	each   bool
	kind   *Kind
}

var variables = []string{"$index", "$copy", "$copies", "$kind", "$game", "$id"}

// template compiles src, reporting problems at path.
func (p *parser) template(path, src string, sc *scope) *tmpl {
	p.at = path
	t, rest, err := p.parseTemplate(src, sc, 0)
	if err == nil && rest != "" {
		err = messages.Err("unmatched", rest[:1])
	}
	if err != nil {
		p.errorf(path, "template", src, err)
		return &tmpl{parts: []tpart{{lit: src}}}
	}
	return t
}

// parseTemplate reads until the end of src or an unmatched "]" at depth > 0.
func (p *parser) parseTemplate(src string, sc *scope, depth int) (*tmpl, string, error) {
	t := &tmpl{}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t.parts = append(t.parts, tpart{lit: lit.String()})
			lit.Reset()
		}
	}
	for len(src) > 0 {
		c := src[0]
		switch {
		case c == '\\' && len(src) > 1 && strings.ContainsRune("{}[]\\", rune(src[1])):
			lit.WriteByte(src[1])
			src = src[2:]
		case c == '{':
			end := strings.IndexByte(src, '}')
			if end < 0 {
				return nil, "", messages.Err("unclosed_brace")
			}
			alts, err := p.refs(src[1:end], sc)
			if err != nil {
				return nil, "", err
			}
			flush()
			t.parts = append(t.parts, tpart{alts: alts})
			t.Refs = true
			src = src[end+1:]
		case c == '}':
			return nil, "", messages.Err("unmatched_brace")
		case c == '[':
			g, rest, err := p.parseTemplate(src[1:], sc, depth+1)
			if err != nil {
				return nil, "", err
			}
			if !strings.HasPrefix(rest, "]") {
				return nil, "", messages.Err("unclosed_bracket")
			}
			flush()
			t.parts = append(t.parts, tpart{group: g})
			t.Refs = t.Refs || g.Refs
			src = rest[1:]
		case c == ']':
			if depth == 0 {
				return nil, "", messages.Err("unmatched_bracket")
			}
			flush()
			return t, src, nil
		default:
			lit.WriteByte(c)
			src = src[1:]
		}
	}
	flush()
	return t, "", nil
}

func (p *parser) refs(s string, sc *scope) ([]tref, error) {
	var out []tref
	for alt := range strings.SplitSeq(s, "|") {
		alt = strings.TrimSpace(alt)
		if key, ok := strings.CutPrefix(alt, "$rule."); ok {
			if !slices.ContainsFunc(p.game.AllRules(), func(r schema.RuleParam) bool { return r.Key == key }) {
				return nil, messages.Err("no_rule", p.game.ID, key)
			}
			out = append(out, tref{v: alt})
			continue
		}
		if strings.HasPrefix(alt, "$") {
			if !contains(variables, alt) {
				return nil, messages.Err("unknown_variable", alt, strings.Join(variables, ", "))
			}
			out = append(out, tref{v: alt})
			continue
		}
		name, follow, _ := strings.Cut(alt, ":")
		if sc.fields == nil || sc.each && sc.fields == sc.kind.Fields {
			return nil, messages.Err("whole_sheet_field", alt)
		}
		f := sc.fields.Get(name)
		if f == nil && follow == "" {
			f = p.column(sc.fields, name, p.at)
		}
		if f == nil {
			return nil, messages.Err("no_field", sc.fields.spec.Key, name, sc.fields.hint())
		}
		r := tref{f: f}
		if follow != "" {
			if !p.anySheetHas(follow) {
				return nil, messages.Err("follow", p.game.ID, follow, name)
			}
			r.follow = follow
		}
		out = append(out, r)
	}
	return out, nil
}

func (p *parser) anySheetHas(name string) bool {
	for _, s := range p.game.Sheets {
		if FieldsOf(s).Get(name) != nil {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Env is what a template is evaluated against.
type Env struct {
	Dataset *Dataset
	Card    *Card
	Row     reflect.Value // the row whose fields the template names
	Used    *[]*Field     // collects the fields that gave text, for problems
	// sentences starts each generated sentence on a new line (the
	// element's "sentences"); typed text is never broken so.
	Sentences bool
}

// Eval renders t. empty is true when t has fields and all of them are empty.
func (t *tmpl) Eval(e Env) (string, bool) {
	if t == nil {
		return "", true
	}
	var b strings.Builder
	empty := t.Refs
	for _, p := range t.parts {
		switch {
		case p.group != nil:
			s, emp := p.group.evalGroup(e)
			if !emp {
				b.WriteString(s)
				empty = false
			}
		case p.alts != nil:
			v := e.pick(p.alts)
			b.WriteString(v.Text)
			if !v.Empty {
				empty = false
			}
		default:
			b.WriteString(p.lit)
		}
	}
	return b.String(), empty
}

// evalGroup renders a group, which is empty when any of its fields is.
func (t *tmpl) evalGroup(e Env) (string, bool) {
	var b strings.Builder
	for _, p := range t.parts {
		switch {
		case p.group != nil:
			s, emp := p.group.evalGroup(e)
			if !emp {
				b.WriteString(s)
			}
		case p.alts != nil:
			v := e.pick(p.alts)
			if v.Empty {
				return "", true
			}
			b.WriteString(v.Text)
		default:
			b.WriteString(p.lit)
		}
	}
	return b.String(), false
}

// pick returns the first non-empty alternative, else the last one.
func (e Env) pick(alts []tref) value {
	var v value
	for _, a := range alts {
		v = e.ref(a)
		if !v.Empty {
			return v
		}
	}
	return v
}

func (e Env) ref(r tref) value {
	if r.v != "" {
		return e.variable(r.v)
	}
	if !e.Row.IsValid() {
		return value{Empty: true}
	}
	v := e.Dataset.Read(e.Row, r.f)
	if !v.Empty && e.Used != nil {
		*e.Used = append(*e.Used, r.f)
	}
	if e.Sentences && r.f.Kind == schema.KindEffect {
		v.Text = sentenceLines(v.Text)
	}
	if r.follow == "" || v.Empty {
		return v
	}
	target, ok := e.Dataset.ids[v.Text]
	if !ok {
		return value{Text: v.Text}
	}
	f := FieldsOf(target.spec).Get(r.follow)
	if f == nil {
		return value{Text: v.Text}
	}
	return e.Dataset.Read(target.row, f)
}

func (e Env) variable(name string) value {
	if key, ok := strings.CutPrefix(name, "$rule."); ok {
		if e.Dataset.rules == nil || !e.Dataset.rules.Has(key) {
			return value{Empty: true}
		}
		s := e.Dataset.rules.Text(key)
		return value{Text: s, Empty: s == "" || s == "0" || s == "×"}
	}
	c := e.Card
	switch name {
	case "$index":
		if c.Copies > 1 {
			return value{Text: fmt.Sprintf("%d/%d", c.Copy, c.Copies)}
		}
		return value{Empty: true}
	case "$copy":
		return value{Text: strconv.Itoa(c.Copy)}
	case "$copies":
		return value{Text: strconv.Itoa(c.Copies)}
	case "$kind":
		return value{Text: c.Kind.Title}
	case "$game":
		return value{Text: e.Dataset.game.Title}
	case "$id":
		return value{Text: c.ID, Empty: c.ID == ""}
	}
	return value{Empty: true}
}

// sentenceLines starts each sentence of generated text after the first on a
// new line.
func sentenceLines(s string) string {
	s = strings.TrimRight(s, "\n")
	out := strings.ReplaceAll(s, "。", "。\n")
	return strings.TrimRight(strings.ReplaceAll(out, "。\n\n", "。\n"), "\n")
}

// firstRef names the first field or variable of a template, lower-cased.
func (t *tmpl) firstRef() string {
	for _, p := range t.parts {
		for _, a := range p.alts {
			switch {
			case a.f != nil:
				return strings.ToLower(a.f.Name)
			case a.v != "":
				return strings.ToLower(strings.TrimPrefix(a.v, "$"))
			}
		}
		if p.group != nil {
			if r := p.group.firstRef(); r != "" {
				return r
			}
		}
	}
	return ""
}
