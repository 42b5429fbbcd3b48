package cards

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"bifrost/schema"
)

// dataset is a game's validated data seen through its sheets: the rows of
// each sheet and an index of every row by ID.
type dataset struct {
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

// newDataset finds, for each sheet of g, the slice of the typed data whose
// element type is the sheet's row struct.
func newDataset(g *schema.Game, data any) (*dataset, error) {
	ds := &dataset{game: g, sheets: map[*schema.SheetSpec][]reflect.Value{}, ids: map[string]rowRef{},
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
			if fd := fieldsOf(spec).get("ID"); fd != nil && fd.name == "ID" {
				for _, r := range rows {
					id := r.Field(fd.index).String()
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
func (ds *dataset) refName(id string) string {
	if r, ok := ds.ids[id]; ok {
		if f := fieldsOf(r.spec).get("Name"); f != nil && f.kind == schema.KindText {
			if s := r.row.Field(f.index).String(); s != "" {
				return s
			}
		}
	}
	return id
}

// copiesFrom counts copies elsewhere in the data (see copiesSpec).
type copiesFrom struct {
	spec       *schema.SheetSpec // the sheet whose rows count, or nil…
	data       string            // …the path to follow through the data
	match, sum string            // Go field names
	line       int
}

// entries lists the structs copies are counted over.
func (ds *dataset) entries(cf *copiesFrom) []reflect.Value {
	if cf.spec != nil {
		return ds.sheets[cf.spec]
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
func (ds *dataset) copiesOf(cf *copiesFrom) map[string]int {
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

// checkEntries reports a copies_from data path that leads to nothing usable.
func (ds *dataset) checkEntries(cf *copiesFrom) error {
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

// card is one printed card: a row of a kind (or the whole sheet, for a
// reference card) and which copy it is.
type card struct {
	kind   *Kind
	row    reflect.Value // invalid for a whole-sheet kind
	id     string
	copy   int // 1-based
	copies int
}

// name is how a problem names the card: its Name field, else its ID.
func (c *card) name(ds *dataset) string {
	if c.row.IsValid() {
		if f := c.kind.fields.get("Name"); f != nil && f.kind == schema.KindText {
			if s := c.row.Field(f.index).String(); s != "" {
				return s
			}
		}
	}
	return c.id
}

// designs lists one card per design of kind k (the last copy, whose copy
// index is the widest), in sheet order.
func (ds *dataset) designs(k *Kind) []*card {
	if k.Each {
		return []*card{{kind: k, id: k.Name, copy: k.Fixed, copies: k.Fixed}}
	}
	var out []*card
	idf := k.fields.get("ID")
	for _, r := range ds.sheets[k.Sheet] {
		if !k.matches(ds, r) {
			continue
		}
		id := ""
		if idf != nil {
			id = ds.read(r, idf).text
		}
		n := k.Fixed
		switch {
		case k.Copies != "":
			n = max(1, int(r.Field(k.fields.get(k.Copies).index).Int()))
		case k.From != nil:
			n = max(ds.copiesOf(k.From)[id], 1) // a design no deck uses yet still prints once
		}
		out = append(out, &card{kind: k, row: r, id: id, copy: n, copies: n})
	}
	return out
}

func (k *Kind) matches(ds *dataset, r reflect.Value) bool {
	for _, w := range k.Where {
		if ds.read(r, w.field).text != w.value {
			return false
		}
	}
	return true
}

// physical lists every printed card of kind k, copies included.
func (ds *dataset) physical(k *Kind) []*card {
	var out []*card
	for _, d := range ds.designs(k) {
		for i := 1; i <= d.copies; i++ {
			c := *d
			c.copy = i
			out = append(out, &c)
		}
	}
	return out
}

// related returns the rows of spec that a table or track shows on card c:
// those whose match field holds c's ID (all rows when match is empty),
// ordered by the order field when given.
func (ds *dataset) related(sel *rowSel, c *card) []reflect.Value {
	rows := ds.sheets[sel.spec]
	var out []reflect.Value
	for _, r := range rows {
		if sel.match != nil && ds.read(r, sel.match).text != c.id {
			continue
		}
		out = append(out, r)
	}
	if sel.order != nil || sel.group != nil {
		slices.SortStableFunc(out, func(a, b reflect.Value) int {
			return cmp.Or(compareField(a, b, sel.group), compareField(a, b, sel.order))
		})
	}
	return out
}

func compareField(a, b reflect.Value, f *field) int {
	if f == nil {
		return 0
	}
	x, y := a.Field(f.index), b.Field(f.index)
	if f.kind == schema.KindInt {
		return cmp.Compare(x.Int(), y.Int())
	}
	if f.kind == schema.KindText {
		return strings.Compare(x.String(), y.String())
	}
	return 0
}
