//go:build !linux

package simtest

import "time"

// CPUClock returns the wall clock where a thread's CPU time is not at hand.
func CPUClock() (now func() time.Duration, unlock func()) {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }, func() {}
}
