package book

import (
	"bifrost/schema"
	"encoding/binary"
	"slices"
	"strings"
)

// subsetTTF returns a TrueType font that draws only the characters of
// keep: every other glyph's outline is left out, as are the glyph names and
// vertical metrics. Glyph ids, cmap and horizontal metrics stay as they
// are, so the file stays a valid font a browser loads, with only the
// outlines a page shows.
func subsetTTF(data []byte, keep []rune) ([]byte, error) {
	bad := schema.Errorf("輪郭が glyf の TrueType フォントではありません", "not a TrueType font with glyf outlines")
	if len(data) < 12 {
		return nil, bad
	}
	type table struct {
		tag  string
		data []byte
	}
	var tables []table
	at := map[string]int{}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := range n {
		rec := data[12+16*i:]
		if len(rec) < 16 {
			return nil, bad
		}
		off, ln := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off+ln > len(data) {
			return nil, bad
		}
		tag := string(rec[:4])
		switch tag {
		case "DSIG", "vhea", "vmtx": // a signature the subset would break; vertical metrics a page does not use
			continue
		}
		t := slices.Clone(data[off : off+ln])
		if tag == "post" && len(t) >= 32 {
			// Version 3: no glyph names, which are as large as the outlines kept.
			t = t[:32]
			binary.BigEndian.PutUint32(t, 0x00030000)
		}
		at[tag] = len(tables)
		tables = append(tables, table{tag, t})
	}
	for _, t := range []string{"head", "maxp", "loca", "glyf", "cmap"} {
		if _, ok := at[t]; !ok {
			return nil, bad
		}
	}
	head, loca, glyf := tables[at["head"]].data, tables[at["loca"]].data, tables[at["glyf"]].data
	if len(head) < 54 || len(tables[at["maxp"]].data) < 6 {
		return nil, bad
	}
	glyphs := int(binary.BigEndian.Uint16(tables[at["maxp"]].data[4:]))
	long := binary.BigEndian.Uint16(head[50:]) == 1
	offset := func(g int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*g:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
	}
	if long && len(loca) < 4*(glyphs+1) || !long && len(loca) < 2*(glyphs+1) || offset(glyphs) > len(glyf) {
		return nil, bad
	}
	outline := func(g int) []byte {
		a, e := offset(g), offset(g+1)
		if a >= e || e > len(glyf) {
			return nil
		}
		return glyf[a:e]
	}
	used := map[int]bool{0: true}
	var add func(g int)
	add = func(g int) {
		if g >= glyphs || used[g] && g != 0 {
			return
		}
		used[g] = true
		o := outline(g)
		if len(o) < 10 || int16(binary.BigEndian.Uint16(o)) >= 0 {
			return
		}
		// A composite glyph: keep its components too.
		for p := 10; p+4 <= len(o); {
			flags, comp := binary.BigEndian.Uint16(o[p:]), int(binary.BigEndian.Uint16(o[p+2:]))
			add(comp)
			p += 4 + map[bool]int{true: 4, false: 2}[flags&1 != 0]
			switch {
			case flags&0x8 != 0:
				p += 2
			case flags&0x40 != 0:
				p += 4
			case flags&0x80 != 0:
				p += 8
			}
			if flags&0x20 == 0 {
				break
			}
		}
	}
	gid := cmapLookup(tables[at["cmap"]].data)
	for _, r := range keep {
		if g := gid(r); g > 0 {
			add(g)
		}
	}
	var newGlyf []byte
	newLoca := make([]byte, 4*(glyphs+1))
	for g := range glyphs {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if used[g] {
			newGlyf = append(newGlyf, outline(g)...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*glyphs:], uint32(len(newGlyf)))
	binary.BigEndian.PutUint16(head[50:], 1)
	binary.BigEndian.PutUint32(head[8:], 0) // checkSumAdjustment, set below
	tables[at["glyf"]].data, tables[at["loca"]].data = newGlyf, newLoca

	slices.SortFunc(tables, func(a, b table) int { return strings.Compare(a.tag, b.tag) })
	out := make([]byte, 12+16*len(tables))
	copy(out, data[:4])
	binary.BigEndian.PutUint16(out[4:], uint16(len(tables)))
	es := 0
	for 1<<(es+1) <= len(tables) {
		es++
	}
	binary.BigEndian.PutUint16(out[6:], uint16(16<<es))
	binary.BigEndian.PutUint16(out[8:], uint16(es))
	binary.BigEndian.PutUint16(out[10:], uint16(16*len(tables)-16<<es))
	headAt := 0
	for i, t := range tables {
		rec := out[12+16*i:]
		copy(rec, t.tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t.data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		if t.tag == "head" {
			headAt = len(out)
		}
		out = append(out, t.data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	return out, nil
}

// checksum is the TrueType table checksum: the sum of its 32-bit words.
func checksum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}

// cmapLookup returns the glyph of a BMP character from the font's Windows
// Unicode (3,1) format 4 cmap; 0 when it has none.
func cmapLookup(cmap []byte) func(r rune) int {
	none := func(rune) int { return 0 }
	if len(cmap) < 4 {
		return none
	}
	var sub []byte
	for i := range int(binary.BigEndian.Uint16(cmap[2:])) {
		rec := cmap[4+8*i:]
		if len(rec) < 8 {
			return none
		}
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if binary.BigEndian.Uint16(rec) == 3 && binary.BigEndian.Uint16(rec[2:]) == 1 && off+14 <= len(cmap) && binary.BigEndian.Uint16(cmap[off:]) == 4 {
			sub = cmap[off:]
		}
	}
	if sub == nil {
		return none
	}
	segs := int(binary.BigEndian.Uint16(sub[6:])) / 2
	if 16+8*segs > len(sub) {
		return none
	}
	u16 := func(p int) int { return int(binary.BigEndian.Uint16(sub[p:])) }
	ends, starts, deltas, ranges := 14, 16+2*segs, 16+4*segs, 16+6*segs
	return func(r rune) int {
		for i := range segs {
			if int(r) > u16(ends+2*i) {
				continue
			}
			if int(r) < u16(starts+2*i) {
				return 0
			}
			ro := u16(ranges + 2*i)
			if ro == 0 {
				return (int(r) + u16(deltas+2*i)) & 0xFFFF
			}
			p := ranges + 2*i + ro + 2*(int(r)-u16(starts+2*i))
			if p+2 > len(sub) {
				return 0
			}
			if g := u16(p); g != 0 {
				return (g + u16(deltas+2*i)) & 0xFFFF
			}
			return 0
		}
		return 0
	}
}
