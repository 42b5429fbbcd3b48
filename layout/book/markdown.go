package book

import (
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"

	"bifrost/schema"
)

// Meta is a rulebook's front matter.
type Meta struct {
	Title string `yaml:"title"`
	Paper string `yaml:"paper"` // "A5" (default), "A4", or "card" for a sheet
	// Sheet makes a one-page sheet such as a turn summary: the title on
	// top of the page, no title page and no contents. More than one page
	// (two at card size: front and back) is an error.
	Sheet bool `yaml:"sheet"`
	// LatinSpace is the space between kana or kanji and Latin letters or
	// digits (和欧文間), in em: none when left out; the customary 0.25.
	LatinSpace float64 `yaml:"latin_space"`
}

// markdown is the one goldmark configuration both renderers use: GFM tables,
// footnotes, definition lists, front matter, East Asian line breaks,
// emphasis that works next to Japanese punctuation, and ruby ({漢字|かんじ}).
func markdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Footnote, extension.DefinitionList,
			extension.CJK, &frontmatter.Extender{}),
		// Inline parsers are tried in rising priority; 450 comes before goldmark's emphasis (500).
		goldmark.WithParserOptions(parser.WithInlineParsers(util.Prioritized(cjkEmphasisParser{}, 450), util.Prioritized(rubyParser{}, 460))),
	)
}

// parse reads expanded markdown into its AST and front matter. It refuses
// the markdown, with a *SourceError for each line in lang, when
// checkSource finds something the book cannot print.
func parse(src []byte, lang *schema.Lang) (ast.Node, Meta, error) {
	doc, m, problems := checkSource(src)
	if len(problems) > 0 {
		errs := make([]*SourceError, len(problems))
		for i, p := range problems {
			errs[i] = &SourceError{Line: lineAt(src, p.pos), Msg: p.msg.In(lang)}
		}
		return nil, m, joinErrors(errs)
	}
	return doc, m, nil
}

// frontMatter reads the front matter parsed into ctx: the paper defaults
// to A5, and anything but A5, A4 or (for a sheet) card is a problem,
// returned as its message.
func frontMatter(ctx parser.Context) (Meta, *schema.Message) {
	var m Meta
	if fm := frontmatter.Get(ctx); fm != nil {
		if err := fm.Decode(&m); err != nil {
			return m, messages.Err("front.decode", err)
		}
	}
	m.Paper = strings.ToUpper(strings.TrimSpace(m.Paper))
	if m.Paper == "" {
		m.Paper = "A5"
	}
	if m.LatinSpace < 0 || m.LatinSpace > 1 {
		return m, messages.Err("front.latin", m.LatinSpace)
	}
	if g, ok := geometries[m.Paper]; !ok || g.sheetOnly && !m.Sheet {
		return m, messages.Err("front.paper", m.Paper)
	}
	return m, nil
}

// parseDoc parses markdown into its AST, the front matter left in the
// returned context.
func parseDoc(src []byte) (ast.Node, parser.Context) {
	ctx := parser.NewContext()
	return markdown().Parser().Parse(text.NewReader(src), parser.WithContext(ctx)), ctx
}

// cjkEmphasisParser parses * and _ runs like CommonMark, except that a
// Japanese character beside a run counts as a letter, not as punctuation.
// So **「1枚」**引きます is bold, as a Japanese writer means it, though
// plain CommonMark would leave the asterisks as text.
type cjkEmphasisParser struct{}

func (cjkEmphasisParser) Trigger() []byte { return []byte{'*', '_'} }

func (cjkEmphasisParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	before := block.PrecendingCharacter()
	line, segment := block.PeekLine()
	node := scanDelimiter(line, before)
	if node == nil {
		return nil
	}
	node.Segment = segment.WithStop(segment.Start + node.OriginalLength)
	block.Advance(node.OriginalLength)
	pc.PushDelimiter(node)
	return node
}

type emphasisProcessor struct{}

func (emphasisProcessor) IsDelimiter(b byte) bool { return b == '*' || b == '_' }
func (emphasisProcessor) CanOpenCloser(opener, closer *parser.Delimiter) bool {
	return opener.Char == closer.Char
}
func (emphasisProcessor) OnMatch(consumes int) ast.Node { return ast.NewEmphasis(consumes) }

// scanDelimiter is goldmark's parser.ScanDelimiter with the CJK rule above.
func scanDelimiter(line []byte, before rune) *parser.Delimiter {
	c := line[0]
	j := 0
	for j < len(line) && line[j] == c {
		j++
	}
	after := rune(' ')
	if j != len(line) {
		after = util.ToRune(line, j)
	}
	beforePunct := util.IsPunctRune(before) && !isCJK(before)
	beforeSpace := util.IsSpaceRune(before)
	afterPunct := util.IsPunctRune(after) && !isCJK(after)
	afterSpace := util.IsSpaceRune(after)
	// A Japanese character beside the run also lets punctuation sit on
	// the run's other side: で**−1**です and は**↑（テイワズ）**として are
	// bold, as the CJK-friendly amendment to CommonMark has it.
	isLeft := !afterSpace && (!afterPunct || beforeSpace || beforePunct || isCJK(before))
	isRight := !beforeSpace && (!beforePunct || afterSpace || afterPunct || isCJK(after))
	canOpen, canClose := isLeft, isRight
	if c == '_' {
		canOpen = isLeft && (!isRight || beforePunct)
		canClose = isRight && (!isLeft || afterPunct)
	}
	return parser.NewDelimiter(canOpen, canClose, j, c, emphasisProcessor{})
}

// isCJK reports Japanese and Chinese characters and their punctuation.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF || r == 'ー'
}
