package nastrond_test

import (
	"maps"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/rules/nastrond"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

const nastrondShipped = "../../cardsrc/nastrond.xlsx"

// openNastrond validates a Nastrond workbook in lang and returns the result.
func openNastrond(t *testing.T, path, lang string) schema.Result {
	t.Helper()
	book, err := workbook.Open(path, "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	return nastrond.Schema.Validate(book, schema.NewLang(lang))
}

// TestNastrond_ShippedWorkbookIsValid validates cardsrc/nastrond.xlsx in
// both languages: no problems, the seed's component counts, and every skill
// parsed.
func TestNastrond_ShippedWorkbookIsValid(t *testing.T) {
	want := map[string]int{"Valkyria": 4, "Urd": 48, "Edda": 38, "Einherjar": 33, "Keeper": 10, "Nidhogg": 1}
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			res := openNastrond(t, nastrondShipped, lang)
			for _, p := range res.Problems {
				t.Errorf("%s", p)
			}
			if !maps.Equal(res.Components, want) {
				t.Errorf("components = %v, want %v", res.Components, want)
			}
			d, ok := res.Data.(*nastrond.Data)
			if !ok {
				t.Fatalf("Data is %T, want *nastrond.Data", res.Data)
			}
			skills := 0
			for _, e := range d.Einherjar {
				if e.Skill.Src == "" {
					continue
				}
				skills++
				if e.Skill.AST == nil || len(e.Skill.AST.Clauses) == 0 {
					t.Errorf("Einherjar %s: skill %q did not parse", e.ID, e.Skill.Src)
				}
			}
			if skills != len(d.Einherjar) || skills == 0 {
				t.Errorf("%d of %d Einherjar designs have a skill, want all", skills, len(d.Einherjar))
			}
		})
	}
}

// TestNastrond_ShippedWorkbookIsPlayable checks the shape the seed and the
// engine rely on beyond validation: difficulty and reward rise layer by
// layer, Keepers are harder than the Edda of their layer, Nidhogg is the
// hardest of all, growth icons are spread evenly, and every Einherjar skill
// names its timing.
func TestNastrond_ShippedWorkbookIsPlayable(t *testing.T) {
	res := openNastrond(t, nastrondShipped, "en")
	d, ok := res.Data.(*nastrond.Data)
	if !ok || schema.HasErrors(res.Problems) {
		t.Fatalf("the shipped workbook does not validate: %v", res.Problems)
	}

	type span struct{ lo, hi int }
	widen := func(s *span, v int) {
		if s.lo == 0 || v < s.lo {
			s.lo = v
		}
		s.hi = max(s.hi, v)
	}
	var target, vp, keeperTarget [4]span
	icons := map[string]int{}
	for _, e := range d.Edda {
		widen(&target[e.Layer], e.Target)
		widen(&vp[e.Layer], e.VP)
		icons["勇気"] += e.Courage * e.Copies
		icons["知性"] += e.Intellect * e.Copies
		icons["威厳"] += e.Dignity * e.Copies
		icons["親愛"] += e.Affection * e.Copies
		if n := e.Courage + e.Intellect + e.Dignity + e.Affection; n == 0 {
			t.Errorf("Edda %s has no growth icon", e.ID)
		}
		if e.Name == "" || e.Story == "" {
			t.Errorf("Edda %s lacks a name or a story", e.ID)
		}
	}
	for l := 2; l <= 3; l++ {
		if target[l].lo <= target[l-1].lo || target[l].hi <= target[l-1].hi {
			t.Errorf("Edda targets do not rise from layer %d %v to layer %d %v", l-1, target[l-1], l, target[l])
		}
		if vp[l].lo <= vp[l-1].lo || vp[l].hi <= vp[l-1].hi {
			t.Errorf("Edda VP do not rise from layer %d %v to layer %d %v", l-1, vp[l-1], l, vp[l])
		}
	}
	lo, hi := 1<<30, 0
	for _, n := range icons {
		lo, hi = min(lo, n), max(hi, n)
	}
	if len(icons) != 4 || hi-lo > 1 {
		t.Errorf("growth icons are not spread evenly: %v", icons)
	}

	for _, k := range d.Keepers {
		widen(&keeperTarget[k.Layer], k.Target)
		if k.Target <= target[k.Layer].hi {
			t.Errorf("Keeper %s (layer %d) has target %d, not above the layer's Edda (up to %d)", k.ID, k.Layer, k.Target, target[k.Layer].hi)
		}
	}
	for _, n := range d.Nidhogg {
		if n.Target <= keeperTarget[3].hi {
			t.Errorf("Nidhogg's target %d is not above every Keeper's (up to %d)", n.Target, keeperTarget[3].hi)
		}
	}

	for _, e := range d.Einherjar {
		if e.Cost < 0 || e.Cost > 3 {
			t.Errorf("Einherjar %s costs %d, want 0..3", e.ID, e.Cost)
		}
		for _, cl := range e.Skill.AST.Clauses {
			if cl.Trigger == "" {
				t.Errorf("Einherjar %s: skill %q does not name its timing", e.ID, e.Skill.Src)
			}
		}
	}
}

// TestNastrond_ShippedWorkbookTypedByHand re-types the shipped numbers the
// way a designer's spreadsheet may store them: as text, in full-width
// digits, padded with ideographic spaces. The result must still validate
// with the same counts.
func TestNastrond_ShippedWorkbookTypedByHand(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "nastrond.xlsx")
	fullWidth := strings.NewReplacer("0", "０", "1", "１", "2", "２", "3", "３", "4", "４", "5", "５", "6", "６", "7", "７", "8", "８", "9", "９")
	retyped := 0
	err := workbook.Edit(nastrondShipped, dst, func(f *excelize.File) error {
		for _, sheet := range []string{"Urd", "Edda", "Einherjar", "Keeper", "Nidhogg"} {
			rows, err := f.GetRows(sheet)
			if err != nil {
				return err
			}
			for i, r := range rows[1:] {
				for j, v := range r {
					if _, ok := schema.ParseInt(v); !ok || v == "" {
						continue
					}
					text := v
					switch (i + j) % 3 {
					case 0:
						text = fullWidth.Replace(v)
					case 1:
						text = "\u3000" + v + " "
					}
					if err := f.SetCellStr(sheet, schema.CellName(j+1, i+2), text); err != nil {
						return err
					}
					retyped++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if retyped < 100 {
		t.Fatalf("only %d cells retyped; the edit missed the numbers", retyped)
	}
	res := openNastrond(t, dst, "en")
	for _, p := range res.Problems {
		t.Errorf("%s", p)
	}
	want := openNastrond(t, nastrondShipped, "en")
	if !maps.Equal(res.Components, want.Components) {
		t.Errorf("components = %v, want %v", res.Components, want.Components)
	}
}

// TestNastrond_ShippedRulesNotesAreTheSchemaDocs: the 説明 column of the
// shipped workbook's Rules sheet is what a designer reads beside each
// value, so every note must be the parameter's Doc, which the designer's
// book prints.
func TestNastrond_ShippedRulesNotesAreTheSchemaDocs(t *testing.T) {
	book, err := workbook.Open(nastrondShipped, "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	rules, ok := book.Lookup(schema.RulesSheet.Key, schema.RulesSheet.JA)
	if !ok {
		t.Fatal("the shipped workbook has no Rules sheet")
	}
	col := map[string]int{}
	for i, h := range rules.Header {
		col[schema.Normalize(h)] = i
	}
	key, keyOK := col["キー"]
	note, noteOK := col["説明"]
	if !keyOK || !noteOK {
		t.Fatalf("the Rules sheet's header %v lacks キー or 説明", rules.Header)
	}
	docs := map[string]string{}
	for _, p := range nastrond.Schema.AllRules() {
		docs[p.Key] = p.Doc
	}
	for _, r := range rules.Rows {
		k := schema.Normalize(r.Cell(key))
		doc, declared := docs[k]
		if !declared {
			t.Errorf("Rules row %d: %q is no parameter", r.Num, k)
			continue
		}
		if got := schema.Trim(r.Cell(note)); got != doc {
			t.Errorf("Rules row %d (%s): the note says %q, the schema's Doc %q", r.Num, k, got, doc)
		}
	}
	if len(rules.Rows) == 0 {
		t.Error("the Rules sheet has no rows")
	}
}

// TestTheWorkbookSavedByLibreOfficeAsODSGivesTheSameCards validates the
// shipped workbook as LibreOffice Calc saves it in its own format and as
// .xlsx (testdata/libreoffice.ods and .xlsx, made by `soffice --headless
// --convert-to ods` and back): the same cards, Rules and problems, cell by
// cell.
func TestTheWorkbookSavedByLibreOfficeAsODSGivesTheSameCards(t *testing.T) {
	ods := openNastrond(t, filepath.Join("testdata", "libreoffice.ods"), "ja")
	xlsx := openNastrond(t, filepath.Join("testdata", "libreoffice.xlsx"), "ja")
	for _, p := range ods.Problems {
		t.Errorf("ods: %s", p)
	}
	if !reflect.DeepEqual(ods, xlsx) {
		t.Errorf("the .ods and the .xlsx validate differently:\n ods  %+v\n xlsx %+v", ods.Components, xlsx.Components)
	}
	if n := ods.Components["Einherjar"]; n != 33 {
		t.Errorf("the .ods gives %d Einherjar, want 33", n)
	}
}
