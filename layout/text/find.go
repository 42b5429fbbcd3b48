package text

import (
	"encoding/binary"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
)

// FontDirs are the folders Find searches for installed fonts, in order: the
// system's, then the user's.
func FontDirs() []string {
	dirs := []string{"/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts"}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".local", "share", "fonts"), filepath.Join(home, ".fonts"), filepath.Join(home, "Library", "Fonts"))
	}
	if w := os.Getenv("WINDIR"); w != "" {
		dirs = append(dirs, filepath.Join(w, "Fonts"))
	}
	return dirs
}

// Installed is where the regular and bold faces of one installed family are.
type Installed struct {
	Family        string // as the font names itself
	Regular, Bold string // file paths; Bold is "" when the family has none
}

// installed indexes the TrueType fonts under FontDirs by family key, read
// once per process.
var installed = sync.OnceValue(func() map[string]*Installed { return scanFonts(FontDirs()) })

// Find looks an installed TrueType font up by family name, such as
// "BIZ UDPGothic", "IPAexゴシック" or "Noto Sans JP". Case, spaces and
// hyphens do not matter. Only .ttf files are searched: the PDF writer cannot
// embed .otf (CFF) or .ttc files.
func Find(family string) (*Installed, bool) {
	f, ok := installed()[familyKey(family)]
	return f, ok
}

// familyKey folds a family name for matching.
func familyKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if !unicode.IsSpace(r) && r != '-' && r != '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// scanFonts reads the name table of every .ttf under dirs. Of two files
// with the same family and weight, the first in path order wins, so the
// choice does not depend on the order a folder lists its files in.
func scanFonts(dirs []string) map[string]*Installed {
	var paths []string
	for _, d := range dirs {
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".ttf") {
				paths = append(paths, p)
			}
			return nil
		})
	}
	slices.Sort(paths)
	out := map[string]*Installed{}
	for _, p := range paths {
		names, style, ok := readNames(p)
		if !ok {
			continue
		}
		bold := false
		switch strings.ToLower(style) {
		case "regular", "book", "normal", "roman", "standard":
		case "bold":
			bold = true
		default:
			continue
		}
		for _, n := range names {
			k := familyKey(n)
			in := out[k]
			if in == nil {
				in = &Installed{Family: names[0]}
				out[k] = in
			}
			if bold && in.Bold == "" {
				in.Bold = p
			} else if !bold && in.Regular == "" {
				in.Regular = p
			}
		}
	}
	for k, in := range out {
		if in.Regular == "" {
			delete(out, k)
		}
	}
	return out
}

// readNames reads a TrueType file's family names (the typographic family
// when given, else the legacy one, in every language) and its style.
func readNames(path string) (families []string, style string, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", false
	}
	defer f.Close()
	head := make([]byte, 12)
	if _, err := io.ReadFull(f, head); err != nil || string(head[:4]) != "\x00\x01\x00\x00" && string(head[:4]) != "true" {
		return nil, "", false
	}
	n := int(binary.BigEndian.Uint16(head[4:]))
	dir := make([]byte, 16*n)
	if _, err := io.ReadFull(f, dir); err != nil {
		return nil, "", false
	}
	var off, ln int64
	for i := range n {
		rec := dir[16*i:]
		if string(rec[:4]) == "name" {
			off, ln = int64(binary.BigEndian.Uint32(rec[8:])), int64(binary.BigEndian.Uint32(rec[12:]))
		}
	}
	if ln < 6 || ln > 1<<20 {
		return nil, "", false
	}
	tab := make([]byte, ln)
	if _, err := f.ReadAt(tab, off); err != nil {
		return nil, "", false
	}
	byID := map[int][]string{}
	count, strOff := int(binary.BigEndian.Uint16(tab[2:])), int(binary.BigEndian.Uint16(tab[4:]))
	for i := range count {
		at := 6 + 12*i
		if at+12 > len(tab) {
			break
		}
		r := tab[at:]
		platform, id := binary.BigEndian.Uint16(r), int(binary.BigEndian.Uint16(r[6:]))
		sl, so := int(binary.BigEndian.Uint16(r[8:])), int(binary.BigEndian.Uint16(r[10:]))
		if platform != 3 && platform != 0 || strOff+so+sl > len(tab) {
			continue
		}
		raw := tab[strOff+so : strOff+so+sl]
		u := make([]uint16, len(raw)/2)
		for j := range u {
			u[j] = binary.BigEndian.Uint16(raw[2*j:])
		}
		if s := string(utf16.Decode(u)); s != "" && !slices.Contains(byID[id], s) {
			byID[id] = append(byID[id], s)
		}
	}
	fam, sub := byID[16], byID[17]
	if len(fam) == 0 {
		fam, sub = byID[1], byID[2]
	}
	if len(fam) == 0 || len(sub) == 0 {
		return nil, "", false
	}
	return fam, sub[0], true
}
