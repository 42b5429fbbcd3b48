package book

import (
	"bifrost/rules/nastrond"
	"bifrost/schema"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestEveryBookMessageHasJapaneseAndEnglish(t *testing.T) {
	for _, l := range messages.Lacks() {
		t.Error(l)
	}
	// Every key the package uses is in the catalogue.
	used := regexp.MustCompile(`\bmessages\.Err\("([a-z.]+)"|return "", "(path\.[a-z]+)"|why = "(path\.[a-z]+)"`)
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(src), -1) {
			if key := m[1] + m[2] + m[3]; key == "" {
				t.Errorf("%s: %q names no key", f, m[0])
			} else if _, ok := messages[key]; !ok {
				t.Errorf("%s uses the message %q, which the catalogue lacks", f, key)
			}
		}
	}
}

func TestBookErrorsSpeakTheChosenLanguage(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	for lang, want := range map[*schema.Lang][]string{
		nil:             {`rulebook.md:3: 部品「Dragon」はありません`, `rulebook.md:5: 図「x」はありません`, `rulebook.md:2: 「price」という差し込みはありません`},
		schema.Japanese: {`rulebook.md:3: 部品「Dragon」はありません`, `rulebook.md:5: 図「x」はありません`, `rulebook.md:2: 「price」という差し込みはありません`},
		schema.English:  {`rulebook.md:3: unknown component "Dragon"`, `rulebook.md:5: unknown figure "x"`, `rulebook.md:2: function "price" not defined`},
	} {
		d.Lang = lang
		_, err := Expand("rulebook.md", "# 題\n\n{{count \"Dragon\"}}\n\n{{figure \"x\"}}\n", d)
		wantSourceError(t, "Expand "+lang.Tag(), err, want[:2]...)
		_, err = Expand("rulebook.md", "# 題\n{{price}}\n", d)
		wantSourceError(t, "Expand "+lang.Tag(), err, want[2])
		_, err = Expand("rulebook.md", "[x](javascript:x)\n", d)
		link := map[bool]string{true: `rulebook.md:1: link "javascript:x": only http`, false: `rulebook.md:1: リンク "javascript:x": http・https・mailto`}[lang.English()]
		wantSourceError(t, "Expand link "+lang.Tag(), err, link)
	}
	front := "---\nlatin_space: 3\n---\n# 題\n"
	for lang, want := range map[*schema.Lang]string{schema.Japanese: "前付けの latin_space は 0〜1 em です", schema.English: "front matter: latin_space must be 0 to 1 em (got 3)"} {
		pdfErr := PDF(io.Discard, []byte(front), stubCards, WithPDFLang(lang))
		htmlErr := HTML(io.Discard, []byte(front), nil, WithHTMLLang(lang))
		for _, err := range []error{pdfErr, htmlErr} {
			var se *SourceError
			if !errors.As(err, &se) || !strings.Contains(se.Msg, want) {
				t.Errorf("%s: %v, want %q", lang.Tag(), err, want)
			}
		}
	}
}
