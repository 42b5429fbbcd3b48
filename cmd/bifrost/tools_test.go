package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
)

// needTool returns the path of a command-line tool a test needs (a PDF
// reader, Chromium, git). A missing tool skips the test on a designer's
// machine, but fails it under CI (CI=true), where .ci/run installs them all:
// a green CI run never hides a test that did not run.
func needTool(t testing.TB, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	msg := fmt.Sprintf("%s is not installed; install it with: apt-get install %s", name, pkg)
	if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
		t.Fatal(msg + " (CI=true: a missing tool fails the test)")
	}
	t.Skip(msg)
	return ""
}

// outcomeTB records whether a helper skipped or failed the test.
type outcomeTB struct {
	testing.TB
	skipped, failed bool
}

func (o *outcomeTB) Helper()               {}
func (o *outcomeTB) Skip(...any)           { o.skipped = true; runtime.Goexit() }
func (o *outcomeTB) Fatal(...any)          { o.failed = true; runtime.Goexit() }
func (o *outcomeTB) Fatalf(string, ...any) { o.failed = true; runtime.Goexit() }

func runHelper(t *testing.T, fn func(tb testing.TB)) *outcomeTB {
	o := &outcomeTB{TB: t}
	done := make(chan struct{})
	go func() { defer close(done); fn(o) }()
	<-done
	return o
}

func TestIssue18_12_MissingToolSkipsLocallyAndFailsUnderCI(t *testing.T) {
	const missing = "bifrost-no-such-reader"
	t.Setenv("CI", "")
	if o := runHelper(t, func(tb testing.TB) { needTool(tb, missing, "x") }); !o.skipped || o.failed {
		t.Errorf("without CI: skipped %v failed %v; want a skip", o.skipped, o.failed)
	}
	t.Setenv("CI", "true")
	if o := runHelper(t, func(tb testing.TB) { needTool(tb, missing, "x") }); o.skipped || !o.failed {
		t.Errorf("with CI=true: skipped %v failed %v; want a failure", o.skipped, o.failed)
	}
	if o := runHelper(t, func(tb testing.TB) { needTool(tb, "go", "golang") }); o.skipped || o.failed {
		t.Error("a tool that is installed skipped or failed the test")
	}
}
