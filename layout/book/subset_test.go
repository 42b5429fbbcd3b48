package book

import (
	"bytes"
	"strings"
	"testing"

	"bifrost/layout/text"
)

func TestPageNamesAJapaneseFontStack(t *testing.T) {
	page := renderHTML(t, "# 見出し\n\n本文の**強調**。\n")
	for _, want := range []string{`"IPAexMincho"`, `"Hiragino Mincho ProN"`, `"Yu Mincho"`, `serif}`, `"BIZ UDGothic"`, `"Yu Gothic"`, `sans-serif;font-weight:bold`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page's fonts do not name %s", want)
		}
	}
	if strings.Contains(page, "@font-face") {
		t.Error("fonts are embedded though no one asked")
	}
}

func TestEmbeddedFontHoldsOnlyThePagesGlyphs(t *testing.T) {
	needFamily(t, Mincho, "fonts-ipaexfont-mincho")
	body := InstalledChain(Mincho)
	full := body.Faces[0].Regular
	sub, err := subsetTTF(full.Data, []rune("手番"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) > len(full.Data)/4 {
		t.Errorf("the subset is %d of the font's %d bytes", len(sub), len(full.Data))
	}
	f, err := text.Parse("subset", sub)
	if err != nil {
		t.Fatalf("the subset does not parse: %v", err)
	}
	if !f.Has('手') || f.Width('手') != full.Width('手') {
		t.Error("the subset lost a kept character or its width")
	}
	var page bytes.Buffer
	if err := HTML(&page, []byte("# 手番\n\n本文。\n"), nil, WithEmbeddedFonts(body, InstalledChain(Gothic))); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(page.String(), "src:url(data:font/ttf;base64,"); n != 2 {
		t.Errorf("%d embedded fonts, want the Mincho and the Gothic", n)
	}
	if page.Len() > 3<<20 {
		t.Errorf("the page with embedded fonts is %d bytes", page.Len())
	}
}
