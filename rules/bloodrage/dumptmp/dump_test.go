package dumptmp

import (
	"fmt"
	"testing"

	"bifrost/schema"
	"bifrost/schema/workbook"
)

func TestDump(t *testing.T) {
	book, err := workbook.Open("/work/main/cardsrc/bloodrage.xlsx", "bloodrage.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	res := schema.Bloodrage.Validate(book, schema.NewLang("en"))
	for _, p := range res.Problems {
		fmt.Println("PROBLEM", p)
	}
	d := res.Data.(*schema.BloodrageData)
	for _, b := range d.Boards {
		fmt.Printf("BOARD %s %s %s q=%d rg=%d/%d v=%d pil=%q boost=%q battle=%q\n", b.ID, b.Name, b.Clan, b.QuestGlory, b.RageGlory, b.RagePer, b.ValhallaGlory, b.Pillage.Src, b.Boost.Src, b.Battle.Src)
	}
	for _, x := range d.Tracks {
		fmt.Printf("TRACK %s f%d s%d %q loop=%v\n", x.Board, x.Face, x.Step, x.Instruction.Src, x.Loop)
	}
	for _, x := range d.Upgrades {
		fmt.Printf("UP %s f%d %q cost=%d %s m=%s\n", x.Board, x.Face, x.Effect.Src, x.Cost, x.Colour, x.Monster)
	}
	for _, x := range d.Draft {
		fmt.Printf("DRAFT %+v\n", x)
	}
	for _, x := range d.Pillage {
		fmt.Printf("PIL %+v\n", x)
	}
	for _, x := range d.Provinces {
		fmt.Printf("PROV %s %s %d %s v=%d %q\n", x.ID, x.Name, x.Number, x.Realm, x.Villages, x.Reward.Src)
	}
	for _, x := range d.Fjords {
		fmt.Printf("FJORD %+v\n", x)
	}
	for _, x := range d.Cards {
		fmt.Printf("CARD %s %s a%d %s str=%d p=%d slot=%s g=%d late=%v c=%d %q\n", x.ID, x.Name, x.Age, x.Kind, x.STR, x.Players, x.Slot, x.Glory, x.Late, x.Copies, x.Effect.Src)
	}
}
