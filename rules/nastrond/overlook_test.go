package nastrond

import (
	"strings"
	"testing"

	"bifrost/schema"
)

// The greedy bot does not weigh an Einherjar's skill, and says so for the
// findings to carry: the column it names is the schema's, in both
// languages; search weighs everything and overlooks nothing.
func TestGreedySaysItOverlooksEinherjarSkills(t *testing.T) {
	e := shippedEngine(t)
	got := e.Overlooks("greedy")
	if len(got) != 1 || got[0].Sheet != "Einherjar" || got[0].Column != "Skill" {
		t.Fatalf("greedy overlooks %+v, want Einherjar's Skill", got)
	}
	var sheet *schema.SheetSpec
	for _, s := range Schema.Sheets {
		if s.Key == got[0].Sheet {
			sheet = s
		}
	}
	found := false
	for _, c := range sheet.Columns() {
		found = found || c.Field == got[0].Column
	}
	if !found {
		t.Errorf("sheet %s has no column %s", got[0].Sheet, got[0].Column)
	}
	if ja, en := got[0].Why.In(schema.Japanese), got[0].Why.In(schema.English); !strings.Contains(ja, "スキル") || !strings.Contains(en, "skill") {
		t.Errorf("the reason reads %q / %q", ja, en)
	}
	if o := e.Overlooks("search"); len(o) != 0 {
		t.Errorf("search overlooks %+v", o)
	}
}
