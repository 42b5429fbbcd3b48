//go:build !unix

package main

// cpuSeconds is not measured where getrusage is missing.
func cpuSeconds() (float64, bool) { return 0, false }
