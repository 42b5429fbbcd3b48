package bloodrage

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"strconv"
	"strings"
	"testing"
)

// brRuleCell names the Value cell of rule key in b's Rules sheet.
func brRuleCell(b brBook, key string) string {
	return "Rules!" + schema.CellName(2, b.row("Rules", key)+1)
}

// TestBloodrageDestroyedAtStartLeavesRagnarok: each DestroyedAtStart value plus Ages is at most the 8 outer
// provinces (one is destroyed in each Age's Ragnarök); past that the engine
// refused the data, so validation reports it at the DestroyedAtStart cell.
func TestBloodrageDestroyedAtStartLeavesRagnarok(t *testing.T) {
	const key = "DestroyedAtStart:"
	for _, tc := range []struct {
		ages, destroyed string
		want            []string // one message part per error
	}{
		{"1", "7,2,1", nil},
		{"2", "6,6,6", nil},
		{"3", "3,5,5", nil},
		{"2", "7,2,1", []string{"rule DestroyedAtStart: 7 (for 2 clans) plus the number of Ages (2) is more than the 8 outer provinces"}},
		{"3", "3,6,7", []string{"6 (for 3 clans) plus the number of Ages (3)", "7 (for 4 clans) plus the number of Ages (3)"}},
	} {
		t.Run(tc.ages+"/"+tc.destroyed, func(t *testing.T) {
			b := brValid()
			b.rule("Ages", tc.ages)
			b.rule("RagnarokGlory", "2,3,4")
			b.rule("DestroyedAtStart", tc.destroyed)
			var got []string
			for _, p := range schematest.ErrorsOf(b.validate().Problems) {
				if strings.Contains(p.Message, key) {
					if cell := p.Sheet + "!" + p.Cell; cell != brRuleCell(b, "DestroyedAtStart") {
						t.Errorf("%q at %s, want %s", p.Message, cell, brRuleCell(b, "DestroyedAtStart"))
					}
					got = append(got, p.Message)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d errors %q, want %d", len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("error %d is %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

// brManyCards adds Age II Battle cards to b (whose Ages rule is 1, so they
// are not counted against CardsPerAge) until the Card sheet has total
// cards, nine copies a row. It returns the data row of the last card added.
func brManyCards(b brBook, total int) int {
	n := 0
	for _, r := range b["Card"][1:] {
		c, _ := strconv.Atoi(r[b.col("Card", "枚数")])
		n += max(c, 1)
	}
	for k := 0; n < total; k++ {
		c := min(9, total-n)
		b.add("Card", "X"+strconv.Itoa(k), "戦闘"+strconv.Itoa(k), "2", "戦闘", "1", "", "", "", "", strconv.Itoa(c))
		n += c
	}
	return len(b["Card"]) - 1
}

// TestBloodragePhysicalCards: the Card sheet holds at most MaxCards physical cards; past
// that the engine refused the data, so validation reports it at the copies
// cell of the row that passes the limit (and only there).
func TestBloodragePhysicalCards(t *testing.T) {
	const key = "the engine plays at most"
	for _, tc := range []struct {
		name  string
		total int
		after int    // rows of one card added after the total
		row   int    // data row (1-based) of the error, relative to the total's last row; 0: no error
		want  string // message part
	}{
		{"exactly MaxCards", schema.MaxCards, 0, 0, ""},
		{"one over", schema.MaxCards + 1, 0, 1, "this row brings the cards to 32768 in all; the engine plays at most 32767"},
		{"more rows after the one over", schema.MaxCards + 1, 3, 1, "this row brings the cards to 32768 in all"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := brValid()
			last := brManyCards(b, tc.total)
			for k := range tc.after {
				b.add("Card", "Y"+strconv.Itoa(k), "追加"+strconv.Itoa(k), "3", "戦闘", "1", "", "", "", "", "1")
			}
			res := b.validate()
			if tc.row == 0 {
				schematest.CheckLimit(t, res, "", "", key)
				if got := res.Components["Battle"] + res.Components["Quest"] + res.Components["Upgrade"]; got != tc.total {
					t.Errorf("counted %d cards, want %d", got, tc.total)
				}
				return
			}
			cell := "Card!" + schema.CellName(b.col("Card", "枚数")+1, last+tc.row)
			schematest.CheckLimit(t, res, cell, tc.want, key)
		})
	}
}
