package fpdf

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"slices"
	"sync"
	"unsafe"
)

// A utf8Font is a TrueType font parsed once per process and shared by every
// document that adds the same bytes (AddUTF8FontFromBytes): its metrics,
// its glyph widths, its font IDs by name and its recent subsets by rune
// set. Documents only read it; what each document uses (its rune set)
// stays with the document. It is safe for concurrent use.
type utf8Font struct {
	data   []byte
	desc   FontDescType
	up, ut int
	cw     []int // glyph widths by rune, read-only

	prepOnce sync.Once
	prep     *cutPrep // what every cut reads, worked out at the first

	mu      sync.Mutex
	ids     map[string]string  // font IDs by font key
	subsets map[string]*subset // by rune set (runeSetKey)
	order   []string           // subsets' keys, oldest first
	size    int                // bytes held by subsets
}

// A subset is the part of a font one rune set needs, as it is embedded:
// the compressed font file, its uncompressed length, the compressed
// CIDToGIDMap, and the highest rune.
type subset struct {
	file     []byte
	length1  int
	cidToGID []byte
	lastRune int
}

// maxSubsetBytes bounds the subsets a font keeps for reuse (serve and
// watch rebuild the same documents); the oldest go first.
const maxSubsetBytes = 8 << 20

var (
	fontSeed  = maphash.MakeSeed()
	fontsMu   sync.Mutex
	fontsByID = map[fontKey][]*utf8Font{} // by a hash of the bytes
)

type fontKey struct {
	hash uint64
	n    int
}

// sharedUTF8Font finds the parsed font for data, parsing it the first
// time these bytes are seen.
func sharedUTF8Font(data []byte) (*utf8Font, error) {
	k := fontKey{maphash.Bytes(fontSeed, data), len(data)}
	fontsMu.Lock()
	for _, font := range fontsByID[k] {
		if sameBytes(font.data, data) {
			fontsMu.Unlock()
			return font, nil
		}
	}
	fontsMu.Unlock()
	font, err := parseUTF8Font(data)
	if err != nil {
		return nil, err
	}
	fontsMu.Lock()
	defer fontsMu.Unlock()
	for _, other := range fontsByID[k] { // parsed meanwhile by another document
		if sameBytes(other.data, data) {
			return other, nil
		}
	}
	fontsByID[k] = append(fontsByID[k], font)
	return font, nil
}

// sameBytes says whether a and b hold the same bytes, at once when they are
// the same slice.
func sameBytes(a, b []byte) bool {
	if len(a) == len(b) && (len(a) == 0 || unsafe.SliceData(a) == unsafe.SliceData(b)) {
		return true
	}
	return bytes.Equal(a, b)
}

func parseUTF8Font(data []byte) (*utf8Font, error) {
	utf := newUTF8Font(&fileReader{array: data})
	if err := utf.parseFile(); err != nil {
		return nil, err
	}
	return &utf8Font{
		data: data,
		desc: FontDescType{
			Ascent:       int(utf.Ascent),
			Descent:      int(utf.Descent),
			CapHeight:    utf.CapHeight,
			Flags:        utf.Flags,
			FontBBox:     utf.Bbox,
			ItalicAngle:  utf.ItalicAngle,
			StemV:        utf.StemV,
			MissingWidth: round(utf.DefaultWidth),
		},
		up:      int(round(utf.UnderlinePosition)),
		ut:      round(utf.UnderlineThickness),
		cw:      utf.CharWidths,
		ids:     map[string]string{},
		subsets: map[string]*subset{},
	}, nil
}

// id is the font's ID in a document under the key name: the SHA-1 of its
// definition, as fpdf computes it, worked out once per name.
func (font *utf8Font) id(name string) string {
	font.mu.Lock()
	defer font.mu.Unlock()
	if id, ok := font.ids[name]; ok {
		return id
	}
	def := fontDefType{Tp: "UTF8", Name: name, Desc: font.desc, Up: font.up, Ut: font.ut, Cw: font.cw}
	b, err := json.Marshal(&def)
	if err != nil {
		panic(err) // a programmer's error: the definition is plain data
	}
	id := fmt.Sprintf("%x", sha1.Sum(b))
	font.ids[name] = id
	return id
}

// subset gives the subset of the font for the runes usedRunes holds,
// cutting it the first time the rune set is seen.
func (font *utf8Font) subset(usedRunes map[int]int) *subset {
	key := runeSetKey(usedRunes)
	font.mu.Lock()
	s, ok := font.subsets[key]
	font.mu.Unlock()
	if ok {
		return s
	}
	s = font.cut(usedRunes)
	font.mu.Lock()
	defer font.mu.Unlock()
	if other, ok := font.subsets[key]; ok {
		return other
	}
	font.subsets[key] = s
	font.order = append(font.order, key)
	font.size += len(s.file) + len(s.cidToGID)
	for font.size > maxSubsetBytes && len(font.order) > 1 {
		old := font.subsets[font.order[0]]
		font.size -= len(old.file) + len(old.cidToGID)
		delete(font.subsets, font.order[0])
		font.order = font.order[1:]
	}
	return s
}

// runeSetKey names the set of runes usedRunes holds (its values, which are
// what a subset depends on).
func runeSetKey(usedRunes map[int]int) string {
	runes := make([]int, 0, len(usedRunes))
	for _, r := range usedRunes {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	runes = slices.Compact(runes)
	b := make([]byte, 0, 4*len(runes))
	for _, r := range runes {
		b = binary.BigEndian.AppendUint32(b, uint32(r))
	}
	return string(b)
}

// cut makes the subset of the font for usedRunes on a reader of its own.
func (font *utf8Font) cut(usedRunes map[int]int) *subset {
	font.prepOnce.Do(func() { font.prep = prepareCut(font.data) })
	utf := newUTF8Font(&fileReader{array: font.data})
	var stream []byte
	if font.prep != nil {
		stream = utf.cutFont(font.prep, usedRunes)
	}
	cidToGidMap := make([]byte, 256*256*2)
	for cc, glyph := range utf.CodeSymbolDictionary {
		if cc == 0 {
			continue
		}
		cidToGidMap[cc*2] = byte(glyph >> 8)
		cidToGidMap[cc*2+1] = byte(glyph & 0xFF)
	}
	mem := xmem.compress(cidToGidMap)
	cidToGID := mem.copy()
	mem.release()
	mem = xmem.compress(stream)
	file := mem.copy()
	mem.release()
	return &subset{file: file, length1: len(stream), cidToGID: cidToGID, lastRune: utf.LastRune}
}
