package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestCompare_GuardianFlagsAPlantedCardForTheDeckThatHoldsIt: G01, a
// Guardian only 火の速攻 holds, made to give 6 points instead of 1 is
// flagged for that deck, stronger, and measured for no other deck; the
// text names the deck beside the card, the changed card first.
func TestCompare_GuardianFlagsAPlantedCardForTheDeckThatHoldsIt(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	edit(t, src, "guardian", func(f *excelize.File) error {
		row, err := rowWhere(f, "Guardian", "ID", "G01")
		if err != nil {
			return err
		}
		return setByHeader(f, "Guardian", "効果", row, "シップ時：ポイント +6")
	})
	shipped, planted := filepath.Join(shippedSrc, "guardian.xlsx"), filepath.Join(src, "guardian.xlsx")
	c := compareJSON(t, shipped, planted, "--games", "2000")
	flagged := false
	for _, cc := range c.Comparisons[0].Cards {
		if cc.Group == "" {
			t.Errorf("a card measured over every deck: %+v", cc)
		}
		if cc.ID != "G01" {
			continue
		}
		if cc.Group != "火の速攻" {
			t.Errorf("G01 measured in deck %q, which does not hold it", cc.Group)
		}
		flagged = flagged || cc.Measure == "win_rate" && cc.Significant && cc.Diff > 0
	}
	if !flagged {
		t.Errorf("G01's win rate in 火の速攻 is not flagged as higher: %+v", c.Comparisons[0].Cards[:min(5, len(c.Comparisons[0].Cards))])
	}
	r := bifrost(t, "compare", shipped, planted, "--games", "2000", "--lang", "en")
	_, moved, _ := strings.Cut(r.stdout, "Measures that moved")
	var firstCard string
	for _, line := range strings.Split(moved, "\n") {
		if strings.Contains(line, " deck ") {
			firstCard = line
			break
		}
	}
	if r.code != 0 || !strings.HasPrefix(firstCard, "  G01 鎚打ちのゴウエン in the 火の速攻 deck win_rate (a changed card): ") {
		t.Errorf("exit %d; G01 in 火の速攻 is not the first card listed:\n%s", r.code, r.stdout)
	}
}
