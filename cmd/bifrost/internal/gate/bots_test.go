package gate

import (
	"slices"
	"strings"
	"testing"

	"bifrost/rules/nastrond"
	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

// withBalanceBots validates the shipped nastrond workbook with
// CheckBalanceBots set to value in l's language, and gives the result and
// the cell of that value.
func withBalanceBots(t *testing.T, value string, l *schema.Lang) (schema.Result, string) {
	t.Helper()
	book, err := workbook.Open("../../../../cardsrc/nastrond.xlsx", "cardsrc/nastrond.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	rules := book.Sheets["Rules"]
	i := slices.IndexFunc(rules.Rows, func(r schema.Row) bool { return r.Cell(0) == "CheckBalanceBots" })
	if i < 0 {
		i = len(rules.Rows)
		rules.Rows = append(rules.Rows, schema.Row{Num: rules.Rows[i-1].Num + 1})
	}
	rules.Rows[i].Cells = []string{"CheckBalanceBots", value}
	return nastrond.Schema.Validate(book, l), schema.CellName(2, rules.Rows[i].Num)
}

// TestCheckBalanceBotsTakesASearchBudget: the Rules sheet's
// CheckBalanceBots may give the search bot a budget, as --bots does
// ("search:50"); the balance batch then plays that budget, falling back to
// greedy on an engine without search.
func TestCheckBalanceBotsTakesASearchBudget(t *testing.T) {
	res, _ := withBalanceBots(t, "search:50", schema.English)
	for _, p := range res.Problems {
		if p.Sheet == "Rules" {
			t.Errorf("search:50 is refused: %s!%s %s", p.Sheet, p.Cell, p.Message)
		}
	}
	chain := BalanceBots(res.Rules)
	if !slices.Equal(chain, []string{"search:50", "greedy"}) {
		t.Fatalf("CheckBalanceBots search:50: chain %q, want search:50 then greedy", chain)
	}
	e, err := nastrond.Definition.New(res.Data)
	if err != nil {
		t.Fatal(err)
	}
	if got := FirstBot(e, chain); got != "search:50" {
		t.Errorf("nastrond plays %q, want search:50", got)
	}
	if bot, ok := e.NewBot("search:50").(*sim.SearchBot); !ok || bot == nil {
		t.Errorf("search:50 is not a search bot: %T", e.NewBot("search:50"))
	}
}

// TestCheckBalanceBotsRefusesABadBotOrBudgetAtItsCell: an unknown bot, a
// budget on a bot that takes none, and a budget out of range or not a
// number are each one error at the value's cell, in both languages, that
// names the bots and the budget's range; the default bot stands in.
func TestCheckBalanceBotsRefusesABadBotOrBudgetAtItsCell(t *testing.T) {
	for _, value := range []string{"strong", "greedy:50", "search:0", "search:100001", "search:many", "search:"} {
		for _, tt := range []struct {
			l    *schema.Lang
			want []string
		}{
			{schema.Japanese, []string{"CheckBalanceBots", "random・greedy・search のどれか", "search:400", "1〜100000"}},
			{schema.English, []string{"CheckBalanceBots", "random / greedy / search", "search:400", "1 to 100000"}},
		} {
			res, cell := withBalanceBots(t, value, tt.l)
			var at []schema.Problem
			for _, p := range res.Problems {
				if p.Sheet == "Rules" {
					at = append(at, p)
				}
			}
			if len(at) != 1 || at[0].Cell != cell || at[0].Severity != schema.Error {
				t.Errorf("%q (%s): want one error at Rules!%s, got %v", value, tt.l.Tag(), cell, at)
				continue
			}
			for _, w := range tt.want {
				if !strings.Contains(at[0].Message, w) {
					t.Errorf("%q (%s): %q does not say %q", value, tt.l.Tag(), at[0].Message, w)
				}
			}
			if got := BalanceBots(res.Rules); !slices.Equal(got, []string{"greedy"}) {
				t.Errorf("%q: chain %q, want the default greedy", value, got)
			}
		}
	}
}

// TestTheRulesSheetBudgetIsTheBotsBudget: the Rules sheet allows the very
// budgets a search bot's name may carry.
func TestTheRulesSheetBudgetIsTheBotsBudget(t *testing.T) {
	i := slices.IndexFunc(schema.CheckRules, func(p schema.RuleParam) bool { return p.Key == "CheckBalanceBots" })
	if p := schema.CheckRules[i]; p.Min != 1 || p.Max != sim.MaxBudget {
		t.Errorf("CheckBalanceBots budget %d..%d, search bots take 1..%d", p.Min, p.Max, sim.MaxBudget)
	}
}
