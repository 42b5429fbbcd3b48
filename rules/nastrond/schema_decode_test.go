package nastrond

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"slices"
	"strings"
	"testing"
)

// The generic decoder, exercised through the Nastrond schema: what a
// Japanese designer types must read the same as the canonical form, and a
// problem must still point at the cell where it is.

// mustBeClean fails t unless b validates without problems and with the
// seed's component counts.
func mustBeClean(t *testing.T, b nastrondSheets) schema.Result {
	t.Helper()
	r := b.validate("en")
	if len(r.Problems) != 0 {
		t.Fatalf("want no problems, got:\n%s", strings.Join(schematest.ProblemLines(r.Problems), "\n"))
	}
	want := map[string]int{"Valkyria": 4, "Urd": 48, "Edda": 38, "Einherjar": 33, "Keeper": 10, "Nidhogg": 1}
	for k, n := range want {
		if r.Components[k] != n {
			t.Errorf("components[%s] = %d, want %d", k, r.Components[k], n)
		}
	}
	return r
}

// eddaNamed returns the decoded Edda with the given ID.
func eddaNamed(t *testing.T, r schema.Result, id string) Edda {
	t.Helper()
	for _, e := range r.Data.(*Data).Edda {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no Edda %q in the data", id)
	return Edda{}
}

func TestDecode_FullWidthDigits(t *testing.T) {
	tests := []struct {
		name, sheet, id, header, value string
		check                          func(t *testing.T, r schema.Result)
	}{
		{"copies", "Urd", "U1", "枚数", "１２", nil},
		{"target", "Edda", "E1a", "目標値", "７", func(t *testing.T, r schema.Result) {
			if got := eddaNamed(t, r, "E1a").Target; got != 7 {
				t.Errorf("target = %d, want 7", got)
			}
		}},
		{"full-width ID letters and digits", "Edda", "E1b", "ID", "Ｅ１ｂ", func(t *testing.T, r schema.Result) {
			eddaNamed(t, r, "E1b")
		}},
		{"full-width plus sign in an effect", "Einherjar", "N2", "スキル", "after_fix: [keeper] power ＋２", func(t *testing.T, r schema.Result) {
			if got := r.Data.(*Data).Einherjar[2].Skill.AST.Clauses[0].Action.Int(0); got != 2 {
				t.Errorf("power argument = %d, want 2", got)
			}
		}},
		{"full-width brackets and operator", "Einherjar", "N2", "スキル", "after_fix: ［layer ＞＝ ２］ power +2", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := nastrondFixture().clone()
			b.set(t, tt.sheet, tt.id, tt.header, tt.value)
			r := mustBeClean(t, b)
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

func TestDecode_NumbersStoredAsText(t *testing.T) {
	// An in-memory book holds text only; these are the spellings a number
	// stored as text takes in a spreadsheet.
	for _, v := range []string{"12", "12.0", "1.2E+1", "+12", "０１２"} {
		t.Run(v, func(t *testing.T) {
			b := nastrondFixture().clone()
			b.set(t, "Urd", "U2", "枚数", v)
			mustBeClean(t, b)
		})
	}

	runNastrondCases(t, []nastrondCase{
		{
			name:  "a unit after the number is not a number",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Urd", "U2", "枚数", "12枚") },
			sheet: "Urd", cell: "C3",
			en: `Copies must be a whole number (got "12枚")`,
			ja: "枚数は整数で入力してください（入力値: 「12枚」）",
		},
		{
			name:  "a fraction is not a whole number",
			edit:  func(t *testing.T, b nastrondSheets) { b.set(t, "Edda", "E2a", "目標値", "10.5") },
			sheet: "Edda", cell: "D4",
			en: `Target must be a whole number (got "10.5")`,
			ja: "目標値は整数で入力してください",
		},
	})
}

func TestDecode_IdeographicSpaces(t *testing.T) {
	tests := []struct{ sheet, id, header, value string }{
		{"Valkyria", "V1", "色", "\u3000赤\u3000"},
		{"Valkyria", "V2", "ID", " V2\u3000"},
		{"Edda", "E3a", "階層", "\u3000３ "},
		{"Einherjar", "N1", "スキル", "\u3000reroll 1\u3000"},
		{"Keeper", "K11", "名前", "\tガルム\u3000"},
	}
	for _, tt := range tests {
		t.Run(tt.sheet+"/"+tt.header, func(t *testing.T) {
			b := nastrondFixture().clone()
			b.set(t, tt.sheet, tt.id, tt.header, tt.value)
			r := mustBeClean(t, b)
			d := r.Data.(*Data)
			if d.Valkyria[0].Colour != "赤" || d.Valkyria[1].ID != "V2" || d.Keepers[0].Name != "ガルム" {
				t.Errorf("values not trimmed: %+v %+v", d.Valkyria[:2], d.Keepers[0])
			}
		})
	}

	t.Run("spaces around a header", func(t *testing.T) {
		b := nastrondFixture().clone()
		b["Edda"][0][b.col("Edda", "目標値")] = "\u3000目標値 "
		r := mustBeClean(t, b)
		if got := eddaNamed(t, r, "E3a").Target; got != 15 {
			t.Errorf("target = %d, want 15", got)
		}
	})
}

func TestDecode_ExtraNotesColumn(t *testing.T) {
	b := nastrondFixture().clone()
	for i := range b["Edda"] {
		note := "要調整：強すぎる？"
		if i == 0 {
			note = "メモ"
		}
		b["Edda"][i] = slices.Insert(b["Edda"][i], 2, note)
	}
	r := mustBeClean(t, b)
	if got := eddaNamed(t, r, "E2a"); got.Layer != 2 || got.Target != 11 {
		t.Errorf("E2a = %+v, want layer 2, target 11", got)
	}

	// A problem right of the notes column is still located at its own cell.
	b.set(t, "Edda", "E2a", "目標値", "x")
	schematest.WantProblem(t, b.validate("en").Problems, "Edda", "E4", "Target must be a whole number")
}

func TestDecode_ReorderedColumns(t *testing.T) {
	b := nastrondFixture().clone()
	for i, r := range b["Keeper"] {
		slices.Reverse(r)
		b["Keeper"][i] = r
	}
	r := mustBeClean(t, b)
	d := r.Data.(*Data)
	if k := d.Keepers[2]; k.ID != "K13" || k.Name != "ラタトスク" || k.Target != 11 || k.Start != 2 {
		t.Errorf("Keepers[2] = %+v", k)
	}

	// Reversed, 開始位置 is column A and 目標値 is column C.
	b.set(t, "Keeper", "K21", "開始位置", "1")
	b.set(t, "Keeper", "K22", "目標値", "")
	ps := b.validate("en").Problems
	schematest.WantProblem(t, ps, "Keeper", "A6", "Start may only be set on a layer-1 Keeper")
	schematest.WantProblem(t, ps, "Keeper", "C7", "Target is required")
}

func TestDecode_BlankRowInTheMiddle(t *testing.T) {
	b := nastrondFixture().clone()
	b["Edda"] = slices.Insert(b["Edda"], 3, []string{"", "\u3000", " "}, []string{})
	r := mustBeClean(t, b)
	if n := len(r.Data.(*Data).Edda); n != 4 {
		t.Errorf("%d Edda rows decoded, want 4", n)
	}

	// E2a now sits on sheet row 6: its problems must say so.
	b.set(t, "Edda", "E2a", "階層", "4")
	schematest.WantProblem(t, b.validate("en").Problems, "Edda", "C6", "Layer must be 3 or less")
}

func TestDecode_EnglishHeaders(t *testing.T) {
	english := func(b nastrondSheets) {
		for _, spec := range Schema.AllSheets() {
			name := spec.Key
			for _, c := range spec.Columns() {
				if at := b.col(name, c.JA); at >= 0 {
					b[name][0][at] = c.EN
				}
			}
		}
	}
	b := nastrondFixture().clone()
	english(b)
	if slices.Contains(b["Edda"][0], "目標値") || !slices.Contains(b["Edda"][0], "Target") {
		t.Fatalf("headers not translated: %v", b["Edda"][0])
	}
	mustBeClean(t, b)

	t.Run("any letter case", func(t *testing.T) {
		b := nastrondFixture().clone()
		english(b)
		for i, h := range b["Keeper"][0] {
			b["Keeper"][0][i] = strings.ToUpper(h)
		}
		mustBeClean(t, b)
	})

	t.Run("problems under an English header", func(t *testing.T) {
		b := nastrondFixture().clone()
		english(b)
		b.rule("EddaLayer1", "21")
		b.set(t, "Einherjar", "N1", "Copies", "-1")
		r := b.validate("ja")
		schematest.WantProblem(t, r.Problems, "Rules", "B2", "EddaLayer1（21）と KeeperLayer1（4）の合計は25")
		schematest.WantProblem(t, r.Problems, "Einherjar", "F2", "枚数は1以上でなければなりません")
		for _, p := range r.Problems {
			if p.Sheet == "Einherjar" && p.Cell == "F2" && p.Column != "Copies" {
				t.Errorf("column = %q, want the header as written, Copies", p.Column)
			}
		}
	})
}

func TestDecode_JapaneseSheetNames(t *testing.T) {
	japanese := func() nastrondSheets {
		b := nastrondFixture().clone()
		for _, spec := range Schema.AllSheets() {
			b[spec.JA] = b[spec.Key]
			delete(b, spec.Key)
		}
		return b
	}
	b := japanese()
	if _, ok := b["エッダ"]; !ok {
		t.Fatalf("sheets not renamed: %v", slices.Collect(func(yield func(string) bool) {
			for k := range b {
				if !yield(k) {
					return
				}
			}
		}))
	}
	mustBeClean(t, b)

	// Problems name the sheet as the workbook spells it.
	b["エッダ"] = b["エッダ"][:len(b["エッダ"])-1] // drop the layer-3 row
	b["ルール"] = append(b["ルール"], []string{"EddaLayer1", "21"})
	b["キーパー"][5][5] = "3" // K21, a layer-2 Keeper, sheet row 6
	r := b.validate("en")
	schematest.WantProblem(t, r.Problems, "エッダ", "A1", `layer-3 Edda should number 6 but there are 0 (counted: none); add or remove rows, or if this is intended, add to the ルール sheet a row "EddaLayer3" with the value 0`)
	schematest.WantProblem(t, r.Problems, "ルール", "B2", "EddaLayer1 (21) plus KeeperLayer1 (4) is 25")
	schematest.WantProblem(t, r.Problems, "キーパー", "F6", "Start may only be set on a layer-1 Keeper")

	t.Run("a missing sheet is named in both languages", func(t *testing.T) {
		b := japanese()
		delete(b, "ニーズヘッグ")
		schematest.WantProblem(t, b.validate("en").Problems, "Nidhogg", "A1", `missing required sheet "Nidhogg" (ニーズヘッグ)`)
	})
}
