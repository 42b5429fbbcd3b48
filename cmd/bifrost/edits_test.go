package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

// edit applies fn to src/<game>.xlsx in place (src is a test copy).
func edit(t *testing.T, src, game string, fn func(f *excelize.File) error) {
	t.Helper()
	path := filepath.Join(src, game+".xlsx")
	if err := workbook.Edit(path, path, fn); err != nil {
		t.Fatalf("editing %s: %v", path, err)
	}
}

// colOf returns the 1-based column whose row-1 header is header.
func colOf(f *excelize.File, sheet, header string) (int, error) {
	rows, err := f.GetRows(sheet)
	if err != nil {
		return 0, err
	}
	for i, h := range rows[0] {
		if h == header {
			return i + 1, nil
		}
	}
	return 0, fmt.Errorf("sheet %s has no column %q", sheet, header)
}

// cellOf names the cell of header in data row row (1-based sheet row).
func cellOf(f *excelize.File, sheet, header string, row int) (string, error) {
	c, err := colOf(f, sheet, header)
	if err != nil {
		return "", err
	}
	return schema.CellName(c, row), nil
}

// breakCell writes value into the cell of header on row of a test copy.
func breakCell(t *testing.T, src, game, sheet, header string, row int, value any) {
	t.Helper()
	edit(t, src, game, func(f *excelize.File) error {
		cell, err := cellOf(f, sheet, header, row)
		if err != nil {
			return err
		}
		return f.SetCellValue(sheet, cell, value)
	})
}

// rowWhere returns the first data row whose header column holds value.
func rowWhere(f *excelize.File, sheet, header, value string) (int, error) {
	c, err := colOf(f, sheet, header)
	if err != nil {
		return 0, err
	}
	rows, err := f.GetRows(sheet)
	if err != nil {
		return 0, err
	}
	for i, r := range rows[1:] {
		if c-1 < len(r) && r[c-1] == value {
			return i + 2, nil
		}
	}
	return 0, fmt.Errorf("no row of %s has %s = %q", sheet, header, value)
}

func TestValidate_BreakingEditsFailAtTheirCell(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		game      string
		edit      func(f *excelize.File) error
		wantSheet string
		wantCell  string // "" = any cell of the sheet
		wantText  string // part of the message (English)
	}{
		{
			name: "text in a number column", game: "nastrond",
			edit:      func(f *excelize.File) error { return setByHeader(f, "Edda", "目標値", 3, "たくさん") },
			wantSheet: "Edda", wantCell: "@目標値3", wantText: "whole number",
		},
		{
			name: "duplicate ID", game: "nastrond",
			edit: func(f *excelize.File) error {
				id, err := getByHeader(f, "Edda", "ID", 2)
				if err != nil {
					return err
				}
				return setByHeader(f, "Edda", "ID", 5, id)
			},
			wantSheet: "Edda", wantCell: "@ID5", wantText: "duplicate ID",
		},
		{
			name: "row with data but no ID", game: "nastrond",
			edit:      func(f *excelize.File) error { return setByHeader(f, "Einherjar", "ID", 4, "") },
			wantSheet: "Einherjar", wantCell: "@ID4", wantText: "no ID",
		},
		{
			name: "missing ID column", game: "nastrond",
			edit: func(f *excelize.File) error {
				c, err := colOf(f, "Keeper", "ID")
				if err != nil {
					return err
				}
				return f.RemoveCol("Keeper", schema.ColName(c))
			},
			wantSheet: "Keeper", wantText: `missing required column "ID"`,
		},
		{
			name: "missing required sheet", game: "nastrond",
			edit:      func(f *excelize.File) error { return f.DeleteSheet("Nidhogg") },
			wantSheet: "Nidhogg", wantCell: "A1", wantText: "missing required sheet",
		},
		{
			name: "one Edda short on a layer", game: "nastrond",
			edit:      removeOneOfLayer("Edda", "2"),
			wantSheet: "Edda", wantText: "layer-2 Edda should number 12 but there are 11",
		},
		{
			name: "unknown effect verb", game: "nastrond",
			edit:      func(f *excelize.File) error { return setByHeader(f, "Einherjar", "スキル", 2, "die_plsu +1") },
			wantSheet: "Einherjar", wantCell: "@スキル2", wantText: `unknown verb "die_plsu" (did you mean "die_plus"?)`,
		},
		{
			name: "effect syntax error", game: "nastrond",
			edit: func(f *excelize.File) error {
				return setByHeader(f, "Einherjar", "スキル", 2, "[layer >= 2 die_plus +1")
			},
			wantSheet: "Einherjar", wantCell: "@スキル2", wantText: "character 13",
		},
		{
			name: "weakness names a rage the monster lacks", game: "valkyrie",
			edit:      func(f *excelize.File) error { return setByHeader(f, "Weakness", "レイジ", 2, 9) },
			wantSheet: "Weakness", wantCell: "@レイジ2", wantText: "",
		},
		{
			name: "rage level is not a number", game: "valkyrie",
			edit:      func(f *excelize.File) error { return setByHeader(f, "Weakness", "レイジ", 2, "高い") },
			wantSheet: "Weakness", wantCell: "@レイジ2", wantText: "whole number",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := copySrc(t)
			var wantCell string
			edit(t, src, tt.game, func(f *excelize.File) error {
				if err := tt.edit(f); err != nil {
					return err
				}
				wantCell = resolveCell(t, f, tt.wantSheet, tt.wantCell)
				return nil
			})
			r := bifrost(t, "validate", "--src", src, "--lang", "en", tt.game)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
			}
			file := filepath.Join(src, tt.game+".xlsx")
			for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				m := problemLine.FindStringSubmatch(line)
				if m == nil || m[1] != file || m[2] != tt.wantSheet || !strings.Contains(m[4], tt.wantText) {
					continue
				}
				if wantCell == "" || m[3] == wantCell {
					return
				}
			}
			t.Errorf("no line %s: %s!%s: …%s…\ngot:\n%s", file, tt.wantSheet, wantCell, tt.wantText, r.stdout)
		})
	}
}

// resolveCell turns "@Header7" into the A1 name of that header's column on row 7.
func resolveCell(t *testing.T, f *excelize.File, sheet, spec string) string {
	t.Helper()
	if !strings.HasPrefix(spec, "@") {
		return spec
	}
	m := regexp.MustCompile(`^@(.+?)(\d+)$`).FindStringSubmatch(spec)
	var row int
	fmt.Sscan(m[2], &row)
	cell, err := cellOf(f, sheet, m[1], row)
	if err != nil {
		t.Fatal(err)
	}
	return cell
}

func setByHeader(f *excelize.File, sheet, header string, row int, v any) error {
	cell, err := cellOf(f, sheet, header, row)
	if err != nil {
		return err
	}
	return f.SetCellValue(sheet, cell, v)
}

func getByHeader(f *excelize.File, sheet, header string, row int) (string, error) {
	cell, err := cellOf(f, sheet, header, row)
	if err != nil {
		return "", err
	}
	return f.GetCellValue(sheet, cell)
}

// removeOneOfLayer takes one card off a layer: a copy off a multi-copy row,
// or the whole row when it is a single card.
func removeOneOfLayer(sheet, layer string) func(f *excelize.File) error {
	return func(f *excelize.File) error {
		row, err := rowWhere(f, sheet, "階層", layer)
		if err != nil {
			return err
		}
		copies, _ := getByHeader(f, sheet, "枚数", row)
		if n, ok := schema.ParseInt(copies); ok && n > 1 {
			return setByHeader(f, sheet, "枚数", row, n-1)
		}
		return f.RemoveRow(sheet, row)
	}
}

func TestValidate_HarmlessEditsPass(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(f *excelize.File) error
	}{
		{"full-width digits", func(f *excelize.File) error {
			v, err := getByHeader(f, "Edda", "目標値", 2)
			if err != nil {
				return err
			}
			return setByHeader(f, "Edda", "目標値", 2, toFullWidth(v))
		}},
		{"number stored as text", func(f *excelize.File) error {
			v, err := getByHeader(f, "Keeper", "目標値", 2)
			if err != nil {
				return err
			}
			cell, _ := cellOf(f, "Keeper", "目標値", 2)
			return f.SetCellStr("Keeper", cell, v)
		}},
		{"spaces around values, ASCII and ideographic", func(f *excelize.File) error {
			for _, h := range []string{"目標値", "名前", "ID"} {
				v, err := getByHeader(f, "Edda", h, 3)
				if err != nil {
					return err
				}
				cell, _ := cellOf(f, "Edda", h, 3)
				if err := f.SetCellStr("Edda", cell, " \u3000"+v+"\u3000 "); err != nil {
					return err
				}
			}
			return nil
		}},
		{"an extra notes column", func(f *excelize.File) error {
			rows, _ := f.GetRows("Edda")
			c := schema.ColName(len(rows[0]) + 1)
			if err := f.SetCellStr("Edda", c+"1", "メモ"); err != nil {
				return err
			}
			return f.SetCellStr("Edda", c+"2", "要調整：強すぎる？")
		}},
		{"columns in another order", func(f *excelize.File) error {
			return swapColumns(f, "Edda", "ID", "目標値")
		}},
		{"an empty row in the middle", func(f *excelize.File) error {
			return f.InsertRows("Edda", 6, 2)
		}},
		{"English headers", func(f *excelize.File) error {
			return setByHeaderName(f, "Keeper", "目標値", "Target")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := copySrc(t)
			edit(t, src, "nastrond", tt.edit)
			r := bifrost(t, "validate", "--src", src, "--lang", "en", "nastrond")
			if r.code != 0 {
				t.Errorf("exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
			}
		})
	}
}

func toFullWidth(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			r += '０' - '0'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func setByHeaderName(f *excelize.File, sheet, old, renamed string) error {
	c, err := colOf(f, sheet, old)
	if err != nil {
		return err
	}
	return f.SetCellStr(sheet, schema.CellName(c, 1), renamed)
}

// swapColumns exchanges the whole contents of two columns.
func swapColumns(f *excelize.File, sheet, a, b string) error {
	ca, err := colOf(f, sheet, a)
	if err != nil {
		return err
	}
	cb, err := colOf(f, sheet, b)
	if err != nil {
		return err
	}
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return err
	}
	for i, r := range rows {
		get := func(c int) string {
			if c-1 < len(r) {
				return r[c-1]
			}
			return ""
		}
		va, vb := get(ca), get(cb)
		if err := f.SetCellStr(sheet, schema.CellName(ca, i+1), vb); err != nil {
			return err
		}
		if err := f.SetCellStr(sheet, schema.CellName(cb, i+1), va); err != nil {
			return err
		}
	}
	return nil
}

// TestValidate_LibreOfficeResavedWithFormulaPasses validates a copy of the
// nastrond workbook re-saved by LibreOffice Calc, in which an Edda target is
// the formula =2+7-2: bifrost reads its cached value.
func TestValidate_LibreOfficeResavedWithFormulaPasses(t *testing.T) {
	t.Parallel()
	const fixture = "testdata/nastrond-libreoffice.xlsx"
	f, err := excelize.OpenFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	formula, err := f.GetCellFormula("Edda", "D2")
	f.Close()
	if err != nil || formula == "" {
		t.Fatalf("the fixture lost its formula in Edda!D2 (%q, %v)", formula, err)
	}
	r := bifrost(t, "validate", "--lang", "en", "--json", fixture)
	if r.code != 0 {
		t.Fatalf("exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, `"Edda": 38`) {
		t.Errorf("components lack Edda 38:\n%s", r.stdout)
	}
}

// TestValidate_InstructionTheModelCannotCarryOutIsReportedAtItsCell sets the
// clans' ships to 0: every ship-placement cell of the AI boards can then
// never be carried out, and validation says so at each cell.
func TestValidate_InstructionTheModelCannotCarryOutIsReportedAtItsCell(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	var shipCell string
	edit(t, src, "bloodrage", func(f *excelize.File) error {
		rows, _ := f.GetRows("Rules")
		for i, r := range rows {
			if len(r) > 0 && r[0] == "Ships" {
				if err := f.SetCellValue("Rules", schema.CellName(2, i+1), 0); err != nil {
					return err
				}
			}
		}
		row, err := rowWhere(f, "AITrack", "指示", "ship")
		if err != nil {
			return err
		}
		shipCell, err = cellOf(f, "AITrack", "指示", row) // the instruction's own cell
		return err
	})
	r := bifrost(t, "validate", "--src", src, "--lang", "en", "bloodrage")
	want := "AITrack!" + shipCell + ": warning: an instruction the model can never carry out"
	if !strings.Contains(r.stdout, want) {
		t.Errorf("no line containing %q:\n%s%s", want, r.stdout, r.stderr)
	}
}

func TestJapaneseEffectWithAttachedCountPassesAndSuggestionsAreJapanese(t *testing.T) {
	t.Parallel()
	tests := []struct {
		skill    string
		wantCode int
		wantText string // part of the Japanese message; "" when the workbook passes
	}{
		{"ロール後：振り直し１", 0, ""},
		{"ロール後：出目修正－１", 0, ""},
		{"ロール後：振り直す１", 1, "（「振り直し」のことですか？）"},
		{"ロール後：reroll1", 1, "（「reroll」のことですか？）"},
	}
	for _, tt := range tests {
		t.Run(tt.skill, func(t *testing.T) {
			src := copySrc(t)
			breakCell(t, src, "nastrond", "Einherjar", "スキル", 2, tt.skill)
			r := bifrost(t, "validate", "--src", src, "--lang", "ja", "nastrond")
			if r.code != tt.wantCode || !strings.Contains(r.stdout, tt.wantText) {
				t.Errorf("skill %q: exit %d, want %d with %q\n%s", tt.skill, r.code, tt.wantCode, tt.wantText, r.stdout)
			}
		})
	}
}

func TestLongCellsAreEchoedCut(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("長い値", 33000) // about 98,000 characters
	tests := []struct {
		name, game, sheet, header string
		value                     string
		wantStart                 string // the echo's first characters, then 「…」
	}{
		{"text in a number column", "nastrond", "Edda", "目標値", long, "長い値長い値"},
		{"unknown effect verb", "nastrond", "Einherjar", "スキル", long, "長い値長い値"},
		{"unknown Valkyria colour", "nastrond", "Urd", "色", "赤" + long, "赤長い値"},
		{"unknown rule key", "nastrond", "Rules", "キー", "Urd" + strings.Repeat("x", 90000), "Urdxxx"},
	}
	for _, tt := range tests {
		for _, lang := range []string{"ja", "en"} {
			t.Run(tt.name+"/"+lang, func(t *testing.T) {
				src := copySrc(t)
				breakCell(t, src, tt.game, tt.sheet, tt.header, 2, tt.value)
				r := bifrost(t, "validate", "--src", src, "--lang", lang, tt.game)
				if r.code != 1 {
					t.Fatalf("exit %d, want 1\n%.2000s", r.code, r.stderr)
				}
				found := false
				for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
					if n := len([]rune(line)); n > 400 {
						t.Errorf("a line of %d characters: %.200s…", n, line)
					}
					found = found || strings.Contains(line, tt.wantStart) && strings.Contains(line, "…")
				}
				if !found {
					t.Errorf("no line echoes %q cut with …:\n%.3000s", tt.wantStart, r.stdout)
				}
			})
		}
	}
}

func TestCountErrorPointsAtCopiesAndRulesCell(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		edit     func(f *excelize.File) error
		sheet    string
		cell     string // "@Header7" or "@Header:value": the first row whose Header is value
		rule     string // the Rules key whose Value cell the hint names; "" when the Rules row is gone
		ja, en   string // the hint, with %s for the Rules cell
		wantText string // the start of the English message
	}{
		{
			name:  "one red Urd short",
			edit:  func(f *excelize.File) error { return setByHeader(f, "Urd", "枚数", 2, 11) },
			sheet: "Urd", cell: "@枚数2", rule: "UrdPerColour",
			ja: "枚数を直すか、意図的なら %s を 11 に変更してください", en: "fix the copies, or if this is intended, change %s to 11",
			wantText: "Urd of colour 赤 should number 12 but there are 11 (counted: ",
		},
		{
			name:  "one Edda short on layer 2",
			edit:  removeOneOfLayer("Edda", "2"),
			sheet: "Edda", cell: "@枚数:2", rule: "EddaLayer2",
			ja: "意図的なら %s を 11 に変更してください", en: "if this is intended, change %s to 11",
			wantText: "layer-2 Edda should number 12 but there are 11 (counted: ",
		},
		{
			name: "the Rules row is gone",
			edit: func(f *excelize.File) error {
				row, err := rowWhere(f, "Rules", "キー", "UrdPerColour")
				if err != nil {
					return err
				}
				if err := f.RemoveRow("Rules", row); err != nil {
					return err
				}
				return setByHeader(f, "Urd", "枚数", 3, 13)
			},
			sheet: "Urd", cell: "@枚数3",
			ja: "意図的なら Rulesシートに「UrdPerColour」の行を加えて値を 13 にしてください", en: `if this is intended, add to the Rules sheet a row "UrdPerColour" with the value 13`,
			wantText: "Urd of colour 青 should number 12 but there are 13 (counted: ",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := copySrc(t)
			var cell, ruleCell string
			edit(t, src, "nastrond", func(f *excelize.File) error {
				if err := tt.edit(f); err != nil {
					return err
				}
				if rest, ok := strings.CutPrefix(tt.cell, "@枚数:"); ok {
					row, err := rowWhere(f, tt.sheet, "階層", rest)
					if err != nil {
						return err
					}
					cell = resolveCell(t, f, tt.sheet, fmt.Sprintf("@枚数%d", row))
				} else {
					cell = resolveCell(t, f, tt.sheet, tt.cell)
				}
				if tt.rule != "" {
					row, err := rowWhere(f, "Rules", "キー", tt.rule)
					if err != nil {
						return err
					}
					ruleCell = "Rules!" + resolveCell(t, f, "Rules", fmt.Sprintf("@値%d", row))
				}
				return nil
			})
			file := filepath.Join(src, "nastrond.xlsx")
			for _, lang := range []string{"ja", "en"} {
				hint := tt.ja
				if lang == "en" {
					hint = tt.en
				}
				if ruleCell != "" {
					hint = fmt.Sprintf(hint, ruleCell)
				}
				r := bifrost(t, "validate", "--src", src, "--lang", lang, "nastrond")
				want := fmt.Sprintf("%s: %s!%s: ", file, tt.sheet, cell)
				found := false
				for _, line := range strings.Split(r.stdout, "\n") {
					if strings.HasPrefix(line, want) && strings.HasSuffix(line, hint) && (lang == "ja" || strings.Contains(line, tt.wantText)) {
						found = true
					}
				}
				if r.code != 1 || !found {
					t.Errorf("%s: exit %d; no line %s…%s\ngot:\n%s", lang, r.code, want, hint, r.stdout)
				}
			}
		})
	}
}

func TestMessagesReadAsNaturalLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, sheet, header string
		row                 int
		value               string
		ja, en              string   // part of the message in each language
		never               []string // programmer notation no message may show
	}{
		{"a verb at a timing it cannot act at", "Einherjar", "スキル", 2, "スカウト時：振り直し１",
			"「振り直し」は「スカウト時」には使えません。使えるタイミングは ロール後 です",
			`"振り直し" cannot act at スカウト時 (allowed: after_roll)`, []string{"-,", "（使えるのは"}},
		{"a count out of range", "Einherjar", "スキル", 2, "ロール後：振り直し１２",
			"引数「１２」は使えません。1〜8 の整数にしてください",
			`bad argument "１２"; write a whole number from 1 to 8`, []string{"1..8", "が不正です", "「12」"}},
		{"a rule out of range, typed full-width", "Rules", "値", 0, "３１",
			"ルール「MajorityVP」の値は 0〜30 の整数にしてください（入力値: 「３１」）",
			`rule "MajorityVP" must be a whole number from 0 to 30 (got "３１")`, []string{"0..30", "（0", "の範囲で指定"}},
		{"text in a number column echoes what was typed", "Edda", "目標値", 2, "１２枚",
			"目標値は整数で入力してください（入力値: 「１２枚」）",
			`must be a whole number (got "１２枚")`, []string{"「12枚」"}},
		{"a character the PDF cannot hold", "Edda", "名前", 2, "𠮷の泉",
			"PDFに入れられないため印刷されません。ふつうの文字に置き換えてください",
			"outside the Basic Multilingual Plane, which the PDF cannot embed", []string{"BMP", "基本多言語面"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := copySrc(t)
			edit(t, src, "nastrond", func(f *excelize.File) error {
				row := tt.row
				if row == 0 {
					r, err := rowWhere(f, "Rules", "キー", "MajorityVP")
					if err != nil {
						return err
					}
					row = r
				}
				return setByHeader(f, tt.sheet, tt.header, row, tt.value)
			})
			for _, lang := range []string{"ja", "en"} {
				want := tt.ja
				if lang == "en" {
					want = tt.en
				}
				r := bifrost(t, "validate", "--src", src, "--lang", lang, "nastrond")
				if r.code != 1 || !strings.Contains(r.stdout, want) {
					t.Errorf("%s: exit %d, want 1 and %q in:\n%s", lang, r.code, want, r.stdout)
				}
				for _, bad := range append(tt.never, "..") {
					if strings.Contains(r.stdout, bad) {
						t.Errorf("%s: %q in:\n%s", lang, bad, r.stdout)
					}
				}
			}
		})
	}
}
