package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"bifrost/schema/effect"
)

// Markdown documents g's workbook for cardsrc/README.md: every sheet and
// column (type, range, meaning, an example), the Rules parameters and the
// effect vocabularies. example returns a sample value for a sheet's column
// (or "" for none); it lets the caller quote the shipped workbook.
func (g *Game) Markdown(example func(sheet, field string) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (`%s.xlsx`)\n\n", g.Title, g.ID)
	for _, s := range g.AllSheets() {
		fmt.Fprintf(&b, "### `%s` (%s)\n\n%s\n\n", s.Key, s.JA, s.Doc)
		b.WriteString("| 見出し (Header) | English | 型 | 範囲・値 | 必須 | 意味 | 例 |\n|---|---|---|---|---|---|---|\n")
		for _, c := range s.Columns() {
			req := ""
			if c.Required {
				req = "○"
			}
			ex := ""
			if example != nil {
				ex = example(s.Key, c.Field)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n",
				c.JA, c.EN, c.Kind, cellEscape(columnRange(c)), req, cellEscape(c.Doc), cellEscape(ex))
		}
		b.WriteString("\n")
	}
	b.WriteString("### ルールの変数 (Rules parameters)\n\n| キー | 既定値 | 範囲 | 説明 |\n|---|---|---|---|\n")
	for _, p := range g.AllRules() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Key, p.Default, cellEscape(p.want(Japanese)), cellEscape(p.Doc))
	}
	b.WriteString("\n")
	for _, name := range sortedKeys(g.Vocabs) {
		v := g.Vocabs[name]
		title := "効果の語彙 (effect vocabulary)"
		if name != "" {
			title += " `vocab=" + name + "`"
		}
		fmt.Fprintf(&b, "### %s\n\n", title)
		vocabMarkdown(&b, v)
	}
	return b.String()
}

func vocabMarkdown(b *strings.Builder, v *effect.Vocab) {
	if len(v.Triggers) > 0 {
		b.WriteString("| タイミング (trigger) | 別名 | 印刷 | 意味 |\n|---|---|---|---|\n")
		for _, t := range v.Triggers {
			fmt.Fprintf(b, "| `%s:` | %s | %s | %s |\n", t.Name, strings.Join(t.Aliases, ", "), t.Text, cellEscape(t.Doc))
		}
		b.WriteString("\n")
	}
	for _, group := range []struct {
		title string
		verbs []effect.Verb
	}{{"動詞 (verb)", v.Verbs}, {"条件 (condition, in 【】 or [])", v.Conds}} {
		if len(group.verbs) == 0 {
			continue
		}
		fmt.Fprintf(b, "| %s | 別名 | 引数 | 印刷 | 意味 |\n|---|---|---|---|---|\n", group.title)
		for _, vb := range group.verbs {
			fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s |\n", vb.Name, strings.Join(vb.Aliases, ", "),
				cellEscape(argsDoc(vb)), cellEscape(vb.Text), cellEscape(vb.Doc))
		}
		b.WriteString("\n")
	}
}

func argsDoc(v effect.Verb) string {
	var parts []string
	for _, a := range v.Args {
		var s string
		switch a.Kind {
		case effect.Count, effect.Signed:
			s = fmt.Sprintf("%s (%d〜%d)", a.Name, a.Min, a.Max)
			if a.Max == 0 {
				s = fmt.Sprintf("%s (%d 以上)", a.Name, a.Min)
			}
			if a.Kind == effect.Signed {
				s = "±" + s
			}
		case effect.Word:
			s = a.Name + " (" + strings.Join(a.Enum, "|") + ")"
		case effect.Ref:
			s = a.Name + " (ID)"
		case effect.Text:
			s = a.Name + " (\"…\")"
		}
		if a.Optional {
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	if v.Compare {
		parts = append(parts, "[op n]")
	}
	return strings.Join(parts, " ")
}

func columnRange(c Column) string {
	switch {
	case len(c.Enum) > 0:
		return strings.Join(c.Enum, " / ")
	case c.Kind == KindBool:
		return "○ / ×"
	case c.Min != "" || c.Max != "":
		return c.Min + "〜" + c.Max
	case c.Kind == KindEffect && c.Vocab != "":
		return "vocab=" + c.Vocab
	}
	return ""
}

func cellEscape(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
