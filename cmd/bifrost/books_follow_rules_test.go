package main

import (
	"context"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/layout/book"
	"bifrost/layout/book/booktest"
	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/layout/spec"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// TestPlayerBooksFollowEveryRuleTheEngineReads renders each game's player
// books with the shipped Rules and again with another value of every
// parameter the engine reads (both settings of each ○/× switch), except the
// simulation's and the gate's settings: each must expand, read differently
// (so a book never states a rule the engine is not playing), and a summary
// that changed must still fit its sheet and its card.
func TestPlayerBooksFollowEveryRuleTheEngineReads(t *testing.T) {
	t.Parallel()
	for _, g := range rules.All() {
		t.Run(g.ID(), func(t *testing.T) {
			shipped := openShipped(t, g.Schema)
			res := g.Schema.Validate(shipped, schema.NewLang("en"))
			base := expandPlayerBooks(t, g.Schema, res, nil, "the shipped Rules")
			for _, key := range keysTheEngineReads(t, g, res) {
				p := ruleParam(g.Schema, key)
				if p.Setting {
					continue
				}
				alt, altRes := otherSetting(t, g.Schema, shipped, res, p)
				if altRes == nil {
					t.Errorf("%s: the Rules sheet accepts no other value of %s than %s", g.ID(), key, res.Rules.Text(key))
					continue
				}
				setting := key + " = " + alt
				got := expandPlayerBooks(t, g.Schema, *altRes, base.faces, setting)
				if maps.Equal(got.text, base.text) {
					t.Errorf("%s: the player's books read the same with %s = %s as with %s: the engine plays a rule they do not state",
						g.ID(), key, alt, res.Rules.Text(key))
				}
				if got.text["summary"] != base.text["summary"] {
					printSummary(t, g.Schema, got.text["summary"], setting)
				}
			}
		})
	}
}

// TestPlayerBooksNeverPrintASimulationSetting fails when a player's book
// prints a turn cap, a check threshold or another setting that is not a
// rule of the game.
func TestPlayerBooksNeverPrintASimulationSetting(t *testing.T) {
	t.Parallel()
	placeholder := regexp.MustCompile(`rule "([A-Za-z0-9]+)"`)
	for _, g := range rules.All().Schemas() {
		for _, name := range booktest.PlayerBooks {
			md, err := os.ReadFile(filepath.Join("../../rules", g.ID, name+".md"))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range placeholder.FindAllStringSubmatch(string(md), -1) {
				if ruleParam(g, m[1]).Setting {
					t.Errorf("%s/%s.md prints %s, a setting of the simulation or the gate, not a rule players follow", g.ID, name, m[1])
				}
			}
		}
	}
}

// printSummary prints a summary as its sheet (the paper its front matter
// names) and as the card, as build does: with the other setting it must
// still fit.
func printSummary(t *testing.T, g *schema.Game, md, setting string) {
	t.Helper()
	fonts := book.WithFonts(book.InstalledChain(book.Mincho), book.InstalledChain(book.Gothic))
	dir := book.WithImages(os.DirFS(filepath.Join("../../rules", g.ID)))
	for _, paper := range [][]book.PDFOption{nil, {book.WithPaper("card")}} {
		if err := book.PDF(io.Discard, []byte(md), nil, append(paper, dir, fonts)...); err != nil {
			t.Errorf("%s: the summary with %s: %v", g.ID, setting, err)
		}
	}
}

// keysTheEngineReads builds g's engine on res's data with traced Rules and
// plays a few games, returning every parameter it read.
func keysTheEngineReads(t *testing.T, g *sim.Definition, res schema.Result) []string {
	t.Helper()
	traced, read := res.Rules.Traced()
	field := reflect.ValueOf(res.Data).Elem().FieldByName("Rules")
	if !field.IsValid() {
		t.Fatalf("%s: the typed data has no Rules field", g.ID())
	}
	old := field.Interface()
	field.Set(reflect.ValueOf(traced))
	defer field.Set(reflect.ValueOf(old))
	e, err := g.New(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	sim.Run(context.Background(), e, sim.BatchOptions{Seed: 1, Games: 12, Workers: 1})
	keys := read()
	if len(keys) == 0 {
		t.Fatalf("%s: the engine read no Rules parameter", g.ID())
	}
	return keys
}

func ruleParam(g *schema.Game, key string) schema.RuleParam {
	for _, p := range g.AllRules() {
		if p.Key == key {
			return p
		}
	}
	panic("no rule " + key)
}

func openShipped(t *testing.T, g *schema.Game) *schema.Book {
	t.Helper()
	path := filepath.Join(shippedSrc, g.ID+".xlsx")
	b, err := workbook.Open(path, path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// otherSetting reads b's Rules with p set to another value than current:
// the other mark of a switch, or a nearby number the Rules sheet accepts.
// It returns the value and res with those Rules (in its typed data too),
// or nil when no candidate is accepted. The rest of the workbook may
// disagree with the new value (a deck of 30 under DeckSize 31): the books
// are expanded all the same. A value refused at its row by a message naming
// another rule it is tied to (MaxAIClans below AIClans) is tried again with
// that rule moved to the same value.
func otherSetting(t *testing.T, g *schema.Game, b *schema.Book, res schema.Result, p schema.RuleParam) (string, *schema.Result) {
	t.Helper()
	current := res.Rules.Text(p.Key)
	var candidates []string
	switch p.ResolvedKind() {
	case schema.RuleBool:
		candidates = []string{map[bool]string{true: "×", false: "○"}[current == "○"]}
	case schema.RuleChoice:
		for _, c := range p.Choices {
			if c != current {
				candidates = append(candidates, c)
			}
		}
	case schema.RuleIntList:
		parts := strings.Split(current, ",")
		for i := len(parts) - 1; i >= 0; i-- {
			n, _ := strconv.Atoi(parts[i])
			for _, d := range []int{1, -1} {
				alt := slices.Clone(parts)
				alt[i] = strconv.Itoa(n + d)
				candidates = append(candidates, strings.Join(alt, ","))
			}
		}
	case schema.RuleInt:
		n, _ := strconv.Atoi(current)
		candidates = []string{strconv.Itoa(n + 1), strconv.Itoa(n - 1), strconv.Itoa(p.Min), strconv.Itoa(p.Max)}
	}
	for _, c := range candidates {
		if c == current {
			continue
		}
		edited, row := booktest.WithRule(b, p.Key, c)
		alt := g.Validate(edited, schema.NewLang("en"))
		if errs := errorsOnRow(alt.Problems, row); len(errs) > 0 {
			tied := tiedRule(g, p.Key, errs)
			if tied == "" {
				continue
			}
			edited, _ = booktest.WithRule(edited, tied, c)
			if alt = g.Validate(edited, schema.NewLang("en")); len(errorsOnRow(alt.Problems, row)) > 0 {
				continue
			}
		}
		data := reflect.New(reflect.TypeOf(res.Data).Elem())
		data.Elem().Set(reflect.ValueOf(res.Data).Elem())
		data.Elem().FieldByName("Rules").Set(reflect.ValueOf(alt.Rules))
		out := res
		out.Rules, out.Data = alt.Rules, data.Interface()
		return c, &out
	}
	return "", nil
}

// errorsOnRow are the errors of ps on row of the Rules sheet.
func errorsOnRow(ps []schema.Problem, row int) []schema.Problem {
	var out []schema.Problem
	for _, pr := range ps {
		onRules := pr.Sheet == schema.RulesSheet.Key || pr.Sheet == schema.RulesSheet.JA
		if pr.Severity == schema.Error && onRules && strings.TrimLeft(pr.Cell, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strconv.Itoa(row) {
			out = append(out, pr)
		}
	}
	return out
}

// tiedRule is the first rule of g other than key that errs name as a word,
// or "".
func tiedRule(g *schema.Game, key string, errs []schema.Problem) string {
	for _, q := range g.AllRules() {
		word := regexp.MustCompile(`\b` + regexp.QuoteMeta(q.Key) + `\b`)
		if q.Key != key && slices.ContainsFunc(errs, func(pr schema.Problem) bool { return word.MatchString(pr.Message) }) {
			return q.Key
		}
	}
	return ""
}

// expandedBooks are the player's books with their placeholders filled in.
type expandedBooks struct {
	text  map[string]string
	faces map[string]*draw.List
}

// expandPlayerBooks expands g's player books from res as books.Set.Render
// does, drawing the example cards unless faces are given; setting names
// the Rules for messages.
func expandPlayerBooks(t *testing.T, g *schema.Game, res schema.Result, faces map[string]*draw.List, setting string) expandedBooks {
	t.Helper()
	dir := filepath.Join("../../rules", g.ID)
	if faces == nil {
		lay, err := spec.Load(spec.LayoutDir(shippedSrc), g)
		if err != nil {
			t.Fatal(err)
		}
		drawn, err := cards.DrawAll(res, lay, cards.Options{ArtDir: filepath.Join(shippedSrc, "art")})
		if err != nil {
			t.Fatal(err)
		}
		faces = map[string]*draw.List{}
		for _, d := range drawn {
			faces[d.ID] = d.Face
		}
	}
	text, err := booktest.Expand(t, dir, book.Data{Game: g, Result: res, Figures: books.Figures(definition(t, g.ID), res), Parts: books.CardParts(faces), Lang: schema.English})
	if err != nil {
		t.Errorf("%s with %s: %v", g.ID, setting, err)
	}
	return expandedBooks{faces: faces, text: text}
}
