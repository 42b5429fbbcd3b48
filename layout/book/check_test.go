package book

import (
	"bifrost/rules/nastrond"
	"bifrost/schema"
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"
	"testing"
)

// renderErrs runs both renderers on md and returns their errors.
func renderErrs(md string) (pdfErr, htmlErr error) {
	pdfErr = PDF(io.Discard, []byte(md), stubCards)
	htmlErr = HTML(io.Discard, []byte(md), func(id string) template.HTML { return template.HTML(id) })
	return pdfErr, htmlErr
}

// wantSourceError checks that err is a *SourceError (or several) whose text
// has every one of want, in order, and nothing else.
func wantSourceError(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	var se *SourceError
	if !errors.As(err, &se) {
		t.Errorf("%s: error %v (%T), want a *SourceError", what, err, err)
		return
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(want) {
		t.Errorf("%s: %d errors, want %d:\n%v", what, len(lines), len(want), err)
		return
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("%s: error %d is %q, want it to start %q", what, i+1, lines[i], w)
		}
	}
}

// agree checks that the PDF and HTML renderers refuse md with the same
// errors, at the given line prefixes ("line 3: ").
func agree(t *testing.T, md string, want ...string) {
	t.Helper()
	pdfErr, htmlErr := renderErrs(md)
	wantSourceError(t, "PDF", pdfErr, want...)
	wantSourceError(t, "HTML", htmlErr, want...)
	if pdfErr != nil && htmlErr != nil && pdfErr.Error() != htmlErr.Error() {
		t.Errorf("PDF and HTML disagree:\n%v\n%v", pdfErr, htmlErr)
	}
}

// nestedList is a bullet list depth levels deep, one level a line.
func nestedList(depth int) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "%s- 段%d\n", strings.Repeat("  ", i), i+1)
	}
	return b.String()
}

func TestDeepNestingIsAnErrorAtItsLine(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	head := "# 題\n\n本文\n\n" // the list starts on line 5
	for _, depth := range []int{MaxNesting + 1, 1000} {
		md := head + nestedList(depth)
		// The first level too deep is on line 5+MaxNesting; one error for it.
		agree(t, md, fmt.Sprintf("line %d: ", 5+MaxNesting))
		_, err := Expand("rulebook.md", md, d)
		wantSourceError(t, "Expand", err, fmt.Sprintf("rulebook.md:%d: ", 5+MaxNesting))
	}
	// A bad link before a deep list does not hide the list.
	agree(t, head+"[x](javascript:x)\n\n"+nestedList(1000), "line 5: リンク", fmt.Sprintf("line %d: ", 7+MaxNesting))
	quotes := head + strings.Repeat(">", MaxNesting+1) + " 引用\n"
	agree(t, quotes, "line 5: ")

	// MaxNesting levels print, each deeper than the last.
	r := typesetT(t, head+nestedList(MaxNesting))
	last := 0.0
	for i := range MaxNesting {
		_, o, ok := findText(r, fmt.Sprintf("段%d", i+1))
		if !ok || o.x <= last || o.x > r.g.w-r.g.right {
			t.Fatalf("level %d: drawn %v at x=%.1f (the previous at %.1f)", i+1, ok, o.x, last)
		}
		last = o.x
	}

	// A list too deep in what a placeholder writes is reported at the
	// placeholder's line.
	d.Rulings = "# 裁定\n\n" + nestedList(20)
	_, err := Expand("rulebook.md", "# 題\n\n{{rulings}}\n", d)
	wantSourceError(t, "Expand", err, "rulebook.md:3: {{rulings}}: ")
}

// tableMD is a table of cols columns, each cell two full-width characters.
func tableMD(cols int) string {
	row := "|" + strings.Repeat(" 十二 |", cols) + "\n"
	return row + "|" + strings.Repeat("---|", cols) + "\n" + row + row
}

func TestWideTableIsAnErrorAtItsLine(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	for _, cols := range []int{MaxTableColumns + 1, 500} {
		md := "# 題\n\n本文\n\n" + tableMD(cols)
		agree(t, md, "line 5: ")
		_, err := Expand("rulebook.md", md, d)
		wantSourceError(t, "Expand", err, "rulebook.md:5: ")
	}
	// A {{table}} of too many columns is reported at its line.
	cols := strings.Repeat(` "名前"`, MaxTableColumns+1)
	_, err := Expand("rulebook.md", "# 題\n\n\n{{table \"Keeper\""+cols+"}}\n", d)
	wantSourceError(t, "Expand", err, "rulebook.md:4: {{table")

	// MaxTableColumns columns print legibly on A5: no two cells' text
	// overlaps.
	r := typesetT(t, "# 題\n\n"+tableMD(MaxTableColumns))
	rows := map[float64][]op{}
	for _, ops := range textOps(r) {
		for _, o := range ops {
			if o.s == "十二" {
				rows[o.y] = append(rows[o.y], o)
			}
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows of cells drawn, want 3", len(rows))
	}
	for y, cells := range rows {
		if len(cells) != MaxTableColumns {
			t.Fatalf("row at y=%.1f has %d cells, want %d", y, len(cells), MaxTableColumns)
		}
		for i := 1; i < len(cells); i++ {
			if end := cells[i-1].x + r.width("十二", cells[i-1].size); end > cells[i].x {
				t.Errorf("row at y=%.1f: cell %d ends at %.1f mm, past the start of cell %d (%.1f)", y, i, end, i+1, cells[i].x)
			}
		}
	}
}

func TestImagesAndLinksLeavingTheFolderAreErrors(t *testing.T) {
	bad := []string{
		"![x](../../etc/passwd)",
		"![x](/etc/passwd)",
		"![x](a/../../b.png)",
		"![x](%2e%2e/%2e%2e/etc/passwd)",
		`![x](..\x.png)`,
		"![x](//evil.example/x.png)",
		"![x](javascript:alert(1))",
		"![x](JaVaScRiPt:alert(1))",
		"![x](&#106;avascript:alert(1))",
		"![x](https://example.com/x.png)",
		"![x](data:image/png;base64,AAAA)",
		"[x](javascript:alert(1))",
		"[x](<java\tscript:alert(1)>)",
		"[x](vbscript:msgbox)",
		"[x](file:///etc/passwd)",
		"[x](../../etc/passwd)",
		"<javascript:alert(1)>",
	}
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	for _, b := range bad {
		md := "# 題\n\n本文\n" + b + "\n"
		agree(t, md, "line 4: ")
		_, err := Expand("rulebook.md", md, d)
		wantSourceError(t, "Expand "+b, err, "rulebook.md:4: ")
	}
	// Every bad line is reported, in order.
	_, err := Expand("rulebook.md", "![a](/x.png)\n\n[b](javascript:x)\n\n{{count \"Dragon\"}}\n", d)
	wantSourceError(t, "Expand", err, "rulebook.md:1: 画像", "rulebook.md:3: リンク", "rulebook.md:5: 部品「Dragon」はありません")

	good := "# 題\n\n![盤](board.png) ![盤](img/a%20b.png) ![盤](a/../board.png)\n\n" +
		"[web](https://example.com/) [web](HTTP://example.com/) [mail](mailto:a@example.com) [節](#s1) [file](RULINGS.md) <https://example.com>\n\n" +
		"{{card \"E1-05\"}}\n"
	md, err := Expand("rulebook.md", good, d)
	if err != nil {
		t.Fatalf("Expand refused good links: %v", err)
	}
	if pdfErr, htmlErr := renderErrs(md); pdfErr != nil || htmlErr != nil {
		t.Errorf("renderers refused good links: %v / %v", pdfErr, htmlErr)
	}
}

func TestEveryBookErrorIsASourceError(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	for _, md := range []string{
		"{{count \"Dragon\"}}\n",
		"{{price}}\n",
		"{{count\n",
		nestedList(MaxNesting + 1),
		tableMD(MaxTableColumns + 1),
		"![x](/etc/passwd)\n",
		"[x](javascript:alert(1))\n",
		"---\npaper: B5\n---\n# 題\n",
		"---\npaper: [\n---\n# 題\n",
	} {
		_, err := Expand("rulebook.md", md, d)
		var se *SourceError
		if !errors.As(err, &se) || se.File != "rulebook.md" || se.Line < 1 {
			t.Errorf("Expand(%q) = %v (%T), want a *SourceError at a line of rulebook.md", md, err, err)
		}
	}
}

func TestEveryBadPlaceholderIsReported(t *testing.T) {
	d := load(t, nastrond.Schema, "../../cardsrc/nastrond.xlsx")
	d.Lang = schema.English
	_, err := Expand("rulebook.md", "{{count \"A\"}}\n{{rulings}}\n{{count \"B\"}}\n- {{rule \"X\"}}\n", d)
	wantSourceError(t, "Expand", err, `rulebook.md:1: unknown component "A"`, `rulebook.md:3: unknown component "B"`, `rulebook.md:4: unknown rule "X"`)
}

func TestBadFrontMatterIsASourceErrorOfBothRenderers(t *testing.T) {
	agree(t, "---\npaper: B5\n---\n# 題\n", `line 1: 前付けの paper は A5 か A4（1 枚ものなら card も）です（"B5" になっています）`)
}

func TestSourceError_PrintsFileAndLine(t *testing.T) {
	for _, tt := range []struct {
		e    SourceError
		want string
	}{
		{SourceError{File: "a.md", Line: 3, Msg: "m"}, "a.md:3: m"},
		{SourceError{File: "a.md", Msg: "m"}, "a.md: m"},
		{SourceError{Line: 3, Msg: "m"}, "line 3: m"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v prints %q, want %q", tt.e, got, tt.want)
		}
	}
	var b bytes.Buffer
	if err := HTML(&b, []byte("# 題\n\n- 一\n"), nil); err != nil {
		t.Errorf("a shallow list is refused: %v", err)
	}
}
