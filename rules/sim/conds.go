package sim

import (
	"bifrost/schema"
	"bifrost/schema/effect"
)

// Op is an effect condition's comparison, compiled.
type Op uint8

// The comparisons of the effect language.
const (
	OpNone Op = iota // none written: a count holds when it is above 0
	OpGE
	OpLE
	OpGT
	OpLT
	OpEQ
)

// opOf maps each comparison as written to its Op.
var opOf = map[string]Op{"": OpNone, ">=": OpGE, "<=": OpLE, ">": OpGT, "<": OpLT, "=": OpEQ}

// Holds reports whether x compares with v as o says; without a comparison,
// whether x is above 0.
func (o Op) Holds(x, v int) bool {
	switch o {
	case OpGE:
		return x >= v
	case OpLE:
		return x <= v
	case OpGT:
		return x > v
	case OpLT:
		return x < v
	case OpEQ:
		return x == v
	}
	return x > 0
}

// CompileConds compiles the conditions of an effect clause for an engine.
// kinds is the engine's code for each condition it knows; add receives each
// condition's code, its comparison and the condition itself (for its value
// and arguments), and adds the condition in the engine's own form or says
// why it cannot. CompileConds fails at the first condition kinds does not
// name, comparison the language does not have, or error of add.
func CompileConds[K any](conds []effect.Call, kinds map[string]K, add func(kind K, op Op, c effect.Call) error) error {
	for _, c := range conds {
		k, ok := kinds[c.Name]
		if !ok {
			return schema.Errorf("エンジンの知らない条件「%s」です", "unknown condition \"%s\"", c.Name)
		}
		op, ok := opOf[c.Op]
		if !ok {
			return schema.Errorf("エンジンの知らない比較「%s」です", "unknown comparison \"%s\"", c.Op)
		}
		if err := add(k, op, c); err != nil {
			return err
		}
	}
	return nil
}
