package main

import (
	"testing"

	"bifrost/schema"
)

// BenchmarkValidateAll loads and validates all four shipped workbooks, as
// `bifrost validate` does. DESIGN.md's target is 50 ms for the four together.
func BenchmarkValidateAll(b *testing.B) {
	targets, err := resolveTargets(shippedSrc, nil)
	if err != nil {
		b.Fatal(err)
	}
	lang := schema.NewLang("en")
	b.ReportAllocs()
	for b.Loop() {
		results, err := validateAll(targets, lang)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range results {
			if schema.HasErrors(r.Problems) {
				b.Fatalf("%s: %v", r.Game, r.Problems[0])
			}
		}
	}
}
