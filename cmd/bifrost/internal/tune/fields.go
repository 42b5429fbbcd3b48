package tune

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/schema"
)

// Field is one cell the tuner may move, and the values it may take.
type Field struct {
	Label  string         `json:"field"` // as typed, before "="
	Axis   sweepgrid.Axis `json:"-"`     // where it is written, as sweep writes it
	Values []string       `json:"values"`
	Was    string         `json:"was"` // the cell's text in the workbook
	// From is the index among Values of the workbook's value, -1 when the
	// workbook's value is not among them.
	From int `json:"from"`
	// Design is the card ID when the cell is in a card design's row: its
	// effect becomes a target.
	Design string `json:"design,omitempty"`
	// with writes value i into the cell's text: the value itself, or, in an
	// effect cell, the effect with its amount replaced (power +6 → power +2).
	with func(i int) string
}

// Text is the cell's text with value i, or as it is for -1.
func (f Field) Text(i int) string {
	if i < 0 {
		return f.Was
	}
	return f.with(i)
}

// ParseFields reads the --free values, 'Sheet!ID.column=a..b' or
// 'Rules!Key=a..b' (a list 'x,y,z' as well), then the --rule values,
// 'Key=a..b', which name a Rules parameter as sweep's --rule does, and
// finds each cell's value in the workbook res of game.
func ParseFields(game *schema.Game, res schema.Result, free, rules []string) ([]Field, error) {
	var out []Field
	for i, s := range append(slices.Clone(free), rules...) {
		f, err := parseField(game, res, s, i >= len(free))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// parseField reads one --free value, or a --rule value when rule is set.
func parseField(game *schema.Game, res schema.Result, s string, rule bool) (Field, error) {
	var a sweepgrid.Axis
	var err error
	target, _, _ := strings.Cut(s, "=")
	sheet, rest, _ := strings.Cut(target, "!")
	switch {
	case rule:
		a, err = sweepgrid.ParseRule(s)
	case schema.Normalize(sheet) == schema.RulesSheet.Key || schema.Normalize(sheet) == schema.RulesSheet.JA:
		a, err = sweepgrid.ParseRule(strings.TrimPrefix(s, sheet+"!"))
		a.Label = target
		if strings.Contains(rest, ".") {
			err = Messages.Err("tune_bad_free", s)
		}
	default:
		a, err = sweepgrid.ParseSet(s)
	}
	if m := (*schema.Message)(nil); errors.As(err, &m) && !rule {
		// sweep's words name --set or --rule; say --free.
		if inner := m.Unwrap(); len(inner) > 0 {
			err = Messages.Err("tune_bad_values", s, inner[0])
		} else {
			err = Messages.Err("tune_bad_free", s)
		}
	}
	if err != nil {
		return Field{}, err
	}
	f := Field{Label: a.Label, Axis: a, Values: a.Values, From: -1}
	if a.ID == "" {
		return f, ruleField(&f, game, res)
	}
	return f, cardField(&f, game, res)
}

// ruleField fills in a Rules parameter's field.
func ruleField(f *Field, game *schema.Game, res schema.Result) error {
	key := f.Axis.Column
	if !res.Rules.Has(key) {
		var keys []string
		for _, p := range game.AllRules() {
			keys = append(keys, p.Key)
		}
		return Messages.Err("tune_no_rule", f.Label, key, schema.Nearest(key, keys))
	}
	f.Was = res.Rules.Text(key)
	f.From = slices.IndexFunc(f.Values, func(v string) bool { return sameValue(v, f.Was) })
	f.with = func(i int) string { return f.Values[i] }
	return nil
}

// cardField fills in a card field: the cell of the row with the field's ID
// under its column, as sweep finds it (headers on the sheet's first row).
func cardField(f *Field, game *schema.Game, res schema.Result) error {
	a := f.Axis
	var spec *schema.SheetSpec
	for _, s := range game.Sheets {
		if s.Key == a.Sheet || s.JA == a.Sheet {
			spec = s
		}
	}
	if spec == nil {
		return sweepgrid.Messages.Err("sweep_no_sheet_q", a.Label, a.Sheet, game.ID)
	}
	t, ok := res.Book.Lookup(spec.Key, spec.JA)
	if !ok {
		return sweepgrid.Messages.Err("sweep_no_sheet", a.Label, spec.Key)
	}
	var col *schema.Column
	for _, c := range schema.ColumnsOf(spec.Row) {
		if c.JA == a.Column || c.EN == a.Column {
			col = &c
		}
	}
	idAt := slices.IndexFunc(t.Header, func(h string) bool { return schema.Normalize(h) == "ID" })
	at := -1
	if col != nil {
		at = slices.IndexFunc(t.Header, func(h string) bool { h = schema.Normalize(h); return h == col.JA || h == col.EN })
	}
	if idAt < 0 || at < 0 {
		return sweepgrid.Messages.Err("sweep_no_column", a.Label, t.Sheet, a.Column)
	}
	row := slices.IndexFunc(t.Rows, func(r schema.Row) bool { return schema.Normalize(r.Cell(idAt)) == a.ID })
	if row < 0 {
		return sweepgrid.Messages.Err("sweep_no_row", a.Label, t.Sheet, a.ID)
	}
	f.Was = schema.Normalize(t.Rows[row].Cell(at))
	f.with = func(i int) string { return f.Values[i] }
	if col.Kind == schema.KindEffect {
		// The values are the effect's amount: its first number outside its
		// conditions, as the effects scan moves it.
		n, with, ok := schema.EffectNumber(f.Was)
		if !ok {
			return Messages.Err("tune_no_number", f.Label, f.Was)
		}
		nums := make([]int, len(f.Values))
		for i, v := range f.Values {
			var err error
			if nums[i], err = strconv.Atoi(v); err != nil {
				return Messages.Err("tune_not_number", f.Label, v)
			}
		}
		f.From = slices.Index(nums, n)
		f.with = func(i int) string { return with(nums[i]) }
	} else {
		f.From = slices.IndexFunc(f.Values, func(v string) bool { return sameValue(v, f.Was) })
	}
	if d := game.Designs(res.Book)[a.ID]; d != nil && d.Sheet == spec.Key {
		f.Design = a.ID
	}
	return nil
}

// sameValue reports whether a candidate value is the cell's text: as
// numbers when both are, else as text.
func sameValue(v, cell string) bool {
	a, err1 := strconv.Atoi(strings.TrimSpace(v))
	b, err2 := strconv.Atoi(cell)
	if err1 == nil && err2 == nil {
		return a == b
	}
	return schema.Normalize(v) == cell
}
