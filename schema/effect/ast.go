package effect

// Effect is a parsed effect cell: clauses separated by ';'.
type Effect struct {
	Clauses []Clause
}

// Clause is one ability: an optional trigger, optional conditions in 【】 or [],
// an optional "may", and one action.
//
//	end: [played Battle >= 2] may draw 1
type Clause struct {
	Pos     int    // byte offset of the clause in the source
	Trigger string // canonical trigger name, "" for none
	Conds   []Call // every condition must hold
	May     bool   // 〜してもよい: the player may decline
	Action  Call
}

// Call is a verb or condition with its arguments. For a condition, Op and
// Value hold an optional comparison ("hand <= 2"); Op is "" when absent.
type Call struct {
	Pos   int    // byte offset of the name in the source
	Name  string // canonical (English) name, even when written as an alias
	Args  []Arg
	Op    string // one of ">=", "<=", ">", "<", "=", or ""
	Value int
}

// Arg is one argument. Int holds numbers (signed or not); Str holds words,
// enum values and card IDs.
type Arg struct {
	Pos  int
	Kind ArgKind
	Int  int
	Str  string
}

// Int returns the i-th argument as a number, or 0 if absent.
func (c Call) Int(i int) int {
	if i < len(c.Args) {
		return c.Args[i].Int
	}
	return 0
}

// Str returns the i-th argument as text, or "" if absent.
func (c Call) Str(i int) string {
	if i < len(c.Args) {
		return c.Args[i].Str
	}
	return ""
}
