package text

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2/examples/resources/fonts"
)

// maxFontBytes bounds the size of a font file read from disk.
const maxFontBytes = 64 << 20

// Font is a TrueType font that the PDF writer can embed, with the set of
// characters it can print.
type Font struct {
	Name  string // shown in messages: the file name, or "M+ 1p" for the default
	Data  []byte // the .ttf bytes
	cover []uint64
}

// DefaultName is the name of the embedded default font.
const DefaultName = "M+ 1p"

var defaultFont = sync.OnceValue(func() *Font {
	f, err := Parse(DefaultName, fonts.MPlus1pRegular_ttf)
	if err != nil {
		panic("text: the embedded M+ 1p font does not parse: " + err.Error())
	}
	return f
})

// Default returns the embedded last-resort font, M+ 1p Regular (M+ FONTS
// licence), so that a machine with no fonts installed still prints.
func Default() *Font { return defaultFont() }

// Load reads a TrueType font file. Formats the PDF writer cannot embed get a
// one-line error naming the file and the formats that work.
func Load(path string) (*Font, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the font: %w", path, unwrapPath(err))
	}
	if st.Size() > maxFontBytes {
		return nil, fmt.Errorf("%s: font file is %d MB, more than the %d MB limit", path, st.Size()>>20, maxFontBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the font: %w", path, unwrapPath(err))
	}
	f, err := Parse(filepath.Base(path), data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// formatHint ends every "cannot embed" message.
const formatHint = "use a TrueType font with glyf outlines (.ttf), such as BIZ UD Gothic, IPAex Gothic or the TTF build of Noto Sans JP"

// Parse checks that data is a TrueType font with a Unicode BMP character map
// and reads which characters it covers.
func Parse(name string, data []byte) (*Font, error) {
	if len(data) < 12 {
		return nil, fmt.Errorf("not a font file (%d bytes); %s", len(data), formatHint)
	}
	switch string(data[:4]) {
	case "OTTO":
		return nil, fmt.Errorf("CFF-flavoured OpenType (.otf) fonts cannot be embedded in the PDF; %s", formatHint)
	case "ttcf":
		return nil, fmt.Errorf("font collections (.ttc) cannot be embedded in the PDF; %s", formatHint)
	case "wOFF", "wOF2":
		return nil, fmt.Errorf("web fonts (.woff, .woff2) cannot be embedded in the PDF; %s", formatHint)
	case "\x00\x01\x00\x00", "true":
	default:
		return nil, fmt.Errorf("not a TrueType font; %s", formatHint)
	}
	tables, err := tableDirectory(data)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf"} {
		if _, ok := tables[tag]; !ok {
			if tag == "glyf" || tag == "loca" {
				return nil, fmt.Errorf("the font has no TrueType outlines (no %s table); %s", tag, formatHint)
			}
			return nil, fmt.Errorf("damaged font: no %s table; %s", tag, formatHint)
		}
	}
	cover, err := readCmap(data, tables["cmap"])
	if err != nil {
		return nil, err
	}
	return &Font{Name: name, Data: data, cover: cover}, nil
}

type span struct{ off, len int }

func tableDirectory(data []byte) (map[string]span, error) {
	n := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*n > len(data) {
		return nil, fmt.Errorf("damaged font: the table directory runs past the end of the file")
	}
	tables := make(map[string]span, n)
	for i := range n {
		rec := data[12+16*i:]
		off, ln := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || ln < 0 || off > len(data) || ln > len(data)-off {
			return nil, fmt.Errorf("damaged font: table %q runs past the end of the file", rec[:4])
		}
		tables[string(rec[:4])] = span{off, ln}
	}
	return tables, nil
}

// readCmap reads the coverage of the format-4 Unicode subtable that fpdf
// uses: the first (3,1) or platform-0 subtable in format 4.
func readCmap(data []byte, t span) ([]uint64, error) {
	cm := data[t.off : t.off+t.len]
	u16 := func(b []byte, at int) (int, bool) {
		if at < 0 || at+2 > len(b) {
			return 0, false
		}
		return int(binary.BigEndian.Uint16(b[at:])), true
	}
	n, ok := u16(cm, 2)
	if !ok {
		return nil, fmt.Errorf("damaged font: short cmap table")
	}
	for i := range n {
		rec := 4 + 8*i
		if rec+8 > len(cm) {
			break
		}
		platform, _ := u16(cm, rec)
		enc, _ := u16(cm, rec+2)
		off := int(binary.BigEndian.Uint32(cm[rec+4:]))
		if !(platform == 3 && enc == 1 || platform == 0) {
			continue
		}
		if format, ok := u16(cm, off); !ok || format != 4 {
			continue
		}
		return readFormat4(cm, off)
	}
	return nil, fmt.Errorf("the font has no Unicode (BMP, format 4) character map, which the PDF writer needs; %s", formatHint)
}

func readFormat4(cm []byte, off int) ([]uint64, error) {
	bad := fmt.Errorf("damaged font: bad format-4 cmap")
	u16 := func(at int) (int, error) {
		if at < 0 || at+2 > len(cm) {
			return 0, bad
		}
		return int(binary.BigEndian.Uint16(cm[at:])), nil
	}
	segX2, err := u16(off + 6)
	if err != nil {
		return nil, err
	}
	segs := segX2 / 2
	ends := off + 14
	starts := ends + segX2 + 2
	deltas := starts + segX2
	ranges := deltas + segX2
	cover := make([]uint64, 0x10000/64)
	for s := range segs {
		end, err := u16(ends + 2*s)
		if err != nil {
			return nil, err
		}
		start, err := u16(starts + 2*s)
		if err != nil {
			return nil, err
		}
		delta, err := u16(deltas + 2*s)
		if err != nil {
			return nil, err
		}
		ro, err := u16(ranges + 2*s)
		if err != nil {
			return nil, err
		}
		if start > end {
			continue
		}
		for c := start; c <= end && c < 0xFFFF; c++ {
			g := 0
			if ro == 0 {
				g = (c + delta) & 0xFFFF
			} else {
				gi, err := u16(ranges + 2*s + ro + 2*(c-start))
				if err != nil {
					return nil, err
				}
				if gi != 0 {
					g = (gi + delta) & 0xFFFF
				}
			}
			if g != 0 {
				cover[c>>6] |= 1 << (c & 63)
			}
		}
	}
	return cover, nil
}

// Has reports whether f can print r: r is in the Basic Multilingual Plane
// and the font maps it to a glyph. Line breaks and tabs count as printable.
func (f *Font) Has(r rune) bool {
	if r == '\n' || r == '\t' || r == '\r' {
		return true
	}
	if r < 0 || r > 0xFFFF {
		return false
	}
	return f.cover[r>>6]&(1<<(r&63)) != 0
}

// Missing returns the characters of s that f cannot print, each once, in
// order of first appearance.
func (f *Font) Missing(s string) []rune {
	var out []rune
	for _, r := range s {
		if !f.Has(r) && !containsRune(out, r) {
			out = append(out, r)
		}
	}
	return out
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// OutsideBMP reports whether r cannot be embedded by the PDF writer at all,
// whatever the font: it lies outside the Basic Multilingual Plane.
func OutsideBMP(r rune) bool { return r > 0xFFFF }

// Describe names a character for a message: 「𠮷」 (U+20BB7). Invisible
// characters are shown by code point only.
func Describe(r rune) string {
	if unicode.IsPrint(r) && !unicode.IsSpace(r) {
		return fmt.Sprintf("「%c」 (U+%04X)", r, r)
	}
	return fmt.Sprintf("U+%04X", r)
}
