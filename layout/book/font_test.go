package book

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bifrost/layout/testenv"
	"bifrost/layout/text"
)

// needFamily returns an installed family of families, skipping the test
// when there is none (failing it under CI, where .ci/run installs them).
func needFamily(t *testing.T, families []string, pkg string) string {
	t.Helper()
	for _, f := range families {
		if in, ok := text.Find(f); ok {
			return in.Family
		}
	}
	testenv.Missing(t, fmt.Sprintf("none of the fonts %v", families), "apt-get install "+pkg)
	return ""
}

// textModes lists the text rendering modes (Tr) the content streams set.
func textModes(t *testing.T, pdf []byte) []string {
	t.Helper()
	var out []string
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(pdf, -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		data, _ := io.ReadAll(zr)
		for _, tr := range regexp.MustCompile(`(\d) Tr\b`).FindAllSubmatch(data, -1) {
			out = append(out, string(tr[1]))
		}
	}
	return out
}

const fontBook = "---\ntitle: 書体の本\n---\n# 手番の進行\n\n手番では**カードを1枚**引きます。VP トラックを進めます。\n\n| 段階 | 内容 |\n|---|---|\n| 準備 | 山札を切る |\n"

func TestMinchoBodyAndRealBoldGothicNeverStrokedOutlines(t *testing.T) {
	mincho := needFamily(t, Mincho, "fonts-ipaexfont-mincho")
	gothic := needFamily(t, Gothic, "fonts-morisawa-bizud-gothic")
	body, bold := InstalledChain(Mincho), InstalledChain(Gothic)
	if bold.Faces[0].Bold == nil {
		t.Fatalf("%s was found with no bold face", gothic)
	}
	r := typesetT(t, fontBook, WithFonts(body, bold))
	var b bytes.Buffer
	if err := r.pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	if modes := textModes(t, b.Bytes()); strings.Contains(strings.Join(modes, ""), "2") {
		t.Errorf("bold is drawn as stroked outlines (text rendering modes %v)", modes)
	}
	f := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(need(t, "pdffonts", "poppler-utils"), f).Output()
	if err != nil {
		t.Fatal(err)
	}
	fonts := strings.ToLower(string(out))
	// The embedded fonts are named after their families: ipaexmincho, bizudpgothic-bold.
	if !strings.Contains(fonts, strings.ToLower(strings.ReplaceAll(mincho, " ", ""))) {
		t.Errorf("the body's Mincho %s is not in the PDF:\n%s", mincho, fonts)
	}
	if !regexp.MustCompile(`(?m)^\S*` + regexp.QuoteMeta(strings.ToLower(strings.ReplaceAll(gothic, " ", ""))) + `-bold`).MatchString(fonts) {
		t.Errorf("no bold face of %s in the PDF:\n%s", gothic, fonts)
	}
	// Headings, table headers and strong text come from the bold face, the
	// body from the Mincho.
	for _, pg := range r.pages {
		for _, o := range pg.ops {
			if o.kind != opText || o.s == "" {
				continue
			}
			for _, rn := range r.cfg.chain(o.bold).Runs(o.s, o.bold) {
				want := body.Faces[0].Regular
				if o.bold {
					want = bold.Faces[0].Bold
				}
				if rn.Font != want || rn.Stroke {
					t.Errorf("%q (bold %v) is drawn from %s (stroked %v), not %s", rn.S, o.bold, rn.Font.Name, rn.Stroke, want.Name)
				}
			}
		}
	}
}
