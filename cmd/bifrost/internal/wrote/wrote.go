// Package wrote lists the files a command wrote, as build, cards,
// rulebook and tts print them: each PDF with its page count, any other
// file with its size, then one summary line for the game.
package wrote

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"bifrost/schema"
)

// Messages are the lines of the list.
var Messages = schema.Catalogue{
	"wrote_pages":    {"%s（%v）", "%s (%v)"},
	"wrote_size":     {"%s（%s）", "%s (%s)"},
	"wrote_summary":  {"%s：%vのファイルを書き出しました（%s）", "%s: wrote %v (%s)"},
	"summary_pdfs":   {"PDF %v・計 %v", "%v, %v in all"},
	"summary_others": {"ほか %v・%s", "%v, %s"},
	"list_sep":       {"、", "; "},
}

var (
	nPages      = schema.Noun{"%d ページ", "%d pages", "%d page"}
	nFiles      = schema.Noun{"%d 個", "%d files", "%d file"}
	nPDFs       = schema.Noun{"%d 個", "%d PDFs", "%d PDF"}
	nOtherFiles = schema.Noun{"%d 個", "%d other files", "%d other file"}
)

// List prints on w, in lang, each file of paths a command wrote for game,
// a PDF with its page count and any other file with its size, then a
// one-line summary.
func List(w io.Writer, lang *schema.Lang, game string, paths []string) {
	say := func(key string, args ...any) string { return Messages.Err(key, args...).In(lang) }
	var pdfs, pages, others int
	var size int64
	for _, p := range paths {
		if strings.HasSuffix(strings.ToLower(p), ".pdf") {
			n := countPages(p)
			pdfs, pages = pdfs+1, pages+n
			fmt.Fprintln(w, say("wrote_pages", p, nPages.Of(n)))
			continue
		}
		var n int64
		if fi, err := os.Stat(p); err == nil {
			n = fi.Size()
		}
		others, size = others+1, size+n
		fmt.Fprintln(w, say("wrote_size", p, byteSize(n)))
	}
	var parts []string
	if pdfs > 0 {
		parts = append(parts, say("summary_pdfs", nPDFs.Of(pdfs), nPages.Of(pages)))
	}
	if others > 0 {
		parts = append(parts, say("summary_others", nOtherFiles.Of(others), byteSize(size)))
	}
	fmt.Fprintln(w, say("wrote_summary", game, nFiles.Of(len(paths)), strings.Join(parts, say("list_sep"))))
}

// Print prints each path of paths on stdout, one a line for scripts to
// read, then lists them on stderr as List does.
func Print(stdout, stderr io.Writer, lang *schema.Lang, game string, paths []string) {
	for _, p := range paths {
		fmt.Fprintln(stdout, p)
	}
	List(stderr, lang, game, paths)
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
