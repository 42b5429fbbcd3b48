package spec

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"bifrost/schema"
)

// Dataset is a game's validated data seen through its sheets: the rows of
// each sheet and an index of every row by ID.
type Dataset struct {
	game   *schema.Game
	sheets map[*schema.SheetSpec][]reflect.Value
	ids    map[string]rowRef
	rules  *schema.Rules
	root   reflect.Value                  // the data struct
	copies map[*copiesFrom]map[string]int // see copiesOf
}

type rowRef struct {
	spec *schema.SheetSpec
	row  reflect.Value
}

// NewDataset finds, for each sheet of g, the slice of the typed data whose
// element type is the sheet's row struct.
func NewDataset(g *schema.Game, data any) (*Dataset, error) {
	ds := &Dataset{game: g, sheets: map[*schema.SheetSpec][]reflect.Value{}, ids: map[string]rowRef{},
		copies: map[*copiesFrom]map[string]int{}}
	v := reflect.ValueOf(data)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct { // a programmer's error: schema decodes every game into a struct
		return nil, fmt.Errorf("cards: the data of %s is %T, not a struct", g.ID, data)
	}
	ds.root = v
	for i := range v.NumField() {
		if r, ok := v.Field(i).Interface().(schema.Rules); ok {
			ds.rules = &r
		}
	}
	for _, spec := range g.Sheets {
		t := reflect.TypeOf(spec.Row)
		for i := range v.NumField() {
			f := v.Field(i)
			if f.Kind() != reflect.Slice || f.Type().Elem() != t {
				continue
			}
			rows := make([]reflect.Value, f.Len())
			for j := range rows {
				rows[j] = f.Index(j)
			}
			ds.sheets[spec] = rows
			if fd := FieldsOf(spec).Get("ID"); fd != nil && fd.Name == "ID" {
				for _, r := range rows {
					id := r.Field(fd.Index).String()
					if _, dup := ds.ids[id]; !dup && id != "" {
						ds.ids[id] = rowRef{spec, r}
					}
				}
			}
			break
		}
	}
	return ds, nil
}

// refName prints a card ID as the name of its card, or as itself.
func (ds *Dataset) refName(id string) string {
	if r, ok := ds.ids[id]; ok {
		if f := FieldsOf(r.spec).Get("Name"); f != nil && f.Kind == schema.KindText {
			if s := r.row.Field(f.Index).String(); s != "" {
				return s
			}
		}
	}
	return id
}

// copiesFrom counts copies elsewhere in the data (see copiesSpec).
type copiesFrom struct {
	Spec       *schema.SheetSpec // the sheet whose rows count, or nil…
	data       string            // …the path to follow through the data
	match, sum string            // Go field names
	Line       int
}

// entries lists the structs copies are counted over.
func (ds *Dataset) entries(cf *copiesFrom) []reflect.Value {
	if cf.Spec != nil {
		return ds.sheets[cf.Spec]
	}
	cur := []reflect.Value{ds.root}
	for name := range strings.SplitSeq(cf.data, ".") {
		var next []reflect.Value
		for _, v := range cur {
			if v.Kind() != reflect.Struct {
				continue
			}
			f := v.FieldByName(name)
			switch {
			case !f.IsValid():
			case f.Kind() == reflect.Slice:
				for i := range f.Len() {
					next = append(next, f.Index(i))
				}
			default:
				next = append(next, f)
			}
		}
		cur = next
	}
	return cur
}

// copiesOf returns the copies cf gives each card ID: the sum over the
// entries whose match field holds the ID of their sum field (at least 1 an
// entry). It walks the entries once per cf and keeps the result, so counting
// every design of a kind costs one pass, not one pass a design.
func (ds *Dataset) copiesOf(cf *copiesFrom) map[string]int {
	if m, ok := ds.copies[cf]; ok {
		return m
	}
	m := map[string]int{}
	var (
		typ        reflect.Type
		match, sum []int // field indexes in typ, nil when absent or unusable
	)
	for _, x := range ds.entries(cf) {
		if x.Kind() != reflect.Struct {
			continue
		}
		if x.Type() != typ {
			typ, match, sum = x.Type(), nil, nil
			if f, ok := typ.FieldByName(cf.match); ok && f.Type.Kind() == reflect.String {
				match = f.Index
			}
			if f, ok := typ.FieldByName(cf.sum); ok && x.FieldByIndex(f.Index).CanInt() {
				sum = f.Index
			}
		}
		if match == nil || sum == nil {
			continue
		}
		m[x.FieldByIndex(match).String()] += max(1, int(x.FieldByIndex(sum).Int()))
	}
	ds.copies[cf] = m
	return m
}

// CheckEntries reports a copies_from data path that leads to nothing usable.
func (ds *Dataset) CheckEntries(cf *copiesFrom) error {
	es := ds.entries(cf)
	if len(es) == 0 {
		return messages.Err("data_nothing", cf.data)
	}
	e := es[0]
	if e.Kind() != reflect.Struct || !e.FieldByName(cf.match).IsValid() || !e.FieldByName(cf.sum).IsValid() {
		return messages.Err("data_fields", cf.data, cf.match, cf.sum)
	}
	return nil
}

// Card is one printed card: a row of a kind (or the whole sheet, for a
// reference card) and which copy it is.
type Card struct {
	Kind   *Kind
	Row    reflect.Value // invalid for a whole-sheet kind
	ID     string
	Copy   int // 1-based
	Copies int
}

// Name is how a problem names the card: its Name field, else its ID.
func (c *Card) Name(ds *Dataset) string {
	if c.Row.IsValid() {
		if f := c.Kind.Fields.Get("Name"); f != nil && f.Kind == schema.KindText {
			if s := c.Row.Field(f.Index).String(); s != "" {
				return s
			}
		}
	}
	return c.ID
}

// Designs lists one card per design of kind k (the last copy, whose copy
// index is the widest), in sheet order.
func (ds *Dataset) Designs(k *Kind) []*Card {
	if k.Each {
		return []*Card{{Kind: k, ID: k.Name, Copy: k.Fixed, Copies: k.Fixed}}
	}
	var out []*Card
	idf := k.Fields.Get("ID")
	for _, r := range ds.sheets[k.Sheet] {
		if !k.matches(ds, r) {
			continue
		}
		id := ""
		if idf != nil {
			id = ds.Read(r, idf).Text
		}
		n := k.Fixed
		switch {
		case k.Copies != "":
			n = max(1, int(r.Field(k.Fields.Get(k.Copies).Index).Int()))
		case k.From != nil:
			n = max(ds.copiesOf(k.From)[id], 1) // a design no deck uses yet still prints once
		}
		out = append(out, &Card{Kind: k, Row: r, ID: id, Copy: n, Copies: n})
	}
	return out
}

func (k *Kind) matches(ds *Dataset, r reflect.Value) bool {
	for _, w := range k.Where {
		if ds.Read(r, w.field).Text != w.value {
			return false
		}
	}
	return true
}

// Physical lists every printed card of kind k, copies included.
func (ds *Dataset) Physical(k *Kind) []*Card {
	var out []*Card
	for _, d := range ds.Designs(k) {
		for i := 1; i <= d.Copies; i++ {
			c := *d
			c.Copy = i
			out = append(out, &c)
		}
	}
	return out
}

// Related returns the rows of spec that a table or track shows on card c:
// those whose match field holds c's ID (all rows when match is empty),
// ordered by the order field when given.
func (ds *Dataset) Related(sel *rowSel, c *Card) []reflect.Value {
	rows := ds.sheets[sel.Spec]
	var out []reflect.Value
	for _, r := range rows {
		if sel.match != nil && ds.Read(r, sel.match).Text != c.ID {
			continue
		}
		out = append(out, r)
	}
	if sel.order != nil || sel.Group != nil {
		slices.SortStableFunc(out, func(a, b reflect.Value) int {
			return cmp.Or(CompareField(a, b, sel.Group), CompareField(a, b, sel.order))
		})
	}
	return out
}

// CompareField orders two rows by field f, a number or a text field; 0
// when f is nil or of another kind.
func CompareField(a, b reflect.Value, f *Field) int {
	if f == nil {
		return 0
	}
	x, y := a.Field(f.Index), b.Field(f.Index)
	if f.Kind == schema.KindInt {
		return cmp.Compare(x.Int(), y.Int())
	}
	if f.Kind == schema.KindText {
		return strings.Compare(x.String(), y.String())
	}
	return 0
}
