package report

import (
	"fmt"
	"io"
	"strings"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// textMessages are the lines of a comparison as text: Japanese, English.
var textMessages = schema.Catalogue{
	"paired":        {"同じシード %d の %d ゲームを対にして比較（ボット %s、対 %d、除外 %d）", "%[2]d games with seed %[1]d played on both sides (bots %[3]s; paired %[4]d, excluded %[5]d)"},
	"none":          {"有意な変化はありません。", "No significant change."},
	"table":         {"\n| 指標 | 旧 | 新 | 差 | 95 %% 区間 | q |\n|---|---:|---:|---:|---|---:|", "\n| measure | old | new | change | 95 %% interval | q |\n|---|---:|---:|---:|---|---:|"},
	"card_table":    {"\n| カード | 指標 | 旧 | 新 | 差 | q |\n|---|---|---:|---:|---:|---:|", "\n| card | measure | old | new | change | q |\n|---|---|---:|---:|---:|---:|"},
	"measure":       {"%s、%d人", "%s, %d players"},
	"power":         {"同じシードの %d ゲームでは、席の勝率が %.1f ポイント変われば 80 %% の確率で検出できます（観測した対の分散から。%d人プレイの %d 対、補正前の両側 5 %%）", "with %d games, a change of %.1f points in a seat's win rate is detected 80 %% of the time (from the observed paired variance: %d players, %d pairs; two-sided 5 %% before the correction)"},
	"rounds":        {"有意な変化が見つかるまでゲーム数を倍にして %d 回比べ、%d ゲームで見つかりました", "compared %d times, doubling the games until a change was significant: found at %d games"},
	"rounds_capped": {"ゲーム数を倍にして %d 回比べましたが、上限の %d ゲームまで有意な変化はありませんでした", "compared %d times, doubling the games: nothing significant up to the cap, %d games"},
	"power_none":    {"2つの版でどのゲームも変わらなかったため、検出力は示せません（%d ゲーム）", "no game differed between the two versions, so no power can be stated (%d games)"},
	"edits":         {"ブックで変えたセル（%d 件）:", "Cells changed in the workbook (%d):"},
	"no_edits":      {"ブックのカードとルールに変更はありません。", "The workbooks' cards and rules do not differ."},
	"moved":         {"動いた測定値（変えたセルの波及効果を含む）:", "Measures that moved (knock-on effects of the changed cells included):"},
	"edited":        {"（変えたカード）", " (a changed card)"},
	"knock_on":      {"（波及効果）", " (knock-on)"},
	"in_deck":       {"%s（%sデッキ）", "%s in the %s deck"},
}

func say(lang *schema.Lang, key string, args ...any) string {
	return textMessages.Err(key, args...).In(lang)
}

// WriteComparisonText writes a comparison for a terminal, or as a
// pull-request comment's markdown tables, in lang: the paired batch, then
// each significant measure and card.
func WriteComparisonText(w io.Writer, p ComparisonPage, markdown bool, lang *schema.Lang) {
	c := p.Comparison
	en := lang.English()
	name := func(cc sim.CardChange) string {
		id := cc.ID
		if n := p.CardNames[id]; n != "" {
			id += " " + n
		}
		if cc.Group != "" {
			id = say(lang, "in_deck", id, cc.Group)
		}
		if markdown {
			return MarkdownText(id)
		}
		return schema.Visible(id)
	}
	if markdown {
		fmt.Fprintf(w, "### %s\n\n", MarkdownText(p.Title))
	} else {
		fmt.Fprintf(w, "%s: %s → %s\n", c.Game, p.Old, p.New)
	}
	fmt.Fprintln(w, say(lang, "paired", c.Seed, c.Games, strings.Join(c.Bots, ","), c.Paired, c.Excluded))
	if c.Rounds > 0 {
		fmt.Fprintln(w, say(lang, map[bool]string{true: "rounds_capped", false: "rounds"}[c.Capped], c.Rounds, c.Games))
	}
	if c.Power.Points > 0 {
		fmt.Fprintln(w, say(lang, "power", c.Games, c.Power.Points, c.Power.Players, c.Power.Paired))
	} else {
		fmt.Fprintln(w, say(lang, "power_none", c.Games))
	}
	if markdown {
		fmt.Fprintln(w)
	}
	if len(p.Edits) == 0 {
		fmt.Fprintln(w, say(lang, "no_edits"))
	} else {
		fmt.Fprintln(w, say(lang, "edits", len(p.Edits)))
		for _, e := range EditLines(p.Edits) {
			if markdown {
				fmt.Fprintf(w, "- %s\n", MarkdownText(e))
			} else {
				fmt.Fprintf(w, "  %s\n", e)
			}
		}
	}
	if markdown {
		fmt.Fprintln(w)
	}
	var sig []sim.Change
	for _, m := range c.Measures {
		if m.Significant {
			sig = append(sig, m)
		}
	}
	// The changed cards first, then the knock-on effects on the others.
	var cards []sim.CardChange
	for _, edited := range []bool{true, false} {
		for _, cc := range c.Cards {
			if cc.Significant && p.Edited(cc.ID) == edited {
				cards = append(cards, cc)
			}
		}
	}
	if len(sig) == 0 && len(cards) == 0 {
		fmt.Fprintln(w, say(lang, "none"))
		if markdown {
			fmt.Fprintln(w)
		}
		return
	}
	fmt.Fprintln(w, say(lang, "moved"))
	if markdown {
		fmt.Fprintln(w, say(lang, "table"))
	}
	for _, m := range sig {
		label := MeasureName(m, lang)
		if en {
			label = say(lang, "measure", m.Measure, m.Players)
			switch {
			case m.Measure == "turn_order_win_rate":
				label += fmt.Sprintf(", player %d to play", m.Seat)
			case m.Seat > 0:
				label += fmt.Sprintf(", P%d", m.Seat)
			}
		}
		if markdown {
			fmt.Fprintf(w, "| %s | %.3f | %.3f | %+.3f | %+.3f … %+.3f | %.4f |\n", label, m.Old, m.New, m.Diff, m.Low, m.High, m.Q)
		} else {
			fmt.Fprintf(w, "  %s: %.3f → %.3f (%+.3f [%+.3f, %+.3f], q=%.4f)\n", label, m.Old, m.New, m.Diff, m.Low, m.High, m.Q)
		}
	}
	if markdown && len(cards) > 0 {
		fmt.Fprintln(w, say(lang, "card_table"))
	}
	for _, cc := range cards {
		label := CardMeasureName(cc.Measure, lang)
		if en {
			label = cc.Measure
		}
		label += say(lang, map[bool]string{true: "edited", false: "knock_on"}[p.Edited(cc.ID)])
		if markdown {
			fmt.Fprintf(w, "| %s | %s | %.1f%% | %.1f%% | %+.1f pt | %.4f |\n", name(cc), label, 100*cc.Old.Rate, 100*cc.New.Rate, 100*cc.Diff, cc.Q)
		} else {
			fmt.Fprintf(w, "  %s %s: %.1f%% → %.1f%% (%+.1f pt, q=%.4f)\n", name(cc), label, 100*cc.Old.Rate, 100*cc.New.Rate, 100*cc.Diff, cc.Q)
		}
	}
	if markdown {
		fmt.Fprintln(w)
	}
}

// markdownSpecial are the characters that make markdown of text: a table's
// cell bar, emphasis, code, links, headings, raw HTML and escapes.
var markdownSpecial = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"<", "&lt;", ">", "&gt;", "#", `\#`, "~", `\~`, "\n", " ", "\r", " ")

// MarkdownText is s as literal text in a markdown table or list (a
// pull-request comment): nothing in a card's name can break the table,
// render as markup or reorder the line (control characters are shown).
func MarkdownText(s string) string { return markdownSpecial.Replace(schema.Visible(s)) }
