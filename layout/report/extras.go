package report

import (
	"fmt"
	"html/template"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// labelList gives the Japanese heading of each key engines use in their
// report sections, in the order columns are shown; a key without one is
// shown as written, after them.
var labelList = [][2]string{
	{"·", "所属"}, {"", ""}, {"id", "ID"}, {"name", "名前"}, {"at", "セル"}, {"face", "面"}, {"step", "段"},
	{"instruction", "指示"}, {"games", "ゲーム数"}, {"finished", "完了"}, {"unfinished", "未完了"}, {"tried", "試行"},
	{"failed", "失敗"}, {"fail_rate", "失敗率"}, {"threshold_percent", "しきい値（%）"}, {"win_rate", "勝率"},
	{"turns", "手番数"}, {"mean_turns", "平均手番数"}, {"affinity_chart", "相性表"}, {"deck_win_rate", "デッキごとの勝率"}, {"deck", "デッキ"}, {"all", "全体"},
	{"seat1", "先手番（席1）"}, {"seat2", "後手番（席2）"}, {"first_player", "第1ターンの先攻の勝率"},
	{"first_player_advantage", "先攻の有利（勝率 − 50%）"}, {"monsters", "モンスター別"}, {"end_by_supply", "サプライ切れで終了"},
	{"end_by_weaknesses", "弱点がすべて尽きて終了"}, {"weaknesses_destroyed", "破壊した弱点"}, {"valkyrie_vp", "ヴァルキリーの勝利点"},
	{"weakness_vp", "弱点の勝利点"}, {"vp_card_vp", "勝利点カードの勝利点"}, {"mean_weaknesses_destroyed", "平均破壊弱点数"},
	{"human", "人間プレイヤー"}, {"glory", "栄光"}, {"glory_by_source", "栄光の出どころ（1ゲーム平均）"}, {"by_players", "氏族数別"},
	{"human_win_rate", "人間の勝率"}, {"ai_win_rate", "AI の勝率"}, {"clans", "氏族数"}, {"ai_clans", "AI 氏族数"},
	{"boards", "AI ボード"}, {"pass_die_at_age_end", "時代の終わりのパスダイス"}, {"pass_die_mean", "パスダイスの平均"},
	{"turns_per_age", "時代あたりの手番"}, {"rage0_pillages", "激情0での略奪"}, {"ship_rerolls", "船の振り直し"},
	{"late_card_draws", "遅いカード補充"}, {"failed_rewards", "失敗した報酬"}, {"invade_fallbacks", "侵攻の代替"},
	{"track_end_fails", "トラック終端での失敗"}, {"cells", "トラックのセル"}, {"upgrades", "強化"}, {"pillage_table", "略奪表"},
	{"state", "状態"}, {"min_diff", "差の下限"}, {"max_diff", "差の上限"}, {"mode", "方式"}, {"rolls", "振った回数"},
	{"joins", "参加"}, {"join_rate", "参加率"}, {"dead_cells", "一度も使われないセル"}, {"dead_upgrades", "一度も使われない強化"},
	{"failing_cells", "ほとんど実行できない指示"}, {"static_problems", "静的な問題"}, {"ai_board", "AI ボード"},
	{"ai_upgrade", "AI 強化"}, {"battle", "戦闘"}, {"cards", "カード"}, {"failed_reward", "失敗した報酬"},
	{"pillage_reward", "略奪報酬"}, {"quest", "クエスト"}, {"rage", "激情"}, {"ragnarok", "ラグナロク"},
	{"stat_bonus", "ステータス"}, {"stolen", "奪取"}, {"valhalla", "ヴァルハラ"},
	{"blocked_even_yggdrasil", "阻止（偶数・ユグドラシル）"}, {"blocked_odd_doomed", "阻止（奇数・破滅）"}, {"direct", "直接"},
	{"none", "なし"}, {"pillaged_even_yggdrasil", "略奪済み（偶数・ユグドラシル）"}, {"pillaged_odd_doomed", "略奪済み（奇数・破滅）"},
	{"random", "無作為"},
}

var labels, labelRank = func() (map[string]string, map[string]int) {
	l, r := map[string]string{}, map[string]int{}
	for i, p := range labelList {
		l[p[0]], r[p[0]] = p[1], i
	}
	return l, r
}()

func label(k string) string {
	if l, ok := labels[k]; ok {
		return l
	}
	return k
}

// part is one table of an engine's section.
type part struct {
	Title string
	Body  template.HTML
	Rows  int // a long table is folded
}

// foldRows is the length beyond which a table starts folded.
const foldRows = 20

// renderParts lays an engine section out as flat Japanese tables: its
// scalars in one summary table, each list of records and each map as a
// table of its own, and lists of records inside records as further tables
// whose first column names the record they belong to.
func renderParts(m map[string]any) []part {
	var out []part
	summary := map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k].(type) {
		case []any:
			if rows, ok := records(v); ok {
				out = append(out, recordTables(label(k), rows)...)
			} else if len(v) > 0 {
				summary[k] = v
			}
		case map[string]any:
			if compact(v) {
				summary[k] = v
			} else {
				out = append(out, mapTable(label(k), v)...)
			}
		case nil:
		default:
			summary[k] = v
		}
	}
	if len(summary) > 0 {
		out = append([]part{{Title: "概要", Body: kvTable(summary)}}, out...)
	}
	return out
}

// records reports a list whose entries are all objects.
func records(xs []any) ([]map[string]any, bool) {
	if len(xs) == 0 {
		return nil, false
	}
	out := make([]map[string]any, len(xs))
	for i, x := range xs {
		m, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		out[i] = m
	}
	return out, true
}

// compact reports a value that fits in one cell: a number, a rate with its
// interval, a distribution or a small map of numbers.
func compact(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		if isWilson(x) || isDistribution(x) {
			return true
		}
		for _, e := range x {
			if _, ok := e.(map[string]any); ok {
				return false
			}
			if _, ok := e.([]any); ok {
				return false
			}
		}
		return len(x) <= 12
	case []any:
		_, rec := records(x)
		return !rec
	}
	return true
}

// wide reports a map of more than three plain numbers, which inside a
// record becomes a table of its own, a column per key.
func wide(v any) bool {
	m, ok := v.(map[string]any)
	return ok && !isWilson(m) && !isDistribution(m) && len(m) > 3
}

func isWilson(m map[string]any) bool {
	_, a := m["rate"]
	_, b := m["low"]
	_, c := m["high"]
	return a && b && c
}

func isDistribution(m map[string]any) bool {
	_, a := m["mean"]
	_, b := m["p50"]
	return a && b
}

// mapTable renders a map of records (e.g. per monster or per player count)
// as one table, a row per key.
func mapTable(title string, m map[string]any) []part {
	var rows []map[string]any
	for _, k := range slices.Sorted(maps.Keys(m)) {
		r, ok := m[k].(map[string]any)
		if !ok {
			return recordTables(title, []map[string]any{m})
		}
		r = maps.Clone(r)
		r[""] = k
		rows = append(rows, r)
	}
	return recordTables(title, rows)
}

// recordTables renders records as a table; fields that are lists of
// records become tables of their own after it.
func recordTables(title string, rows []map[string]any) []part {
	colSet := map[string]bool{}
	nested := map[string]bool{}
	for _, r := range rows {
		for k, v := range r {
			if compact(v) && !wide(v) {
				colSet[k] = true
			} else {
				nested[k] = true
			}
		}
	}
	for k := range nested {
		delete(colSet, k)
	}
	cols := orderColumns(slices.Sorted(maps.Keys(colSet)))
	var b strings.Builder
	b.WriteString(`<table class="grid"><tr>`)
	for _, c := range cols {
		b.WriteString(`<th>` + template.HTMLEscapeString(label(c)) + `</th>`)
	}
	b.WriteString(`</tr>`)
	for _, r := range rows {
		b.WriteString(`<tr>`)
		for _, c := range cols {
			b.WriteString(cellTD(c, r[c]))
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</table>`)
	out := []part{{Title: title, Body: template.HTML(b.String()), Rows: len(rows)}}
	for _, k := range slices.Sorted(maps.Keys(nested)) {
		var sub []map[string]any
		for _, r := range rows {
			owner := rowName(r)
			var items []map[string]any
			switch v := r[k].(type) {
			case []any:
				items, _ = records(v)
			case map[string]any:
				if wide(v) {
					items = append(items, v)
					break
				}
				for _, ik := range slices.Sorted(maps.Keys(v)) {
					if m, ok := v[ik].(map[string]any); ok {
						m = maps.Clone(m)
						m[""] = ik
						items = append(items, m)
					}
				}
			}
			for _, it := range items {
				it = maps.Clone(it)
				it["·"] = owner
				sub = append(sub, it)
			}
		}
		if len(sub) > 0 {
			out = append(out, recordTables(title+"・"+label(k), sub)...)
		}
	}
	return out
}

// orderColumns orders columns as labelList does; unknown keys go last,
// alphabetically.
func orderColumns(cols []string) []string {
	rank := func(c string) int {
		if r, ok := labelRank[c]; ok {
			return r
		}
		return len(labelList)
	}
	slices.SortStableFunc(cols, func(a, b string) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return cols
}

// rowName names a record for the tables of its nested lists.
func rowName(r map[string]any) string {
	for _, k := range []string{"name", "id", "deck", ""} {
		if v, ok := r[k]; ok && v != nil && fmt.Sprint(v) != "" {
			return fmt.Sprint(v)
		}
	}
	return ""
}

// kvTable renders a map of compact values as a two-column table.
func kvTable(m map[string]any) template.HTML {
	var b strings.Builder
	b.WriteString(`<table class="kv">`)
	for _, k := range orderColumns(slices.Collect(maps.Keys(m))) {
		b.WriteString(`<tr><th>` + template.HTMLEscapeString(label(k)) + `</th>` + cellTD(k, m[k]) + `</tr>`)
	}
	b.WriteString(`</table>`)
	return template.HTML(b.String())
}

// cellTD renders one compact value as a table cell; numbers align right.
func cellTD(key string, v any) string {
	class := ""
	if _, ok := v.(float64); ok {
		class = ` class="n"`
	}
	return `<td` + class + `>` + template.HTMLEscapeString(cellText(key, v)) + `</td>`
}

// cellText writes a compact value: rates as percentages with their
// interval, distributions by mean and range, small maps as "label: value".
func cellText(key string, v any) string {
	switch x := v.(type) {
	case float64:
		if strings.HasSuffix(key, "_rate") || key == "first_player_advantage" {
			return fmt.Sprintf("%.1f%%", 100*x)
		}
		return number(x)
	case map[string]any:
		switch {
		case isWilson(x):
			s := fmt.Sprintf("%.1f%%（%.1f–%.1f%%）", 100*num(x["rate"]), 100*num(x["low"]), 100*num(x["high"]))
			if g, ok := x["games"]; ok {
				s += fmt.Sprintf(" %s/%s", number(num(x["wins"])), number(num(g)))
			}
			return s
		case isDistribution(x):
			return fmt.Sprintf("平均 %s（中央値 %s、%s〜%s）", number(num(x["mean"])), number(num(x["p50"])), number(num(x["min"])), number(num(x["max"])))
		}
		var parts []string
		for _, k := range numericOrder(slices.Collect(maps.Keys(x))) {
			parts = append(parts, label(k)+": "+cellText(k, x[k]))
		}
		return strings.Join(parts, "、")
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = cellText(key, e)
		}
		return strings.Join(parts, "、")
	case nil:
		return "–"
	}
	return fmt.Sprint(v)
}

// numericOrder sorts keys as numbers when they all are, else as text.
func numericOrder(keys []string) []string {
	slices.SortFunc(keys, func(a, b string) int {
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if errA == nil && errB == nil {
			return x - y
		}
		return strings.Compare(a, b)
	})
	return keys
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

// number writes a figure rounded to two decimals, never with an exponent.
func number(f float64) string {
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}
