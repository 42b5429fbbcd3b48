package guardian

import (
	"context"
	"flag"
	"math/rand/v2"
	"sync"
	"testing"

	"bifrost/rules/sim"
	"bifrost/schema"
	"bifrost/schema/workbook"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const shipped = "../../cardsrc/guardian.xlsx"

var (
	shippedOnce sync.Once
	shippedData *Data
	shippedErr  error
)

// loadData validates the shipped workbook (once) and returns a fresh copy of
// its data's top level, so tests may change rules or rows.
func loadData(t testing.TB) *Data {
	t.Helper()
	shippedOnce.Do(func() {
		book, err := workbook.Open(shipped, "guardian.xlsx")
		if err != nil {
			shippedErr = err
			return
		}
		res := Schema.Validate(book, schema.NewLang("en"))
		if schema.HasErrors(res.Problems) {
			shippedErr = errProblems(res.Problems)
			return
		}
		shippedData = res.Data.(*Data)
	})
	if shippedErr != nil {
		t.Fatal(shippedErr)
	}
	d := *shippedData
	return &d
}

type errProblems []schema.Problem

func (e errProblems) Error() string {
	s := ""
	for _, p := range e {
		s += p.String() + "\n"
	}
	return s
}

func newEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(loadData(t))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func runBatch(t testing.TB, e sim.Engine, o sim.BatchOptions) *sim.Stats {
	t.Helper()
	return sim.Run(context.Background(), e, o)
}

// clone returns a deep copy of g with its own random source.
func (g *Game) clone(rng *rand.Rand) *Game {
	c := g.e.blank()
	c.copyFrom(g)
	c.rng = rng
	return c
}
