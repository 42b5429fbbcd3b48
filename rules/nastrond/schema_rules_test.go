package nastrond

import (
	"bifrost/schema"
	"bifrost/schema/schematest"
	"testing"
)

func TestRules_UnknownKeySuggestsTheNearest(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"Rules": {{"キー", "値"}, {"UrdFor5", "8"}, {"MajortyVP", "5"}}})
	res := Schema.Validate(book, schema.NewLang("en"))
	schematest.WantProblem(t, res.Problems, "Rules", "A2", `unknown rule "UrdFor5" (did you mean "UrdFor2"?)`)
	schematest.WantProblem(t, res.Problems, "Rules", "A3", `did you mean "MajorityVP"?`)
}

func TestRules_BadValueIsReportedAtItsCellAndTheDefaultStands(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"Rules": {{"Key", "Value"}, {"MajorityVP", "many"}, {"TiwazVP", "99"}, {"CountAllUrd", "たぶん"}}})
	res := Schema.Validate(book, schema.NewLang("en"))
	r := res.Rules
	ps := res.Problems
	schematest.WantProblem(t, ps, "Rules", "B2", `rule "MajorityVP" must be a whole number from 0 to 30 (got "many")`)
	schematest.WantProblem(t, ps, "Rules", "B3", `rule "TiwazVP" must be a whole number from 0 to 5 (got "99")`)
	schematest.WantProblem(t, ps, "Rules", "B4", `rule "CountAllUrd" must be ○ or × (got "たぶん")`)
	if r.Int("MajorityVP") != 6 || r.Int("TiwazVP") != 1 || r.Bool("CountAllUrd") {
		t.Errorf("defaults did not stand: MajorityVP=%d TiwazVP=%d CountAllUrd=%v", r.Int("MajorityVP"), r.Int("TiwazVP"), r.Bool("CountAllUrd"))
	}
}

func TestRules_ValueOverridesTheDefault(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"ルール": {{"キー", "値"}, {"UrdFor4", "８"}, {"ArrivalMayShare", "×"}}})
	res := Schema.Validate(book, schema.NewLang("ja"))
	r := res.Rules
	if r.Int("UrdFor4") != 8 || r.Bool("ArrivalMayShare") {
		t.Errorf("UrdFor4=%d ArrivalMayShare=%v; want 8, false", r.Int("UrdFor4"), r.Bool("ArrivalMayShare"))
	}
	for _, p := range res.Problems {
		if p.Sheet == "ルール" {
			t.Errorf("unexpected problem: %s", p)
		}
	}
}

func TestRules_TextAsADesignerWritesIt(t *testing.T) {
	book := schematest.BookOf(map[string][][]string{"Rules": {{"キー", "値"}, {"UrdFor4", "8"}}})
	res := Schema.Validate(book, schema.NewLang("en"))
	r := res.Rules
	for key, want := range map[string]string{"UrdFor4": "8", "ArrivalMayShare": "○", "CountAllUrd": "×"} {
		if got := r.Text(key); got != want {
			t.Errorf("Text(%s) = %q, want %q", key, got, want)
		}
	}
	if r.Has("NoSuchRule") || !r.Has("TiwazVP") {
		t.Error("Has is wrong")
	}
}
