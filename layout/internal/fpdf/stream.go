package fpdf

import (
	"slices"
	"strings"
)

// The fork writes a document out object by object: the buffer holds one
// object at a time, which goes to the sink (through the object filter)
// when the next one starts, and each object's offset is where it went.

// SetPageFilter has filter rewrite each page's content (uncompressed)
// when the page is finished, before it is deflated (with compression on).
func (f *Fpdf) SetPageFilter(filter func([]byte) []byte) { f.pageFilter = filter }

// SetObjectFilter has filter rewrite each object, from "n 0 obj" to its
// "endobj" line, as Output writes it; the cross-reference table follows
// the lengths filter gives.
func (f *Fpdf) SetObjectFilter(filter func(obj []byte) ([]byte, error)) { f.objFilter = filter }

// startobj writes out what the buffer holds and records that object n
// starts here.
func (f *Fpdf) startobj(n int) {
	f.flush(true)
	f.offsets[n] = f.written
}

// flush writes the buffer to the sink, an object through the object
// filter; next says whether an object starts after it.
func (f *Fpdf) flush(next bool) {
	b := f.buffer.Bytes()
	if f.inObj && f.objFilter != nil && f.err == nil {
		var err error
		if b, err = f.objFilter(b); err != nil {
			f.err = err
		}
	}
	if f.sink == nil {
		// A programmer's error: only Output (through Close) writes the
		// document out.
		panic("fpdf: the document is written out only by Output")
	}
	k, err := f.sink.Write(b)
	f.written += k
	if err != nil && f.err == nil {
		f.err = err
	}
	f.buffer.Reset()
	f.inObj = next
}

// boxOrder lists the page boxes of a page in a fixed order: TrimBox,
// BleedBox, then the others by name.
func boxOrder(boxes map[string]PageBox) []string {
	rank := func(t string) int {
		switch t {
		case "TrimBox":
			return 0
		case "BleedBox":
			return 1
		}
		return 2
	}
	keys := make([]string, 0, len(boxes))
	for t := range boxes {
		keys = append(keys, t)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return keys
}
