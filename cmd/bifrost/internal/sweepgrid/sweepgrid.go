// Package sweepgrid is `bifrost sweep` below its command: the axes read
// from --set and --rule, every combination of their values, the writing of
// one combination into a copy of the workbook, its validation and the
// batch played on it (Trial), the measures of that batch, the design
// measures included (Measure), their pairing, game for game, with the
// baseline's (Run), and the sweep written out (Output). The command reads
// the flags.
package sweepgrid

import (
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// Messages are what the grid says when an axis cannot be read or written:
// Japanese, English.
var Messages = schema.Catalogue{
	"bad_set":          {"--set「%s」：シート!ID.列=値 の形で書いてください（例：'Edda!E1-05.目標値=5..9'）", "--set %q: write Sheet!ID.column=values, e.g. 'Edda!E1-05.目標値=5..9'"},
	"bad_set_values":   {"--set「%s」：%v", "--set %q: %v"},
	"bad_rule":         {"--rule「%s」：キー=値 の形で書いてください（例：'TiwazVP=0,1,2'）", "--rule %q: write Key=values, e.g. 'TiwazVP=0,1,2'"},
	"bad_rule_values":  {"--rule「%s」：%v", "--rule %q: %v"},
	"bad_range":        {"範囲は a..b（a ≤ b の整数、値は 101 個まで）で書いてください", "a range is two whole numbers a..b with a ≤ b, at most 101 values"},
	"no_values":        {"値がありません", "no values"},
	"sweep_no_sheet_q": {"%s：%[3]s にシート「%[2]s」はありません", "%s: no sheet %q in %s"},
	"sweep_no_sheet":   {"%s：ブックにシート %s がありません", "%s: the workbook has no sheet %s"},
	"sweep_empty":      {"%s：シート %s が空です", "%s: sheet %s is empty"},
	"sweep_no_column":  {"%s：シート %s に列 %s がありません", "%s: sheet %s has no column %s"},
	"sweep_no_row":     {"%s：シート %s に ID %s の行がありません", "%s: sheet %s has no row with ID %s"},
	"sweep_design_head": {"ゲームの手ざわり（値ごと・人数ごと）。最初の値との差は同じシードのゲームを対にした 95 %% 区間で、人数と指標をまとめて Benjamini–Hochberg 補正（* は有意）：",
		"Design measures per value and player count; changes from the first value by paired 95 %% intervals on the same seeds, Benjamini–Hochberg adjusted together (* significant):"},
	"sweep_design_point": {"  値 %s：", "  values %s:"},
	"sweep_design_base":  {"    （基準：最初の値）", "    (the baseline: the first value)"},
	"sweep_design_moved": {"      最初の値との有意な差 *：%s", "      differs significantly from the first value *: %s"},
	"sweep_design_same":  {"    最初の値との有意な差はありません", "    no significant change from the first value"},
}

// Axis is one swept cell and its values.
type Axis struct {
	Label             string // as typed, before "="
	Sheet, ID, Column string // empty ID: a Rules parameter named by Column
	Values            []string
}

// ParseSet reads a --set value, 'Sheet!ID.column=values'.
func ParseSet(s string) (Axis, error) {
	target, vals, ok := strings.Cut(s, "=")
	sheet, rest, ok2 := strings.Cut(target, "!")
	dot := strings.LastIndex(rest, ".")
	if !ok || !ok2 || dot <= 0 || dot == len(rest)-1 {
		return Axis{}, Messages.Err("bad_set", s)
	}
	values, err := parseValues(vals)
	if err != nil {
		return Axis{}, Messages.Err("bad_set_values", s, err)
	}
	return Axis{Label: target, Sheet: sheet, ID: rest[:dot], Column: rest[dot+1:], Values: values}, nil
}

// ParseRule reads a --rule value, 'Key=values'.
func ParseRule(s string) (Axis, error) {
	key, vals, ok := strings.Cut(s, "=")
	if !ok || key == "" {
		return Axis{}, Messages.Err("bad_rule", s)
	}
	values, err := parseValues(vals)
	if err != nil {
		return Axis{}, Messages.Err("bad_rule_values", s, err)
	}
	return Axis{Label: key, Sheet: schema.RulesSheet.Key, Column: key, Values: values}, nil
}

// parseValues reads "a..b" (whole numbers) or "x,y,z".
func parseValues(s string) ([]string, error) {
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || b < a || b-a > 100 {
			return nil, Messages.Err("bad_range")
		}
		var out []string
		for v := a; v <= b; v++ {
			out = append(out, strconv.Itoa(v))
		}
		return out, nil
	}
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, Messages.Err("no_values")
	}
	return out, nil
}

// Grid lists every combination of the axes' values, the first Axis slowest.
func Grid(axes []Axis) [][]string {
	out := [][]string{nil}
	for _, a := range axes {
		var next [][]string
		for _, prefix := range out {
			for _, v := range a.Values {
				next = append(next, append(append([]string(nil), prefix...), v))
			}
		}
		out = next
	}
	return out
}

// set writes value into the Axis's cell: the row with the Axis's ID (or,
// for the Rules sheet, its key) under the column with its header.
func set(f *excelize.File, game *schema.Game, a Axis, value string) error {
	var spec *schema.SheetSpec
	for _, s := range game.AllSheets() {
		if s.Key == a.Sheet || s.JA == a.Sheet {
			spec = s
		}
	}
	if spec == nil {
		return Messages.Err("sweep_no_sheet_q", a.Label, a.Sheet, game.ID)
	}
	sheet := ""
	for _, name := range f.GetSheetList() {
		if name == spec.Key || name == spec.JA {
			sheet = name
		}
	}
	if sheet == "" {
		return Messages.Err("sweep_no_sheet", a.Label, spec.Key)
	}
	rows, err := f.GetRows(sheet)
	if err != nil || len(rows) == 0 {
		return Messages.Err("sweep_empty", a.Label, sheet)
	}
	keyHeaders, valueHeaders := []string{"ID"}, []string{a.Column}
	keyValue := a.ID
	if spec == schema.RulesSheet {
		keyHeaders, valueHeaders, keyValue = []string{"キー", "Key"}, []string{"値", "Value"}, a.Column
	} else {
		for _, c := range schema.ColumnsOf(spec.Row) {
			if c.JA == a.Column || c.EN == a.Column {
				valueHeaders = []string{c.JA, c.EN}
			}
		}
	}
	keyCol, valCol := headerIndex(rows[0], keyHeaders), headerIndex(rows[0], valueHeaders)
	if keyCol < 0 || valCol < 0 {
		return Messages.Err("sweep_no_column", a.Label, sheet, strings.Join(valueHeaders, "/"))
	}
	row := -1
	for i, r := range rows[1:] {
		if keyCol < len(r) && strings.TrimSpace(r[keyCol]) == keyValue {
			row = i + 2
		}
	}
	if row < 0 {
		if spec != schema.RulesSheet {
			return Messages.Err("sweep_no_row", a.Label, sheet, keyValue)
		}
		row = len(rows) + 1
		if err := f.SetCellStr(sheet, schema.CellName(keyCol+1, row), keyValue); err != nil {
			return err
		}
	}
	if n, err := strconv.Atoi(value); err == nil {
		return f.SetCellInt(sheet, schema.CellName(valCol+1, row), int64(n))
	}
	return f.SetCellStr(sheet, schema.CellName(valCol+1, row), value)
}

func headerIndex(header []string, names []string) int {
	for i, h := range header {
		for _, n := range names {
			if strings.TrimSpace(h) == n {
				return i
			}
		}
	}
	return -1
}

// Apply writes combo, one value per axis, into f, a workbook of game.
func Apply(f *excelize.File, game *schema.Game, axes []Axis, combo []string) error {
	for i, a := range axes {
		if err := set(f, game, a, combo[i]); err != nil {
			return err
		}
	}
	return nil
}
