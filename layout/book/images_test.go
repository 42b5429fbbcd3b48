package book

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/rules/nastrond"
	"bifrost/schema"
)

// imageFolder is a rules folder holding board.png, a text file named as an
// image, and a symbolic link to a file outside it, opened as bifrost opens
// it (an os.Root, so the link is not followed out).
func imageFolder(t *testing.T) *os.Root {
	t.Helper()
	dir := t.TempDir()
	png, err := os.ReadFile(filepath.Join("testdata", "board.png"))
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.png")
	huge := pngHeader(12000, 12000)
	for path, data := range map[string][]byte{"board.png": png, "notes.png": []byte("これは画像ではありません"), "huge.png": huge, outside: png} {
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return root
}

// An image the rules folder does not hold as a readable PNG or JPEG (a
// typo, a text file, a link that leads out of the folder) is a problem at
// the line that shows it, in either language; a good one is none.
func TestExpand_AnImageThatCannotBeShownIsAProblemAtItsLine(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Images = imageFolder(t).FS()
	md := "# 盤面\n\n![盤面](board.png)\n\n![盤面](bord.png)\n\n![メモ](notes.png)\n\n![外](link.png)\n\n![大](huge.png)\n"
	for lang, want := range map[*schema.Lang][]string{
		schema.English: {
			`b.md:5: image "bord.png": no such file in the rules folder`,
			`b.md:7: image "notes.png": not a readable PNG or JPEG image`,
			`b.md:9: image "link.png": cannot be opened (a link that leads outside the rules folder is not allowed)`,
			`b.md:11: image "huge.png": too large (at most 32 MB, 12000 pixels each way and 25 megapixels)`,
		},
		schema.Japanese: {
			`b.md:5: 画像 "bord.png": ルールのフォルダーにありません`,
			`b.md:7: 画像 "notes.png": PNG か JPEG として読めません`,
			`b.md:9: 画像 "link.png": 開けません`,
			`b.md:11: 画像 "huge.png": 大きすぎます`,
		},
	} {
		d.Lang = lang
		_, err := Expand("b.md", md, d)
		if err == nil {
			t.Fatalf("%s: the broken images were accepted", lang.Tag())
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != len(want) {
			t.Errorf("%s: %d problems, want %d:\n%v", lang.Tag(), len(lines), len(want), err)
			continue
		}
		for i, w := range want {
			if !strings.HasPrefix(lines[i], w) {
				t.Errorf("%s: problem %d is %q, want it to start %q", lang.Tag(), i+1, lines[i], w)
			}
		}
	}
}

// The HTML page carries its images inside it, as the PDF does, so that it
// stands alone; an image it cannot show leaves its alt text, as in the PDF.
func TestHTML_EmbedsTheBooksImages(t *testing.T) {
	root := imageFolder(t)
	var page bytes.Buffer
	md := "# 盤面\n\n![盤面の図](board.png)\n\n![メモ](notes.png)\n"
	if err := HTML(&page, []byte(md), nil, WithHTMLImages(root.FS())); err != nil {
		t.Fatal(err)
	}
	png, _ := os.ReadFile(filepath.Join("testdata", "board.png"))
	img, err := decodeImage(png)
	if err != nil {
		t.Fatal(err)
	}
	html := page.String()
	if want := `<img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(img.data) + `" alt="盤面の図">`; !strings.Contains(html, want) {
		t.Errorf("the page does not embed board.png as a data: URI")
	}
	if strings.Contains(html, `src="board.png"`) || strings.Contains(html, `src="notes.png"`) {
		t.Errorf("the page points at image files it does not carry")
	}
	if !strings.Contains(html, "［図：メモ］") {
		t.Errorf("the unreadable image does not leave its alt text")
	}
}

// pngHeader is the start of a PNG of w×h pixels: its signature and header
// chunk, all that is read before the size is judged.
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
