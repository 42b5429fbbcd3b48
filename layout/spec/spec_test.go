package spec_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/nastrond"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// minimal is a small valid layout (layout/testdata/minimal.yaml, shared
// with package sheet's tests); tests break one line of it.
var minimal = func() string {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "minimal.yaml"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

func TestParse_MinimalLayoutLoads(t *testing.T) {
	l, err := spec.Parse("layout/nastrond.yaml", []byte(minimal), nastrond.Schema)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Kinds) != 1 || l.Card != (spec.Size{W: 63, H: 88}) || l.Bleed != 3 {
		t.Errorf("layout = %+v", l)
	}
}

// TestParse_ErrorsAreOneLineWithFileAndLine breaks the minimal layout in
// the ways a designer might and checks the one-line message and its line.
func TestParse_ErrorsAreOneLineWithFileAndLine(t *testing.T) {
	tests := []struct {
		name, old, new string
		line           int
		want           string
	}{
		{"unknown top-level key", "kinds:\n", "colours: {}\nkinds:\n", 4, `unknown key "colours"`},
		{"unknown element key", `w: 53, h: 10, text`, `w: 53, h: 10, colr: red, text`, 9, `unknown key "colr"`},
		{"key of another element type", `{type: rect, x: -3, y: -3, w: 69, h: 94, fill: layer}`, `{type: rect, x: -3, y: -3, w: 69, h: 94, fill: layer, min_size: 3}`, 8, `key "min_size" does not apply to a rect element`},
		{"bad colour", `fill: "layer@40"`, `fill: "#12345"`, 11, `bad colour "#12345"`},
		{"unknown palette", `fill: "layer@40"`, `fill: "laver"`, 11, `unknown colour or palette "laver"`},
		{"text outside the safe area", `{type: text, x: 5,`, `{type: text, x: 1,`, 9, "outside the safe area"},
		{"minimum above the size", "min_size: 7", "min_size: 14", 9, "min_size must be"},
		{"unknown element type", "type: text", "type: txet", 9, `unknown element type "txet"`},
		{"wrong game", "game: nastrond", "game: valkyrie", 1, `this layout is for game "valkyrie"`},
		{"unclosed field", `"{Name}"`, `"{Name"`, 9, "unclosed {"},
		{"yaml syntax", "kinds:\n", "kinds: [\n", 4, "did not find expected node content"},
		{"unknown table piece", "    sheet: Edda\n", "    sheet: Edda\n    tts_pieces: [{type: Die_20}]\n", 7, `tts_pieces type "Die_20" is not one of Die_6, Die_8, PlayerPawn`},
		{"piece count neither number nor rule", "    sheet: Edda\n", "    sheet: Edda\n    tts_pieces: [{type: Die_6, count: two}]\n", 7, `tts_pieces count "two" is neither`},
		{"piece count from an unknown rule", "kinds:\n", "tts_pieces: [{type: Die_8, count: $rule.D9}]\nkinds:\n", 4, `game nastrond has no rule "D9"`},
		{"shared piece tinted by a card's field", "kinds:\n", "tts_pieces: [{type: Die_6, tint: layer}]\nkinds:\n", 4, `palette layer chooses by Layer`},
		{"no back", "    back:\n      - {type: rect, x: -3, y: -3, w: 69, h: 94, fill: \"layer@40\"}\n", "", 5, "has no back"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(minimal, tt.old, tt.new, 1)
			if src == minimal {
				t.Fatalf("the test's edit %q does not apply", tt.old)
			}
			_, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
			if err == nil {
				t.Fatal("no error")
			}
			lines := strings.Split(err.Error(), "\n")
			prefix := "layout/nastrond.yaml:"
			found := false
			for _, l := range lines {
				if !strings.HasPrefix(l, prefix) {
					t.Errorf("line %q does not start with the file", l)
				}
				if strings.Contains(l, tt.want) && (tt.line == 0 || strings.HasPrefix(l, prefix+strconv.Itoa(tt.line)+":")) {
					found = true
				}
			}
			if !found {
				t.Errorf("error:\n%s\nwant %q at line %d", err, tt.want, tt.line)
			}
		})
	}
}

// TestLoad_DiskLayoutOverridesTheBuiltIn tries a new look with no code change.
func TestLoad_DiskLayoutOverridesTheBuiltIn(t *testing.T) {
	dir := t.TempDir()
	builtin, err := spec.Load(dir, nastrond.Schema)
	if err != nil {
		t.Fatal(err)
	}
	if builtin.File != "layout/nastrond.yaml" || len(builtin.Kinds) < 6 {
		t.Fatalf("built-in layout: %s with %d kinds", builtin.File, len(builtin.Kinds))
	}
	path := filepath.Join(dir, "nastrond.yaml")
	os.WriteFile(path, []byte(minimal), 0o644)
	l, err := spec.Load(dir, nastrond.Schema)
	if err != nil {
		t.Fatal(err)
	}
	if l.File != path || len(l.Kinds) != 1 {
		t.Errorf("loaded %s with %d kinds, want the file on disk", l.File, len(l.Kinds))
	}
}

// TestLoad_CFFFontIsOneLineAtItsYamlLine names a CFF .otf in a layout.
func TestLoad_CFFFontIsOneLineAtItsYamlLine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "NotoSansJP-Regular.otf"), append([]byte("OTTO\x00\x0a"), make([]byte, 300)...), 0o644)
	src := strings.Replace(minimal, "palettes:", "fonts:\n  default: {file: NotoSansJP-Regular.otf}\npalettes:", 1)
	os.WriteFile(filepath.Join(dir, "nastrond.yaml"), []byte(src), 0o644)
	_, err := spec.Load(dir, nastrond.Schema)
	if err == nil {
		t.Fatal("a CFF font was accepted")
	}
	msg := err.Error()
	if strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "nastrond.yaml:3: ") || !strings.Contains(msg, "CFF") || !strings.Contains(msg, ".ttf") {
		t.Errorf("error %q; want one line at nastrond.yaml:3 naming CFF and .ttf", msg)
	}
}

// TestBuiltinLayouts_AllLoad checks the four shipped layouts.
func TestBuiltinLayouts_AllLoad(t *testing.T) {
	for _, g := range rules.All().Schemas() {
		if _, err := spec.Load(t.TempDir(), g); err != nil {
			t.Errorf("%s: %v", g.ID, err)
		}
	}
}

// A field or a sheet the schema does not know parses: it names a workbook
// column or a print-only sheet, found when the data is read. The workbook
// lacking it is one line at the layout's line, listing what the workbook
// has as typed, with a suggestion.
func TestNewDataset_ColumnsAndSheetsTheWorkbookLacksAreOneLineEach(t *testing.T) {
	book, err := workbook.Open(filepath.Join("..", "..", "cardsrc", "nastrond.xlsx"), "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := nastrond.Schema.Validate(book, schema.NewLang("en"))
	tests := []struct {
		name, old, new string
		want           string
	}{
		{"misspelt field", `text: "{Name}"`, `text: "{Nmae}"`,
			`layout/nastrond.yaml:9: sheet Edda has no column "Nmae" (columns: ID, 名前, 階層, 目標値, VP, 勇気, 知性, 威厳, 親愛, 枚数, 物語) (did you mean "Name"?)`},
		{"misspelt sheet", "sheet: Edda", "sheet: Eda",
			`layout/nastrond.yaml:6: the workbook of game nastrond has no sheet "Eda" (sheets: Valkyria, Urd, Edda, Einherjar, Keeper, Nidhogg) (did you mean "Edda"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(minimal, tt.old, tt.new, 1)
			src = strings.Replace(src, `{by: Layer, values: {"1": "#336633"}, default: "#777777"}`, `{default: "#777777"}`, 1)
			l, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			_, err = spec.NewDataset(l, res)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant the line\n%s", err, tt.want)
			}
		})
	}
}

// A palette may choose its colour by a column the schema does not know:
// the column is found among the workbook's headers like any printed one,
// and each card takes the colour of its own cell.
func TestPalette_ChoosesByAColumnTheSchemaDoesNotKnow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nastrond.xlsx")
	f, err := excelize.OpenFile(filepath.Join("..", "..", "cardsrc", "nastrond.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("Edda")
	if err != nil {
		t.Fatal(err)
	}
	col := schema.ColName(len(rows[0]) + 1)
	for cell, v := range map[string]string{col + "1": "色", col + "2": "赤", col + "3": "青"} {
		if err := f.SetCellStr("Edda", cell, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	book, err := workbook.Open(path, "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := nastrond.Schema.Validate(book, schema.NewLang("en"))
	src := strings.Replace(minimal, `{by: Layer, values: {"1": "#336633"}, default: "#777777"}`,
		`{by: 色, values: {"赤": "#ff0000", "青": "#0000ff"}, default: "#777777"}`, 1)
	l, err := spec.Parse("layout/nastrond.yaml", []byte(src), nastrond.Schema)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	ds, err := spec.NewDataset(l, res)
	if err != nil {
		t.Fatalf("dataset: %v", err)
	}
	k := l.Kinds[0]
	fill := k.Face[0].Fill
	want := []spec.RGB{{255, 0, 0}, {0, 0, 255}, {119, 119, 119}}
	cards := ds.Designs(k)
	if len(cards) < len(want) {
		t.Fatalf("%d Edda designs, want at least %d", len(cards), len(want))
	}
	for i, w := range want {
		if got, ok := fill.Resolve(ds, k.Fields, cards[i].Row); !ok || got != w {
			t.Errorf("card %s (row %d) filled %v, want %v", cards[i].ID, i+2, got, w)
		}
	}

	bad := strings.Replace(src, "{by: 色,", "{by: 色彩,", 1)
	l, err = spec.Parse("layout/nastrond.yaml", []byte(bad), nastrond.Schema)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if _, err := spec.NewDataset(l, res); err == nil || !strings.Contains(err.Error(), `sheet Edda has no column "色彩"`) || !strings.Contains(err.Error(), `did you mean "色"?`) {
		t.Errorf("a palette by a column the workbook lacks gives %v, want the sheet's headers and a suggestion", err)
	}
}
