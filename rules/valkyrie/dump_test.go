package valkyrie

import (
	"fmt"
	"testing"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

func TestDump(t *testing.T) {
	book, err := workbook.Open("../../cardsrc/valkyrie.xlsx", "valkyrie.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := schema.Valkyrie.Validate(book, schema.NewLang("en"))
	d := res.Data.(*schema.ValkyrieData)
	for _, v := range d.Valkyries {
		fmt.Printf("V %s %s %s cost%d f%d p%d vp%d x%d | %s\n", v.ID, v.Name, v.Deck, v.Cost, v.Funds, v.Power, v.VP, v.Copies, v.Effect.Src)
	}
	for _, v := range d.FirstValkyries {
		fmt.Printf("F %s %s f%d p%d vp%d x%d | %s\n", v.ID, v.Name, v.Funds, v.Power, v.VP, v.Copies, v.Effect.Src)
	}
	for _, v := range d.Monsters {
		fmt.Printf("M %s %s %s\n", v.ID, v.Name, v.Epithet)
	}
	for _, v := range d.RageTactics {
		fmt.Printf("T %s %s r%d | %s\n", v.ID, v.Monster, v.Rage, v.Effect.Src)
	}
	for _, v := range d.Weaknesses {
		fmt.Printf("W %s %s %s r%d d%d vp%d | %s\n", v.ID, v.Name, v.Monster, v.Rage, v.Durability, v.VP, v.Reward.Src)
	}
	for _, v := range d.VPCards {
		fmt.Printf("P %s %s vp%d x%d\n", v.ID, v.Name, v.VP, v.Copies)
	}
}
