package book

import (
	"regexp"

	"bifrost/schema"
)

// messages is the catalogue of what the book says to the designer when it
// refuses a rulebook: each key's Japanese and English form, fmt formats
// taking the same arguments in the same order.
var messages = schema.Catalogue{
	"placeholder.undefined":      {"「%s」という差し込みはありません", "function %q not defined"},
	"placeholder.undefined.near": {"「%s」という差し込みはありません（「%s」のことですか？）", "function %q not defined (did you mean %q?)"},
	"placeholder.args":           {"差し込み「%s」の引数の数が違います（%s 個のところ %s 個）", "wrong number of args for %s: want %s got %s"},
	"placeholder.syntax":         {"差し込みを読めません: %s", "bad placeholder: %s"},
	"count.unknown":              {"部品「%s」はありません（ワークブックが数えるのは %s）", "unknown component %q (the workbook counts %s)"},
	"rule.unknown":               {"ルール「%s」はありません", "unknown rule %q"},
	"rule.unknown.near":          {"ルール「%s」はありません（「%s」のことですか？）", "unknown rule %q (did you mean %q?)"},
	"sheet.unknown":              {"シート「%s」はありません", "unknown sheet %q"},
	"sheet.unknown.near":         {"シート「%s」はありません（「%s」のことですか？）", "unknown sheet %q (did you mean %q?)"},
	"sheet.column":               {"シート %s に列「%s」はありません", "sheet %s has no column %q"},
	"sheet.column.near":          {"シート %s に列「%s」はありません（「%s」のことですか？）", "sheet %s has no column %q (did you mean %q?)"},
	"table.nocolumn":             {"表には列を 1 つ以上指定してください", "table needs at least one column"},
	"card.unknown":               {"カード「%s」はありません", "unknown card %q"},
	"card.unknown.near":          {"カード「%s」はありません（「%s」のことですか？）", "unknown card %q (did you mean %q?)"},
	"card.callout":               {"カード %s の説明「%s」は「部分=説明」の形で書いてください", "card %s: callout %q must read part=text"},
	"card.noparts":               {"カード %s の部分の位置がわかりません（このレイアウトでは番号を付けられません）", "card %s: its parts are not known, so they cannot be numbered"},
	"card.part":                  {"カード %s に部分「%s」はありません（あるのは %s）", "card %s has no part %q (it has %s)"},
	"card.draw":                  {"カード %s: %v", "card %s: %v"},
	"glossary.entry":             {"用語集の %d 番目の項目に用語と説明がありません", "glossary entry %d needs a term and a text"},
	"figure.turn":                {"図「turn」には手順を 2 つ以上指定してください", `figure "turn" needs at least two phases`},
	"figure.args":                {"図「%s」は引数をとりません", "figure %q takes no arguments"},
	"figure.unknown":             {"図「%s」はありません（この本にあるのは %s）", "unknown figure %q (this book has %s)"},
	"figure.bad":                 {"図を読めません: %v", "figure: %v"},
	"figure.size":                {"図の大きさがありません", "figure has no size"},
	"front.decode":               {"前付け（front matter）を読めません: %v", "front matter: %v"},
	"front.latin":                {"前付けの latin_space は 0〜1 em です（%g になっています）", "front matter: latin_space must be 0 to 1 em (got %g)"},
	"front.paper":                {"前付けの paper は A5 か A4（1 枚ものなら card も）です（%q になっています）", "front matter: paper must be A5 or A4, or card for a sheet (got %q)"},
	"nesting":                    {"リスト・引用・定義の入れ子が%d段を超えています", "lists, quotes and definitions nest more than %d deep"},
	"table.columns":              {"表が%d列あります（%d列まで。表を分けてください）", "the table has %d columns, at most %d fit a page: split it"},
	"image.bad":                  {"画像 %q: %s", "image %q: %s"},
	"image.missing":              {"画像 %q: ルールのフォルダーにありません", "image %q: no such file in the rules folder"},
	"image.unopenable":           {"画像 %q: 開けません（ルールのフォルダーの外を指すリンクは使えません）", "image %q: cannot be opened (a link that leads outside the rules folder is not allowed)"},
	"image.unreadable":           {"画像 %q: PNG か JPEG として読めません", "image %q: not a readable PNG or JPEG image"},
	"image.too_large":            {"画像 %q: 大きすぎます（ファイルは %d MB まで、縦横 %d ピクセルまで、%d00万画素まで）。縮小して保存しなおしてください", "image %q: too large (at most %d MB, %d pixels each way and %d megapixels): save it smaller"},
	"link.bad":                   {"リンク %q: %s", "link %q: %s"},
	"path.scheme":                {"URL は使えません。ルールのフォルダー内のファイルだけです", "a URL is not allowed: only files in the rules folder"},
	"path.linkscheme":            {"http・https・mailto・#見出し・フォルダー内のファイル以外は使えません", "only http, https, mailto, #headings and files in the rules folder are allowed"},
	"path.outside":               {"ルールのフォルダーの外を指しています", "the path leads outside the rules folder"},
	"path.bad":                   {"パスとして読めません", "not a valid path"},
	"path.backslash":             {`区切りは "\" でなく "/" です`, `separate folders with "/", not "\"`},
	"sheet.pages":                {"1 枚ものは %d ページに収めてください（%d ページになります）", "a sheet must fit on %d page(s) (it takes %d)"},
	"font.embed":                 {"%s を埋め込めません: %v", "embedding %s: %v"},
}

var (
	tmplUndefined = regexp.MustCompile(`^function "([^"]*)" not defined$`)
	tmplArgs      = regexp.MustCompile(`^wrong number of args for (\w+): want (.+) got (\d+)$`)
)

// templateMessage puts one of text/template's own errors into lang: the
// two a writer meets most (an unknown placeholder, with the nearest of
// names, and a wrong number of arguments) word for word, any other behind a
// catalogue prefix.
func templateMessage(s string, lang *schema.Lang, names []string) string {
	if m := tmplUndefined.FindStringSubmatch(s); m != nil {
		return unknown("placeholder.undefined", m[1], names).In(lang)
	}
	if m := tmplArgs.FindStringSubmatch(s); m != nil {
		return messages.Err("placeholder.args", m[1], m[2], m[3]).In(lang)
	}
	return messages.Err("placeholder.syntax", s).In(lang)
}
