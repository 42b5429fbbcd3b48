//go:build unix

package outfile

import (
	"errors"
	"syscall"
)

// alive reports whether process pid still runs (or cannot be signalled,
// which means it runs as someone else).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
