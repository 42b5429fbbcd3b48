package spec

import (
	"cmp"
	"fmt"
	"maps"
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
	// written holds, for each sheet whose workbook columns the layout
	// binds, the sheet's rows as the workbook writes them.
	written map[*schema.SheetSpec]*writtenSheet
	cols    map[*Field]int // a bound workbook column: its 0-based column
}

// writtenSheet is a sheet as the workbook writes it, with the written row
// of each typed row (by the typed row's address).
type writtenSheet struct {
	table *schema.Table
	rows  map[uintptr]schema.Row
}

type rowRef struct {
	spec *schema.SheetSpec
	row  reflect.Value
}

// NewDataset finds, for each sheet of l's game, the slice of the validated
// data res.Data whose element type is the sheet's row struct; then the rows
// of each print-only sheet l prints, and the column of each workbook column
// l binds, in the workbook res.Book. A sheet or a column the workbook lacks
// is an ErrorList, one line each at the layout's line, listing the
// workbook's sheets or the sheet's headers as typed, with a suggestion.
func NewDataset(l *Layout, res schema.Result) (*Dataset, error) {
	g := l.Game
	ds := &Dataset{game: g, sheets: map[*schema.SheetSpec][]reflect.Value{}, ids: map[string]rowRef{},
		copies: map[*copiesFrom]map[string]int{}, written: map[*schema.SheetSpec]*writtenSheet{}, cols: map[*Field]int{}}
	data := res.Data
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
			ds.add(spec, rows)
			break
		}
	}
	var errs ErrorList
	missing := map[*schema.SheetSpec]bool{}
	for _, po := range l.PrintOnly {
		if err := ds.printOnly(l, po, res); err != nil {
			errs = append(errs, err)
			missing[po.Spec] = true
		}
	}
	for _, f := range l.Columns {
		if missing[f.Spec] {
			continue // said once, for the sheet
		}
		if err := ds.bind(l, f, res.Book); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *Error) int { return a.Line - b.Line })
		return nil, errs
	}
	return ds, nil
}

// add records the rows of spec and indexes them by ID.
func (ds *Dataset) add(spec *schema.SheetSpec, rows []reflect.Value) {
	ds.sheets[spec] = rows
	if fd := FieldsOf(spec).Get("ID"); fd != nil && fd.Name == "ID" {
		for _, r := range rows {
			id := r.Field(fd.Index).String()
			if _, dup := ds.ids[id]; !dup && id != "" {
				ds.ids[id] = rowRef{spec, r}
			}
		}
	}
}

// printOnly finds the rows of a print-only sheet po in the validated
// workbook: an error at po's line when the workbook has no such sheet, or
// has it without an ID column.
func (ds *Dataset) printOnly(l *Layout, po PrintOnlySheet, res schema.Result) *Error {
	ps, ok := res.PrintOnlySheet(po.Spec.Key)
	if !ok {
		if t, found := lookup(res.Book, po.Spec); found {
			return layoutError(l.File, po.Line, "print_only_no_id", t.Sheet)
		}
		var names []string
		for _, s := range ds.game.Sheets {
			names = append(names, s.Key)
		}
		if res.Book != nil {
			for _, name := range slices.Sorted(maps.Keys(res.Book.Sheets)) {
				if !ds.game.Known(name) {
					names = append(names, name)
				}
			}
		}
		return layoutError(l.File, po.Line, "no_sheet_near", ds.game.ID, po.Spec.Key, strings.Join(names, ", "), didYouMean(po.Spec.Key, names))
	}
	rows := reflect.ValueOf(slices.Clone(ps.Items))
	out := make([]reflect.Value, rows.Len())
	for i := range out {
		out[i] = rows.Index(i)
	}
	ds.add(po.Spec, out)
	if t, found := lookup(res.Book, po.Spec); found {
		w := &writtenSheet{table: t, rows: map[uintptr]schema.Row{}}
		for i, r := range out {
			if j := slices.IndexFunc(t.Rows, func(tr schema.Row) bool { return tr.Num == ps.Rows[i] }); j >= 0 {
				w.rows[r.Addr().Pointer()] = t.Rows[j]
			}
		}
		ds.written[po.Spec] = w
	}
	return nil
}

// lookup finds spec's table in book (nil: none).
func lookup(book *schema.Book, spec *schema.SheetSpec) (*schema.Table, bool) {
	if book == nil {
		return nil, false
	}
	return book.Lookup(spec.Key, spec.JA)
}

// bind finds workbook column f among the headers of its sheet in book:
// an error at f's line, listing the headers as typed, when none is f.
func (ds *Dataset) bind(l *Layout, f *Field, book *schema.Book) *Error {
	w := ds.writtenOf(f.Spec, book)
	var headers []string
	if w != nil {
		for i, h := range w.table.Header {
			if strings.EqualFold(schema.Normalize(h), f.Header) {
				ds.cols[f] = i
				return nil
			}
			if h = schema.Trim(h); h != "" {
				headers = append(headers, h)
			}
		}
	}
	name := f.Spec.Key
	if w != nil {
		name = w.table.Sheet
	}
	near := slices.Clone(headers) // the suggestion may also be a column's English name
	for _, c := range f.Spec.Columns() {
		near = append(near, c.EN)
	}
	return layoutError(l.File, f.Line, "no_column", name, f.Header, strings.Join(headers, ", "), didYouMean(f.Header, near))
}

// didYouMean is the suggestion of the nearest of names to s, or nothing.
func didYouMean(s string, names []string) schema.Word {
	near := schema.Nearest(s, names)
	if near == "" {
		return schema.Word{}
	}
	return schema.Word{"（「" + near + "」のことですか？）", fmt.Sprintf(" (did you mean %q?)", near)}
}

// writtenOf is spec's sheet as book writes it, each typed row paired with
// its written row: by ID where the sheet has IDs, else in order when the
// sheet has as many rows with data as the typed data has rows. nil when
// the book lacks the sheet.
func (ds *Dataset) writtenOf(spec *schema.SheetSpec, book *schema.Book) *writtenSheet {
	if w, ok := ds.written[spec]; ok {
		return w
	}
	t, ok := lookup(book, spec)
	if !ok {
		return nil
	}
	w := &writtenSheet{table: t, rows: map[uintptr]schema.Row{}}
	ds.written[spec] = w
	var filled []schema.Row
	for _, r := range t.Rows {
		if !r.Blank() {
			filled = append(filled, r)
		}
	}
	rows := ds.sheets[spec]
	idAt := slices.IndexFunc(t.Header, func(h string) bool { return strings.EqualFold(schema.Normalize(h), "ID") })
	idf := FieldsOf(spec).Get("ID")
	switch {
	case idAt >= 0 && idf != nil && idf.Name == "ID":
		byID := map[string]schema.Row{}
		for _, r := range filled {
			if id := schema.Normalize(r.Cell(idAt)); id != "" {
				if _, dup := byID[id]; !dup {
					byID[id] = r
				}
			}
		}
		for _, r := range rows {
			if tr, ok := byID[r.Field(idf.Index).String()]; ok {
				w.rows[r.Addr().Pointer()] = tr
			}
		}
	case len(filled) == len(rows):
		for i, r := range rows {
			w.rows[r.Addr().Pointer()] = filled[i]
		}
	}
	return w
}

// cell is the text of row's cell in workbook column f, as typed (trimmed).
func (ds *Dataset) cell(row reflect.Value, f *Field) string {
	w, at := ds.written[f.Spec], ds.cols[f]
	if w == nil || !row.CanAddr() {
		return ""
	}
	r, ok := w.rows[row.Addr().Pointer()]
	if !ok {
		return ""
	}
	return schema.Trim(r.Cell(at))
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

// TTS is card c's name, notes and deck in Tabletop Simulator: the kind's
// tts_name, tts_notes and tts_deck, else its name (see Name), no notes
// and "" (the deck of its kind).
func (c *Card) TTS(ds *Dataset) (name, notes, deck string) {
	name = c.Name(ds)
	env := Env{Dataset: ds, Card: c, Row: c.Row}
	if c.Kind.TTSName != nil {
		if s, empty := c.Kind.TTSName.Eval(env); !empty {
			name = s
		}
	}
	if c.Kind.TTSNotes != nil {
		if s, empty := c.Kind.TTSNotes.Eval(env); !empty {
			notes = s
		}
	}
	if c.Kind.TTSDeck != nil {
		if s, empty := c.Kind.TTSDeck.Eval(env); !empty {
			deck = s
		}
	}
	return name, notes, deck
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
