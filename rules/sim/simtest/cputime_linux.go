package simtest

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// CPUClock returns a clock of the CPU time of the calling thread, which it
// locks to the goroutine so that waiting for a busy machine's cores is not
// counted; unlock undoes the lock.
func CPUClock() (now func() time.Duration, unlock func()) {
	runtime.LockOSThread()
	return func() time.Duration {
		var ts syscall.Timespec
		const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
		syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
		return time.Duration(ts.Nano())
	}, runtime.UnlockOSThread
}
