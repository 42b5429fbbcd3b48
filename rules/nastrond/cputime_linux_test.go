//go:build linux

package nastrond

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used, so that a
// benchmark on a loaded machine can report its own work, not the wait.
func threadCPU() (time.Duration, bool) {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &r); err != nil {
		return 0, false
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano()), true
}
