package effect

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenKind classifies a token.
type tokenKind uint8

const (
	tEOF     tokenKind = iota
	tIllegal           // a character or word that starts no token
	tIdent             // name, alias, enum value or card ID
	tNumber            // digits with an optional leading sign
	tString            // "…" or 「…」
	tSemi              // ;
	tColon             // :
	tComma             // ,
	tOpen              // [ or 【
	tClose             // ] or 】
	tOp                // >= <= > < = == ≥ ≤
)

// token is one lexeme. text is the source as written; val holds the
// contents of a string and the normalised form of an operator.
type token struct {
	kind tokenKind
	pos  int // byte offset in the source
	text string
	val  string
	want string // tIllegal only: what would have made it valid, "" if unknown
}

// lexer splits an effect cell into tokens, one at a time. The input is
// expected to be NFKC-normalised already, so only ASCII punctuation and
// 【】「」≥≤ are recognised.
type lexer struct {
	src string
	pos int
}

// next returns the next token, or a tEOF token at the end of the source.
func (l *lexer) next() token {
	for l.pos < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.pos:])
		if !unicode.IsSpace(r) {
			break
		}
		l.pos += size
	}
	start := l.pos
	if start >= len(l.src) {
		return token{kind: tEOF, pos: start}
	}
	r, size := utf8.DecodeRuneInString(l.src[start:])
	l.pos += size
	switch r {
	case ';':
		return l.emit(tSemi, start)
	case ':':
		return l.emit(tColon, start)
	case ',':
		return l.emit(tComma, start)
	case '[', '【':
		return l.emit(tOpen, start)
	case ']', '】':
		return l.emit(tClose, start)
	case '"':
		return l.quoted(start, `"`)
	case '「':
		return l.quoted(start, "」")
	case '≥':
		t := l.emit(tOp, start)
		t.val = ">="
		return t
	case '≤':
		t := l.emit(tOp, start)
		t.val = "<="
		return t
	case '>', '<', '=':
		if l.pos < len(l.src) && l.src[l.pos] == '=' {
			l.pos++
		}
		t := l.emit(tOp, start)
		t.val = t.text
		if t.val == "==" {
			t.val = "="
		}
		return t
	case '+', '-':
		if l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			return l.number(start)
		}
	}
	switch {
	case r < utf8.RuneSelf && isDigit(byte(r)):
		return l.number(start)
	case isIdentStart(r):
		l.identRest()
		return l.emit(tIdent, start)
	}
	return l.emit(tIllegal, start)
}

// emit returns a token of kind k spanning src[start:l.pos].
func (l *lexer) emit(k tokenKind, start int) token {
	return token{kind: k, pos: start, text: l.src[start:l.pos]}
}

// quoted scans a string whose opening quote ends at l.pos.
func (l *lexer) quoted(start int, closing string) token {
	i := strings.Index(l.src[l.pos:], closing)
	if i < 0 {
		l.pos = len(l.src)
		t := l.emit(tIllegal, start)
		t.want = closing
		return t
	}
	body := l.src[l.pos : l.pos+i]
	l.pos += i + len(closing)
	t := l.emit(tString, start)
	t.val = body
	return t
}

// number scans digits after an optional sign at start. Digits that run on
// into letters ("2枚", "1.5") make one illegal token.
func (l *lexer) number(start int) token {
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if r, size := utf8.DecodeRuneInString(l.src[l.pos:]); size > 0 && isIdentPart(r) {
		l.identRest()
		t := l.emit(tIllegal, start)
		t.want = "number"
		return t
	}
	return l.emit(tNumber, start)
}

// identRest advances past the remaining characters of an identifier.
func (l *lexer) identRest() {
	for l.pos < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.pos:])
		if !isIdentPart(r) {
			return
		}
		l.pos += size
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isIdentStart reports whether r may begin an identifier: a letter of any
// script (kana and kanji included) or '_'.
func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

// isIdentPart reports whether r may continue an identifier.
func isIdentPart(r rune) bool {
	return isIdentStart(r) || unicode.IsDigit(r) || r == '-' || r == '.' || unicode.IsMark(r)
}

// WrittenAt returns the token that starts at byte offset pos of src as it is
// written there (a Call's or a Clause's Pos): the form a message echoes.
func WrittenAt(src string, pos int) string {
	lx := lexer{src: src, pos: pos}
	return lx.next().text
}
