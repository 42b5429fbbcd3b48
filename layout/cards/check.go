package cards

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"bifrost/layout/spec"
	"bifrost/layout/text"
	"bifrost/schema"
)

// Describe says what is wrong, naming the card and the field, in lang's
// language (Japanese when lang is nil).
func (is Issue) Describe(ds *spec.Dataset, l *schema.Lang) string {
	kind := is.card.Kind.Title
	name := schema.Echo(is.card.Name(ds))
	card := fmt.Sprintf("%s「%s」", kind, name)
	if is.card.ID != "" && is.card.ID != name {
		card = fmt.Sprintf("%s「%s」（%s）", kind, name, is.card.ID)
	}
	if l.English() {
		card = fmt.Sprintf("%s %q", is.card.Kind.Name, name)
		if is.card.ID != "" && is.card.ID != name {
			card += " (" + is.card.ID + ")"
		}
	}
	if is.side == "back" {
		card += l.Pick("（裏面）", " (back)")
	}
	what := is.what(l)
	switch {
	case is.artErr != nil:
		return l.Sprintf("%s: 画像を使えません: %s", "%s: the art cannot be used: %s", card, is.artErr)
	case is.fit != nil && is.El.Style.MaxLines > 0 && len(is.fit.Lines) > is.El.Style.MaxLines:
		return l.Sprintf("%[1]s: %[2]sが最小の%[4]gptでも%[3]d行に収まりません: %[5]s", "%s: %s does not fit on %d line(s) even at the minimum %gpt: %s",
			card, what, is.El.Style.MaxLines, is.fit.Size, excerpt(is.text))
	case is.fit != nil:
		return l.Sprintf("%s: %sが最小の%gptでも枠に収まりません（%.1fmm必要、枠は%.1fmm）: %s", "%s: %s does not fit its box even at the minimum %gpt (needs %.1f mm, the box has %.1f mm): %s",
			card, what, is.fit.Size, is.fit.Need, is.boxH, excerpt(is.text))
	case text.OutsideBMP(is.missing[0]):
		return l.Sprintf("%s: %sの文字%sは絵文字などの特別な文字で、PDFに入れられないため印刷されません。ふつうの文字に置き換えてください",
			"%s: %s has the character(s) %s, outside the Basic Multilingual Plane, which the PDF cannot embed", card, what, charNames(is.missing))
	default:
		return l.Sprintf("%s: %sの文字%sはフォントチェーン（%s）のどのフォントにもないため、白い四角で印刷されます。その文字を持つフォントを入れるか（Debian: apt-get install fonts-ipaexfont-gothic fonts-morisawa-bizud-gothic）、レイアウトのフォントチェーンに加えてください",
			"%s: %s has the character(s) %s, which no font of the chain (%s) has; they would print as blank boxes. Install a font that has them (Debian: apt-get install fonts-ipaexfont-gothic fonts-morisawa-bizud-gothic) or add one to the layout's font chain",
			card, what, charNames(is.missing), is.font)
	}
}

// maxNamedChars is how many missing characters one issue names.
const maxNamedChars = 10

// charNames names the characters rs, the first maxNamedChars of them, in
// both languages: 「碾」（U+78BE）、「鑢」（U+9462） and how many more.
func charNames(rs []rune) schema.Word {
	var ja, en []string
	for _, r := range rs[:min(len(rs), maxNamedChars)] {
		w := charName(r)
		ja, en = append(ja, w[0]), append(en, w[1])
	}
	w := schema.Word{strings.Join(ja, "、"), strings.Join(en, ", ")}
	if more := len(rs) - maxNamedChars; more > 0 {
		w[0] += fmt.Sprintf("ほか%d文字", more)
		w[1] += fmt.Sprintf(" and %d more", more)
	}
	return w
}

// what names the fields (or the layout element) the issue is about.
func (is Issue) what(l *schema.Lang) string {
	var names []string
	for _, f := range is.fields {
		if n := l.Pick(f.Col.JA, f.Col.EN); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return l.Sprintf("%[2]d行目の%[1]s要素の文字", "the text of the %s element at line %d", is.El.Type, is.El.Line0)
	}
	s := strings.Join(names, l.Pick("・", ", "))
	if is.spec != nil && is.spec != is.card.Kind.Sheet {
		return l.Sprintf("%[2]sの%[1]s", "%s of %s", s, l.Pick(is.spec.JA, is.spec.Key))
	}
	return s
}

// charName names a character in both languages: 「碾」（U+78BE） in
// Japanese, as text.Describe does in English.
func charName(r rune) schema.Word { return schema.Word{describeJA(r), text.Describe(r)} }

// describeJA names a character in a Japanese message: 「碾」（U+78BE）.
func describeJA(r rune) string {
	d := text.Describe(r)
	if strings.HasPrefix(d, "U+") {
		return "（" + d + "）"
	}
	return fmt.Sprintf("「%c」（U+%04X）", r, r)
}

func excerpt(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	r := []rune(s)
	if len(r) > 30 {
		return "「" + schema.Visible(string(r[:30])) + "…」"
	}
	return "「" + schema.Visible(s) + "」"
}

// Locator finds the workbook cell of an Issue.
type Locator struct {
	book *schema.Book
	lang *schema.Lang
}

// NewLocator locates issues in workbook b (nil: sheets only), naming
// headers in l's language.
func NewLocator(b *schema.Book, l *schema.Lang) *Locator { return &Locator{b, l} }

// Find returns the sheet, 1-based row and column and the header of the
// cell the issue's text came from; sheet is "" when the text is the
// layout's own.
func (lc *Locator) Find(ds *spec.Dataset, is Issue) (sheet string, row, col int, header string) {
	if is.spec == nil || !is.row.IsValid() || len(is.fields) == 0 || is.fields[0] == nil {
		return "", 0, 0, ""
	}
	t, colOf, ok := lc.sheet(is.spec)
	if !ok {
		return is.spec.Key, 0, 0, fieldHeader(is.fields[0], lc.lang)
	}
	sheet = t.Sheet
	fs := spec.FieldsOf(is.spec)
	f := is.fields[0]
	if f.Cond { // an Advance's use condition comes from its Condition column
		if c := fs.Get("Condition"); c != nil {
			f = c
		}
	}
	col = colOf(f)
	if col > 0 {
		header = schema.Normalize(t.Header[col-1])
	} else {
		header = fieldHeader(f, lc.lang)
	}
	row = lc.rowOf(ds, t, fs, is.row, colOf)
	return sheet, row, col, header
}

// sheet is ss's table in the workbook, with the 1-based column of a
// field in it (0 for none); ok is false without a workbook or that sheet.
func (lc *Locator) sheet(ss *schema.SheetSpec) (t *schema.Table, colOf func(*spec.Field) int, ok bool) {
	if lc.book == nil {
		return nil, nil, false
	}
	if t, ok = lc.book.Lookup(ss.Key, ss.JA); !ok {
		return nil, nil, false
	}
	return t, func(f *spec.Field) int {
		for i, h := range t.Header {
			h = strings.ToLower(schema.Normalize(h))
			if h != "" && (h == strings.ToLower(f.Col.JA) || h == strings.ToLower(f.Col.EN)) {
				return i + 1
			}
		}
		return 0
	}, true
}

func fieldHeader(f *spec.Field, l *schema.Lang) string {
	if l != nil && l.English() {
		return f.Col.EN
	}
	return f.Col.JA
}

// rowOf finds the sheet row holding a data row: by its ID where the sheet
// has one, else by matching every filled cell of the row's text and number
// columns.
func (lc *Locator) rowOf(ds *spec.Dataset, t *schema.Table, fs *spec.FieldSet, r reflect.Value, colOf func(*spec.Field) int) int {
	if idf := fs.Get("ID"); idf != nil && idf.Name == "ID" {
		if at := colOf(idf); at > 0 {
			id := r.Field(idf.Index).String()
			for _, tr := range t.Rows {
				if schema.Normalize(tr.Cell(at-1)) == id {
					return tr.Num
				}
			}
		}
	}
	for _, tr := range t.Rows {
		match, any := true, false
		for _, f := range fs.List {
			if f.Cond || f.Kind != schema.KindText && f.Kind != schema.KindInt {
				continue
			}
			at := colOf(f)
			if at == 0 {
				continue
			}
			cell := schema.Normalize(tr.Cell(at - 1))
			v := ds.Read(r, f)
			if cell == "" && v.Empty {
				continue
			}
			if f.Kind == schema.KindInt {
				n, ok := schema.ParseInt(cell)
				if !ok || strconv.Itoa(n) != v.Text {
					match = false
					break
				}
			} else if cell != v.Text {
				match = false
				break
			}
			any = true
		}
		if match && any {
			return tr.Num
		}
	}
	return 0
}
