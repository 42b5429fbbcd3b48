package cards

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bifrost/schema"
)

// latin matches a letter of the Latin alphabet.
var latin = regexp.MustCompile(`[A-Za-z]`)

func TestArtMessagesHaveJapaneseAndEnglish(t *testing.T) {
	for _, s := range messages.Lacks() {
		t.Error(s)
	}
}

// TestArtProblemsSpeakTheLanguageTheyAreGiven: art that cannot be used is
// refused with the file's path and a reason in the language asked for, the
// kind of a file that is not a regular one included; the image decoders'
// English never shows.
func TestArtProblemsSpeakTheLanguageTheyAreGiven(t *testing.T) {
	dir := t.TempDir()
	var good bytes.Buffer
	png.Encode(&good, image.NewGray(image.Rect(0, 0, 8, 8)))
	var wide bytes.Buffer
	png.Encode(&wide, image.NewGray(image.Rect(0, 0, maxArtPixels+1, 1)))
	damaged := bytes.Clone(good.Bytes())
	damaged[len(damaged)-20] ^= 0xff // the image data, not its header
	os.WriteFile(filepath.Join(dir, "broken.png"), []byte("not an image"), 0o644)
	os.WriteFile(filepath.Join(dir, "cut.png"), good.Bytes()[:40], 0o644)
	os.WriteFile(filepath.Join(dir, "damaged.png"), damaged, 0o644)
	os.WriteFile(filepath.Join(dir, "wide.png"), wide.Bytes(), 0o644)
	os.Mkdir(filepath.Join(dir, "folder.png"), 0o755)
	os.WriteFile(filepath.Join(dir, "huge.png"), pngHeader(12000, 12000), 0o644)
	art := NewArtStore(dir)
	defer art.Close()
	ja, en := schema.NewLang("ja"), schema.NewLang("en")
	for _, tt := range []struct{ name, ja, en string }{
		{"broken", "PNG か JPEG の画像として読めません", "not a readable PNG or JPEG image"},
		{"cut", "PNG の画像が途中で切れています", "PNG image cut short"},
		{"damaged", "PNG の画像が壊れています", "damaged PNG image"},
		{"wide", "画像が 12001×1 ピクセルです", "image is 12001×1 pixels"},
		{"folder", "通常のファイルではありません（フォルダ）", "not a regular file (a folder)"},
		{"huge", "画像が 12000×12000 ピクセルで、2500万画素までにしてください", "image is 12000×12000 pixels, past the limit of 25 megapixels"},
	} {
		_, err := art.find(tt.name)
		if err == nil {
			t.Errorf("%s.png: no error", tt.name)
			continue
		}
		path := filepath.Join(dir, tt.name+".png")
		got := ja.ErrText(err)
		reason, ok := strings.CutPrefix(got, path+": ")
		if !ok || !strings.HasPrefix(reason, tt.ja) || latin.MatchString(strings.NewReplacer("PNG", "", "JPEG", "").Replace(reason)) {
			t.Errorf("%s.png in Japanese: %q, want %q after the path and no English", tt.name, got, tt.ja)
		}
		if got := en.ErrText(err); !strings.HasPrefix(got, path+": "+tt.en) || schema.HasJapanese(got) {
			t.Errorf("%s.png in English: %q, want %q after the path", tt.name, got, tt.en)
		}
	}
}

// pngHeader is the start of a PNG of w×h pixels: its signature and header
// chunk, all that is read before the size is judged (a 560 KB file can
// hold 12000 × 12000 pixels that decode to 576 MB).
func pngHeader(w, h int) []byte {
	ihdr := []byte("IHDR")
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8-bit RGB, no interlace
	b := []byte("\x89PNG\r\n\x1a\n")
	b = binary.BigEndian.AppendUint32(b, 13)
	b = append(b, ihdr...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(ihdr))
}
