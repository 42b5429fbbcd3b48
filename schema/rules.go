package schema

import (
	"fmt"
	"slices"

	"strings"
)

// RuleRow is one row of the Rules (ルール) sheet.
type RuleRow struct {
	Key   string `xlsx:"キー,Key,required" doc:"ルール名（英字）"`
	Value string `xlsx:"値,Value" doc:"値。空欄なら既定値"`
	Doc   string `xlsx:"説明,Description" doc:"説明（メモ。読み込みでは使いません）"`
}

// RulesSheet is the Rules sheet. The template always writes it; a workbook
// without it plays by the defaults.
var RulesSheet = &SheetSpec{Key: "Rules", JA: "ルール", Row: RuleRow{}, Optional: true,
	Doc: "ルールの変数。種の文書が決める枚数や人数別の値の既定値が入っています。変えるとエンジンと検証がその値を使います。"}

// RuleKind is the type of a rule parameter's value.
type RuleKind int

// The rule kinds.
const (
	RuleInt     RuleKind = iota // a whole number within Min..Max
	RuleBool                    // ○/×
	RuleIntList                 // whole numbers separated by commas, each within Min..Max
	RuleChoice                  // one of Choices, stored as its index
	RuleText                    // free text, kept as typed (trimmed); may be empty
)

// RuleParam declares one named rule parameter. A zero Kind means RuleInt,
// or RuleBool when Default is a mark such as ○ or ×.
type RuleParam struct {
	Key      string // e.g. "UrdFor4"
	Kind     RuleKind
	Default  string   // as written in the template, e.g. "9" or "○" or "6,7,8,9,12,12"
	Min, Max int      // bounds for RuleInt and RuleIntList
	Choices  []string // the names a RuleChoice allows
	// Budget is the one of Choices that may carry a budget after a colon,
	// "search:400", a whole number within Min..Max (stored after the
	// choice's index); "" when none may.
	Budget string
	Doc    string // Japanese description
	// Setting marks a parameter of the simulation or of the CI gate (a turn
	// cap, a threshold) rather than a rule players follow; the player's books
	// never print it.
	Setting bool
}

// Rules holds the parsed Rules sheet: each declared parameter with its value,
// the default where the sheet leaves it out.
type Rules struct {
	params map[string]RuleParam
	ints   map[string][]int
	texts  map[string]string // RuleText values
	read   map[string]bool   // the keys read, when Traced; nil otherwise
}

// Traced returns a copy of r that notes every key read through it (or any
// copy of it) and a function listing the keys read so far, sorted. Tests use
// it to learn which parameters an engine reads; it is not safe for
// concurrent use.
func (r Rules) Traced() (Rules, func() []string) {
	r.read = map[string]bool{}
	return r, func() []string {
		out := keys(r.read)
		slices.Sort(out)
		return out
	}
}

// note records that key was read, when r is traced.
func (r Rules) note(key string) {
	if r.read != nil {
		r.read[key] = true
	}
}

// Int returns an integer (or boolean as 0/1) parameter. It panics for an
// undeclared key, which is a programming error.
func (r Rules) Int(key string) int {
	r.note(key)
	v, ok := r.ints[key]
	if !ok || len(v) == 0 {
		panic("schema: undeclared rule " + key)
	}
	return v[0]
}

// Choice returns a RuleChoice parameter's name.
func (r Rules) Choice(key string) string { return r.Text(key) }

// Bool returns a boolean parameter.
func (r Rules) Bool(key string) bool { return r.Int(key) != 0 }

// Ints returns a list parameter.
func (r Rules) Ints(key string) []int {
	r.note(key)
	v, ok := r.ints[key]
	if !ok {
		panic("schema: undeclared rule " + key)
	}
	return v
}

// ResolvedKind is p's kind, a zero Kind resolved from the default's shape:
// RuleBool when Default is a mark such as ○, else RuleInt.
func (p RuleParam) ResolvedKind() RuleKind {
	if p.Kind == RuleInt {
		if _, isInt := ParseInt(p.Default); !isInt {
			if _, isBool := ParseBool(p.Default); isBool {
				return RuleBool
			}
		}
	}
	return p.Kind
}

// parseRule parses s as p's kind, within bounds.
func parseRule(p RuleParam, s string) ([]int, bool) {
	switch p.ResolvedKind() {
	case RuleBool:
		b, ok := ParseBool(s)
		if !ok {
			return nil, false
		}
		if b {
			return []int{1}, true
		}
		return []int{0}, true
	case RuleText:
		return nil, true
	case RuleChoice:
		name, budget, hasBudget := strings.Cut(strings.TrimSpace(s), ":")
		for i, c := range p.Choices {
			if !strings.EqualFold(c, strings.TrimSpace(name)) {
				continue
			}
			if !hasBudget {
				return []int{i}, true
			}
			n, ok := ParseInt(strings.TrimSpace(budget))
			return []int{i, n}, ok && p.Budget != "" && strings.EqualFold(c, p.Budget)
		}
		return nil, false
	case RuleIntList:
		var out []int
		for _, f := range SplitList(s) {
			n, ok := ParseInt(f)
			if !ok {
				return nil, false
			}
			out = append(out, n)
		}
		return out, len(out) > 0
	default:
		n, ok := ParseInt(s)
		return []int{n}, ok
	}
}

func (p RuleParam) within(v []int) bool {
	switch p.ResolvedKind() {
	case RuleBool, RuleText:
		return true
	case RuleChoice: // a budget, when there is one
		return len(v) < 2 || v[1] >= p.Min && v[1] <= p.Max
	}
	for _, n := range v {
		if n < p.Min || n > p.Max {
			return false
		}
	}
	return true
}

// want describes the value p accepts in plain words, for messages:
// "0〜30 の整数", "○ か ×".
func (p RuleParam) want(l *Lang) string {
	switch p.ResolvedKind() {
	case RuleBool:
		return l.Pick("○か×", "○ or ×")
	case RuleIntList:
		return l.Sprintf("%d〜%d の整数をコンマ（,）で区切ったもの", "whole numbers from %d to %d, separated by commas", p.Min, p.Max)
	case RuleText:
		return l.Pick("自由な文字列", "any text")
	case RuleChoice:
		one := l.Sprintf("%s のどれか", "one of %s", Word{strings.Join(p.Choices, "・"), strings.Join(p.Choices, " / ")})
		if p.Budget != "" {
			one += l.Sprintf("（%[1]s には %[1]s:400 のように %[2]d〜%[3]d の反復回数を付けられます）", " (%[1]s may take a budget of %[2]d to %[3]d iterations, as in %[1]s:400)", p.Budget, p.Min, p.Max)
		}
		return one
	}
	return l.Sprintf("%d〜%d の整数", "a whole number from %d to %d", p.Min, p.Max)
}

// decodeRules reads the Rules sheet; every problem is reported at its cell
// and the default stands in for a bad value.
func (c *Checker) decodeRules() Rules {
	r := Rules{params: map[string]RuleParam{}, ints: map[string][]int{}, texts: map[string]string{}}
	for _, p := range c.Game.AllRules() {
		r.params[p.Key] = p
		v, ok := parseRule(p, p.Default)
		if !ok {
			panic("schema: bad default for rule " + p.Key)
		}
		r.ints[p.Key] = v
		if p.ResolvedKind() == RuleText {
			r.texts[p.Key] = p.Default
		}
	}
	s := Decode[RuleRow](c, RulesSheet)
	c.rulesSheet, c.ruleItem = s, map[string]int{}
	for i, row := range s.Items {
		p, ok := r.params[row.Key]
		if !ok {
			p, ok = r.foldKey(row.Key)
		}
		if !ok {
			if near := Nearest(row.Key, keys(r.params)); near != "" {
				s.Errorf(i, "Key", "unknown_rule_hint", row.Key, near)
			} else {
				s.Errorf(i, "Key", "unknown_rule", row.Key)
			}
			continue
		}
		if first, dup := c.ruleItem[p.Key]; dup {
			s.Errorf(i, "Key", "dup_rule", p.Key, s.Rows[first])
			continue
		}
		c.ruleItem[p.Key] = i
		if row.Value == "" {
			continue
		}
		v, ok := parseRule(p, row.Value)
		if !ok || !p.within(v) {
			s.c.P.Add(Error, s.Name, s.Rows[i], s.at["Value"], s.headerOr(s.at["Value"], "Value"),
				c.Lang.Msg("rule_value", p.Key, p.want(c.Lang))+c.Lang.Got(s.typed(i, "Value")))
			continue
		}
		r.ints[p.Key] = v
		if p.ResolvedKind() == RuleText {
			r.texts[p.Key] = s.typed(i, "Value") // printed, so as typed
		}
	}
	return r
}

func (r Rules) foldKey(k string) (RuleParam, bool) {
	for name, p := range r.params {
		if strings.EqualFold(name, k) {
			return p, true
		}
	}
	return RuleParam{}, false
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// Nearest returns the candidate closest to s by edit distance, or "" when
// none is close enough to be a likely typo. Ties go to the smaller name.
func Nearest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	if bestD > max(2, len([]rune(s))/3) {
		return ""
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// CheckRules are the rules shared by every game and set per workbook like
// any other rule: the thresholds of `bifrost check` and the printed Version.
var CheckRules = []RuleParam{
	{Key: "CheckGames", Default: "600", Min: 10, Max: 1_000_000, Doc: "bifrost check と build が遊ぶ試行ゲーム数", Setting: true},
	{Key: "CheckSeed", Default: "1", Min: 0, Max: 1 << 30, Doc: "試行ゲームのシード", Setting: true},
	{Key: "CheckMaxViolations", Default: "0", Min: 0, Max: 1_000_000, Doc: "許すルール違反の数（これを超えたら check は失敗）", Setting: true},
	{Key: "CheckMaxUnfinished", Default: "0", Min: 0, Max: 1_000_000, Doc: "許す未完了ゲームの数", Setting: true},
	{Key: "CheckMaxSeatGap", Default: "40", Min: 0, Max: 100, Doc: "席ごとの勝率の最大差（パーセントポイント）。超えたら失敗", Setting: true},
	{Key: "CheckBalanceBots", Kind: RuleChoice, Choices: []string{"random", "greedy", "search"}, Default: "greedy", Budget: "search", Min: 1, Max: 100_000,
		Doc: "バランス試行（report.html と席の勝率差の判定）で全席が使うボット。エンジンにないときは1段弱いボット。search は強いが遅い", Setting: true},
	{Key: "CheckMaxSeatGapGrowth", Default: "10", Min: 0, Max: 100, Doc: "check --base REV で、その版より席の勝率差がこれ（パーセントポイント）を超えて広がったら失敗", Setting: true},
	{Key: "CheckCardEffectBand", Default: "5", Min: 0, Max: 100, Doc: "bifrost effects（と check --base REV の、REV から行が変わったカード）で、カードを使った席の勝率への効果が同じ種類の中央値からこれ（パーセントポイント）を超えて離れたら指摘し、この幅に収まる値を提案する", Setting: true},
	{Key: "CheckDeadCardsFail", Default: "×", Doc: "一度も使われないカードがあれば失敗にするか（×なら警告）", Setting: true},
	{Key: "CheckWarningsFail", Default: "×", Doc: "検証の警告も失敗として扱うか", Setting: true},
	{Key: "Version", Kind: RuleText, Default: "",
		Doc: "カードの表に小さく印刷する版の名前（例: 試作3）。空欄なら表計算ファイルの最後のコミットの git 短縮ハッシュと日付（git の外か、コミットしていない変更があればファイルの SHA-256 の先頭）", Setting: true},
}

// AllRules returns the game's own parameters followed by the check thresholds.
func (g *Game) AllRules() []RuleParam { return append(slices.Clone(g.Rules), CheckRules...) }

// Has reports whether key is a declared parameter.
func (r Rules) Has(key string) bool { _, ok := r.params[key]; return ok }

// Text renders a parameter as a designer writes it: "9", "○" or "2,3,4".
func (r Rules) Text(key string) string {
	r.note(key)
	p, ok := r.params[key]
	if !ok {
		panic("schema: undeclared rule " + key)
	}
	v := r.ints[key]
	switch p.ResolvedKind() {
	case RuleText:
		return r.texts[key]
	case RuleBool:
		if v[0] != 0 {
			return "○"
		}
		return "×"
	case RuleChoice:
		if len(v) > 1 {
			return p.Choices[v[0]] + ":" + fmt.Sprint(v[1])
		}
		return p.Choices[v[0]]
	case RuleIntList:
		parts := make([]string, len(v))
		for i, n := range v {
			parts[i] = fmt.Sprint(n)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v[0])
}

// RuleCell locates the Value cell of one of keys, so a problem with rules'
// values points at the one the designer changed: the first whose value
// departs from its default, else the first the Rules sheet sets; without
// such a row it gives the Rules sheet's A1 and ok false.
func RuleCell(c *Checker, keys ...string) (sheet string, row, col int, header string, ok bool) {
	s := c.rulesSheet
	at := s.at["Value"]
	if at <= 0 {
		return s.Name, 1, 1, "", false
	}
	found := -1
	for _, k := range keys {
		i, set := c.ruleItem[k]
		if !set {
			continue
		}
		if def, _ := parseRule(c.Rules.params[k], c.Rules.params[k].Default); !slices.Equal(c.Rules.ints[k], def) {
			found = i
			break
		}
		if found < 0 {
			found = i
		}
	}
	if found < 0 {
		return s.Name, 1, 1, "", false
	}
	return s.Name, s.Rows[found], at, s.headerOr(at, "Value"), true
}
