package effect

// ArgKind is the type of one verb argument.
type ArgKind int

// The argument kinds.
const (
	Count  ArgKind = iota // a whole number ≥ 0 (Min/Max apply): "2"
	Signed                // a whole number with optional sign: "+2", "-1", "3"
	Word                  // one of Enum: "Battle"
	Ref                   // a card ID; the caller checks it resolves
	Text                  // free text in "double quotes" or 「」
)

// ArgSpec declares one argument of a verb or condition.
type ArgSpec struct {
	Name     string   // for messages and docs, e.g. "n"
	Kind     ArgKind  //
	Min, Max int      // for Count and Signed; Max 0 means no upper bound
	Enum     []string // for Word: the accepted values (canonical spelling)
	Labels   []string // for Word: how each Enum value prints on a card; empty means as written
	Optional bool     // may be omitted; only trailing arguments may be optional
}

// Verb declares an action or a condition.
//
// Text is the Japanese card text, with {1}, {2}… for the arguments, and for a
// condition {n} for its comparison value and {op} for its comparison word
// (以上, 以下, より多い, 未満, ちょうど). MayText is the form printed for "may"
// (〜してもよい); when it is empty, Text + "ことができる" is printed.
type Verb struct {
	Name    string   // canonical English name, e.g. "draw"
	Aliases []string // other accepted spellings, e.g. Japanese "引く"
	Args    []ArgSpec
	Text    string // e.g. "カードを{1}枚引く"
	MayText string // e.g. "カードを{1}枚引いてもよい"
	Compare bool   // conditions only: accepts "op number" after the arguments
	Doc     string // one line for cardsrc/README and the template notes
}

// Trigger declares a clause prefix such as "end:".
type Trigger struct {
	Name    string   // canonical, e.g. "end"
	Aliases []string // e.g. "ターン終了時"
	Text    string   // printed before the clause, e.g. "ターン終了時："
	Doc     string
}

// Vocab is one vocabulary: what may appear in one kind of effect cell.
type Vocab struct {
	Name     string // e.g. "valkyrie", or "valkyrie/tactics"
	Verbs    []Verb
	Conds    []Verb
	Triggers []Trigger
}

// Verb returns the verb called name, by canonical name or alias, ignoring
// ASCII case; nil if there is none or v is nil. Canonical names win over
// aliases.
func (v *Vocab) Verb(name string) *Verb {
	if v == nil {
		return nil
	}
	return find(v.Verbs, name)
}

// Cond returns the condition called name, like Verb.
func (v *Vocab) Cond(name string) *Verb {
	if v == nil {
		return nil
	}
	return find(v.Conds, name)
}

// Trigger returns the trigger called name, by canonical name or alias,
// ignoring ASCII case; nil if there is none or v is nil.
func (v *Vocab) Trigger(name string) *Trigger {
	if v == nil {
		return nil
	}
	for i := range v.Triggers {
		if foldEq(v.Triggers[i].Name, name) {
			return &v.Triggers[i]
		}
	}
	for i := range v.Triggers {
		for _, a := range v.Triggers[i].Aliases {
			if foldEq(a, name) {
				return &v.Triggers[i]
			}
		}
	}
	return nil
}

func find(verbs []Verb, name string) *Verb {
	for i := range verbs {
		if foldEq(verbs[i].Name, name) {
			return &verbs[i]
		}
	}
	for i := range verbs {
		for _, a := range verbs[i].Aliases {
			if foldEq(a, name) {
				return &verbs[i]
			}
		}
	}
	return nil
}
