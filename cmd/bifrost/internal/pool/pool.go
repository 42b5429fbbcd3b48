// Package pool runs a command's work for each game on a bounded number of
// goroutines and prints what each job wrote to the console in job order, as
// if the jobs had run one after another.
package pool

import (
	"io"
	"runtime"
	"sync"
)

// Job is the work for job i. It writes its console output to stdout and
// stderr; an error stops the jobs after it.
type Job func(i int, stdout, stderr io.Writer) error

// Run runs jobs 0..n-1 on at most workers goroutines at once (0 or less:
// GOMAXPROCS), handing them out in order. With one worker each job writes
// straight to stdout and stderr; with more, each job's writes are held and
// replayed, stdout and stderr interleaved as they were written, once the
// job and every job before it are done. After a job returns an error no
// further job starts, the output of the jobs after it is dropped, and Run
// returns the first error in job order: stdout, stderr and the error are
// those of running the jobs one after another and stopping at the first
// error.
func Run(n, workers int, stdout, stderr io.Writer, job Job) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if workers == 1 || n <= 1 {
		for i := range n {
			if err := job(i, stdout, stderr); err != nil {
				return err
			}
		}
		return nil
	}
	p := &printer{stdout: stdout, stderr: stderr, logs: make([]*log, n), errs: make([]error, n), done: make([]bool, n)}
	var (
		mu      sync.Mutex
		next    int
		stopped bool
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if stopped || next == n {
			return 0, false
		}
		next++
		return next - 1, true
	}
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i, ok := take()
				if !ok {
					return
				}
				l := &log{}
				err := job(i, l.writer(false), l.writer(true))
				if err != nil {
					mu.Lock()
					stopped = true
					mu.Unlock()
				}
				p.finish(i, l, err)
			}
		})
	}
	wg.Wait()
	return p.err
}

// printer replays finished jobs' logs in job order.
type printer struct {
	mu             sync.Mutex
	stdout, stderr io.Writer
	logs           []*log
	errs           []error
	done           []bool
	next           int   // the first job not yet printed
	err            error // the first error in job order, once printed
}

// finish records job i's log and error and prints every job, from the
// first not yet printed, that is done, up to the first that failed.
func (p *printer) finish(i int, l *log, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.logs[i], p.errs[i], p.done[i] = l, err, true
	for p.err == nil && p.next < len(p.done) && p.done[p.next] {
		p.logs[p.next].replay(p.stdout, p.stderr)
		p.err = p.errs[p.next]
		p.logs[p.next] = nil
		p.next++
	}
}

// log holds one job's console output: the chunks written to stdout and
// stderr, in the order they were written.
type log struct {
	mu     sync.Mutex
	chunks []chunk
}

type chunk struct {
	stderr bool
	data   []byte
}

func (l *log) writer(stderr bool) io.Writer { return stream{l, stderr} }

// replay writes the held chunks to stdout and stderr in order.
func (l *log) replay(stdout, stderr io.Writer) {
	for _, c := range l.chunks {
		w := stdout
		if c.stderr {
			w = stderr
		}
		_, _ = w.Write(c.data) // a console that fails to print is not the job's failure
	}
}

// stream is one of a log's two streams.
type stream struct {
	l      *log
	stderr bool
}

func (s stream) Write(b []byte) (int, error) {
	s.l.mu.Lock()
	defer s.l.mu.Unlock()
	if k := len(s.l.chunks) - 1; k >= 0 && s.l.chunks[k].stderr == s.stderr {
		s.l.chunks[k].data = append(s.l.chunks[k].data, b...)
	} else {
		s.l.chunks = append(s.l.chunks, chunk{s.stderr, append([]byte(nil), b...)})
	}
	return len(b), nil
}
