package book

import (
	"bytes"
	"html/template"
	"strings"
	"testing"
)

func renderHTML(t *testing.T, md string) string {
	t.Helper()
	var b bytes.Buffer
	err := HTML(&b, []byte(md), func(id string) template.HTML {
		return template.HTML(`<div class="card">` + template.HTMLEscapeString(id) + `</div>`)
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestHTML_RawHTMLIsEscaped(t *testing.T) {
	out := renderHTML(t, "# 題\n\n本文に<script>alert(1)</script>があります。\n\n<div onclick=\"x()\">ブロック</div>\n")
	if strings.Contains(out, "<script>") || strings.Contains(out, "<div onclick") {
		t.Errorf("raw HTML passed through:\n%s", out)
	}
	if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(out, "&lt;div onclick=") {
		t.Errorf("raw HTML not shown escaped:\n%s", out)
	}
}

func TestHTML_EmphasisNextToJapanesePunctuation(t *testing.T) {
	out := renderHTML(t, "カードを**「1枚」**引きます。*「任意」*です。")
	if !strings.Contains(out, "<strong>「1枚」</strong>引きます") || !strings.Contains(out, "<em>「任意」</em>です") {
		t.Errorf("emphasis not applied:\n%s", out)
	}
}

func TestHTML_NumberedHeadingsAndContents(t *testing.T) {
	out := renderHTML(t, "---\ntitle: テスト\npaper: A5\n---\n# 準備\n## 盤面\n## 手札\n# 流れ\n")
	for _, want := range []string{`<title>テスト</title>`, `<html lang="ja">`, `<a href="#s1-2">1.2 手札</a>`, `<h1 id="s2"><span class="num">2</span> 流れ</h1>`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestHTML_ExampleCardIsDrawn(t *testing.T) {
	out := renderHTML(t, "例:\n\n![E01]("+CardRef+"E01)\n")
	if !strings.Contains(out, `<div class="card">E01</div>`) {
		t.Errorf("card not drawn:\n%s", out)
	}
}

func TestHTML_SoftBreaksBetweenJapaneseJoinWithoutSpace(t *testing.T) {
	out := renderHTML(t, "これは\n日本語です。\nEnglish\nwords.")
	if !strings.Contains(out, "これは日本語です。") || !strings.Contains(out, "English\nwords") && !strings.Contains(out, "English words") {
		t.Errorf("soft breaks:\n%s", out)
	}
}
