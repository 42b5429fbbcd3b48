package schema

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

var verbRe = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// TestCatalog_JapaneseAndEnglishTakeTheSameArguments guards every message
// against a translation that drops or reorders an argument.
func TestCatalog_JapaneseAndEnglishTakeTheSameArguments(t *testing.T) {
	norm := func(s string) []string {
		var out []string
		for _, v := range verbRe.FindAllString(s, -1) {
			switch v[len(v)-1] {
			case 'q', 's', 'v':
				out = append(out, "s")
			default:
				out = append(out, v[len(v)-1:])
			}
		}
		return out
	}
	for key, m := range catalog {
		if m[0] == "" || m[1] == "" {
			t.Errorf("%s: a language is missing", key)
			continue
		}
		if ja, en := norm(m[0]), norm(m[1]); !slices.Equal(ja, en) {
			t.Errorf("%s: Japanese takes %v, English takes %v", key, ja, en)
		}
	}
}

func TestLang_FollowsTheEnvironment(t *testing.T) {
	tests := []struct{ lcAll, lang, want string }{
		{"", "en_US.UTF-8", "en"},
		{"", "ja_JP.UTF-8", "ja"},
		{"C", "ja_JP.UTF-8", "en"},
		{"", "", "ja"},
	}
	for _, tt := range tests {
		t.Setenv("LC_ALL", tt.lcAll)
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", tt.lang)
		if got := LangFromEnv(); got != tt.want {
			t.Errorf("LC_ALL=%q LANG=%q: got %s, want %s", tt.lcAll, tt.lang, got, tt.want)
		}
	}
}

func TestProblem_OneLineWithFileSheetAndCell(t *testing.T) {
	ps := &Problems{File: "cardsrc/nastrond.xlsx", Lang: NewLang("en")}
	ps.Errorf("Edda", 7, 4, "目標値", "not_int", "Target")
	ps.Errorf("Edda", 3, 27, "メモ", "required", "Memo")
	ps.Warnf("Keeper", 2, 1, "ID", "no_id")
	got := problemLines(ps.Sorted())
	want := []string{
		"cardsrc/nastrond.xlsx: Edda!AA3: Memo is required",
		"cardsrc/nastrond.xlsx: Edda!D7: Target must be a whole number",
		"cardsrc/nastrond.xlsx: Keeper!A2: warning: row has data but no ID",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestParseInt_AcceptsWhatSpreadsheetsStore(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"12", 12, true}, {"+2", 2, true}, {"-1", -1, true}, {"3.0", 3, true}, {"3E+0", 3, true},
		{"1,000", 1000, true}, {"3.5", 0, false}, {"abc", 0, false}, {"", 0, false}, {"1e30", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseInt(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseInt(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseBool_AcceptsMarksAndWords(t *testing.T) {
	for _, s := range []string{"○", "◯", "はい", "TRUE", "true", "1"} {
		if v, ok := ParseBool(s); !v || !ok {
			t.Errorf("ParseBool(%q) = %v, %v; want true", s, v, ok)
		}
	}
	for _, s := range []string{"×", "いいえ", "FALSE", "0"} {
		if v, ok := ParseBool(s); v || !ok {
			t.Errorf("ParseBool(%q) = %v, %v; want false", s, v, ok)
		}
	}
	if _, ok := ParseBool("たぶん"); ok {
		t.Error("ParseBool accepted たぶん")
	}
}

func TestNormalize_FoldsFullWidthAndSpaces(t *testing.T) {
	tests := map[string]string{"１２": "12", " \u3000E01\u3000 ": "E01", "＋１": "+1", "ｶｰﾄﾞ": "カード"}
	for in, want := range tests {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestColName_CountsLikeASpreadsheet(t *testing.T) {
	for n, want := range map[int]string{1: "A", 26: "Z", 27: "AA", 52: "AZ", 703: "AAA"} {
		if got := ColName(n); got != want {
			t.Errorf("ColName(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestEchoCutsAtFortyCharactersAndShowsInvisibleOnes(t *testing.T) {
	forty := strings.Repeat("あ", 40)
	tests := []struct{ in, want string }{
		{"", ""},
		{forty, forty},
		{forty + "い", forty + "…"},
		{strings.Repeat("x", 98000), strings.Repeat("x", 40) + "…"},
		// Control and format characters are shown, not obeyed: a
		// right-to-left override would reverse the rest of the line.
		{"A\u202eB\u200bC\x1b[2J", "A[U+202E]B[U+200B]C[U+001B][2J"},
		{"改行\nもタブ\tもそのまま", "改行\nもタブ\tもそのまま"},
	}
	for _, tt := range tests {
		if got := Echo(tt.in); got != tt.want {
			t.Errorf("Echo(%.50q…) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// Msg cuts what a message quotes, and leaves lists the program built whole.
	long := strings.Repeat("y", 100)
	for _, l := range []*Lang{NewLang("ja"), NewLang("en")} {
		if got := l.Msg("unknown_rule", long); strings.Contains(got, long) || !strings.Contains(got, strings.Repeat("y", 40)+"…") {
			t.Errorf("%s: unknown_rule echoes %q", l.Tag(), got)
		}
		if got := l.Msg("check_dead_cards", 9, long); !strings.Contains(got, long) {
			t.Errorf("%s: check_dead_cards cut its list: %q", l.Tag(), got)
		}
	}
}

func TestCountedRowsAreNamedAsRanges(t *testing.T) {
	tests := []struct {
		rows   []int
		ja, en string
	}{
		{[]int{4}, "C4", "C4"},
		{[]int{2, 3, 4, 7}, "C2〜C4、C7", "C2:C4, C7"},
		{[]int{2, 4, 6, 8, 10, 12}, "C2、C4、C6、C8、ほか", "C2, C4, C6, C8, and more"},
	}
	for _, tt := range tests {
		if got := cellRanges(NewLang("ja"), 3, tt.rows); got != tt.ja {
			t.Errorf("ja %v: %q, want %q", tt.rows, got, tt.ja)
		}
		if got := cellRanges(NewLang("en"), 3, tt.rows); got != tt.en {
			t.Errorf("en %v: %q, want %q", tt.rows, got, tt.en)
		}
	}
}

func TestANounIsCountedInEachLanguageWithEnglishSingularForOne(t *testing.T) {
	games := Noun{"%d ゲーム", "%d games", "%d game"}
	ja, en := NewLang("ja"), NewLang("en")
	for _, c := range []struct {
		n      int
		ja, en string
	}{{0, "0 ゲーム", "0 games"}, {1, "1 ゲーム", "1 game"}, {2, "2 ゲーム", "2 games"}} {
		w := games.Of(c.n)
		if got := w.In(ja); got != c.ja {
			t.Errorf("%d in Japanese = %q, want %q", c.n, got, c.ja)
		}
		if got := en.Sprintf("played %v", "played %v", w); got != "played "+c.en {
			t.Errorf("%d in English = %q, want %q", c.n, got, "played "+c.en)
		}
	}
}
