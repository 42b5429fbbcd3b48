package testenv

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// CI reports whether the tests run under CI (the CI environment variable
// is true).
func CI() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci
}

// Missing skips t, or fails it under CI, because what is not installed;
// install says how to install it (an apt-get command).
func Missing(t testing.TB, what, install string) {
	t.Helper()
	msg := what + " is not installed; install it with: " + install
	if CI() {
		t.Fatal(msg + " (under CI a missing tool or font fails the test)")
	}
	t.Skip(msg)
}

// Tool returns the path of the first of names on PATH; when none is there,
// it calls Missing, naming the Debian package pkg to install.
func Tool(t testing.TB, pkg string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	Missing(t, names[0], "apt-get install "+pkg)
	return ""
}
