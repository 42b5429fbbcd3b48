package cards

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// field is one field of a row struct that a layout may print: a tagged
// column, or an untagged *effect.Effect such as an Advance's parsed use
// condition.
type field struct {
	name  string // Go field name
	index int
	kind  schema.Kind
	cond  bool // an untagged *effect.Effect: printed as its 【】 conditions
	col   schema.Column
}

// fieldSet is the printable fields of one sheet's row struct.
type fieldSet struct {
	spec   *schema.SheetSpec
	typ    reflect.Type
	list   []*field
	byName map[string]*field
}

var fieldMemo sync.Map // *schema.SheetSpec → *fieldSet

var effectPtr = reflect.TypeFor[*effect.Effect]()

func fieldsOf(spec *schema.SheetSpec) *fieldSet {
	if v, ok := fieldMemo.Load(spec); ok {
		return v.(*fieldSet)
	}
	t := reflect.TypeOf(spec.Row)
	fs := &fieldSet{spec: spec, typ: t, byName: map[string]*field{}}
	for _, c := range spec.Columns() {
		fs.add(&field{name: c.Field, index: c.Index, kind: c.Kind, col: c}, c.Field, c.EN, c.JA)
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.IsExported() && f.Type == effectPtr && f.Tag.Get("xlsx") == "" {
			fs.add(&field{name: f.Name, index: i, kind: schema.KindEffect, cond: true,
				col: schema.Column{Field: f.Name, JA: f.Name, EN: f.Name}}, f.Name)
		}
	}
	v, _ := fieldMemo.LoadOrStore(spec, fs)
	return v.(*fieldSet)
}

func (fs *fieldSet) add(f *field, names ...string) {
	fs.list = append(fs.list, f)
	for _, n := range names {
		if _, dup := fs.byName[strings.ToLower(n)]; !dup {
			fs.byName[strings.ToLower(n)] = f
		}
	}
}

// get finds a field by Go name, English header or Japanese header.
func (fs *fieldSet) get(name string) *field {
	if fs == nil {
		return nil
	}
	return fs.byName[strings.ToLower(strings.TrimSpace(name))]
}

// hint lists the field names for an error message.
func (fs *fieldSet) hint() error {
	names := make([]string, len(fs.list))
	for i, f := range fs.list {
		names[i] = f.name
	}
	return messages.Err("fields", strings.Join(names, ", "))
}

// value is one field's printable text. empty is true for a blank cell, a
// zero number, a false flag or an empty effect.
type value struct {
	text  string
	empty bool
}

// read formats the field of row for printing. Effects print as the
// Japanese text generated from their AST with the column's vocabulary.
func (ds *dataset) read(row reflect.Value, f *field) value {
	v := row.Field(f.index)
	switch {
	case f.cond:
		e, _ := v.Interface().(*effect.Effect)
		s := ds.condText(e)
		return value{s, s == ""}
	case f.kind == schema.KindEffect:
		e := v.Interface().(schema.Effect)
		s := ds.effectText(e.AST, f.col.Vocab)
		return value{s, s == ""}
	case f.kind == schema.KindInt:
		n := v.Int()
		return value{strconv.FormatInt(n, 10), n == 0}
	case f.kind == schema.KindBool:
		if v.Bool() {
			return value{"○", false}
		}
		return value{"", true}
	case f.kind == schema.KindList:
		s := strings.Join(v.Interface().([]string), "、")
		return value{s, s == ""}
	default:
		s := v.String()
		return value{s, s == ""}
	}
}

// effectText generates card text for e with the game's vocabulary; card IDs
// print as the names of the cards they refer to.
func (ds *dataset) effectText(e *effect.Effect, vocab string) string {
	if e == nil {
		return ""
	}
	return e.Text(ds.game.Vocabs[vocab], ds.refName)
}

// condText prints only the 【】 conditions of e, for a cell such as an
// Advance's use condition, whose action is a placeholder verb.
func (ds *dataset) condText(e *effect.Effect) string {
	if e == nil {
		return ""
	}
	v := *ds.game.Vocabs[""]
	v.Verbs = nil
	for _, cl := range e.Clauses {
		if !slices.ContainsFunc(v.Verbs, func(x effect.Verb) bool { return x.Name == cl.Action.Name }) {
			v.Verbs = append(v.Verbs, effect.Verb{Name: cl.Action.Name})
		}
	}
	s := e.Text(&v, ds.refName)
	return strings.ReplaceAll(s, "】。", "】")
}
