package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/cmd/bifrost/internal/problems"
)

// listWritten prints each file a command wrote, a PDF with its page count
// and any other file with its size, then a one-line summary for game.
func listWritten(g *globalOptions, game string, paths []string) {
	var pdfs, pages, others int
	var size int64
	for _, p := range paths {
		if strings.HasSuffix(strings.ToLower(p), ".pdf") {
			n := countPages(p)
			pdfs, pages = pdfs+1, pages+n
			fmt.Fprintln(g.stderr, g.msg("wrote_pages", p, nPages.Of(n)))
			continue
		}
		var n int64
		if fi, err := os.Stat(p); err == nil {
			n = fi.Size()
		}
		others, size = others+1, size+n
		fmt.Fprintln(g.stderr, g.msg("wrote_size", p, byteSize(n)))
	}
	var parts []string
	if pdfs > 0 {
		parts = append(parts, g.msg("summary_pdfs", nPDFs.Of(pdfs), nPages.Of(pages)))
	}
	if others > 0 {
		parts = append(parts, g.msg("summary_others", nOtherFiles.Of(others), byteSize(size)))
	}
	fmt.Fprintln(g.stderr, g.msg("wrote_summary", game, nFiles.Of(len(paths)), strings.Join(parts, g.msg("list_sep"))))
}

// pageObject matches a page object of a PDF (not the /Pages tree nodes).
var pageObject = regexp.MustCompile(`/Type\s*/Page\b`)

// countPages counts the page objects of a PDF written by our writers, which
// keep objects uncompressed; 0 when the file cannot be read.
func countPages(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return len(pageObject.FindAllIndex(data, -1))
}

// byteSize renders n bytes as B, KB or MB.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// reportSkipped prints, for game, what a command did not write and why:
// the errors of each broken book as one line each on stdout, then one line
// per book (or output) skipped on stderr, naming its files. It returns nil
// when nothing was skipped, errIncomplete when an input could not be read,
// and errProblems when the data was at fault.
func reportSkipped(g *globalOptions, game string, skips []books.Skipped) error {
	var result error
	for _, s := range skips {
		names := make([]string, len(s.Outputs))
		for i, p := range s.Outputs {
			names[i] = filepath.Base(p)
		}
		list := g.Lang().List(names)
		switch ps := s.Problems; {
		case len(ps) > 0:
			for _, p := range ps {
				fmt.Fprintln(g.stdout, p.String())
			}
			fmt.Fprintln(g.stderr, g.msg("skipped_book", game, list, ps[0].File, problems.NErrors.Of(len(ps))))
		default:
			fmt.Fprintln(g.stderr, g.msg("skipped_output", game, list, g.localize(s.Err)))
		}
		if errors.As(s.Err, new(books.DataError)) {
			result = cmpErr(result, errProblems)
		} else {
			result = cmpErr(result, errIncomplete)
		}
	}
	return result
}

// cmpErr is the graver of two outcomes of a command that goes on after a
// problem: errIncomplete (an input could not be read) over errProblems (the
// data has problems) over nil.
func cmpErr(a, b error) error {
	switch {
	case errors.Is(a, errIncomplete) || errors.Is(b, errIncomplete):
		return errIncomplete
	case a != nil:
		return a
	}
	return b
}
