package pool

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
)

// console is a terminal's record of what was printed, each line tagged with
// its stream, in the order it arrived.
type console struct{ lines []string }

func (c *console) stream(tag string) io.Writer { return tagged{c, tag} }

type tagged struct {
	c   *console
	tag string
}

func (t tagged) Write(b []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if line != "" {
			t.c.lines = append(t.c.lines, t.tag+line)
		}
	}
	return len(b), nil
}

// say is a job that prints two lines on each stream, interleaved, after
// waiting for wait[i] (when there is one), and then closes done[i].
func say(wait, done map[int]chan struct{}, fail map[int]bool) Job {
	return func(i int, stdout, stderr io.Writer) error {
		if c, ok := wait[i]; ok {
			<-c
		}
		fmt.Fprintf(stdout, "job %d a\n", i)
		fmt.Fprintf(stderr, "job %d b\n", i)
		fmt.Fprintf(stdout, "job %d c\n", i)
		if c, ok := done[i]; ok {
			close(c)
		}
		if fail[i] {
			return fmt.Errorf("job %d failed", i)
		}
		return nil
	}
}

func TestRunPrintsInJobOrderWhateverOrderJobsFinish(t *testing.T) {
	// With two workers job 0 waits for job 1, so job 1 always finishes first.
	run := func(workers int) []string {
		c := &console{}
		wait, done := map[int]chan struct{}{}, map[int]chan struct{}{}
		if workers > 1 {
			first := make(chan struct{})
			wait[0], done[1] = first, first
		}
		if err := Run(3, workers, c.stream("out: "), c.stream("err: "), say(wait, done, nil)); err != nil {
			t.Fatal(err)
		}
		return c.lines
	}
	one, two := run(1), run(2)
	if strings.Join(one, "") != strings.Join(two, "") {
		t.Errorf("two workers printed\n%s\none printed\n%s", strings.Join(two, ""), strings.Join(one, ""))
	}
	if len(one) != 9 || one[1] != "err: job 0 b\n" {
		t.Errorf("one worker printed %q", one)
	}
}

func TestRunStopsAtTheFirstErrorInJobOrder(t *testing.T) {
	for _, tt := range []struct {
		name    string
		fail    map[int]bool
		wantErr string
		printed int // jobs whose output is printed
	}{
		{"none fails", nil, "", 4},
		{"the first fails", map[int]bool{0: true}, "job 0 failed", 1},
		{"a later one fails", map[int]bool{2: true}, "job 2 failed", 3},
		{"two fail", map[int]bool{1: true, 3: true}, "job 1 failed", 2},
	} {
		for _, workers := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/%d workers", tt.name, workers), func(t *testing.T) {
				c := &console{}
				err := Run(4, workers, c.stream(""), c.stream(""), say(nil, nil, tt.fail))
				if got := fmt.Sprint(err); (err == nil) != (tt.wantErr == "") || (err != nil && got != tt.wantErr) {
					t.Errorf("error %v, want %q", err, tt.wantErr)
				}
				if len(c.lines) != 3*tt.printed {
					t.Errorf("printed %q, want the lines of %d jobs", c.lines, tt.printed)
				}
			})
		}
	}
}

func TestRunKeepsAtMostWorkersJobsRunning(t *testing.T) {
	var running, most atomic.Int32
	job := func(int, io.Writer, io.Writer) error {
		n := running.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		running.Add(-1)
		return nil
	}
	if err := Run(50, 2, io.Discard, io.Discard, job); err != nil {
		t.Fatal(err)
	}
	if most.Load() > 2 {
		t.Errorf("%d jobs ran at once, want at most 2", most.Load())
	}
}

func TestRunOneWorkerWritesStraightThrough(t *testing.T) {
	c := &console{}
	out := c.stream("")
	err := Run(2, 1, out, out, func(i int, stdout, _ io.Writer) error {
		if stdout != out {
			return errors.New("the job got a held stream, not the console")
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}
