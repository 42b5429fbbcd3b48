package main

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/schema"
)

// The shipped nastrond layout's Edda art box, which the tests below turn
// into a text box bound to a workbook column.
const eddaArt = `{type: art, x: 5, y: 19, w: 53, h: 30, fill: "layer@30", stroke: layer, line: 0.3}`

// designerProject is a project folder as a designer keeps one: a copy of
// the shipped workbooks in cardsrc/, with nastrond's workbook edited by
// edit, and layout/nastrond.yaml, the shipped layout with every old string
// of swap replaced by the new one that follows it. It returns the cardsrc
// folder and the layout file.
func designerProject(t *testing.T, edit func(f *excelize.File) error, swap ...string) (src, layoutFile string) {
	t.Helper()
	root := t.TempDir()
	src = filepath.Join(root, "cardsrc")
	if err := os.Rename(copySrc(t), src); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		editWorkbook(t, src, edit)
	}
	data, err := os.ReadFile("../../layout/nastrond.yaml")
	if err != nil {
		t.Fatal(err)
	}
	yaml := string(data)
	for i := 0; i+1 < len(swap); i += 2 {
		if !strings.Contains(yaml, swap[i]) {
			t.Fatalf("the shipped layout has no %q", swap[i])
		}
		yaml = strings.Replace(yaml, swap[i], swap[i+1], 1)
	}
	layoutFile = filepath.Join(root, "layout", "nastrond.yaml")
	if err := os.MkdirAll(filepath.Dir(layoutFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(layoutFile, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return src, layoutFile
}

// editWorkbook applies fn to src/nastrond.xlsx.
func editWorkbook(t *testing.T, src string, fn func(f *excelize.File) error) {
	t.Helper()
	edit(t, src, "nastrond", fn)
}

// addColumn adds a column headed header to sheet, with values from row 2 on.
func addColumn(sheet, header string, values ...string) func(f *excelize.File) error {
	return func(f *excelize.File) error {
		rows, err := f.GetRows(sheet)
		if err != nil {
			return err
		}
		c := schema.ColName(len(rows[0]) + 1)
		if err := f.SetCellStr(sheet, c+"1", header); err != nil {
			return err
		}
		for i, v := range values {
			if err := f.SetCellStr(sheet, c+strconv.Itoa(i+2), v); err != nil {
				return err
			}
		}
		return nil
	}
}

// addSheet adds a sheet holding rows, the first one its header.
func addSheet(name string, rows ...[]any) func(f *excelize.File) error {
	return func(f *excelize.File) error {
		if _, err := f.NewSheet(name); err != nil {
			return err
		}
		for i, r := range rows {
			if err := f.SetSheetRow(name, "A"+strconv.Itoa(i+1), &r); err != nil {
				return err
			}
		}
		return nil
	}
}

// cardsText prints nastrond's cards from src and returns the PDF's text
// layer with white space removed.
func cardsText(t *testing.T, src string) string {
	t.Helper()
	out := t.TempDir()
	if r := bifrost(t, "cards", "nastrond", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("cards: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	needTool(t, "pdftotext", "poppler-utils")
	raw, err := exec.Command("pdftotext", "-raw", filepath.Join(out, "nastrond", "cards.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(raw)), "")
}

// lineOf is the 1-based line of file that holds s.
func lineOf(t *testing.T, file, s string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", file, s)
	return 0
}

// A column the schema does not know, added to a known sheet, is bound in
// the layout by its header as typed and prints on the card it belongs to.
func TestCards_AColumnTheSchemaDoesNotKnowPrintsByItsHeader(t *testing.T) {
	t.Parallel()
	src, _ := designerProject(t, addColumn("Edda", "イラスト", "画・北欧太郎", "画・南欧花子"),
		eddaArt, `{type: text, x: 5, y: 19, w: 53, h: 30, text: "{イラスト}", size: 8}`)
	if r := bifrost(t, "validate", "nastrond", "--src", src); r.code != 0 {
		t.Fatalf("validate: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	text := cardsText(t, src)
	for _, want := range []string{"画・北欧太郎", "画・南欧花子"} {
		if !strings.Contains(text, want) {
			t.Errorf("the cards lack the new column's %q", want)
		}
	}
}

// A layout field that names no column of its sheet is one line at its
// layout line that lists the sheet's headers as the workbook types them
// (Japanese here), with the nearest one suggested, in either language.
func TestValidate_AWrongColumnListsTheHeadersAsTypedWithASuggestion(t *testing.T) {
	t.Parallel()
	src, lay := designerProject(t, addColumn("Edda", "イラスト", "画・北欧太郎"),
		eddaArt, `{type: text, x: 5, y: 19, w: 53, h: 30, text: "{イラス}", size: 8}`)
	at := lay + ":" + strconv.Itoa(lineOf(t, lay, "{イラス}")) + ": "
	for _, tt := range []struct{ lang, want string }{
		{"ja", "シート Edda に「イラス」という列はありません（列：ID, 名前, 階層, 目標値, VP, 勇気, 知性, 威厳, 親愛, 枚数, 物語, イラスト）（「イラスト」のことですか？）"},
		{"en", `sheet Edda has no column "イラス" (columns: ID, 名前, 階層, 目標値, VP, 勇気, 知性, 威厳, 親愛, 枚数, 物語, イラスト) (did you mean "イラスト"?)`},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			r := bifrost(t, "validate", "nastrond", "--src", src, "--lang", tt.lang)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stdout, at+tt.want+"\n") {
				t.Errorf("stdout:\n%s\nwant the line\n%s%s", r.stdout, at, tt.want)
			}
			c := bifrost(t, "cards", "nastrond", "--src", src, "--out", t.TempDir(), "--lang", tt.lang)
			if c.code != 1 || !strings.Contains(c.stdout, at+tt.want+"\n") {
				t.Errorf("cards: exit %d, stdout:\n%s\nwant the same line", c.code, c.stdout)
			}
		})
	}
}

// rune is a print-only sheet: a sheet nastrond's schema does not know, with
// an ID, a name, its copies and a column of text to print.
var runeSheet = addSheet("ルーン",
	[]any{"ID", "名前", "枚数", "効き目"},
	[]any{"R01", "フェフ", 2, "富のルーン。家畜と財を表す"},
	[]any{"R02", "ウルズ", 1, "野牛のルーン。力を表す"},
)

// runeKind is a layout kind printing the ルーン sheet.
const runeKind = `  - name: Rune
    title: ルーン
    sheet: ルーン
    face:
      - {type: rect, x: -3, y: -3, w: 69, h: 94, fill: "#fbf8f1"}
      - {type: text, x: 5, y: 5, w: 53, h: 8, text: "{名前}", size: 12, bold: true}
      - {type: text, x: 5, y: 20, w: 53, h: 30, text: "{効き目}", size: 9}
    back:
      - {type: rect, x: -3, y: -3, w: 69, h: 94, fill: "#1f1b24"}
`

// A sheet the schema does not know prints as the layout kind given to it,
// copies as its 枚数 column says, and validate says once, as a note that
// fails nothing, that it is printed only and never simulated.
func TestCards_ANewSheetPrintsAsItsOwnKind(t *testing.T) {
	t.Parallel()
	src, _ := designerProject(t, runeSheet, "kinds:\n", "kinds:\n"+runeKind)
	for _, tt := range []struct{ lang, want string }{
		{"ja", "ルーン!A1: note: シート「ルーン」はゲームの定義にないので、印刷だけのシートとして扱います"},
		{"en", `ルーン!A1: note: sheet "ルーン" is not part of the game's definition: it is printed only`},
	} {
		r := bifrost(t, "validate", "nastrond", "--src", src, "--lang", tt.lang)
		if r.code != 0 {
			t.Fatalf("validate: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		if n := strings.Count(r.stdout, "ルーン!"); n != 1 || !strings.Contains(r.stdout, tt.want) {
			t.Errorf("%s: %d lines about the sheet, want the one note %q:\n%s", tt.lang, n, tt.want, r.stdout)
		}
	}
	text := cardsText(t, src)
	for _, want := range []string{"フェフ", "富のルーン。家畜と財を表す", "ウルズ", "野牛のルーン。力を表す"} {
		if !strings.Contains(text, want) {
			t.Errorf("the cards lack %q", want)
		}
	}
	if n := strings.Count(text, "富のルーン"); n != 2 {
		t.Errorf("R01 printed %d times, want its 2 copies", n)
	}
}

// A print-only sheet is checked for what every printed kind needs: unique
// IDs, whole-number copies, text that fits its box; each problem at its
// cell.
func TestValidate_ANewSheetIsCheckedLikeEveryKind(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("とても長い効き目の説明文。", 40)
	src, _ := designerProject(t, addSheet("ルーン",
		[]any{"ID", "名前", "枚数", "効き目"},
		[]any{"R01", "フェフ", 2, "富"},
		[]any{"R01", "ウルズ", 1, "力"},
		[]any{"R03", "ソーン", "二", "棘"},
		[]any{"R04", "アンスール", 1, long},
	), "kinds:\n", "kinds:\n"+runeKind)
	r := bifrost(t, "validate", "nastrond", "--src", src, "--lang", "en")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		`ルーン!A3: duplicate ID "R01"`,
		`ルーン!C4: Copies must be a whole number`,
		`ルーン!D5: Rune "アンスール" (R04): 効き目 does not fit its box`,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
}

// A sheet the schema does not know and without an ID column is said in one
// line, which names what it needs; bound to a layout kind, it is an error
// at the kind's sheet line.
func TestValidate_ANewSheetWithoutIDSaysWhatItNeeds(t *testing.T) {
	t.Parallel()
	notes := addSheet("ルーン", []any{"名前", "効き目"}, []any{"フェフ", "富"})
	src, _ := designerProject(t, notes)
	r := bifrost(t, "validate", "nastrond", "--src", src, "--lang", "en")
	if r.code != 0 {
		t.Fatalf("a notes sheet: exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
	}
	want := `ルーン!A1: note: sheet "ルーン" is not part of the game's definition and has no ID column`
	if strings.Count(r.stdout, "ルーン!") != 1 || !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "put an ID column") {
		t.Errorf("stdout:\n%s\nwant the one line %q…", r.stdout, want)
	}
	src, lay := designerProject(t, notes, "kinds:\n", "kinds:\n"+runeKind)
	r = bifrost(t, "validate", "nastrond", "--src", src, "--lang", "en")
	at := lay + ":" + strconv.Itoa(lineOf(t, lay, "sheet: ルーン")) + `: sheet "ルーン" has no ID column`
	if r.code != 1 || !strings.Contains(r.stdout, at) {
		t.Errorf("bound to a kind: exit %d, stdout:\n%s\nwant %q", r.code, r.stdout, at)
	}
}

// The cells of a new sheet and of a new column name and describe the cards
// in Tabletop Simulator through the kind's tts_name and tts_notes.
func TestTTS_NewColumnsNameAndDescribeTheCards(t *testing.T) {
	t.Parallel()
	src, _ := designerProject(t, func(f *excelize.File) error {
		if err := runeSheet(f); err != nil {
			return err
		}
		return addColumn("ルーン", "読み", "フェイフ", "ウルズ")(f)
	}, "kinds:\n", "kinds:\n"+strings.Replace(runeKind, "    face:", "    tts_name: \"{名前}（{読み}）\"\n    tts_notes: \"{効き目}\"\n    face:", 1))
	out := t.TempDir()
	if r := bifrost(t, "tts", "nastrond", "--src", src, "--out", out); r.code != 0 {
		t.Fatalf("tts: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "nastrond", "tts", "nastrond.json"))
	if err != nil {
		t.Fatal(err)
	}
	var save struct {
		ObjectStates []struct {
			Nickname         string
			ContainedObjects []struct{ Nickname, Description, GMNotes string }
		}
	}
	if err := json.Unmarshal(data, &save); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range save.ObjectStates {
		for _, c := range d.ContainedObjects {
			got[c.GMNotes] = c.Nickname + " / " + c.Description
		}
	}
	for id, want := range map[string]string{"R01": "フェフ（フェイフ） / 富のルーン。家畜と財を表す", "R02": "ウルズ（ウルズ） / 野牛のルーン。力を表す"} {
		if got[id] != want {
			t.Errorf("card %s in TTS is %q, want %q", id, got[id], want)
		}
	}
}

// serve's preview paints the same cards: a new column's cells and a new
// sheet's cards are on the game's page.
func TestServe_ShowsANewColumnAndANewSheet(t *testing.T) {
	t.Parallel()
	src, _ := designerProject(t, func(f *excelize.File) error {
		if err := runeSheet(f); err != nil {
			return err
		}
		return addColumn("Edda", "イラスト", "画・北欧太郎")(f)
	}, eddaArt, `{type: text, x: 5, y: 19, w: 53, h: 30, text: "{イラスト}", size: 8}`, "kinds:\n", "kinds:\n"+runeKind)
	url := startServe(t, src, "../../rules", "nastrond")
	res, err := http.Get(url + "nastrond")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	page, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET nastrond: %d %v", res.StatusCode, err)
	}
	for _, want := range []string{"画・北欧太郎", "富のルーン。家畜と財を表す", "ルーン"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
}

// A new sheet's rows are a rulebook table and its cards example cards,
// in the HTML book as in the PDF; diff lists its cards like any other.
func TestRulebookAndDiff_ANewSheetIsData(t *testing.T) {
	t.Parallel()
	src, _ := designerProject(t, runeSheet, "kinds:\n", "kinds:\n"+runeKind)
	rulesDir := filepath.Join(filepath.Dir(src), "rules")
	dir := filepath.Join(rulesDir, "nastrond")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rulebook.md", "summary.md", "designer.md", "RULINGS.md", "glossary.yaml"} {
		data, err := os.ReadFile(filepath.Join("../../rules/nastrond", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "rulebook.md" {
			data = append(data, "\n\n## ルーン\n\n{{table \"ルーン\" \"ID\" \"名前\" \"効き目\"}}\n\n{{card \"R02\"}}\n"...)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	if r := bifrost(t, "rulebook", "nastrond", "--src", src, "--rules", rulesDir, "--out", out, "--format", "html,pdf"); r.code != 0 {
		t.Fatalf("rulebook: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	html, err := os.ReadFile(filepath.Join(out, "nastrond", "rulebook.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<td>R01</td>", "<td>富のルーン。家畜と財を表す</td>", ">野牛のルーン。力を表す<"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("rulebook.html lacks %q", want)
		}
	}
	needTool(t, "pdftotext", "poppler-utils")
	raw, err := exec.Command("pdftotext", filepath.Join(out, "nastrond", "rulebook.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(strings.Fields(string(raw)), ""); strings.Count(text, "野牛のルーン。力を表す") != 2 {
		t.Errorf("rulebook.pdf shows R02's text %d times, want twice (its table row and its card)", strings.Count(text, "野牛のルーン。力を表す"))
	}

	old := filepath.Join(src, "nastrond.xlsx")
	changed := filepath.Join(t.TempDir(), "nastrond.xlsx")
	if err := workbookCopy(old, changed); err != nil {
		t.Fatal(err)
	}
	edit(t, filepath.Dir(changed), "nastrond", func(f *excelize.File) error {
		if err := f.SetCellStr("ルーン", "D2", "富のルーン"); err != nil {
			return err
		}
		return f.SetSheetRow("ルーン", "A4", &[]any{"R03", "ソーン", 1, "棘"})
	})
	r := bifrost(t, "diff", old, changed)
	for _, want := range []string{"~ ルーン R01 フェフ: 効き目 富のルーン。家畜と財を表す → 富のルーン", "+ ルーン R03 ソーン"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("diff lacks %q:\n%s", want, r.stdout)
		}
	}
}

// workbookCopy copies a workbook file.
func workbookCopy(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
