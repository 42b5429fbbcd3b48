package schema

import "testing"

// TestRules_DefaultsAreValid checks that every game's seed defaults parse and
// lie within their own bounds, since the template writes them as they are.
func TestRules_DefaultsAreValid(t *testing.T) {
	for _, g := range Games() {
		seen := map[string]bool{}
		for _, p := range g.AllRules() {
			if seen[p.Key] {
				t.Errorf("%s: rule %s declared twice", g.ID, p.Key)
			}
			seen[p.Key] = true
			v, ok := parseRule(p, p.Default)
			if !ok || !p.within(v) {
				t.Errorf("%s: rule %s default %q is not a valid %s", g.ID, p.Key, p.Default, p.want(true))
			}
			if p.Doc == "" {
				t.Errorf("%s: rule %s has no description", g.ID, p.Key)
			}
		}
	}
}

func TestRules_UnknownKeySuggestsTheNearest(t *testing.T) {
	book := bookOf(map[string][][]string{"Rules": {{"キー", "値"}, {"UrdFor5", "8"}, {"MajortyVP", "5"}}})
	res := Nastrond.Validate(book, NewLang("en"))
	wantProblem(t, res.Problems, "Rules", "A2", `unknown rule "UrdFor5" (did you mean "UrdFor2"?)`)
	wantProblem(t, res.Problems, "Rules", "A3", `did you mean "MajorityVP"?`)
}

func TestRules_BadValueIsReportedAtItsCellAndTheDefaultStands(t *testing.T) {
	book := bookOf(map[string][][]string{"Rules": {{"Key", "Value"}, {"MajorityVP", "many"}, {"TiwazVP", "99"}, {"CountAllUrd", "たぶん"}}})
	c := &Checker{Game: Nastrond, Book: book, P: &Problems{File: "t.xlsx", Lang: NewLang("en")}, Lang: NewLang("en")}
	r := c.decodeRules()
	ps := c.P.Sorted()
	wantProblem(t, ps, "Rules", "B2", `rule "MajorityVP" must be a whole number from 0 to 30 (got "many")`)
	wantProblem(t, ps, "Rules", "B3", `rule "TiwazVP" must be a whole number from 0 to 5 (got "99")`)
	wantProblem(t, ps, "Rules", "B4", `rule "CountAllUrd" must be ○ or × (got "たぶん")`)
	if r.Int("MajorityVP") != 6 || r.Int("TiwazVP") != 1 || r.Bool("CountAllUrd") {
		t.Errorf("defaults did not stand: MajorityVP=%d TiwazVP=%d CountAllUrd=%v", r.Int("MajorityVP"), r.Int("TiwazVP"), r.Bool("CountAllUrd"))
	}
}

func TestRules_ValueOverridesTheDefault(t *testing.T) {
	book := bookOf(map[string][][]string{"ルール": {{"キー", "値"}, {"UrdFor4", "８"}, {"ArrivalMayShare", "×"}}})
	c := &Checker{Game: Nastrond, Book: book, P: &Problems{File: "t.xlsx", Lang: NewLang("ja")}, Lang: NewLang("ja")}
	r := c.decodeRules()
	if r.Int("UrdFor4") != 8 || r.Bool("ArrivalMayShare") {
		t.Errorf("UrdFor4=%d ArrivalMayShare=%v; want 8, false", r.Int("UrdFor4"), r.Bool("ArrivalMayShare"))
	}
	if len(c.P.items) != 0 {
		t.Errorf("unexpected problems: %v", problemLines(c.P.Sorted()))
	}
}

func TestRules_TextAsADesignerWritesIt(t *testing.T) {
	book := bookOf(map[string][][]string{"Rules": {{"キー", "値"}, {"UrdFor4", "8"}}})
	c := &Checker{Game: Nastrond, Book: book, P: &Problems{File: "t.xlsx", Lang: NewLang("en")}, Lang: NewLang("en")}
	r := c.decodeRules()
	for key, want := range map[string]string{"UrdFor4": "8", "ArrivalMayShare": "○", "CountAllUrd": "×"} {
		if got := r.Text(key); got != want {
			t.Errorf("Text(%s) = %q, want %q", key, got, want)
		}
	}
	if r.Has("NoSuchRule") || !r.Has("TiwazVP") {
		t.Error("Has is wrong")
	}
}
