package main

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"bifrost/rules"
)

// BenchmarkBuild runs `bifrost build` on the shipped workbooks, as a designer
// does, with one worker and with one per core. With -cpuprofile it shows where
// a build's time goes.
func BenchmarkBuild(b *testing.B) {
	for _, workers := range []int{1, 0} {
		b.Run("workers="+strconv.Itoa(workers), func(b *testing.B) {
			out := b.TempDir()
			args := []string{"build", "--src", shippedSrc, "--rules", "../../rules", "--out", out, "--workers", strconv.Itoa(workers)}
			for b.Loop() {
				var stdout, stderr bytes.Buffer
				if err := newRootCmd(&stdout, &stderr, args, rules.All()).ExecuteContext(context.Background()); err != nil {
					b.Fatalf("build: %v\n%s%s", err, &stdout, &stderr)
				}
			}
		})
	}
}
