package testenv

import (
	"runtime"
	"testing"
)

// outcomeTB records whether a helper skipped or failed the test.
type outcomeTB struct {
	testing.TB
	skipped, failed bool
}

func (o *outcomeTB) Helper()      {}
func (o *outcomeTB) Skip(...any)  { o.skipped = true; runtime.Goexit() }
func (o *outcomeTB) Fatal(...any) { o.failed = true; runtime.Goexit() }

func runHelper(t *testing.T, fn func(tb testing.TB)) *outcomeTB {
	o := &outcomeTB{TB: t}
	done := make(chan struct{})
	go func() { defer close(done); fn(o) }()
	<-done
	return o
}

func TestMissingToolSkipsLocallyAndFailsUnderCI(t *testing.T) {
	const missing = "bifrost-no-such-reader"
	t.Setenv("CI", "")
	if o := runHelper(t, func(tb testing.TB) { Tool(tb, "x", missing) }); !o.skipped || o.failed {
		t.Errorf("without CI: skipped %v failed %v; want a skip", o.skipped, o.failed)
	}
	t.Setenv("CI", "true")
	if o := runHelper(t, func(tb testing.TB) { Tool(tb, "x", missing) }); o.skipped || !o.failed {
		t.Errorf("with CI=true: skipped %v failed %v; want a failure", o.skipped, o.failed)
	}
	var found string
	if o := runHelper(t, func(tb testing.TB) { found = Tool(tb, "golang", missing, "go") }); o.skipped || o.failed || found == "" {
		t.Errorf("a tool that is installed (the second name) skipped %v or failed %v the test, or was not found (%q)", o.skipped, o.failed, found)
	}
}
