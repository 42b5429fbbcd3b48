package main

import (
	"testing"

	"bifrost/layout/testenv"
)

// needTool returns the path of a command-line tool a test needs (a PDF
// reader, Chromium, git). A missing tool skips the test on a designer's
// machine, but fails it under CI (CI=true), where .ci/run installs them all:
// a green CI run never hides a test that did not run.
func needTool(t testing.TB, name, pkg string) string {
	t.Helper()
	return testenv.Tool(t, pkg, name)
}
