package spec

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// Field is one field of a row struct that a layout may print: a tagged
// column, or an untagged *effect.Effect such as an Advance's parsed use
// condition.
type Field struct {
	Name  string // Go field name
	Index int
	Kind  schema.Kind
	Cond  bool // an untagged *effect.Effect: printed as its 【】 conditions
	Col   schema.Column
	// Header is set on a workbook column: a column the schema does not
	// type, named in the layout by its header as the workbook writes it.
	// The layout keeps it unresolved (Index is -1); NewDataset finds it
	// among the sheet's headers, and its cells print as typed.
	Header string
	Spec   *schema.SheetSpec // a workbook column's sheet
	Line   int               // a workbook column's line in the layout file
}

// FieldSet is the printable fields of one sheet's row struct.
type FieldSet struct {
	spec   *schema.SheetSpec
	typ    reflect.Type
	List   []*Field
	byName map[string]*Field
}

var fieldMemo sync.Map // *schema.SheetSpec → *fieldSet

var effectPtr = reflect.TypeFor[*effect.Effect]()

// FieldsOf returns the fields of a sheet's rows, by their names (memoised).
func FieldsOf(spec *schema.SheetSpec) *FieldSet {
	if v, ok := fieldMemo.Load(spec); ok {
		return v.(*FieldSet)
	}
	t := reflect.TypeOf(spec.Row)
	fs := &FieldSet{spec: spec, typ: t, byName: map[string]*Field{}}
	for _, c := range spec.Columns() {
		fs.add(&Field{Name: c.Field, Index: c.Index, Kind: c.Kind, Col: c}, c.Field, c.EN, c.JA)
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.IsExported() && f.Type == effectPtr && f.Tag.Get("xlsx") == "" {
			fs.add(&Field{Name: f.Name, Index: i, Kind: schema.KindEffect, Cond: true,
				Col: schema.Column{Field: f.Name, JA: f.Name, EN: f.Name}}, f.Name)
		}
	}
	v, _ := fieldMemo.LoadOrStore(spec, fs)
	return v.(*FieldSet)
}

func (fs *FieldSet) add(f *Field, names ...string) {
	fs.List = append(fs.List, f)
	for _, n := range names {
		if _, dup := fs.byName[strings.ToLower(n)]; !dup {
			fs.byName[strings.ToLower(n)] = f
		}
	}
}

// Get finds a field by Go name, English header or Japanese header.
func (fs *FieldSet) Get(name string) *Field {
	if fs == nil {
		return nil
	}
	return fs.byName[strings.ToLower(strings.TrimSpace(name))]
}

// hint lists the field names for an error message.
func (fs *FieldSet) hint() error {
	names := make([]string, len(fs.List))
	for i, f := range fs.List {
		names[i] = f.Name
	}
	return messages.Err("fields", strings.Join(names, ", "))
}

// value is one field's printable text. empty is true for a blank cell, a
// zero number, a false flag or an empty effect.
type value struct {
	Text  string
	Empty bool
}

// Read formats the field of row for printing. Effects print as the
// Japanese text generated from their AST with the column's vocabulary.
func (ds *Dataset) Read(row reflect.Value, f *Field) value {
	if f.Header != "" {
		s := ds.cell(row, f)
		return value{s, s == ""}
	}
	v := row.Field(f.Index)
	switch {
	case f.Cond:
		e, _ := v.Interface().(*effect.Effect)
		s := ds.condText(e)
		return value{s, s == ""}
	case f.Kind == schema.KindEffect:
		e := v.Interface().(schema.Effect)
		s := ds.effectText(e.AST, f.Col.Vocab)
		return value{s, s == ""}
	case f.Kind == schema.KindInt:
		n := v.Int()
		return value{strconv.FormatInt(n, 10), n == 0}
	case f.Kind == schema.KindBool:
		if v.Bool() {
			return value{"○", false}
		}
		return value{"", true}
	case f.Kind == schema.KindList:
		s := strings.Join(v.Interface().([]string), "、")
		return value{s, s == ""}
	default:
		s := v.String()
		return value{s, s == ""}
	}
}

// effectText generates card text for e with the game's vocabulary; card IDs
// print as the names of the cards they refer to.
func (ds *Dataset) effectText(e *effect.Effect, vocab string) string {
	if e == nil {
		return ""
	}
	return e.Text(ds.game.Vocabs[vocab], ds.refName)
}

// condText prints only the 【】 conditions of e, for a cell such as an
// Advance's use condition, whose action is a placeholder verb.
func (ds *Dataset) condText(e *effect.Effect) string {
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
