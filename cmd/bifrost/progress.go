package main

import (
	"io"
	"os"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"bifrost/cmd/bifrost/internal/batches"
)

// batches plays batches printing on g's stderr in its language, with a
// progress bar there when it is a terminal.
func (g *globalOptions) batches() batches.Runner {
	return batches.Runner{Stderr: g.stderr, Lang: g.Lang(), Progress: g.progressBar}
}

// progressBar draws a bar of total games on stderr when it is a terminal,
// in the command's language, and returns the function to tell it of games
// played (safe from any worker) and the one to call when the work is over;
// elsewhere it draws nothing and step is nil.
func (g *globalOptions) progressBar(name string, total int) (step func(games int), done func()) {
	w := g.stderr
	if !isTerminal(w) {
		return nil, func() {}
	}
	p := mpb.New(mpb.WithOutput(w), mpb.WithWidth(40), mpb.WithRefreshRate(100*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name(name+" "), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(decor.Percentage(), decor.Name(" "), decor.AverageSpeed(0, g.msg("progress_speed"))),
	)
	return func(n int) { bar.IncrBy(n) }, func() { bar.SetTotal(-1, true); p.Wait() }
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
