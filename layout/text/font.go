package text

import (
	"bifrost/schema"
	"encoding/binary"
	"fmt"
	"math"
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
	// widths holds each BMP character's advance in thousandths of an em,
	// as the PDF writer computes it, so text is measured without loading
	// the font into a PDF.
	widths  []uint16
	missing int // the width the PDF writer gives a character the font lacks
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
		return nil, schema.Errorf("%s：フォントを読めません：%v", "%s: cannot read the font: %v", path, unwrapPath(err))
	}
	if st.Size() > maxFontBytes {
		return nil, schema.Errorf("%s：フォントファイルが %d MB あり、上限の %d MB を超えています", "%s: font file is %d MB, more than the %d MB limit", path, st.Size()>>20, maxFontBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, schema.Errorf("%s：フォントを読めません：%v", "%s: cannot read the font: %v", path, unwrapPath(err))
	}
	f, err := Parse(filepath.Base(path), data)
	if err != nil {
		return nil, schema.Errorf("%s：%v", "%s: %v", path, err)
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
var formatHint = schema.Word{"輪郭が glyf の TrueType フォント（.ttf。BIZ UDゴシック、IPAexゴシック、Noto Sans JP の TTF 版など）を使ってください",
	"use a TrueType font with glyf outlines (.ttf), such as BIZ UD Gothic, IPAex Gothic or the TTF build of Noto Sans JP"}

// Parse checks that data is a TrueType font with a Unicode BMP character map
// and reads which characters it covers.
func Parse(name string, data []byte) (*Font, error) {
	if len(data) < 12 {
		return nil, schema.Errorf("フォントファイルではありません（%d バイト）。%s", "not a font file (%d bytes); %s", len(data), formatHint)
	}
	switch string(data[:4]) {
	case "OTTO":
		return nil, schema.Errorf("CFF 形式の OpenType フォント（.otf）は PDF に埋め込めません。%s", "CFF-flavoured OpenType (.otf) fonts cannot be embedded in the PDF; %s", formatHint)
	case "ttcf":
		return nil, schema.Errorf("フォントコレクション（.ttc）は PDF に埋め込めません。%s", "font collections (.ttc) cannot be embedded in the PDF; %s", formatHint)
	case "wOFF", "wOF2":
		return nil, schema.Errorf("Web フォント（.woff、.woff2）は PDF に埋め込めません。%s", "web fonts (.woff, .woff2) cannot be embedded in the PDF; %s", formatHint)
	case "\x00\x01\x00\x00", "true":
	default:
		return nil, schema.Errorf("TrueType フォントではありません。%s", "not a TrueType font; %s", formatHint)
	}
	tables, err := tableDirectory(data)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf"} {
		if _, ok := tables[tag]; !ok {
			if tag == "glyf" || tag == "loca" {
				return nil, schema.Errorf("フォントに TrueType の輪郭がありません（%s テーブルがありません）。%s", "the font has no TrueType outlines (no %s table); %s", tag, formatHint)
			}
			return nil, schema.Errorf("フォントが壊れています：%s テーブルがありません。%s", "damaged font: no %s table; %s", tag, formatHint)
		}
	}
	gids, err := readCmap(data, tables["cmap"])
	if err != nil {
		return nil, err
	}
	f := &Font{Name: name, Data: data, cover: make([]uint64, 0x10000/64)}
	for c, g := range gids {
		if g != 0 {
			f.cover[c>>6] |= 1 << (c & 63)
		}
	}
	if err := f.readWidths(data, tables, gids); err != nil {
		return nil, err
	}
	return f, nil
}

// readWidths fills f.widths from the head, hhea and hmtx tables the way
// the PDF writer (fpdf) does: advance × 1000 / unitsPerEm, rounded; glyphs
// past the last full metric take its advance.
func (f *Font) readWidths(data []byte, tables map[string]span, gids []uint16) error {
	head, hhea, hmtx := tables["head"], tables["hhea"], tables["hmtx"]
	if head.len < 20 || hhea.len < 36 {
		return schema.Errorf("フォントが壊れています：head か hhea テーブルが短すぎます。%s", "damaged font: short head or hhea table; %s", formatHint)
	}
	unitsPerEm := int(binary.BigEndian.Uint16(data[head.off+18:]))
	metrics := int(binary.BigEndian.Uint16(data[hhea.off+34:]))
	if unitsPerEm == 0 || metrics == 0 || 4*metrics > hmtx.len {
		return schema.Errorf("フォントが壊れています：横方向のメトリクスが不正です。%s", "damaged font: bad horizontal metrics; %s", formatHint)
	}
	scale := 1000 / float64(unitsPerEm)
	advance := func(g int) int {
		g = min(g, metrics-1)
		a := int(binary.BigEndian.Uint16(data[hmtx.off+4*g:]))
		if a >= 1<<15 {
			a = 0
		}
		return a
	}
	f.missing = int(math.Floor(scale*float64(advance(0)) + 0.5))
	if f.missing == 0 {
		f.missing = 500
	}
	f.widths = make([]uint16, len(gids))
	for c, g := range gids {
		if g != 0 {
			w := min(int(math.Round(scale*float64(advance(int(g))))), zeroWidth-1)
			if w == 0 {
				w = zeroWidth
			}
			f.widths[c] = uint16(w)
		}
	}
	return nil
}

// Width is the advance of r in thousandths of an em, exactly as the PDF
// writer measures it: a character the font lacks gets its missing width.
func (f *Font) Width(r rune) int {
	if r < 0 || int(r) >= len(f.widths) || f.widths[r] == 0 {
		return f.missing
	}
	if f.widths[r] == zeroWidth {
		return 0
	}
	return int(f.widths[r])
}

// zeroWidth marks a character the font has with no advance.
const zeroWidth = 0xFFFF

type span struct{ off, len int }

func tableDirectory(data []byte) (map[string]span, error) {
	n := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*n > len(data) {
		return nil, schema.Errorf("フォントが壊れています：テーブル目録がファイルの終わりを越えています", "damaged font: the table directory runs past the end of the file")
	}
	tables := make(map[string]span, n)
	for i := range n {
		rec := data[12+16*i:]
		off, ln := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || ln < 0 || off > len(data) || ln > len(data)-off {
			return nil, schema.Errorf("フォントが壊れています：テーブル「%s」がファイルの終わりを越えています", "damaged font: table %q runs past the end of the file", rec[:4])
		}
		tables[string(rec[:4])] = span{off, ln}
	}
	return tables, nil
}

// readCmap reads the glyph of every BMP character from the format-4
// Unicode subtable that fpdf uses: the first (3,1) or platform-0 subtable
// in format 4. Glyph 0 means the font lacks the character.
func readCmap(data []byte, t span) ([]uint16, error) {
	cm := data[t.off : t.off+t.len]
	u16 := func(b []byte, at int) (int, bool) {
		if at < 0 || at+2 > len(b) {
			return 0, false
		}
		return int(binary.BigEndian.Uint16(b[at:])), true
	}
	n, ok := u16(cm, 2)
	if !ok {
		return nil, schema.Errorf("フォントが壊れています：cmap テーブルが短すぎます", "damaged font: short cmap table")
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
	return nil, schema.Errorf("PDF の書き出しに要る Unicode（BMP、format 4）の文字マップがフォントにありません。%s", "the font has no Unicode (BMP, format 4) character map, which the PDF writer needs; %s", formatHint)
}

func readFormat4(cm []byte, off int) ([]uint16, error) {
	bad := schema.Errorf("フォントが壊れています：format 4 の cmap が不正です", "damaged font: bad format-4 cmap")
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
	gids := make([]uint16, 0x10000)
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
			if g != 0 && gids[c] == 0 {
				gids[c] = uint16(g)
			}
		}
	}
	return gids, nil
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
