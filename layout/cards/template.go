package cards

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
	refs  bool // has at least one field or variable
}

type tpart struct {
	lit   string
	alts  []tref // a {…} placeholder: first non-empty alternative
	group *tmpl  // an optional […] group
}

type tref struct {
	v      string // a $variable, or ""
	f      *field
	follow string // {Field:Other}: the field of the referenced row
}

// scope is what a template may name: the fields of the row it is evaluated
// on, and whether card variables exist.
type scope struct {
	fields *fieldSet // nil on a whole-sheet card
	each   bool
	kind   *Kind
}

var variables = []string{"$index", "$copy", "$copies", "$kind", "$game", "$id"}

// template compiles src, reporting problems at path.
func (p *parser) template(path, src string, sc *scope) *tmpl {
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
			t.refs = true
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
			t.refs = t.refs || g.refs
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
		if sc.fields == nil || sc.each && sc.fields == sc.kind.fields {
			return nil, messages.Err("whole_sheet_field", alt)
		}
		f := sc.fields.get(name)
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
		if fieldsOf(s).get(name) != nil {
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

// env is what a template is evaluated against.
type env struct {
	ds   *dataset
	card *card
	row  reflect.Value // the row whose fields the template names
	used *[]*field     // collects the fields that gave text, for problems
	// sentences starts each generated sentence on a new line (the
	// element's "sentences"); typed text is never broken so.
	sentences bool
}

// eval renders t. empty is true when t has fields and all of them are empty.
func (t *tmpl) eval(e env) (string, bool) {
	if t == nil {
		return "", true
	}
	var b strings.Builder
	empty := t.refs
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
			b.WriteString(v.text)
			if !v.empty {
				empty = false
			}
		default:
			b.WriteString(p.lit)
		}
	}
	return b.String(), empty
}

// evalGroup renders a group, which is empty when any of its fields is.
func (t *tmpl) evalGroup(e env) (string, bool) {
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
			if v.empty {
				return "", true
			}
			b.WriteString(v.text)
		default:
			b.WriteString(p.lit)
		}
	}
	return b.String(), false
}

// pick returns the first non-empty alternative, else the last one.
func (e env) pick(alts []tref) value {
	var v value
	for _, a := range alts {
		v = e.ref(a)
		if !v.empty {
			return v
		}
	}
	return v
}

func (e env) ref(r tref) value {
	if r.v != "" {
		return e.variable(r.v)
	}
	if !e.row.IsValid() {
		return value{empty: true}
	}
	v := e.ds.read(e.row, r.f)
	if !v.empty && e.used != nil {
		*e.used = append(*e.used, r.f)
	}
	if e.sentences && r.f.kind == schema.KindEffect {
		v.text = sentenceLines(v.text)
	}
	if r.follow == "" || v.empty {
		return v
	}
	target, ok := e.ds.ids[v.text]
	if !ok {
		return value{text: v.text}
	}
	f := fieldsOf(target.spec).get(r.follow)
	if f == nil {
		return value{text: v.text}
	}
	return e.ds.read(target.row, f)
}

func (e env) variable(name string) value {
	if key, ok := strings.CutPrefix(name, "$rule."); ok {
		if e.ds.rules == nil || !e.ds.rules.Has(key) {
			return value{empty: true}
		}
		s := e.ds.rules.Text(key)
		return value{text: s, empty: s == "" || s == "0" || s == "×"}
	}
	c := e.card
	switch name {
	case "$index":
		if c.copies > 1 {
			return value{text: fmt.Sprintf("%d/%d", c.copy, c.copies)}
		}
		return value{empty: true}
	case "$copy":
		return value{text: strconv.Itoa(c.copy)}
	case "$copies":
		return value{text: strconv.Itoa(c.copies)}
	case "$kind":
		return value{text: c.kind.Title}
	case "$game":
		return value{text: e.ds.game.Title}
	case "$id":
		return value{text: c.id, empty: c.id == ""}
	}
	return value{empty: true}
}
