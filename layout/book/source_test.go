package book

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"go.yaml.in/yaml/v3"

	"bifrost/layout/cards"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/nastrond"
	"bifrost/schema"
	"bifrost/schema/figure"
	"bifrost/schema/workbook"
)

// load validates a workbook and returns the rulebook data for game g.
func load(t testing.TB, g *schema.Game, path string) Data {
	t.Helper()
	book, err := workbook.Open(path, path)
	if err != nil {
		t.Fatal(err)
	}
	res := g.Validate(book, schema.NewLang("en"))
	if schema.HasErrors(res.Problems) {
		t.Fatalf("%s: %v", path, res.Problems)
	}
	rulings, _ := os.ReadFile(filepath.Join("../../rules", g.ID, "RULINGS.md"))
	var glossary []Term
	if y, err := os.ReadFile(filepath.Join("../../rules", g.ID, "glossary.yaml")); err == nil {
		if err := yaml.Unmarshal(y, &glossary); err != nil {
			t.Fatal(err)
		}
	}
	return Data{Game: g, Result: res, Book: book, Rulings: string(rulings), Glossary: glossary, Figures: standInFigures, Parts: shippedParts(t, g, res)}
}

// shippedParts gives the parts of the cards of g as its shipped card
// layout draws them, for the callouts of {{card}}.
func shippedParts(t testing.TB, g *schema.Game, res schema.Result) func(string) (CardParts, bool) {
	t.Helper()
	lay, err := spec.Load(spec.LayoutDir("../../cardsrc"), g)
	if err != nil {
		t.Fatal(err)
	}
	// Only the cards the game's books number the parts of are drawn, to
	// keep the tests fast.
	var only []string
	for _, name := range []string{"rulebook", "summary", "designer"} {
		md, _ := os.ReadFile(filepath.Join("../../rules", g.ID, name+".md"))
		for _, m := range calloutCard.FindAllStringSubmatch(string(md), -1) {
			only = append(only, m[1])
		}
	}
	if len(only) == 0 {
		return nil
	}
	drawn, err := cards.DrawAll(res, lay, cards.Options{Only: only})
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]CardParts{}
	for _, d := range drawn {
		parts[d.ID] = PartsOf(d.Face)
	}
	return func(id string) (CardParts, bool) {
		p, ok := parts[id]
		return p, ok
	}
}

// calloutCard finds a {{card}} with callouts and its card's ID.
var calloutCard = regexp.MustCompile(`\{\{card "([^"]+)" "`)

// standInFigures stand in for the figures each rules package draws from its
// data and geometry, which this package does not import.
var standInFigures = map[string]*figure.Figure{"board": standIn, "supply": standIn, "area": standIn, "map": standIn}

var standIn = &figure.Figure{W: 20, H: 20, Shapes: []figure.Shape{{Kind: figure.KindRect, W: 20, H: 20, Stroke: "#000000"}}}

func TestExpand_EveryShippedRulebook(t *testing.T) {
	for _, g := range rules.All().Schemas() {
		md, err := os.ReadFile(filepath.Join("../../rules", g.ID, "rulebook.md"))
		if err != nil {
			t.Fatal(err)
		}
		out, err := Expand("rulebook.md", string(md), load(t, g, "../../cardsrc/"+g.ID+".xlsx"))
		if err != nil {
			t.Errorf("%s: %v", g.ID, err)
			continue
		}
		if strings.Contains(out, "{{") || !strings.Contains(out, "| 種類 | 枚数 |") {
			t.Errorf("%s: placeholders left or no component table", g.ID)
		}
	}
}

func TestExpand_UnknownPlaceholderNamesFileAndLine(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Lang = schema.English
	tests := []struct{ md, want string }{
		{"# 題\n\n本文\n{{price \"Edda\"}}\n", `book.md:4: function "price" not defined`},
		{"a\n{{count \"Dragon\"}}\n", `book.md:2: unknown component "Dragon"`},
		{"a\nb\n{{rule \"UrdFor9\"}}\n", `book.md:3: unknown rule "UrdFor9"`},
		{"{{table \"Edda\" \"価格\"}}", `book.md:1: sheet Edda has no column "価格"`},
		{"\n{{card \"ZZZ\"}}", `book.md:2: unknown card "ZZZ"`},
	}
	for _, tt := range tests {
		_, err := Expand("book.md", tt.md, d)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Expand(%q) = %v, want %q", tt.md, err, tt.want)
		}
	}
}

func TestExpand_ACountChangedInTheWorkbookChangesTheBook(t *testing.T) {
	src := filepath.Join(t.TempDir(), "nastrond.xlsx")
	err := workbook.Edit("../../cardsrc/nastrond.xlsx", src, func(f *excelize.File) error {
		rows, _ := f.GetRows("Rules")
		for i, r := range rows {
			if len(r) > 0 && r[0] == "UrdFor4" {
				return f.SetCellValue("Rules", schema.CellName(2, i+1), 8)
			}
		}
		return errors.New("the shipped Rules sheet has no UrdFor4 row")
	})
	if err != nil {
		t.Fatal(err)
	}
	md := "4人なら{{rule \"UrdFor4\"}}枚、エッダは{{count \"Edda\"}}枚。"
	before, err := Expand("b.md", md, load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	after, err := Expand("b.md", md, load(t, nastrond.Schema, src))
	if err != nil {
		t.Fatal(err)
	}
	if before != "4人なら9枚、エッダは38枚。" || after != "4人なら8枚、エッダは38枚。" {
		t.Errorf("before %q, after %q", before, after)
	}
}

func TestExpand_TableGeneratesBlankTextFromTheEffect(t *testing.T) {
	out, err := Expand("b.md", `{{table "Einherjar" "名前" "テキスト"}}`, load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Count(out, "\n|") - 1
	if rows < 10 || strings.Contains(out, "|  |") {
		t.Errorf("%d rows, or a blank text cell:\n%s", rows, out)
	}
}
