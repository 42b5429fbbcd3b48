package main

import (
	"io"
	"maps"
	"regexp"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"bifrost/schema"
)

// helpJA is the Japanese form of each command's Long text and each flag's
// usage (and of a usage line that names a value in words), keyed by the
// English form written in the command's source. A
// command's Short carries both forms itself, as "日本語 / English".
var helpJA = joinHelp(cliHelpJA, ttsHelpJA, serveHelpJA)

// joinHelp is one map holding every entry of ms.
func joinHelp(ms ...map[string]string) map[string]string {
	all := map[string]string{}
	for _, m := range ms {
		maps.Copy(all, m)
	}
	return all
}

// cliHelpJA is the Japanese of the help texts that are not tts's or serve's.
var cliHelpJA = map[string]string{
	// Long texts.
	"Build validates every game's workbook, plays a smoke batch of seeded games with\ninvariant checks for each game whose engine exists, and writes out/<game>/report.json;\nreport.html comes from a balance batch with the workbook's CheckBalanceBots.": "各ゲームのブックを検証し、エンジンのあるゲームごとに不変条件を確かめながらシード付きの試行ゲームを遊び、\nout/<game>/report.json を書き出します。report.html はブックの CheckBalanceBots で遊ぶバランス試行から作ります。",
	"Cards validates GAME's workbook and writes out/GAME/cards.pdf: 3×3 cards per sheet with\nbleed and crop marks, face and back pages alternating (backs mirrored for long-edge\nduplex), copies as the workbook says, boards on pages of their own. The look comes from\nlayout/GAME.yaml. --per-card writes out/GAME/cards/<kind>-<ID>.pdf instead, one card at\ntrim size plus bleed with crop marks, for print shops. --changed-since REV prints only the cards\nchanged since a git revision, into out/GAME/cards-changed.pdf so that the full deck in\ncards.pdf is never replaced by a partial one; --output names the sheet PDF instead.\n--faces-only prints no backs (sleeving over existing cards); --duplex short mirrors the\nbacks top to bottom for short-edge duplex; --pack fills sheets with several kinds;\n--ink-saver prints the backs as outlines. --draft prints a deck whose data has errors, for a\nquick playtest: every face of an invalid card carries a diagonal DRAFT band and the cell of\nits problem, and the command still exits 1.": "GAME のブックを検証し、out/GAME/cards.pdf を書き出します。1枚の用紙に 3×3 枚、塗り足しとトンボ付き、\n表面と裏面のページが交互（長辺とじの両面印刷向けに裏面は左右反転）、枚数はブックのとおり、ボードは別ページです。\n見た目は layout/GAME.yaml で決まります。--per-card は代わりに out/GAME/cards/<種類>-<ID>.pdf を\nカード1枚ずつ（仕上がり＋塗り足し、トンボ付き、印刷所向け）書き出します。--changed-since REV は\nその git リビジョン以降に変わったカードだけを out/GAME/cards-changed.pdf に印刷します（cards.pdf の\n全カードは置き換えません）。--output でその PDF の名前を変えられます。--faces-only は裏面を印刷しません\n（手持ちのカードにスリーブで重ねる場合）。--duplex short は短辺とじ向けに裏面を上下反転します。--pack は\n複数の種類を同じ用紙に詰めます。--ink-saver は裏面を輪郭だけで印刷します。--draft はデータに誤りがあっても\n試遊用に印刷します。誤りのあるカードの表面には斜めの DRAFT の帯と誤りのセルが入り、終了コードは 1 のままです。",
	"Check validates every workbook, plays each game's smoke batch (CheckGames games from\nCheckSeed) and applies the workbook's Check* thresholds: violations, unfinished games,\nthe seat win-rate gap and dead cards. It writes out/<game>/report.json (the smoke batch)\nand report.html (the balance batch, with CheckBalanceBots at every seat).\n--base REV also plays the balance batch on the workbook at git revision REV with the\nsame seeds and fails when the seat gap grew by more than CheckMaxSeatGapGrowth points.\nExit 0 when all is well, 1 when the data has problems, 2 when it could not run.":                                                                                                                                                                                                                                                                                                                                                                                                                                                   "すべてのブックを検証し、ゲームごとに試行ゲーム（CheckSeed から CheckGames ゲーム）を遊び、ブックの Check* の\nしきい値（ルール違反、未完了のゲーム、席ごとの勝率差、使われないカード）で判定します。out/<game>/report.json\n（試行ゲーム）と report.html（全席 CheckBalanceBots のバランス試行）を書き出します。--base REV は git\nリビジョン REV のブックでも同じシードでバランス試行を遊び、席の勝率差が CheckMaxSeatGapGrowth ポイントを\n超えて広がったら不合格にします。終了コードは、問題なしで 0、データに問題があれば 1、実行できなければ 2 です。",
	"Compare plays the same seeded games with the same bots on two versions of a workbook\nand reports the changes in seat win rates, length, score and per-card use and win\nrates, with paired 95 % intervals, marking only significant changes (Benjamini–\nHochberg, false discovery rate 5 %). Each side is a workbook file or a git revision;\n--base REV compares the workbooks under --src with that revision's.":                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                "ブックの2つの版で、同じシードのゲームを同じボットで遊び、席ごとの勝率、ゲームの長さ、得点、カードごとの\n使用率と勝率の変化を対の 95 % 区間とともに示します。印を付けるのは有意な変化だけです（Benjamini–Hochberg、\n偽発見率 5 %）。比べる側はそれぞれブックのファイルか git のリビジョンです。--base REV は --src のブックを\nそのリビジョンのものと比べます。",
	"Diff lists the cards added (+), removed (-) and changed (~), with each changed\nfield's old → new value. With --textconv it prints one stable line per card instead,\nfor git: see the README for the .gitattributes and git config lines.":                                                                                                                                                                                                 "追加（+）、削除（-）、変更（~）されたカードを、変わった項目の 旧 → 新 の値とともに一覧します。\n--textconv を付けると代わりにカード1枚を安定した1行で表示します（git 用。.gitattributes と git config の\n設定は README にあります）。",
	"Ladder plays every pair of --bots against each other on the same seeded deals, with\ntheir seats alternating and rotated, and reports each bot's win rate per seat with a\nWilson 95 % interval, and the skill gap: the best bot's win rate minus the worst's.\nInvariants are checked after every decision; each game that broke a rule or did not\nfinish is listed (up to 20 of each) with its message and replay command, and exits 1.": "--bots のすべての組を、同じシードの配りで、席を入れ替え・回しながら対戦させ、ボットごとの席別の勝率を\nWilson の 95 % 区間とともに示し、腕前の差（最も強いボットと最も弱いボットの勝率の差）を示します。\n選択のたびに不変条件を確かめ、ルールを破ったゲームと終わらないゲームを（それぞれ20件まで）メッセージと\n再現コマンドつきで示し、終了コードは 1 になります。",
	"Replay plays the game whose seed is S (a violation's seed in a sim report) and prints\nevery decision and what it caused, with card names.":                                                                                                                                                                                                                                                                                                 "シード S のゲーム（sim の報告にある違反のシードなど）を遊び、すべての選択とその結果をカード名とともに表示します。",
	"Rulebook expands the placeholders of rules/GAME/rulebook.md (the player's book) and\nrules/GAME/designer.md (the designer's book: rulings, Rules parameters, the model's\nlimits) from the validated workbook and writes out/GAME/rulebook.pdf, rulebook.html,\ndesigner.pdf and designer.html.":                                                                                                                                            "rules/GAME/rulebook.md（プレイヤー向けの本）と rules/GAME/designer.md（設計者向けの本：裁定、Rules の変数、\nモデルの限界）の差し込みを検証済みのブックから展開し、out/GAME/rulebook.pdf、rulebook.html、designer.pdf、\ndesigner.html を書き出します。",
	"Sim plays --games full games spread over the player counts, each seeded from\n(--seed, player count, game index), and reports seat win rates, lengths, scores,\nper-card statistics, dead cards, unfinished games and rule violations.\nExit 1 when a game breaks a rule or does not finish.":                                                                                                                                               "--games 回のゲームを人数に振り分けて最後まで遊び（シードは --seed・人数・ゲーム番号から）、席ごとの勝率、\n長さ、得点、カードごとの統計、使われないカード、未完了のゲーム、ルール違反を示します。\nルールを破ったゲームや終わらないゲームがあれば終了コードは 1 です。",
	"Sweep plays the same seeded games for each value of a card field (--set, by sheet, ID\nand column) or a Rules parameter (--rule), and reports seat win rates, the seat gap,\nlength and score against the value. Several --set and --rule form a grid. The\nworkbook under --src is never changed: each value is tried on a copy.":                                                                                                          "カードの項目（--set、シート・ID・列で指定）か Rules の変数（--rule）の値ごとに同じシードのゲームを遊び、\n値に対する席ごとの勝率、勝率差、長さ、得点を示します。--set と --rule を複数指定すると格子になります。\n--src のブックは変えません。各値はコピーで試します。",
	"Template writes an empty workbook for GAME: Japanese headers with the English name as a\nnote, and dropdowns. Its output is source data, so unlike every other\ncommand it may write into the workbook folder (cardsrc/<game>.xlsx for a new game), but\nnever over an existing file unless --force is given.":                                                                                                                              "GAME の空のブックを書き出します。日本語の見出し（英語名はメモに）とドロップダウン付きです。\n出力は元データなので、ほかのコマンドと違ってブックのフォルダ（新しいゲームなら cardsrc/<game>.xlsx）にも\n書き込めますが、--force を付けない限り既存のファイルは上書きしません。",
	"Validate reads each game's workbook (all four by default) and prints every problem\nas one line: file: Sheet!Cell: message. Exit 0 when clean, 1 on problems, 2 when it cannot run.":                                                                                                                                                                                                                                                        "各ゲームのブック（既定では4つすべて）を読み、問題を1件1行（ファイル: シート!セル: メッセージ）で表示します。\n終了コードは、問題なしで 0、問題があれば 1、実行できなければ 2 です。",
	"Watch follows the workbook folder and, a moment after a workbook is saved, rebuilds\nthat game (validate, smoke batch, outputs) and prints its problems. Excel's ~$ and\nLibreOffice's .~lock files are ignored. Stop it with Ctrl-C.":                                                                                                                                                                                                      "ブックのフォルダを見張り、ブックが保存されると少し待ってそのゲームを作り直し（検証、試行ゲーム、出力）、\n問題を表示します。Excel の ~$ と LibreOffice の .~lock のファイルは無視します。Ctrl-C で終了します。",

	// Usage lines that name a value in words.
	"sweep GAME --set 'Sheet!ID.column=a..b' | --rule Key=a,b,c": "sweep GAME --set 'シート!ID.列=a..b' | --rule キー=a,b,c",

	// Flag usages.
	"message language: ja or en (default from LANG)":                                          "メッセージの言語：ja か en（既定は LANG から）",
	"smoke-batch games per game (default: the workbook's CheckGames)":                         "ゲームごとの試行ゲーム数（既定はブックの CheckGames）",
	"folder for generated files":                                                              "生成したファイルを置くフォルダ",
	"folder holding <game>/rulebook.md and RULINGS.md":                                        "<game>/rulebook.md と RULINGS.md のあるフォルダ",
	"smoke-batch seed (default: the workbook's CheckSeed)":                                    "試行ゲームのシード（既定はブックの CheckSeed）",
	"folder holding <game>.xlsx":                                                              "<game>.xlsx のあるフォルダ",
	"print only the cards whose rows changed since git revision REV (into cards-changed.pdf)": "git リビジョン REV 以降に行が変わったカードだけを印刷する（cards-changed.pdf に）",
	"print even when validation finds errors, each invalid card's face marked DRAFT with its problem's cell; exits 1 all the same": "検証で誤りが見つかっても印刷する。誤りのあるカードの表面に DRAFT と誤りのセルを入れる（終了コードは 1 のまま）",
	"the printer's flip for the backs: long or short (short-edge mirrors the backs top to bottom)":                                 "両面印刷のとじ方：long か short（short は裏面を上下反転）",
	"print no backs (for sleeving over existing cards)":                                                                            "裏面を印刷しない（手持ちのカードにスリーブで重ねる場合）",
	"print backs as outlines only":                "裏面を輪郭だけで印刷する",
	"print only these card IDs (comma-separated)": "この ID のカードだけを印刷する（「,」区切り）",
	"file name of the sheet PDF in out/GAME (default cards.pdf, or cards-changed.pdf with --changed-since)": "out/GAME に書く PDF のファイル名（既定は cards.pdf、--changed-since のときは cards-changed.pdf）",
	"fill sheets with several kinds instead of starting each kind on a new sheet":                           "種類ごとに用紙を改めず、複数の種類を同じ用紙に詰める",
	"paper size: a4 or letter": "用紙の大きさ：a4 か letter",
	"write one PDF per card (trim + bleed, with crop marks) instead of sheets": "用紙ではなくカード1枚ずつの PDF を書き出す（仕上がり＋塗り足し、トンボ付き）",
	"folder holding <game>.xlsx and art/":                                      "<game>.xlsx と art/ のあるフォルダ",
	"git revision whose workbooks the balance must not have regressed from":    "バランスがそれより悪くなってはいけない、比べる git リビジョン",
	"output: text, github or json":                                             "出力の形式：text、github、json のどれか",
	"folder for the reports":                                                   "報告を置くフォルダ",
	"git revision to compare the workbooks under --src with":                   "--src のブックと比べる git リビジョン",
	"bots by seat, repeating":                                                  "席ごとのボット（足りなければ繰り返す）",
	"text, markdown, html or json":                                             "text、markdown、html、json のどれか",
	"games per side":                                                           "片側あたりのゲーム数",
	"player counts: all, or a list such as 2,3":                                "人数：all、または 2,3 のような一覧",
	"seed shared by both sides":                                                "両側で共通のシード",
	"print FILE as stable text, one line per card":                             "FILE をカード1枚1行の安定したテキストで表示する",
	"bots to compare (default: every bot the game offers)":                     "比べるボット（既定はそのゲームのすべてのボット）",
	"games per pair of bots":                                                   "ボットの組ごとのゲーム数",
	"print the ladder as JSON":                                                 "結果を JSON で表示する",
	"ladder seed":                                                              "対戦のシード",
	"parallel workers (0: one per core)":                                       "並列に動かす数（0 ならコアごとに1つ）",
	"the game's index among a batch's games with this player count (deck pair, board rotation)": "この人数のゲームの中でのゲーム番号（デッキの組やボードの回転を決める）",
	"valkyrie: the monster to fight, by ID (default: alternate between them)":                   "valkyrie：戦うモンスターの ID（既定は交互）",
	"number of players (default: the smallest supported)":                                       "人数（既定は遊べる最少の人数）",
	"the game's seed": "ゲームのシード",
	"also write the merged report as an HTML page to this file":          "まとめた報告をこのファイルに HTML のページとしても書き出す",
	"folder holding <game>.xlsx (the engine decodes its own sections)":   "<game>.xlsx のあるフォルダ（エンジンが自分の部分を読み解くため）",
	"what to write: pdf, html or both":                                   "書き出す形式：pdf、html、または両方",
	"folder holding <game>/rulebook.md, designer.md and RULINGS.md":      "<game>/rulebook.md、designer.md、RULINGS.md のあるフォルダ",
	"bots by seat, repeating: e.g. random,greedy":                        "席ごとのボット（足りなければ繰り返す）：例 random,greedy",
	"check invariants once each game is set up and after every decision": "準備が終わったときと選択のたびに不変条件を確かめる",
	"games to play in all":                                               "遊ぶゲームの総数",
	"print the report as JSON":                                           "報告を JSON で表示する",
	"batch seed":                                                         "試行のシード",
	"play only slice i/n of the batch (e.g. 2/8); merge the slices' reports with bifrost report merge": "試行の i/n 番目の分だけを遊ぶ（例 2/8）。分けた報告は bifrost report merge でまとめる",
	"text, json, or html (a table and charts)":                                                         "text、json、html（表とグラフ）のどれか",
	"games per value": "値ごとのゲーム数",
	"a Rules parameter and its values: 'TiwazVP=0,1,2' or 'TiwazVP=0..2'":           "Rules の変数とその値：'TiwazVP=0,1,2' または 'TiwazVP=0..2'",
	"seed shared by every value":                                                    "すべての値で共通のシード",
	"a card field and its values: 'Edda!E1-05.目標値=5..9' or '…=5,7,9'":               "カードの項目とその値：'Edda!E1-05.目標値=5..9' または '…=5,7,9'",
	"embed the installed Mincho and Gothic in the HTML (used glyphs only, ~1.5 MB)": "入っている明朝とゴシックを HTML の本に埋め込む（base64、使う字だけ。1ページあたり約 1.5 MB）",
	"overwrite FILE if it exists":                                                   "FILE があれば上書きする",
	"the workbook to write (required)":                                              "書き出すブック（必須）",
	"print the result as JSON":                                                      "結果を JSON で表示する",
	"wait this long after the last change":                                          "最後の変更からこの時間だけ待つ",
	"Help about any command":                                                        "コマンドのヘルプを表示する",
	"Help provides help for any command in the application.\nSimply type bifrost help [path to command] for full details.": "どのコマンドのヘルプも表示します。\nbifrost help [コマンド] で詳しい説明を表示します。",
	"help for %s": "%s のヘルプ",
}

// helpHeadings are the usage text's headings and notes: Japanese, English.
var helpHeadings = map[string][2]string{
	"usage":    {"使い方：", "Usage:"},
	"commands": {"コマンド：", "Available Commands:"},
	"flags":    {"フラグ：", "Flags:"},
	"global":   {"共通のフラグ：", "Global Flags:"},
	"more":     {"コマンドの詳しい説明は \"%s [command] --help\" で表示します。", "Use \"%s [command] --help\" for more information about a command."},
}

// flagArgs names each flag's value in its help line, Japanese and English,
// by "command flag" or else by flag name; the names follow the commands'
// usage lines (GAME, REV, FILE). Without a name here a flag would show its
// Go type (string, int, stringArray), which a test forbids.
var flagArgs = map[string][2]string{
	"base":            {"REV", "REV"},
	"base-url":        {"URL", "URL"},
	"bots":            {"ボット", "BOTS"},
	"changed-since":   {"REV", "REV"},
	"debounce":        {"時間", "DURATION"},
	"duplex":          {"long|short", "long|short"},
	"format":          {"形式", "FORMAT"},
	"games":           {"整数", "N"},
	"html":            {"FILE.html", "FILE.html"},
	"lang":            {"ja|en", "ja|en"},
	"listen":          {"アドレス", "ADDR"},
	"monster":         {"ID", "ID"},
	"only":            {"ID,…", "ID,…"},
	"out":             {"フォルダ", "DIR"},
	"output":          {"FILE.pdf", "FILE.pdf"},
	"paper":           {"a4|letter", "a4|letter"},
	"players":         {"人数", "all|2,3"},
	"port":            {"整数", "PORT"},
	"rule":            {"キー=a,b,c", "Key=a,b,c"},
	"rules":           {"フォルダ", "DIR"},
	"seed":            {"整数", "N"},
	"set":             {"'シート!ID.列=a..b'", "'Sheet!ID.column=a..b'"},
	"shard":           {"i/n", "i/n"},
	"src":             {"フォルダ", "DIR"},
	"workers":         {"整数", "N"},
	"replay index":    {"I", "I"},
	"replay players":  {"N", "N"},
	"replay seed":     {"S", "S"},
	"template output": {"FILE.xlsx", "FILE.xlsx"},
}

// flagArg is the name of f's value in c's help, "" for a switch; every
// flag that takes a value has its name in flagArgs (a test holds to it),
// and one that has none shows pflag's type name.
func flagArg(c *cobra.Command, f *pflag.Flag, en bool) string {
	if f.Value.Type() == "bool" {
		return ""
	}
	lang := 0
	if en {
		lang = 1
	}
	if a, ok := flagArgs[c.Name()+" "+f.Name]; ok {
		return a[lang]
	}
	if a, ok := flagArgs[f.Name]; ok {
		return a[lang]
	}
	name, _ := pflag.UnquoteUsage(f)
	return name
}

// flagUsages lists the flags of fs as pflag does, one a line in name order,
// with the value's name from flagArg, the default in lang's words (unless
// the usage already tells it) and the usages aligned by display width,
// so that Japanese names line up too.
func flagUsages(c *cobra.Command, fs *pflag.FlagSet, en bool) string {
	var names, usages []string
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "      --" + f.Name
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			name = "  -" + f.Shorthand + ", --" + f.Name
		}
		if a := flagArg(c, f, en); a != "" {
			name += " " + a
		}
		_, usage := pflag.UnquoteUsage(f)
		if def, ok := flagDefault(f); ok && !strings.Contains(usage, "default") && !strings.Contains(usage, "既定") {
			if en {
				usage += " (default " + def + ")"
			} else {
				usage += "（既定値 " + def + "）"
			}
		}
		names, usages = append(names, name), append(usages, usage)
		width = max(width, uniseg.StringWidth(name))
	})
	var b strings.Builder
	for i, name := range names {
		b.WriteString(name + strings.Repeat(" ", width-uniseg.StringWidth(name)+3) + usages[i] + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// flagDefault is f's default as pflag prints it (a string quoted), and
// whether there is one to print: a zero value is not.
func flagDefault(f *pflag.Flag) (string, bool) {
	switch d := f.DefValue; {
	case d == "" || d == "0" || d == "false" || d == "[]" || d == "0s" || d == "<nil>":
		return "", false
	case f.Value.Type() == "string":
		return strconv.Quote(d), true
	default:
		return d, true
	}
}

// localizeHelp puts the command tree's help in lang: each Short's half in
// that language, Long and flag usages from helpJA in Japanese, and a usage
// function with headings in lang.
func localizeHelp(root *cobra.Command, lang *schema.Lang) {
	en := lang.English()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if ja, eng, ok := strings.Cut(c.Short, " / "); ok {
			c.Short = ja
			if en {
				c.Short = eng
			}
		} else if !en {
			c.Short = helpText(c.Short)
		}
		c.InitDefaultHelpFlag()
		if !en {
			c.Use = helpText(c.Use)
			c.Long = helpText(c.Long)
			for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags()} {
				fs.VisitAll(func(f *pflag.Flag) { f.Usage = helpText(f.Usage) })
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	root.InitDefaultHelpCmd()
	walk(root)
	root.SetUsageFunc(func(c *cobra.Command) error { return writeUsage(c, en) })
}

// helpText is the Japanese form of an English help text, or the text itself
// when it has none (a test keeps that from happening).
func helpText(s string) string {
	if ja, ok := helpJA[s]; ok {
		return ja
	}
	if name, ok := strings.CutPrefix(s, "help for "); ok {
		return strings.Replace(helpJA["help for %s"], "%s", name, 1)
	}
	return s
}

// writeUsage is cobra's usage text (no groups, aliases or examples are used
// here) with its headings in Japanese unless en.
func writeUsage(c *cobra.Command, en bool) error {
	h := func(key string) string {
		if en {
			return helpHeadings[key][1]
		}
		return helpHeadings[key][0]
	}
	flags := func(fs *pflag.FlagSet) string { return flagUsages(c, fs, en) }
	var b strings.Builder
	b.WriteString(h("usage"))
	if c.Runnable() {
		b.WriteString("\n  " + c.UseLine())
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
		b.WriteString("\n\n" + h("commands"))
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() || s.Name() == "help" {
				b.WriteString("\n  " + s.Name() + strings.Repeat(" ", max(s.NamePadding()-len(s.Name()), 0)) + " " + s.Short)
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString("\n\n" + h("flags") + "\n" + flags(c.LocalFlags()))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\n" + h("global") + "\n" + flags(c.InheritedFlags()))
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + strings.Replace(h("more"), "%s", c.CommandPath(), 1))
	}
	b.WriteString("\n")
	_, err := io.WriteString(c.OutOrStderr(), b.String())
	return err
}

// argLang is the --lang value in args, read before cobra parses them so
// that a flag error before --lang still speaks that language; "" if absent.
func argLang(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			return v
		}
		if a == "--lang" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// flagErrors turn pflag's English errors into catalogue keys.
var flagErrors = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^unknown flag: (.+)$`), "flag_unknown"},
	{regexp.MustCompile(`^unknown shorthand flag: '(.)' in (.+)$`), "flag_unknown_short"},
	{regexp.MustCompile(`^flag needs an argument: (?:'.' in )?(.+)$`), "flag_needs_arg"},
	{regexp.MustCompile(`^invalid argument "(.*)" for "(.+?)" flag: .*$`), "flag_bad_value"},
	{regexp.MustCompile(`^bad flag syntax: (.+)$`), "flag_bad_syntax"},
}

// flagError is err, a flag error from cobra or pflag, from the catalogue.
func flagError(err error) error {
	for _, fe := range flagErrors {
		if m := fe.re.FindStringSubmatch(err.Error()); m != nil {
			args := make([]any, len(m)-1)
			for i, s := range m[1:] {
				args[i] = s
			}
			return usageError{msgErr(fe.key, args...)}
		}
	}
	return usageError{msgErr("bad_flag", err)}
}
