package workbook

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/width"

	"bifrost/schema"
	"bifrost/schema/effect"
)

// templateRows is how far down the template's dropdowns and checks reach.
const templateRows = 1000

// templateTime stamps the template's document properties, so the same game
// always gives the same bytes.
const templateTime = "2026-01-01T00:00:00Z"

// boolChoices are the dropdown values of a boolean column.
var boolChoices = []string{"○", "×"}

// WriteTemplate writes the empty workbook for g to path, atomically. Each of
// g.AllSheets() becomes a sheet named by its English key, in order. Row 1
// holds the Japanese headers, bold on a fill, frozen, each with a note giving
// the English name and the column's description, effect columns' notes a
// worked example. Enum and boolean columns get dropdowns, bounded int columns
// a whole-number check, down to row 1000. The Rules sheet is filled with g's
// parameters and their defaults, each value cell checked by its kind.
func WriteTemplate(path string, g *schema.Game) error {
	f, err := newTemplate(g)
	if err != nil {
		return err
	}
	defer f.Close() // an in-memory file: nothing to lose
	return Save(f, path)
}

// newTemplate builds the template workbook in memory.
func newTemplate(g *schema.Game) (*excelize.File, error) {
	f := excelize.NewFile()
	head, err := f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"#DDEBF7"}},
		Border:    []excelize.Border{{Type: "bottom", Color: "#8EA9DB", Style: 1}},
		Alignment: &excelize.Alignment{Vertical: "center"},
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	for i, spec := range g.AllSheets() {
		if i == 0 {
			err = f.SetSheetName("Sheet1", spec.Key) // excelize's default sheet
		} else {
			_, err = f.NewSheet(spec.Key)
		}
		if err == nil {
			err = writeSheet(f, g, spec, head)
		}
		if err == nil && spec.Key == schema.RulesSheet.Key {
			err = writeRules(f, spec.Key, g.AllRules())
		}
		if err != nil {
			f.Close()
			return nil, schema.Errorf("テンプレート %s：シート %s：%v", "template %s: sheet %s: %v", g.ID, spec.Key, err)
		}
	}
	f.SetActiveSheet(0)
	err = f.SetDocProps(&excelize.DocProperties{
		Title:          g.Title,
		Subject:        g.ID,
		Creator:        "bifrost",
		LastModifiedBy: "bifrost",
		Created:        templateTime,
		Modified:       templateTime,
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// writeSheet writes one sheet's header row, notes, widths, panes and checks.
func writeSheet(f *excelize.File, g *schema.Game, spec *schema.SheetSpec, head int) error {
	sheet := spec.Key
	cols := spec.Columns()
	for i, col := range cols {
		name, err := excelize.ColumnNumberToName(i + 1)
		if err != nil {
			return err
		}
		cell := name + "1"
		if err := f.SetCellStr(sheet, cell, col.JA); err != nil {
			return err
		}
		text := note(col, g.Vocabs[col.Vocab])
		if err := f.AddComment(sheet, excelize.Comment{
			Cell: cell, Author: "bifrost", Text: text,
			Width: 300, Height: uint(40 + 20*strings.Count(text, "\n")),
		}); err != nil {
			return err
		}
		if err := f.SetColWidth(sheet, name, name, columnWidth(col)); err != nil {
			return err
		}
		dv, err := validation(col, fmt.Sprintf("%s2:%s%d", name, name, templateRows))
		if err != nil {
			return err
		}
		if dv != nil {
			if err := f.AddDataValidation(sheet, dv); err != nil {
				return err
			}
		}
	}
	if len(cols) > 0 {
		last, _ := excelize.ColumnNumberToName(len(cols)) // valid: checked in the loop
		if err := f.SetCellStyle(sheet, "A1", last+"1", head); err != nil {
			return err
		}
	}
	return f.SetPanes(sheet, &excelize.Panes{
		Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft",
		Selection: []excelize.Selection{{SQRef: "A2", ActiveCell: "A2", Pane: "bottomLeft"}},
	})
}

// note is a header's note: the English name, the description, what the
// column accepts, and for an effect column in vocabulary v a worked example.
func note(col schema.Column, v *effect.Vocab) string {
	lines := []string{col.EN}
	if col.Doc != "" {
		lines = append(lines, col.Doc)
	}
	var accepts []string
	if col.Required {
		accepts = append(accepts, "必須")
	}
	switch {
	case len(col.Enum) > 0:
		accepts = append(accepts, strings.Join(col.Enum, " / "))
	case col.Kind == schema.KindBool:
		accepts = append(accepts, "○/×")
	case col.Kind == schema.KindInt && (col.Min != "" || col.Max != ""):
		accepts = append(accepts, "整数 "+col.Min+"〜"+col.Max)
	case col.Kind == schema.KindList:
		accepts = append(accepts, "「,」区切り")
	}
	if len(accepts) > 0 {
		lines = append(lines, strings.Join(accepts, "。"))
	}
	if col.Kind == schema.KindEffect {
		if ex := effectExample(v, col.Doc); ex != "" {
			lines = append(lines, ex)
		}
	}
	return strings.Join(lines, "\n")
}

// effectExample is a worked example in vocabulary v for a column described
// by doc: a clause written with the first verb whose arguments are numbers or
// words, after the first trigger doc names ("end:"; none when doc names
// none, as the column then takes none), by their Japanese names, and the
// card text it prints. It is "" when v has no such verb.
func effectExample(v *effect.Vocab, doc string) string {
	if v == nil {
		return ""
	}
	for _, verb := range v.Verbs {
		src, ok := jaName(verb.Name, verb.Aliases), true
		for _, a := range verb.Args {
			switch {
			case a.Optional:
			case a.Kind == effect.Count || a.Kind == effect.Signed:
				src += " " + strconv.Itoa(max(a.Min, 2))
				continue
			case a.Kind == effect.Word && len(a.Enum) > 0:
				src += " " + a.Enum[0]
				continue
			default:
				ok = false
			}
			break
		}
		if !ok {
			continue
		}
		for _, t := range v.Triggers {
			if strings.Contains(doc, t.Name+":") {
				src = jaName(t.Name, t.Aliases) + ":" + src
				break
			}
		}
		if e, err := effect.Parse(src, v); err == nil {
			return "例：「" + src + "」と書くと、カードには「" + e.Text(v, nil) + "」と印刷されます"
		}
	}
	return ""
}

// jaName is the first alias that is not ASCII, else name.
func jaName(name string, aliases []string) string {
	if ja := effect.JapaneseAlias(aliases); ja != "" {
		return ja
	}
	return name
}

// columnWidth is a width, in characters, that fits the header and the kind
// of content the column holds.
func columnWidth(col schema.Column) float64 {
	w := 16.0
	switch col.Kind {
	case schema.KindInt, schema.KindBool:
		w = 8
	case schema.KindList:
		w = 24
	case schema.KindEffect:
		w = 50
	case schema.KindText:
		switch col.EN {
		case "ID":
			w = 12
		case "Text", "Flavor", "Story", "Description":
			w = 40
		}
	}
	// Room for the header plus the dropdown arrow.
	return max(w, float64(displayWidth(col.JA)+4))
}

// displayWidth counts wide (CJK) characters as two columns.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// validation returns the data validation for col over sqref, or nil.
func validation(col schema.Column, sqref string) (*excelize.DataValidation, error) {
	dv := excelize.NewDataValidation(true)
	dv.Sqref = sqref
	switch {
	case len(col.Enum) > 0:
		if err := dv.SetDropList(col.Enum); err != nil {
			return nil, nil // too long for an inline list; the note names the values
		}
		dv.SetError(excelize.DataValidationErrorStyleStop, col.JA, strings.Join(col.Enum, " / ")+" のどれかを選んでください")
	case col.Kind == schema.KindBool:
		if err := dv.SetDropList(boolChoices); err != nil {
			return nil, err
		}
		// A warning, not a stop: はい/いいえ and TRUE/FALSE are accepted too.
		dv.SetError(excelize.DataValidationErrorStyleWarning, col.JA, "○ か × を選んでください（はい/いいえ、TRUE/FALSE も可）")
	case col.Kind == schema.KindInt:
		lo, loErr := strconv.Atoi(col.Min)
		hi, hiErr := strconv.Atoi(col.Max)
		var err error
		switch {
		case loErr == nil && hiErr == nil:
			err = dv.SetRange(lo, hi, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween)
		case loErr == nil:
			err = dv.SetRange(lo, lo, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorGreaterThanOrEqual)
			dv.Formula2 = ""
		case hiErr == nil:
			err = dv.SetRange(hi, hi, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorLessThanOrEqual)
			dv.Formula2 = ""
		default:
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		dv.SetError(excelize.DataValidationErrorStyleStop, col.JA, "整数 "+col.Min+"〜"+col.Max+" を入力してください")
	default:
		return nil, nil
	}
	return dv, nil
}

// writeRules fills the Rules sheet from row 2: key, default, description.
// Defaults that are whole numbers are written as numbers. Each value cell
// gets its parameter's check: a ○/× dropdown, a whole-number range, or a
// dropdown of the choices; a list of numbers gets none.
func writeRules(f *excelize.File, sheet string, params []schema.RuleParam) error {
	for i, p := range params {
		row := i + 2
		for j, v := range []string{p.Key, p.Default, p.Doc} {
			cell, err := excelize.CoordinatesToCellName(j+1, row)
			if err != nil {
				return err
			}
			if n, nerr := strconv.Atoi(v); nerr == nil && j == 1 {
				err = f.SetCellInt(sheet, cell, int64(n))
			} else {
				err = f.SetCellStr(sheet, cell, v)
			}
			if err != nil {
				return err
			}
		}
		dv, err := ruleValidation(p, fmt.Sprintf("B%d", row))
		if err != nil {
			return schema.Errorf("ルール %s：%v", "rule %s: %v", p.Key, err)
		}
		if dv != nil {
			if err := f.AddDataValidation(sheet, dv); err != nil {
				return err
			}
		}
	}
	return nil
}

// ruleValidation returns the check of p's value cell, or nil for a list or text.
func ruleValidation(p schema.RuleParam, cell string) (*excelize.DataValidation, error) {
	col := schema.Column{JA: p.Key}
	switch p.ResolvedKind() {
	case schema.RuleBool:
		col.Kind = schema.KindBool
	case schema.RuleChoice:
		col.Enum = p.Choices
	case schema.RuleInt:
		col.Kind, col.Min, col.Max = schema.KindInt, strconv.Itoa(p.Min), strconv.Itoa(p.Max)
	default:
		return nil, nil
	}
	dv, err := validation(col, cell)
	if dv != nil && p.Budget != "" {
		// A warning, not a stop: a budget may follow the choice, "search:50".
		dv.SetError(excelize.DataValidationErrorStyleWarning, col.JA, strings.Join(col.Enum, " / ")+" のどれかを選んでください（"+p.Budget+":50 のように反復回数を付けられます）")
	}
	return dv, err
}
