//go:build !unix

package main

import "testing"

// mkfifo skips the test: there are no named pipes here.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	t.Skip("no named pipes here")
}
