package rules_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/rules/bloodrage"
	"bifrost/rules/guardian"
	"bifrost/rules/nastrond"
	"bifrost/rules/valkyrie"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// shippedBook opens cardsrc/<game>.xlsx.
func shippedBook(t *testing.T, g *schema.Game) *schema.Book {
	t.Helper()
	book, err := workbook.Open("../cardsrc/"+g.ID+".xlsx", "cardsrc/"+g.ID+".xlsx")
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// withCell returns a copy of book whose table t has value in column col
// (0-based) of its data row i, a new last row when i is len(t.Rows); the
// other tables are shared.
func withCell(book *schema.Book, t *schema.Table, i, col int, value string) *schema.Book {
	out := &schema.Book{File: book.File, Sheets: map[string]*schema.Table{}}
	for k, v := range book.Sheets {
		out.Sheets[k] = v
	}
	nt := *t
	nt.Rows = slices.Clone(t.Rows)
	if i == len(t.Rows) {
		nt.Rows = append(nt.Rows, schema.Row{Num: t.Rows[i-1].Num + 1})
		t = &nt
	}
	cells := make([]string, max(col+1, len(t.Rows[i].Cells)))
	for c := range cells {
		cells[c] = t.Rows[i].Cell(c)
	}
	cells[col] = value
	nt.Rows[i] = schema.Row{Num: t.Rows[i].Num, Cells: cells}
	out.Sheets[t.Sheet] = &nt
	return out
}

// column returns the 0-based column of t whose header is ja or en, or -1.
func column(t *schema.Table, ja, en string) int {
	for i, h := range t.Header {
		if h = schema.Normalize(h); h == ja || strings.EqualFold(h, en) {
			return i
		}
	}
	return -1
}

// wantErrorAt fails t unless ps has an error at sheet!cell.
func wantErrorAt(t *testing.T, ps []schema.Problem, sheet, cell, what string) {
	t.Helper()
	for _, p := range ps {
		if p.Severity == schema.Error && p.Sheet == sheet && p.Cell == cell {
			return
		}
	}
	t.Errorf("%s: no error at %s!%s; got %d problems %v", what, sheet, cell, len(ps), ps)
}

// TestZeroIsRejectedAtItsCell writes 0 into the first row of
// columns where 0 makes no sense, starting with the nastrond Edda
// 目標値 (a challenge that always succeeds): each is an error at that cell
// naming the column and its minimum 1, in both languages. Unlike the
// generic bound test below, this pins the minimum itself, so loosening the
// tag to min=0 fails here.
func TestZeroIsRejectedAtItsCell(t *testing.T) {
	for _, tt := range []struct {
		game       *schema.Game
		sheet      string
		column, en string
	}{
		{nastrond.Schema, "Edda", "目標値", "Target"},
		{nastrond.Schema, "Keeper", "目標値", "Target"},
		{nastrond.Schema, "Nidhogg", "目標値", "Target"},
		{nastrond.Schema, "Edda", "階層", "Layer"},
		{nastrond.Schema, "Urd", "枚数", "Copies"},
		{valkyrie.Schema, "VP", "VP", "VP"},
		{guardian.Schema, "Decks", "枚数", "Copies"},
		{bloodrage.Schema, "AITrack", "順番", "Step"},
	} {
		name := tt.game.ID + "/" + tt.sheet + "/" + tt.en
		book := shippedBook(t, tt.game)
		spec := tt.game.Spec(tt.sheet)
		tab, ok := book.Lookup(spec.Key, spec.JA)
		if !ok {
			t.Fatalf("%s: no sheet", name)
		}
		col := column(tab, tt.column, tt.en)
		if col < 0 {
			t.Fatalf("%s: no column %s in the shipped workbook", name, tt.column)
		}
		cell := schema.CellName(col+1, tab.Rows[0].Num)
		for lang, want := range map[string]string{"ja": tt.column, "en": tt.en} {
			res := tt.game.Validate(withCell(book, tab, 0, col, "0"), schema.NewLang(lang))
			found := false
			for _, p := range res.Problems {
				if p.Severity == schema.Error && p.Sheet == tab.Sheet && p.Cell == cell && strings.Contains(p.Message, want) && strings.Contains(p.Message, "1") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s %s: no error at %s!%s naming %s and its minimum 1; got %v", name, lang, tab.Sheet, cell, want, res.Problems)
			}
		}
	}
}

// TestEveryBoundIsEnforcedAtItsCell writes, for every bounded
// whole-number column of every game (validate min= and max=) and every
// bounded rule parameter, the value just outside the bound into the shipped
// workbook: each must be an error at that cell. This proves every declared
// bound is enforced, on every sheet and rule, at the right cell.
func TestEveryBoundIsEnforcedAtItsCell(t *testing.T) {
	lang := schema.NewLang("en")
	for _, game := range rules.All() {
		g := game.Schema
		book := shippedBook(t, g)
		checked := 0
		for _, spec := range g.Sheets {
			tab, ok := book.Lookup(spec.Key, spec.JA)
			if !ok || len(tab.Rows) == 0 {
				continue
			}
			for _, c := range spec.Columns() {
				col := column(tab, c.JA, c.EN)
				if c.Kind != schema.KindInt || col < 0 {
					continue
				}
				for _, bound := range []struct {
					text string
					step int
				}{{c.Min, -1}, {c.Max, +1}} {
					n, err := strconv.Atoi(bound.text)
					if err != nil {
						continue // no such bound
					}
					value := strconv.Itoa(n + bound.step)
					res := g.Validate(withCell(book, tab, 0, col, value), lang)
					wantErrorAt(t, res.Problems, tab.Sheet, schema.CellName(col+1, tab.Rows[0].Num),
						fmt.Sprintf("%s %s.%s = %s", g.ID, spec.Key, c.EN, value))
					checked++
				}
			}
		}
		rules, ok := book.Lookup(schema.RulesSheet.Key, schema.RulesSheet.JA)
		if !ok {
			t.Fatalf("%s: no Rules sheet", g.ID)
		}
		keyCol, valCol := column(rules, "キー", "Key"), column(rules, "値", "Value")
		for _, p := range g.Rules {
			if p.Kind == schema.RuleBool || p.Min == p.Max {
				continue
			}
			if _, isInt := schema.ParseInt(strings.Split(p.Default, ",")[0]); !isInt {
				continue // a ○/× rule
			}
			at, i := rules, slices.IndexFunc(rules.Rows, func(r schema.Row) bool { return schema.Normalize(r.Cell(keyCol)) == p.Key })
			if i < 0 { // not in the shipped sheet yet: add its row
				i = len(rules.Rows)
				at = withCell(book, rules, i, keyCol, p.Key).Sheets[rules.Sheet]
			}
			for _, v := range []int{p.Min - 1, p.Max + 1} {
				list := strings.Split(p.Default, ",")
				list[0] = strconv.Itoa(v)
				value := strings.Join(list, ",")
				res := g.Validate(withCell(book, at, i, valCol, value), lang)
				wantErrorAt(t, res.Problems, rules.Sheet, schema.CellName(valCol+1, at.Rows[i].Num),
					fmt.Sprintf("%s rule %s = %s", g.ID, p.Key, value))
				checked++
			}
		}
		if checked < 10 {
			t.Errorf("%s: only %d bounds checked", g.ID, checked)
		}
	}
}
