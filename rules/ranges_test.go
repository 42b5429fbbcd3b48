package rules_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

// withRule returns a copy of the shipped book whose Rules sheet has value
// for key (a new row when the sheet lacks the key), and the Value cell.
func withRule(t *testing.T, book *schema.Book, key, value string) (*schema.Book, string) {
	t.Helper()
	rules, ok := book.Lookup(schema.RulesSheet.Key, schema.RulesSheet.JA)
	if !ok {
		t.Fatal("no Rules sheet")
	}
	keyCol, valCol := column(rules, "キー", "Key"), column(rules, "値", "Value")
	at, i := rules, slices.IndexFunc(rules.Rows, func(r schema.Row) bool { return schema.Normalize(r.Cell(keyCol)) == key })
	if i < 0 {
		i = len(rules.Rows)
		at = withCell(book, rules, i, keyCol, key).Sheets[rules.Sheet]
	}
	return withCell(book, at, i, valCol, value), rules.Sheet + "!" + schema.CellName(valCol+1, at.Rows[i].Num)
}

// ruleValues is the value written for p at bound n: every element of a
// list rule is n.
func ruleValue(p schema.RuleParam, n int) string {
	list := strings.Split(p.Default, ",")
	for i := range list {
		list[i] = strconv.Itoa(n)
	}
	return strings.Join(list, ",")
}

// tiedRange is a Rules parameter whose documented bound cannot be played on
// the shipped workbook by changing that parameter alone.
type tiedRange struct {
	key   string
	bound string // "Min", "Max", or "" for both
	// with lists what the rule is tied to: other keys and the fixed
	// structure (a board's squares), which the refusal must name at the
	// rule's own cell in both languages and the rule's description must
	// name too. Empty for a rule that counts the workbook's own rows or
	// copies, or is bounded by them: every error then names the rule.
	with []string
}

// tiedRanges lists, per game, the bounds that the shipped workbook refuses
// alone; every other documented bound must play.
var tiedRanges = map[string][]tiedRange{
	"valkyrie": {
		{key: "SupplyValkyries"}, {key: "FirstValkyries"}, {key: "Monsters"}, {key: "Weaknesses"}, {key: "VPCards"},
		{key: "MinPlayers", bound: "Max", with: []string{"MaxPlayers"}},
		{key: "MaxPlayers", bound: "Min", with: []string{"MinPlayers"}},
		{key: "MaxPlayers", bound: "Max"}, // the First Valkyries must deal StartingDeck to each
		{key: "StartingDeck", bound: "Max"},
	},
	"nastrond": {
		{key: "Valkyria", bound: "Min"}, {key: "UrdPerColour"},
		{key: "UrdFor2", bound: "Max"}, {key: "UrdFor3", bound: "Max"}, {key: "UrdFor4", bound: "Max"},
		{key: "EinherjarLayer1"}, {key: "EinherjarLayer2"}, {key: "EinherjarLayer3"},
		{key: "EddaLayer1", bound: "Max", with: []string{"KeeperLayer1", "24"}},
		{key: "EddaLayer2", bound: "Max", with: []string{"KeeperLayer2", "16"}},
		{key: "EddaLayer3", with: []string{"KeeperLayer3", "8"}},
		{key: "KeeperLayer1", bound: "Min", with: []string{"EddaLayer1", "24"}},
		{key: "KeeperLayer2", bound: "Min", with: []string{"EddaLayer2", "16"}},
		{key: "KeeperLayer3", with: []string{"EddaLayer3", "8"}},
	},
	"guardian": {
		{key: "DeckSize"}, {key: "MaxCopies", bound: "Min"},
		{key: "StartHand", bound: "Max", with: []string{"ResourceZone", "DeckSize"}},
	},
	"bloodrage": {
		{key: "MaxAIClans", bound: "Min", with: []string{"AIClans"}},
		{key: "CardsPerAge"}, {key: "DraftRounds"},
		{key: "MaxHumanBattleCards", bound: "Max"}, {key: "AIBattleCards", bound: "Max"},
		{key: "StartRage", with: []string{"RageTrack"}}, {key: "RageTrack", with: []string{"StartRage"}},
		{key: "StartAxes", with: []string{"AxesTrack"}}, {key: "AxesTrack", with: []string{"StartAxes"}},
		{key: "StartHorns", with: []string{"HornsTrack"}}, {key: "HornsTrack", with: []string{"StartHorns"}},
		{key: "DestroyedAtStart", bound: "Max", with: []string{"Ages", "8"}},
	},
}

// tiedAt finds the entry of tiedRanges for key at bound.
func tiedAt(game, key, bound string) (tiedRange, bool) {
	for _, tr := range tiedRanges[game] {
		if tr.key == key && (tr.bound == "" || tr.bound == bound) {
			return tr, true
		}
	}
	return tiedRange{}, false
}

// TestEveryDocumentedRuleRangeIsPlayable writes, for every game and every
// whole-number Rules parameter, its documented Min and its Max into the
// shipped workbook (the other parameters at their shipped values). Each
// must validate without errors, and the engine built from it must play a
// seeded game to its end at every player count, its invariants checked;
// a range whose ends the engine could not play would not tell the truth.
// The bounds listed in tiedRanges are the exceptions, and each must be
// refused truthfully: a rule tied to other rules or to the fixed board is
// refused at its own cell by a message naming what it is tied to, in
// Japanese and English, and its description names that too; a rule bound
// to the workbook's own rows is refused by messages naming the rule.
func TestEveryDocumentedRuleRangeIsPlayable(t *testing.T) {
	for _, game := range rules.All() {
		g := game.Schema
		book := shippedBook(t, g)
		for _, p := range g.Rules {
			if k := p.ResolvedKind(); k != schema.RuleInt && k != schema.RuleIntList {
				continue
			}
			for bound, n := range map[string]int{"Min": p.Min, "Max": p.Max} {
				value := ruleValue(p, n)
				t.Run(g.ID+"/"+p.Key+"="+value, func(t *testing.T) {
					b, cell := withRule(t, book, p.Key, value)
					if tr, tied := tiedAt(g.ID, p.Key, bound); tied {
						refusedTruthfully(t, g, b, p, cell, tr.with)
						return
					}
					res := g.Validate(b, schema.NewLang("en"))
					if errs := errorsOf(res.Problems); len(errs) > 0 {
						t.Fatalf("refused (%s): %v", cell, errs)
					}
					playsToTheEnd(t, game, res.Data, p.Setting)
				})
			}
		}
	}
}

// refusedTruthfully fails t unless b is refused as the tied rule p must be.
func refusedTruthfully(t *testing.T, g *schema.Game, b *schema.Book, p schema.RuleParam, cell string, with []string) {
	t.Helper()
	for _, w := range with {
		if !strings.Contains(p.Doc, w) {
			t.Errorf("the description of %s does not name %s: %s", p.Key, w, p.Doc)
		}
	}
	for _, lang := range []string{"ja", "en"} {
		errs := errorsOf(g.Validate(b, schema.NewLang(lang)).Problems)
		if len(errs) == 0 {
			t.Fatalf("%s: accepted; the bound is no longer tied, drop it from tiedRanges", lang)
		}
		atCell := false
		for _, e := range errs {
			if !strings.Contains(e.Message, p.Key) && !strings.Contains(e.Message, cell) {
				t.Errorf("%s: an error names neither %s nor %s: %s", lang, p.Key, cell, e)
			}
			if e.Sheet+"!"+e.Cell == cell && containsAll(e.Message, with) {
				atCell = true
			}
		}
		if len(with) > 0 && !atCell {
			t.Errorf("%s: no error at %s naming %s; got %v", lang, cell, strings.Join(with, ", "), errs)
		}
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// playsToTheEnd builds game's engine from data and plays one seeded game at
// every player count with the random bot, its invariants checked. A game
// cut by the turn cap fails t unless setting says the rule is that cap.
func playsToTheEnd(t *testing.T, game *sim.Definition, data any, setting bool) {
	t.Helper()
	e, err := game.New(data)
	if err != nil {
		t.Fatalf("validated, but the engine refused it: %v", err)
	}
	pl := sim.NewPlayer(e, []string{"random"}, nil)
	pl.Check = true
	for _, players := range e.PlayerCounts() {
		r := pl.Play(sim.Config{Players: players}, 1)
		if r.Violation != nil {
			t.Fatalf("%d players: %s", players, r.Violation.Message)
		}
		if r.Unfinished && !setting {
			t.Errorf("%d players: the game did not finish in %d turns", players, r.Turns)
		}
	}
}

// errorsOf keeps the errors of ps.
func errorsOf(ps []schema.Problem) []schema.Problem {
	var out []schema.Problem
	for _, p := range ps {
		if p.Severity == schema.Error {
			out = append(out, p)
		}
	}
	return out
}
