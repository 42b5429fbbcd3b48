package effect

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// testVocab exercises every argument kind, aliases, comparisons and triggers.
var testVocab = &Vocab{
	Name: "test",
	Verbs: []Verb{
		{Name: "draw", Aliases: []string{"引く", "ドロー"},
			Args:    []ArgSpec{{Name: "n", Kind: Count, Min: 1, Max: 5}},
			Text:    "カードを{1}枚引く",
			MayText: "カードを{1}枚引いてもよい"},
		{Name: "gain", Aliases: []string{"得る"},
			Args: []ArgSpec{{Name: "vp", Kind: Signed, Min: -3, Max: 3}},
			Text: "勝利点{1}"},
		{Name: "shift",
			Args: []ArgSpec{{Name: "d", Kind: Signed}},
			Text: "順位を{1}する"},
		{Name: "deploy",
			Args: []ArgSpec{
				{Name: "layer", Kind: Word, Enum: []string{"Assist", "Battle"}, Labels: []string{"支援", "戦闘"}},
				{Name: "n", Kind: Count, Optional: true},
			},
			Text: "{1}カードを{2}枚配置する"},
		{Name: "tag",
			Args: []ArgSpec{{Name: "colour", Kind: Word, Enum: []string{"Red", "Blue"}}},
			Text: "{1}の印を付ける"},
		{Name: "summon", Aliases: []string{"召喚"},
			Args: []ArgSpec{{Name: "card", Kind: Ref}},
			Text: "{1}を場に出す"},
		{Name: "say",
			Args: []ArgSpec{{Name: "words", Kind: Text}},
			Text: "「{1}」と宣言する。"},
		{Name: "pass", Text: "パスする{9}{x}"},
	},
	Conds: []Verb{
		{Name: "hand", Aliases: []string{"手札"}, Compare: true,
			Text: "手札が{n}枚{op}"},
		{Name: "played", Compare: true,
			Args: []ArgSpec{{Name: "layer", Kind: Word, Enum: []string{"Assist", "Battle"}, Labels: []string{"支援", "戦闘"}}},
			Text: "{1}カードのプレイ数 {n} {op}"},
		{Name: "first", Aliases: []string{"先攻"}, Text: "先攻"},
	},
	Triggers: []Trigger{
		{Name: "end", Aliases: []string{"ターン終了時"}, Text: "ターン終了時："},
		{Name: "ship", Text: "出荷時："},
	},
}

// noPos returns a copy of e with every Pos zeroed.
func noPos(e *Effect) *Effect {
	if e == nil {
		return nil
	}
	out := &Effect{}
	for _, c := range e.Clauses {
		c.Pos = 0
		c.Action = noPosCall(c.Action)
		if c.Conds != nil {
			conds := make([]Call, len(c.Conds))
			for i, k := range c.Conds {
				conds[i] = noPosCall(k)
			}
			c.Conds = conds
		}
		out.Clauses = append(out.Clauses, c)
	}
	return out
}

func noPosCall(c Call) Call {
	c.Pos = 0
	if c.Args != nil {
		args := make([]Arg, len(c.Args))
		for i, a := range c.Args {
			a.Pos = 0
			args[i] = a
		}
		c.Args = args
	}
	return c
}

func call(name string, args ...Arg) Call { return Call{Name: name, Args: args} }
func cnt(n int) Arg                      { return Arg{Kind: Count, Int: n} }
func sgn(n int) Arg                      { return Arg{Kind: Signed, Int: n} }
func word(s string) Arg                  { return Arg{Kind: Word, Str: s} }
func ref(s string) Arg                   { return Arg{Kind: Ref, Str: s} }
func text(s string) Arg                  { return Arg{Kind: Text, Str: s} }

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Clause
	}{
		{"empty", "", nil},
		{"blank", "  \t\n ", nil},
		{"verb", "draw 2", []Clause{{Action: call("draw", cnt(2))}}},
		{"case-insensitive name", "DRAW 2", []Clause{{Action: call("draw", cnt(2))}}},
		{"japanese alias", "引く 2", []Clause{{Action: call("draw", cnt(2))}}},
		{"katakana alias", "ドロー 1", []Clause{{Action: call("draw", cnt(1))}}},
		{"no arguments", "pass", []Clause{{Action: call("pass")}}},
		{"trailing semicolon", "pass;", []Clause{{Action: call("pass")}}},
		{"two clauses", "draw 1; pass ;", []Clause{{Action: call("draw", cnt(1))}, {Action: call("pass")}}},
		{"no spaces around semicolon", "draw 1;pass", []Clause{{Action: call("draw", cnt(1))}, {Action: call("pass")}}},
		{"signed plus", "gain +2", []Clause{{Action: call("gain", sgn(2))}}},
		{"signed minus", "gain -3", []Clause{{Action: call("gain", sgn(-3))}}},
		{"signed bare", "gain 1", []Clause{{Action: call("gain", sgn(1))}}},
		{"signed unbounded", "shift -99", []Clause{{Action: call("shift", sgn(-99))}}},
		{"word canonical spelling", "deploy battle", []Clause{{Action: call("deploy", word("Battle"))}}},
		{"optional argument", "deploy Assist 3", []Clause{{Action: call("deploy", word("Assist"), cnt(3))}}},
		{"comma between arguments", "deploy Assist, 3", []Clause{{Action: call("deploy", word("Assist"), cnt(3))}}},
		{"ref identifier", "summon V-001", []Clause{{Action: call("summon", ref("V-001"))}}},
		{"ref number keeps digits", "召喚 007", []Clause{{Action: call("summon", ref("007"))}}},
		{"text double quotes", `say "勝利だ;[x]"`, []Clause{{Action: call("say", text("勝利だ;[x]"))}}},
		{"text corner brackets", `say 「彼は"進め"と言った」`, []Clause{{Action: call("say", text(`彼は"進め"と言った`))}}},
		{"may", "may draw 1", []Clause{{May: true, Action: call("draw", cnt(1))}}},
		{"may alias", "任意 draw 1", []Clause{{May: true, Action: call("draw", cnt(1))}}},
		{"trigger", "end: pass", []Clause{{Trigger: "end", Action: call("pass")}}},
		{"trigger alias", "ターン終了時: pass", []Clause{{Trigger: "end", Action: call("pass")}}},
		{"cond square", "[first] pass", []Clause{{Conds: []Call{call("first")}, Action: call("pass")}}},
		{"cond lenticular", "【先攻】pass", []Clause{{Conds: []Call{call("first")}, Action: call("pass")}}},
		{"cond compare", "[hand <= 2] draw 1",
			[]Clause{{Conds: []Call{{Name: "hand", Op: "<=", Value: 2}}, Action: call("draw", cnt(1))}}},
		{"cond compare optional", "[hand] pass", []Clause{{Conds: []Call{call("hand")}, Action: call("pass")}}},
		{"cond with argument and compare", "[played Battle>=2] pass",
			[]Clause{{Conds: []Call{{Name: "played", Args: []Arg{word("Battle")}, Op: ">=", Value: 2}}, Action: call("pass")}}},
		{"op ==", "[hand == 0] pass", []Clause{{Conds: []Call{{Name: "hand", Op: "="}}, Action: call("pass")}}},
		{"op =", "[hand = 3] pass", []Clause{{Conds: []Call{{Name: "hand", Op: "=", Value: 3}}, Action: call("pass")}}},
		{"op ≥", "[hand ≥ 3] pass", []Clause{{Conds: []Call{{Name: "hand", Op: ">=", Value: 3}}, Action: call("pass")}}},
		{"op ≤", "[hand ≤ 3] pass", []Clause{{Conds: []Call{{Name: "hand", Op: "<=", Value: 3}}, Action: call("pass")}}},
		{"op >", "[hand > 3] pass", []Clause{{Conds: []Call{{Name: "hand", Op: ">", Value: 3}}, Action: call("pass")}}},
		{"op <", "[hand<3] pass", []Clause{{Conds: []Call{{Name: "hand", Op: "<", Value: 3}}, Action: call("pass")}}},
		{"everything", "ターン終了時:【手札 < 2】[first] 任意 引く 2",
			[]Clause{{Trigger: "end", Conds: []Call{{Name: "hand", Op: "<", Value: 2}, call("first")}, May: true, Action: call("draw", cnt(2))}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.src, testVocab)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.src, err)
			}
			if got, want := noPos(e), (&Effect{Clauses: tt.want}); !reflect.DeepEqual(got, want) {
				t.Errorf("Parse(%q)\n got %#v\nwant %#v", tt.src, got, want)
			}
		})
	}
}

func TestParseNilVocab(t *testing.T) {
	if _, err := Parse("draw 1", nil); err == nil || err.Code != ErrUnknownVerb {
		t.Errorf("Parse with nil Vocab = %v, want ErrUnknownVerb", err)
	}
}

func TestParsePositions(t *testing.T) {
	src := "draw 1; 【手札 < 2】 say 「x」"
	e, err := Parse(src, testVocab)
	if err != nil {
		t.Fatal(err)
	}
	at := func(sub string) int { return strings.Index(src, sub) }
	checks := []struct {
		what      string
		got, want int
	}{
		{"clause 0", e.Clauses[0].Pos, 0},
		{"draw", e.Clauses[0].Action.Pos, 0},
		{"draw arg", e.Clauses[0].Action.Args[0].Pos, at("1")},
		{"clause 1", e.Clauses[1].Pos, at("【")},
		{"hand", e.Clauses[1].Conds[0].Pos, at("手札")},
		{"say", e.Clauses[1].Action.Pos, at("say")},
		{"say arg", e.Clauses[1].Action.Args[0].Pos, at("「")},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: Pos = %d, want byte offset %d", c.what, c.got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want Problem
	}{
		{"syntax: empty clause", "draw 1;; pass", Problem{Offset: 7, Code: ErrSyntax, Found: ";", Want: "verb"}},
		{"syntax: only semicolon", ";", Problem{Offset: 0, Code: ErrSyntax, Found: ";", Want: "verb"}},
		{"syntax: may without verb", "may", Problem{Offset: 3, Code: ErrSyntax, Found: "", Want: "verb"}},
		{"syntax: unclosed cond", "[hand < 2 pass", Problem{Offset: 10, Code: ErrSyntax, Found: "pass", Want: "]"}},
		{"syntax: mismatched brackets", "【hand】pass; [hand】pass", Problem{Offset: 17, Code: ErrSyntax, Found: "】", Want: "]"}},
		{"syntax: empty cond", "[] pass", Problem{Offset: 1, Code: ErrSyntax, Found: "]", Want: "condition"}},
		{"syntax: op without number", "[hand >=] pass", Problem{Offset: 8, Code: ErrSyntax, Found: "]", Want: "number"}},
		{"syntax: illegal character", "draw 1 @", Problem{Offset: 7, Code: ErrSyntax, Found: "@", Want: ";"}},
		{"syntax: japanese prefix", "ターン終了時: 引く 1 ＃", Problem{Offset: 13, Code: ErrSyntax, Found: "＃", Want: ";"}},
		{"syntax: unclosed string", `say "abc`, Problem{Offset: 4, Code: ErrSyntax, Found: `"abc`, Want: `"`}},
		{"syntax: unclosed corner string", "say 「あいうえおかきくけこさしすせそたち", Problem{Offset: 4, Code: ErrSyntax, Found: "「あいうえおかきくけこさしすせそ…", Want: "」"}},
		{"syntax: number run into word", "draw 2枚", Problem{Offset: 5, Code: ErrSyntax, Found: "2枚", Want: "number"}},
		{"syntax: trailing comma", "deploy Assist,", Problem{Offset: 14, Code: ErrSyntax, Found: "", Want: "argument"}},
		{"syntax: leading comma", "deploy , Assist", Problem{Offset: 7, Code: ErrSyntax, Found: ",", Want: "argument"}},
		{"syntax: colon after verb", "end: pass: x", Problem{Offset: 9, Code: ErrSyntax, Found: ":", Want: ";"}},
		{"syntax: lone sign", "gain - 1", Problem{Offset: 5, Code: ErrSyntax, Found: "-", Want: "argument"}},
		{"unknown verb", "drwa 1", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "drwa", Want: "verb", Suggest: "draw"}},
		{"unknown verb after japanese", "ターン終了時: drwa 1", Problem{Offset: 8, Code: ErrUnknownVerb, Found: "drwa", Want: "verb", Suggest: "draw"}},
		{"unknown verb, no suggestion", "explode", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "explode", Want: "verb"}},
		{"unknown japanese verb suggests a japanese alias", "引け 1", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "引け", Want: "verb", Suggest: "引く"}},
		{"unknown cond", "【手札 < 1】[frist] pass", Problem{Offset: 9, Code: ErrUnknownCond, Found: "frist", Want: "condition", Suggest: "first"}},
		{"unknown trigger", "edn: pass", Problem{Offset: 0, Code: ErrUnknownTrigger, Found: "edn", Want: "trigger", Suggest: "end"}},
		{"unknown trigger, japanese", "ターン開始時: pass", Problem{Offset: 0, Code: ErrUnknownTrigger, Found: "ターン開始時", Want: "trigger", Suggest: "ターン終了時"}},
		{"arg count: too few", "draw", Problem{Offset: 4, Code: ErrArgCount, Found: "0", Want: "1"}},
		{"arg count: too few before semicolon", "引く ; pass", Problem{Offset: 3, Code: ErrArgCount, Found: "0", Want: "1"}},
		{"arg count: too many", "draw 1 2, 3", Problem{Offset: 7, Code: ErrArgCount, Found: "3", Want: "1"}},
		{"arg count: optional", "deploy Assist 1 2", Problem{Offset: 16, Code: ErrArgCount, Found: "3", Want: "1..2"}},
		{"arg count: none taken", "pass now", Problem{Offset: 5, Code: ErrArgCount, Found: "1", Want: "0"}},
		{"arg count: in cond", "[first 1] pass", Problem{Offset: 7, Code: ErrArgCount, Found: "1", Want: "0"}},
		{"arg count: cond too few", "[played >= 1] pass", Problem{Offset: 8, Code: ErrArgCount, Found: "0", Want: "1"}},
		{"bad arg: count too big", "draw 6", Problem{Offset: 5, Code: ErrBadArg, Found: "6", Want: "1..5"}},
		{"bad arg: count too small", "draw 0", Problem{Offset: 5, Code: ErrBadArg, Found: "0", Want: "1..5"}},
		{"bad arg: count signed", "draw +1", Problem{Offset: 5, Code: ErrBadArg, Found: "+1", Want: "1..5"}},
		{"bad arg: count word", "draw two", Problem{Offset: 5, Code: ErrBadArg, Found: "two", Want: "1..5"}},
		{"bad arg: count unbounded", "deploy Assist -1", Problem{Offset: 14, Code: ErrBadArg, Found: "-1", Want: "0.."}},
		{"bad arg: count overflow", "deploy Assist 99999999999999999999", Problem{Offset: 14, Code: ErrBadArg, Found: "99999999999999999999", Want: "0.."}},
		{"bad arg: signed range", "得る +4", Problem{Offset: 3, Code: ErrBadArg, Found: "+4", Want: "-3..3"}},
		{"bad arg: signed text", `shift "x"`, Problem{Offset: 6, Code: ErrBadArg, Found: `"x"`, Want: "integer"}},
		{"bad arg: enum", "deploy Batle", Problem{Offset: 7, Code: ErrBadArg, Found: "Batle", Want: "Assist|Battle", Labels: "支援|戦闘", Suggest: "Battle"}},
		{"bad arg: enum number", "deploy 1", Problem{Offset: 7, Code: ErrBadArg, Found: "1", Want: "Assist|Battle", Labels: "支援|戦闘"}},
		{"bad arg: enum as its card text", "【played 戦闘】pass", Problem{Offset: 8, Code: ErrBadArg, Found: "戦闘", Want: "Assist|Battle", Labels: "支援|戦闘", Suggest: "Battle"}},
		{"bad arg: ref string", `summon "V-001"`, Problem{Offset: 7, Code: ErrBadArg, Found: `"V-001"`, Want: "card ID"}},
		{"bad arg: text bare", "say hello", Problem{Offset: 4, Code: ErrBadArg, Found: "hello", Want: "quoted text"}},
		{"bad arg: compare overflow", "[hand < 99999999999999999999] pass", Problem{Offset: 8, Code: ErrBadArg, Found: "99999999999999999999", Want: "integer"}},
		{"compare not allowed", "【先攻 >= 1】pass", Problem{Offset: 4, Code: ErrCompare, Found: ">=", Want: "】"}},
		{"compare not allowed, square", "[first=1] pass", Problem{Offset: 6, Code: ErrCompare, Found: "=", Want: "]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.src, testVocab)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want error %v", tt.src, e, tt.want.Code)
			}
			if e != nil {
				t.Errorf("Parse(%q) returned an Effect with its error", tt.src)
			}
			if *err != tt.want {
				t.Errorf("Parse(%q) error\n got %#v\nwant %#v", tt.src, *err, tt.want)
			}
		})
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct {
		found string
		names []string
		want  string
	}{
		{"drwa", []string{"draw", "discard"}, "draw"},
		{"DRAWW", []string{"draw"}, "draw"},
		{"xyz", []string{"draw"}, ""},
		{"recruitt", []string{"recruit", "retreat"}, "recruit"},
		{"abcdefghixyz", []string{"abcdefghi"}, "abcdefghi"}, // 3 edits ≤ 12/3
		{"abcdexyz", []string{"abcdef"}, ""},                 // 3 edits > max(2, 8/3)
		{"ship", []string{"shift"}, "shift"},
	}
	for _, tt := range tests {
		s := newSuggester(tt.found)
		for _, n := range tt.names {
			s.try(n, nil)
		}
		if s.best != tt.want {
			t.Errorf("suggest %q among %v = %q, want %q", tt.found, tt.names, s.best, tt.want)
		}
	}
}

func TestVocabLookup(t *testing.T) {
	v := &Vocab{Verbs: []Verb{{Name: "a", Aliases: []string{"b"}}, {Name: "b"}}}
	if got := v.Verb("B"); got == nil || got.Name != "b" {
		t.Errorf("Verb(%q) = %v, want the verb named b over the alias", "B", got)
	}
	if got := v.Verb("c"); got != nil {
		t.Errorf("Verb(%q) = %v, want nil", "c", got)
	}
	var nilVocab *Vocab
	if nilVocab.Verb("a") != nil || nilVocab.Cond("a") != nil || nilVocab.Trigger("a") != nil {
		t.Error("lookups on a nil Vocab should return nil")
	}
	if got := testVocab.Trigger("ターン終了時"); got == nil || got.Name != "end" {
		t.Errorf("Trigger(ターン終了時) = %v, want end", got)
	}
}

func TestText(t *testing.T) {
	names := map[string]string{"V-001": "戦乙女ブリュンヒルデ"}
	refName := func(id string) string { return names[id] }
	tests := []struct {
		name    string
		src     string
		refName func(string) string
		want    string
	}{
		{"empty", "", refName, ""},
		{"count", "draw 2", refName, "カードを2枚引く。"},
		{"may text", "may draw 1", refName, "カードを1枚引いてもよい。"},
		{"may default", "may summon V-001", refName, "戦乙女ブリュンヒルデを場に出すことができる。"},
		{"may default drops 。", `may say "進め"`, refName, "「進め」と宣言することができる。"},
		{"signed plus", "gain 2", refName, "勝利点+2。"},
		{"signed minus", "gain -1", refName, "勝利点-1。"},
		{"signed zero", "gain 0", refName, "勝利点+0。"},
		{"word label", "deploy battle 2", refName, "戦闘カードを2枚配置する。"},
		{"word without labels", "tag red", refName, "Redの印を付ける。"},
		{"missing optional", "deploy Assist", refName, "支援カードを枚配置する。"},
		{"ref name", "summon V-001", refName, "戦乙女ブリュンヒルデを場に出す。"},
		{"ref without refName", "summon V-001", nil, "V-001を場に出す。"},
		{"text", `say "進め"`, refName, "「進め」と宣言する。"},
		{"unknown placeholders kept", "pass", refName, "パスする{9}{x}。"},
		{"trigger", "end: draw 1", refName, "ターン終了時：カードを1枚引く。"},
		{"cond compare", "[hand >= 3] pass", refName, "【手札が3枚以上】パスする{9}{x}。"},
		{"cond ops", "[hand<=1] pass; [hand>1] pass; [hand<4] pass; [hand==0] pass", refName,
			"【手札が1枚以下】パスする{9}{x}。【手札が1枚より多い】パスする{9}{x}。【手札が4枚未満】パスする{9}{x}。【手札が0枚ちょうど】パスする{9}{x}。"},
		{"cond without compare trims spaces", "[played Battle] pass", refName, "【戦闘カードのプレイ数】パスする{9}{x}。"},
		{"cond with compare keeps spaces", "[played Battle > 1] pass", refName, "【戦闘カードのプレイ数 1 より多い】パスする{9}{x}。"},
		{"everything", "ship: 【先攻】[hand < 2] may draw 2; summon V-001", refName,
			"出荷時：【先攻】【手札が2枚未満】カードを2枚引いてもよい。戦乙女ブリュンヒルデを場に出す。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.src, testVocab)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.src, err)
			}
			if got := e.Text(testVocab, tt.refName); got != tt.want {
				t.Errorf("Text(%q)\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestTextUnknownNames(t *testing.T) {
	e := &Effect{Clauses: []Clause{{Trigger: "dawn", Conds: []Call{{Name: "odd"}}, Action: Call{Name: "fly", Args: []Arg{cnt(1)}}}}}
	if got, want := e.Text(testVocab, nil), "dawn：【odd】fly。"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	var nilEffect *Effect
	if nilEffect.Text(testVocab, nil) != "" || nilEffect.String() != "" {
		t.Error("a nil Effect should render as empty")
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"", ""},
		{"引く 2;", "draw 2"},
		{"ターン終了時:【手札 ≥ 2】[先攻] 任意 得る 1 ; summon 007", "end: [hand >= 2] [first] may gain +1; summon 007"},
		{"[hand == 0] deploy battle, 3", "[hand = 0] deploy Battle 3"},
		{"gain -0", "gain +0"},
		{"say 「x」", `say "x"`},
		{`say "「x」"`, `say "「x」"`},
		{`say 「"x"」`, `say 「"x"」`},
	}
	for _, tt := range tests {
		e, err := Parse(tt.src, testVocab)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := e.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestRoundTrip checks that each source parses, and that its String parses
// to the same AST. A source that does not parse fails the test.
func TestRoundTrip(t *testing.T) {
	srcs := []string{
		"draw 1",
		"DRAW 5; pass;",
		"ターン終了時: 【手札 < 2】 任意 引く 2",
		"ship: [played assist >= 2][first] may deploy Battle, 0; gain -3; shift +12",
		"summon V-001; summon 0042; summon +7",
		`say 「"quoted"」; say "「corner」"; say ""`,
		"[hand] [hand = -1] pass",
	}
	for _, src := range srcs {
		if _, err := Parse(src, testVocab); err != nil {
			t.Errorf("Parse(%q): %v; every round-trip case must parse", src, err)
			continue
		}
		checkRoundTrip(t, src)
	}
}

// checkRoundTrip parses src and, if that succeeds, checks that its String
// parses to the same AST and that Text does not fail.
func checkRoundTrip(t *testing.T, src string) {
	t.Helper()
	e, err := Parse(src, testVocab)
	if err != nil {
		if err.Offset < 0 || err.Offset > utf8.RuneCountInString(src) {
			t.Fatalf("Parse(%q): Offset %d out of range", src, err.Offset)
		}
		if err.Code < ErrSyntax || err.Code > ErrCompare {
			t.Fatalf("Parse(%q): bad error %#v", src, err)
		}
		return
	}
	out := e.String()
	e2, err := Parse(out, testVocab)
	if err != nil {
		t.Fatalf("Parse(%q).String() = %q does not parse: %v", src, out, err)
	}
	if !reflect.DeepEqual(noPos(e), noPos(e2)) {
		t.Fatalf("round trip of %q via %q\n got %#v\nwant %#v", src, out, noPos(e2), noPos(e))
	}
	e.Text(testVocab, func(id string) string { return "<" + id + ">" })
}

func BenchmarkParse(b *testing.B) {
	src := "ターン終了時: 【手札 <= 2】[played Battle >= 1] 任意 引く 2; deploy Assist, 3; summon V-001; say 「勝利だ」"
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(src, testVocab); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCountAttachedToJapaneseVerbAndSuggestionsInTheTypedScript:
// a count written straight after a Japanese verb (振り直し１, NFKC 振り直し1)
// is the verb's argument, and a misspelt name is answered in the script it
// was typed in.
func TestCountAttachedToJapaneseVerbAndSuggestionsInTheTypedScript(t *testing.T) {
	accepted := []struct{ src, want string }{
		{"引く1", "draw 1"},
		{"ターン終了時:引く2", "end: draw 2"},
		{"得る-1", "gain -1"},
		{"任意 ドロー3", "may draw 3"},
		{"引く1; 得る+2", "draw 1; gain 2"},
	}
	for _, tt := range accepted {
		e, err := Parse(tt.src, testVocab)
		if err != nil {
			t.Errorf("Parse(%q): %v, want %s", tt.src, err, tt.want)
			continue
		}
		if got := brief(e); got != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
	rejected := []struct {
		src  string
		want Problem
	}{
		{"引け1", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "引け", Want: "verb", Suggest: "引く", Count: "1"}},
		{"VP奪取1", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "VP奪取", Want: "verb", Count: "1"}},
		{"奪う-2", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "奪う", Want: "verb", Suggest: "引く", Count: "-2"}},
		{"引く9", Problem{Offset: 2, Code: ErrBadArg, Found: "9", Want: "1..5"}},
		{"draw1", Problem{Offset: 0, Code: ErrUnknownVerb, Found: "draw1", Want: "verb", Suggest: "draw"}},
		{"ターン終了字: 引く 1", Problem{Offset: 0, Code: ErrUnknownTrigger, Found: "ターン終了字", Want: "trigger", Suggest: "ターン終了時"}},
		{"edn: 引く 1", Problem{Offset: 0, Code: ErrUnknownTrigger, Found: "edn", Want: "trigger", Suggest: "end"}},
		{"【手礼 < 2】引く 1", Problem{Offset: 1, Code: ErrUnknownCond, Found: "手礼", Want: "condition", Suggest: "手札"}},
	}
	for _, tt := range rejected {
		_, err := Parse(tt.src, testVocab)
		if err == nil || *err != tt.want {
			t.Errorf("Parse(%q) error\n got %#v\nwant %#v", tt.src, err, tt.want)
		}
	}
}

// brief prints e's clauses as "trigger: may name args", for comparisons.
func brief(e *Effect) string {
	var parts []string
	for _, c := range e.Clauses {
		s := ""
		if c.Trigger != "" {
			s = c.Trigger + ": "
		}
		if c.May {
			s += "may "
		}
		s += c.Action.Name
		for _, a := range c.Action.Args {
			if a.Kind == Count || a.Kind == Signed {
				s += " " + strconv.Itoa(a.Int)
			} else {
				s += " " + a.Str
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}
