package text

import (
	"strings"
	"sync"
)

// Face is one font of a chain: its regular face and, when the family has
// one, its bold face.
type Face struct {
	Regular, Bold *Font
}

// Chain is a font fallback chain: each character is drawn from the first
// face that has it. The embedded default is always last, so a machine with
// no fonts installed still prints.
type Chain struct {
	Faces []Face
}

// NewChain returns a chain of faces followed by the embedded default.
func NewChain(faces ...Face) *Chain {
	return &Chain{Faces: append(faces, Face{Regular: Default()})}
}

// Pick returns the index of the first face that can print r, or -1.
func (c *Chain) Pick(r rune) int {
	for i, f := range c.Faces {
		if f.Regular.Has(r) {
			return i
		}
	}
	return -1
}

// Missing returns the characters of s that no face of c can print, each
// once, in order of first appearance.
func (c *Chain) Missing(s string) []rune {
	var out []rune
	for _, r := range s {
		if c.Pick(r) < 0 && !containsRune(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// Names lists the fonts of c for a message: "BIZ UDPGothic, M+ 1p".
func (c *Chain) Names() string {
	names := make([]string, len(c.Faces))
	for i, f := range c.Faces {
		names[i] = f.Regular.Name
	}
	return strings.Join(names, ", ")
}

// loaded keeps each font file read once per process: a layout names the
// same few system fonts in every run, and each is megabytes.
var loaded sync.Map // path → *Font

// LoadInstalled loads the faces of an installed family found by Find; the
// name shown in messages is the family's.
func LoadInstalled(in *Installed) (Face, error) {
	var face Face
	for _, p := range []struct {
		path string
		dst  **Font
	}{{in.Regular, &face.Regular}, {in.Bold, &face.Bold}} {
		if p.path == "" {
			continue
		}
		if f, ok := loaded.Load(p.path); ok {
			*p.dst = f.(*Font)
			continue
		}
		f, err := Load(p.path)
		if err != nil {
			return Face{}, err
		}
		f.Name = in.Family
		v, _ := loaded.LoadOrStore(p.path, f)
		*p.dst = v.(*Font)
	}
	return face, nil
}

// FontFor picks the font that draws r: the first face of the chain that has
// it, else the first face; for bold, that face's bold font when it has r.
// stroke reports that bold was asked for but the face has none, so the
// outlines must be stroked.
func (c *Chain) FontFor(r rune, bold bool) (f *Font, stroke bool) {
	face := c.Faces[max(c.Pick(r), 0)]
	if !bold {
		return face.Regular, false
	}
	if face.Bold != nil && face.Bold.Has(r) {
		return face.Bold, false
	}
	return face.Regular, true
}

// Run is a stretch of text drawn from one font of a chain.
type Run struct {
	S      string
	Font   *Font
	Stroke bool // bold asked for but the face has no bold: stroke the outlines
	W      int  // width in thousandths of an em
}

// Runs cuts s into stretches of one font each, measured.
func (c *Chain) Runs(s string, bold bool) []Run {
	var out []Run
	start := 0
	for i, r := range s {
		f, stroke := c.FontFor(r, bold)
		w := f.Width(r)
		if n := len(out); n > 0 && out[n-1].Font == f && out[n-1].Stroke == stroke {
			out[n-1].W += w
			continue
		}
		if n := len(out); n > 0 {
			out[n-1].S = s[start:i]
		}
		start = i
		out = append(out, Run{Font: f, Stroke: stroke, W: w})
	}
	if n := len(out); n > 0 {
		out[n-1].S = s[start:]
	}
	return out
}
