package main

import "bifrost/schema"

// helpTexts is every command's help, by key: Japanese, English. A command
// names its Short and Long by key (help.<command>.short, .long) and each
// flag its usage (flag.<command>.<flag>, or flag.<flag> when several
// commands share it); its usage line is help.<command path>.use.
// The usage text's headings are heading.<name>, the names of flags' values
// arg.<flag> or arg.<command>.<flag>. localizeHelp and writeUsage look them
// up; a test holds that every command and flag has both forms and that no
// key goes unused.
var helpTexts = schema.Catalogue{
	"help.bifrost.use":   {"bifrost", "bifrost"},
	"help.bifrost.short": {"カードゲームのデータ検証・シミュレーション・印刷ツール", "card-game data toolchain"},
	"flag.lang":          {"メッセージの言語：ja か en（既定は LANG から）", "message language: ja or en (default from LANG)"},
	"help.build.use":     {"build [GAME...]", "build [GAME...]"},
	"help.build.short":   {"検証・試行・出力をまとめて行う", "the main job: validate, smoke-simulate and write out/<game>/"},
	"help.build.long": {
		"各ゲームのブックを検証し、エンジンのあるゲームごとに不変条件を確かめながらシード付きの試行ゲームを遊び、\n" +
			"out/<game>/report.json を書き出します。report.html はブックの CheckBalanceBots で遊ぶバランス試行から作ります。\n" +
			"差し込みの誤った本はその本だけ書かずに理由を 1 行で示し、ほかはすべて書き出して終了コード 1 で終わります。",
		"Build validates every game's workbook, plays a smoke batch of seeded games with\n" +
			"invariant checks for each game whose engine exists, and writes out/<game>/report.json;\n" +
			"report.html comes from a balance batch with the workbook's CheckBalanceBots.\n" +
			"A book with a broken placeholder is skipped, with one line saying why; everything\n" +
			"else is still written, and build exits 1.",
	},
	"flag.embed-font":  {"入っている明朝とゴシックを HTML の本に埋め込む（base64、使う字だけ。1ページあたり約 1.5 MB）", "embed the installed Mincho and Gothic in the HTML (used glyphs only, ~1.5 MB)"},
	"flag.build.games": {"ゲームごとの試行ゲーム数（既定はブックの CheckGames）", "smoke-batch games per game (default: the workbook's CheckGames)"},
	"flag.out":         {"生成したファイルを置くフォルダ", "folder for generated files"},
	"flag.rules":       {"<game>/rulebook.md と RULINGS.md のあるフォルダ（既定は --src と同じ場所の rules。ないファイルは内蔵のものを使う）", "folder holding <game>/rulebook.md and RULINGS.md (default: rules beside --src; a file not there is the built-in one)"},
	"flag.build.seed":  {"試行ゲームのシード（既定はブックの CheckSeed）", "smoke-batch seed (default: the workbook's CheckSeed)"},
	"flag.src":         {"<game>.xlsx のあるフォルダ", "folder holding <game>.xlsx"},

	// build, check and tts
	"flag.games.workers": {"同時に作るゲームの数（0 ならコアごとに1つ）。数によらず同じものを書き出します", "games made at once (0: one per core); the outputs are the same whatever the number"},

	"help.cards.use":   {"cards GAME", "cards GAME"},
	"help.cards.short": {"印刷用PDFを作る", "print-and-play PDF of a game's cards and boards"},
	"help.cards.long": {
		"GAME のブックを検証し、out/GAME/cards.pdf を書き出します。カードは実寸で、どの辺にも塗り足し 3 mm とトンボ付き\n" +
			"（A4 に 2×3 枚。--gutter 0 なら隣と切り線を共有して 3×3 枚）、用紙の端から --margin 以上離し、\n" +
			"表面と裏面のページが交互（長辺とじの両面印刷向けに裏面は左右反転）、枚数はブックのとおり、ボードは別ページです。\n" +
			"見た目は layout/GAME.yaml で決まります。--per-card は代わりに out/GAME/cards/<種類>-<ID>.pdf を\n" +
			"カード1枚ずつ（仕上がり＋塗り足し、トンボ付き、印刷所向け）書き出します。--changed-since REV は\n" +
			"その git リビジョン以降に変わったカードだけを out/GAME/cards-changed.pdf に印刷します（cards.pdf の\n" +
			"全カードは置き換えません）。--output でその PDF の名前を変えられます。--faces-only は裏面を印刷しません\n" +
			"（手持ちのカードにスリーブで重ねる場合）。--duplex short は短辺とじ向けに裏面を上下反転します。--pack は\n" +
			"複数の種類を同じ用紙に詰めます。--ink-saver は表面も裏面も塗りを省き、枠を輪郭だけで印刷します。--png DIR は\n" +
			"各カードの表面と裏面を枚数分、仕上がり＋塗り足しの PNG（既定 300 dpi、--dpi で変更）として DIR にも書き出します。\n" +
			"--cut-svg DIR は用紙ごとの切り線（仕上がり線）を mm 単位の SVG としてカッティングマシン向けに DIR にも書き出します。\n" +
			"--cmyk は PDF の色と画像を DeviceCMYK で書きます（RGB からの単純な変換で、カラーマネジメントはしません）。\n" +
			"--draft はデータに誤りがあっても試遊用に印刷します。誤りのあるカードの表面には斜めの DRAFT の帯と誤りのセルが入り、終了コードは 1 のままです。",
		"Cards validates GAME's workbook and writes out/GAME/cards.pdf: cards at full size with the full\n" +
			"3 mm bleed on every side and crop marks (2×3 on A4; 3×3 with --gutter 0, cuts shared), at\n" +
			"least --margin from the paper edge, face and back pages alternating (backs mirrored for long-edge\n" +
			"duplex), copies as the workbook says, boards on pages of their own. The look comes from\n" +
			"layout/GAME.yaml. --per-card writes out/GAME/cards/<kind>-<ID>.pdf instead, one card at\n" +
			"trim size plus bleed with crop marks, for print shops. --changed-since REV prints only the cards\n" +
			"changed since a git revision, into out/GAME/cards-changed.pdf so that the full deck in\n" +
			"cards.pdf is never replaced by a partial one; --output names the sheet PDF instead.\n" +
			"--faces-only prints no backs (sleeving over existing cards); --duplex short mirrors the\n" +
			"backs top to bottom for short-edge duplex; --pack fills sheets with several kinds;\n" +
			"--ink-saver prints faces and backs without fills, frames as outlines. --png DIR also writes each copy's\n" +
			"face and back as a PNG at trim plus bleed into DIR (300 dpi unless --dpi says otherwise).\n" +
			"--cut-svg DIR also writes each sheet's cut lines (the cards' trims) as an SVG in mm into DIR, for\n" +
			"cutting machines. --cmyk writes the PDFs' colours and images in DeviceCMYK (a naive conversion\n" +
			"from RGB, not colour-managed). --draft prints a deck whose data has errors, for a\n" +
			"quick playtest: every face of an invalid card carries a diagonal DRAFT band and the cell of\n" +
			"its problem, and the command still exits 1.",
	},
	"flag.cards.changed-since": {"git リビジョン REV 以降に行が変わったカードだけを印刷する（cards-changed.pdf に）", "print only the cards whose rows changed since git revision REV (into cards-changed.pdf)"},
	"flag.cards.draft":         {"検証で誤りが見つかっても印刷する。誤りのあるカードの表面に DRAFT と誤りのセルを入れる（終了コードは 1 のまま）", "print even when validation finds errors, each invalid card's face marked DRAFT with its problem's cell; exits 1 all the same"},
	"flag.cards.duplex":        {"両面印刷のとじ方：long か short（short は裏面を上下反転）", "the printer's flip for the backs: long or short (short-edge mirrors the backs top to bottom)"},
	"flag.cards.faces-only":    {"裏面を印刷しない（手持ちのカードにスリーブで重ねる場合）", "print no backs (for sleeving over existing cards)"},
	"flag.cards.ink-saver":     {"表面と裏面の塗りを省き、枠を輪郭だけで印刷する（文字はそのまま）", "print faces and backs without fills, frames as outlines (text unchanged)"},
	"flag.cards.margin":        {"用紙の端からトンボまでの余白（mm、既定 5）。家庭用プリンタの印刷できない縁にトンボがかからないように", "margin from the paper edge to the crop marks in mm (default 5), so that no mark falls in a home printer's unprintable border"},
	"flag.cards.gutter":        {"カードの間隔（mm、既定はレイアウトの値 6 で、どの辺にも塗り足し 3 mm）。0 で隣と切り線を共有する", "space between cards in mm (default the layout's 6: the full 3 mm bleed on every side); 0 shares one cut line between neighbours"},
	"flag.cards.only":          {"この ID のカードだけを印刷する（「,」区切り）", "print only these card IDs (comma-separated)"},
	"flag.cards.output":        {"out/GAME に書く PDF のファイル名（既定は cards.pdf、--changed-since のときは cards-changed.pdf）", "file name of the sheet PDF in out/GAME (default cards.pdf, or cards-changed.pdf with --changed-since)"},
	"flag.cards.pack":          {"種類ごとに用紙を改めず、複数の種類を同じ用紙に詰める", "fill sheets with several kinds instead of starting each kind on a new sheet"},
	"flag.cards.paper":         {"用紙の大きさ：a4 か letter", "paper size: a4 or letter"},
	"flag.cards.png":           {"カードの表面と裏面を 1 枚ずつ、枚数分、仕上がり＋塗り足しの PNG にしてこのフォルダに書き出す（<種類>-<ID>-<何枚目>-face.png / -back.png）", "also write each copy's face and back as a PNG at trim plus bleed into this folder (<kind>-<ID>-<copy>-face.png / -back.png)"},
	"flag.cards.cmyk":          {"PDF の色と画像を DeviceCMYK で書く（RGB からの単純な変換で、カラーマネジメントはしない）", "write the PDFs' colours and images in DeviceCMYK (a naive conversion from RGB, not colour-managed)"},
	"flag.cards.cut-svg":       {"用紙ごとのカードの切り線（仕上がり線）を SVG（mm 単位、用紙の大きさ）にしてこのフォルダに書き出す（カッティングマシン向け、<ゲーム>-sheet-<番号>.svg）", "also write each sheet's cut lines (the cards' trims) as an SVG in mm, the paper's size, into this folder, for cutting machines (<game>-sheet-<n>.svg)"},
	"flag.cards.dpi":           {"--png の解像度（dpi、既定 300）", "resolution of the --png pictures in dpi (default 300)"},
	"flag.cards.per-card":      {"用紙ではなくカード1枚ずつの PDF を書き出す（仕上がり＋塗り足し、トンボ付き）", "write one PDF per card (trim + bleed, with crop marks) instead of sheets"},
	"flag.src.art":             {"<game>.xlsx と art/ のあるフォルダ", "folder holding <game>.xlsx and art/"},
	"help.check.use":           {"check", "check"},
	"help.check.short":         {"CI のゲート: 検証と試行とボーダー判定", "the CI gate: validate, smoke-simulate, apply thresholds"},
	"help.check.long": {
		"すべてのブックを検証し（本の差し込みが指すカード・シート・列・ルールがあるかも確かめ）、ゲームごとに試行ゲーム（CheckSeed から CheckGames ゲーム）を遊び、ブックの Check* の\n" +
			"しきい値（ルール違反、未完了のゲーム、席ごとの勝率差、使われないカード）で判定します。out/<game>/report.json\n" +
			"（試行ゲーム）と report.html（全席 CheckBalanceBots のバランス試行）を書き出します。--base REV は git\n" +
			"リビジョン REV のブックでも同じシードでバランス試行を遊び、席の勝率差が CheckMaxSeatGapGrowth ポイントを\n" +
			"超えて広がったら不合格にします。REV から行が変わったカードだけは効果も測り、同じ種類の中央値から\n" +
			"CheckCardEffectBand ポイントを超えて離れたらそのセルで不合格にします（値の提案付き）。\n" +
			"終了コードは、問題なしで 0、データに問題があれば 1、実行できなければ 2 です。",
		"Check validates every workbook (and that its books' placeholders name cards, sheets,\n" +
			"columns and Rules keys that exist), plays each game's smoke batch (CheckGames games from\n" +
			"CheckSeed) and applies the workbook's Check* thresholds: violations, unfinished games,\n" +
			"the seat win-rate gap and dead cards. It writes out/<game>/report.json (the smoke batch)\n" +
			"and report.html (the balance batch, with CheckBalanceBots at every seat).\n" +
			"--base REV also plays the balance batch on the workbook at git revision REV with the\n" +
			"same seeds and fails when the seat gap grew by more than CheckMaxSeatGapGrowth points;\n" +
			"it measures the card effect of the designs whose rows changed since REV, and of those\n" +
			"only, and fails at the cell of one lying more than CheckCardEffectBand points from its\n" +
			"kind's median, with a suggested value.\n" +
			"Exit 0 when all is well, 1 when the data has problems, 2 when it could not run.",
	},
	"flag.check.base":    {"バランスがそれより悪くなってはいけない、比べる git リビジョン", "git revision whose workbooks the balance must not have regressed from"},
	"flag.check.format":  {"出力の形式：text、github、json のどれか", "output: text, github or json"},
	"flag.check.out":     {"報告を置くフォルダ", "folder for the reports"},
	"help.effects.use":   {"effects GAME", "effects GAME"},
	"help.effects.short": {"カードごとの効果（使った席の勝率への因果的な差）と直す値を示す", "card effects on the seat that uses them, by paired games, with the values that fix the outliers"},
	"help.effects.long": {
		"同じシード・同じボットで、ブックのままのゲームと、カードを1枚だけ白紙（数の列を最小、効果を空欄）にしたゲームを遊び、\n" +
			"そのカードを使った席の勝率の差を「カードの効果」として人数ごとに測ります。効果が同じ種類（シート）の中央値から\n" +
			"CheckCardEffectBand ポイントを超えて離れ、Benjamini–Hochberg 補正の後も確かなカードを指摘し、その主な数\n" +
			"（tune の列）をいくつにすれば幅に収まるかを、対にしたゲームで二分探索して提案します。結果は --out の\n" +
			"effects-GAME.json にも書き、build の report.html がそれを指摘に使います。--skill search:20 では指摘した各カードを探索ボットでも\n" +
			"測り、greedy と区間を超えて食い違うところを文で言います。データに問題があれば終了コードは 1 です。",
		"Effects plays the same seeds with the same bots on the workbook as it is and on a copy in which one card is\n" +
			"blank (its tuned numbers at their minimum, its effect empty), and takes the change in the win rate of the\n" +
			"seat that used the card as the card's effect, per player count. Cards whose effect lies more than\n" +
			"CheckCardEffectBand points from their kind's (sheet's) median, and surely so after Benjamini–Hochberg,\n" +
			"are named, each with the value of its main (tuned) number that brings it within the band, found by\n" +
			"bisection on paired games. The run is also written to effects-GAME.json under --out, which build's\n" +
			"report.html ranks its card findings by. With --skill search:20 each flagged card is measured again with a\n" +
			"search bot, and its finding says where the two differ beyond their intervals. Exit 1 when the data has problems.",
	},
	"flag.effects.out":   {"effects-GAME.json を書くフォルダ（build の --out と同じにする）", "folder for effects-GAME.json (the same as build's --out)"},
	"flag.effects.games": {"元のブックで遊ぶゲームの総数（各カードはそのうち使われたゲームで対にする）", "games of the base batch (each card is paired on the games in which it was used)"},
	"flag.effects.json":  {"結果を JSON で表示する", "print the run as JSON"},
	"flag.effects.skill": {"指摘した各カードを探索ボット（search:20 など）でも測り、greedy と食い違えば文で言う（時間がかかるので既定はなし）",
		"also measure each flagged card with a search bot (search:20, say) and say where it disagrees with the batch's bots (off by default: it takes time)"},
	"flag.effects.skill_games": {"--skill で、指摘の人数ごとに探索ボットで遊ぶゲーム数（元の試行の最初のシード）",
		"with --skill, games the search bot plays at each finding's player count (the batch's first seeds)"},
	"help.compare.use":   {"compare OLD NEW | --base REV [GAME...]", "compare OLD NEW | --base REV [GAME...]"},
	"help.compare.short": {"2つの版のバランスを対にして比べる", "paired balance comparison of two versions"},
	"help.compare.long": {
		"ブックの2つの版で、同じシードのゲームを同じボットで遊び、席ごとの勝率、ゲームの長さ、得点、カードごとの\n" +
			"使用率と勝率の変化を対の 95 % 区間とともに示します。印を付けるのは有意な変化だけです（Benjamini–Hochberg、\n" +
			"偽発見率 5 %）。比べる側はそれぞれブックのファイルか git のリビジョンです。--base REV は --src のブックを\n" +
			"そのリビジョンのものと比べます。匠の守護者（guardian）では、カードをそれを入れたデッキごとに、そのデッキの\n" +
			"席だけで測ります。人数ごとのゲームの手ざわり（手の選択肢、選択肢1つの手、首位の交代、逆転勝ち、\n" +
			"勝者が首位を守りきり始めた時点、手詰まりの手番）も、対にした変化とともに示します。",
		"Compare plays the same seeded games with the same bots on two versions of a workbook\n" +
			"and reports the changes in seat win rates, length, score and per-card use and win\n" +
			"rates, with paired 95 % intervals, marking only significant changes (Benjamini–\n" +
			"Hochberg, false discovery rate 5 %). Each side is a workbook file or a git revision;\n" +
			"--base REV compares the workbooks under --src with that revision's. In guardian a\n" +
			"card is measured per deck that holds it, over the seats that played that deck. The design\n" +
			"measures per player count (choices, forced decisions, lead changes, comebacks, when the\n" +
			"winner led for good, stalled turns) follow, paired as well.",
	},
	"flag.compare.base":   {"--src のブックと比べる git リビジョン", "git revision to compare the workbooks under --src with"},
	"flag.bots":           {"席ごとのボット（足りなければ繰り返す）。search:400 のように探索の反復回数も指定できる", "bots by seat, repeating; search:400 gives a search bot 400 iterations a decision"},
	"flag.compare.format": {"text、markdown、html、json のどれか", "text, markdown, html or json"},
	"flag.compare.games":  {"片側あたりのゲーム数", "games per side"},
	"flag.compare.until":  {"有意な変化が見つかるまでゲーム数を倍にしていく上限（0 なら1回だけ比べる）", "double the games until a change is significant, up to this many (0: compare once)"},
	"flag.players":        {"人数：all、または 2,3 のような一覧", "player counts: all, or a list such as 2,3"},
	"flag.compare.seed":   {"両側で共通のシード", "seed shared by both sides"},
	"help.diff.use":       {"diff OLD.xlsx NEW.xlsx | diff --textconv FILE.xlsx", "diff OLD.xlsx NEW.xlsx | diff --textconv FILE.xlsx"},
	"help.diff.short":     {"カード単位の差分", "card-level changes between two workbooks"},
	"help.diff.long": {
		"追加（+）、削除（-）、変更（~）されたカードを、変わった項目の 旧 → 新 の値とともに一覧します。\n" +
			"--textconv を付けると代わりにカード1枚を安定した1行で表示します（git 用。.gitattributes と git config の\n" +
			"設定は README にあります）。",
		"Diff lists the cards added (+), removed (-) and changed (~), with each changed\n" +
			"field's old → new value. With --textconv it prints one stable line per card instead,\n" +
			"for git: see the README for the .gitattributes and git config lines.",
	},
	"flag.diff.textconv": {"FILE をカード1枚1行の安定したテキストで表示する", "print FILE as stable text, one line per card"},
	"help.help.use":      {"help [command]", "help [command]"},
	"help.help.short":    {"コマンドのヘルプを表示する", "Help about any command"},
	"help.help.long": {
		"どのコマンドのヘルプも表示します。\n" +
			"bifrost help [コマンド] で詳しい説明を表示します。",
		"Help provides help for any command in the application.\n" +
			"Simply type bifrost help [path to command] for full details.",
	},
	"help.ladder.use":   {"ladder GAME [--bots random,greedy]", "ladder GAME [--bots random,greedy]"},
	"help.ladder.short": {"ボット同士を対戦させて強さを比べる", "play bots against each other, seats rotated"},
	"help.ladder.long": {
		"--bots のすべての組を、同じシードの配りで、席を入れ替え・回しながら対戦させ、ボットごとの席別の勝率を\n" +
			"Wilson の 95 % 区間とともに示し、腕前の差（最も強いボットと最も弱いボットの勝率の差）を示します。\n" +
			"選択のたびに不変条件を確かめ、ルールを破ったゲームと終わらないゲームを（それぞれ20件まで）メッセージと\n" +
			"再現コマンドつきで示し、終了コードは 1 になります。",
		"Ladder plays every pair of --bots against each other on the same seeded deals, with\n" +
			"their seats alternating and rotated, and reports each bot's win rate per seat with a\n" +
			"Wilson 95 % interval, and the skill gap: the best bot's win rate minus the worst's.\n" +
			"Invariants are checked after every decision; each game that broke a rule or did not\n" +
			"finish is listed (up to 20 of each) with its message and replay command, and exits 1.",
	},
	"flag.ladder.bots":  {"比べるボット（既定はそのゲームのすべてのボット）", "bots to compare (default: every bot the game offers)"},
	"flag.ladder.games": {"ボットの組ごとのゲーム数", "games per pair of bots"},
	"flag.ladder.json":  {"結果を JSON で表示する", "print the ladder as JSON"},
	"flag.ladder.seed":  {"対戦のシード", "ladder seed"},
	"flag.workers":      {"並列に動かす数（0 ならコアごとに1つ）", "parallel workers (0: one per core)"},
	"help.replay.use":   {"replay GAME --seed S --players N [--index I]", "replay GAME --seed S --players N [--index I]"},
	"help.replay.short": {"1ゲームを手順ごとに再生する", "play one game and print it decision by decision"},
	"help.replay.long": {
		"シード S のゲーム（sim の報告にある違反のシードなど）を遊び、すべての選択とその結果をカード名とともに表示します。",
		"Replay plays the game whose seed is S (a violation's seed in a sim report) and prints\n" +
			"every decision and what it caused, with card names.",
	},
	"flag.replay.index":       {"この人数のゲームの中でのゲーム番号（デッキの組やボードの回転を決める）", "the game's index among a batch's games with this player count (deck pair, board rotation)"},
	"flag.monster":            {"戦うモンスターの ID（モンスターのあるゲームだけ。既定は交互）", "the monster to fight, by ID, in a game that has monsters (default: alternate between them)"},
	"flag.replay.players":     {"人数（既定は遊べる最少の人数）", "number of players (default: the smallest supported)"},
	"flag.replay.seed":        {"ゲームのシード", "the game's seed"},
	"help.report.use":         {"report", "report"},
	"help.report.short":       {"シミュレーション報告の操作", "work with simulation reports"},
	"help.report.merge.use":   {"merge SHARD.json...", "merge SHARD.json..."},
	"help.report.merge.short": {"シャードの報告を1つにまとめる", "merge `sim --shard i/n --json` reports into the single-run report"},
	"flag.report.merge.html":  {"まとめた報告をこのファイルに HTML のページとしても書き出す", "also write the merged report as an HTML page to this file"},
	"flag.report.merge.src":   {"<game>.xlsx のあるフォルダ（エンジンが自分の部分を読み解くため）", "folder holding <game>.xlsx (the engine decodes its own sections)"},
	"help.rulebook.use":       {"rulebook GAME", "rulebook GAME"},
	"help.rulebook.short":     {"ルールブックと設計者向け資料を作る", "render the rulebook and designer's book as PDF and HTML"},
	"help.rulebook.long": {
		"rules/GAME/rulebook.md（プレイヤー向けの本）と rules/GAME/designer.md（設計者向けの本：裁定、Rules の変数、\n" +
			"モデルの限界）の差し込みを検証済みのブックから展開し、out/GAME/rulebook.pdf、rulebook.html、designer.pdf、\n" +
			"designer.html を書き出します。本は bifrost に組み込まれていて、--src と同じ場所の rules/GAME/（または --rules）に\n" +
			"あるファイルがあれば、そのファイルだけが組み込みのものに代わります。",
		"Rulebook expands the placeholders of rules/GAME/rulebook.md (the player's book) and\n" +
			"rules/GAME/designer.md (the designer's book: rulings, Rules parameters, the model's\n" +
			"limits) from the validated workbook and writes out/GAME/rulebook.pdf, rulebook.html,\n" +
			"designer.pdf and designer.html. The books are built into bifrost; a file in rules/GAME/ beside\n" +
			"--src (or under --rules) replaces only its own built-in copy.",
	},
	"flag.rulebook.format":    {"書き出す形式：pdf、html、または両方", "what to write: pdf, html or both"},
	"flag.rulebook.ink-saver": {"カードの大きさのサマリーを塗りなしで印刷する（枠は輪郭だけ、文字はそのまま）", "print the card-size summary without fills (its frame as an outline, the text unchanged)"},
	"flag.rules.books":        {"<game>/rulebook.md、designer.md、RULINGS.md のあるフォルダ（既定は --src と同じ場所の rules。ないファイルは内蔵のものを使う）", "folder holding <game>/rulebook.md, designer.md and RULINGS.md (default: rules beside --src; a file not there is the built-in one)"},
	"help.serve.use":          {"serve [GAME...]", "serve [GAME...]"},
	"help.serve.short":        {"ブラウザでカード・本・報告をライブプレビューする", "live preview of cards, books and report in the browser"},
	"help.serve.long": {
		"このマシン上に Web サーバーを立て（127.0.0.1。--port、既定は空いているポート）、そのアドレスを表示します。\n" +
			"ゲームごとに、すべてのカードの表と裏を種類別に、ルールブック・早見表・設計者向け資料、小さな試行（--games）の\n" +
			"バランス報告を表示します。ブック、layout/<game>.yaml、rulebook.md、designer.md、RULINGS.md を保存すると、\n" +
			"開いているページが1秒ほどで自動的に更新され、見つかった問題が一覧とそのカードの横に表示されます。\n" +
			"--listen ADDR で別のアドレス（ほかのマシンから見るなら 0.0.0.0:8080 など）で待ち受けます。\n" +
			"ファイルは何も書き出しません。Ctrl-C で終了します。",
		"Serve starts a web server on this machine (127.0.0.1; --port, default a free port) and\n" +
			"prints its address. For each game it shows every card face and back grouped by kind,\n" +
			"the rulebook, turn summary and designer's book, and the balance report of a small batch\n" +
			"(--games). When a workbook, layout/<game>.yaml, rulebook.md, designer.md or RULINGS.md\n" +
			"is saved, the open pages update themselves within about a second, with each problem\n" +
			"found listed at the top and beside its card. --listen ADDR answers on another address,\n" +
			"such as 0.0.0.0:8080 for other machines. Nothing is written. Stop it with Ctrl-C.",
	},
	"flag.debounce":     {"最後の変更からこの時間だけ待つ", "wait this long after the last change"},
	"flag.serve.games":  {"報告のために遊ぶゲーム数", "games of the report's batch"},
	"flag.serve.listen": {"127.0.0.1 の代わりに待ち受けるアドレス。例 0.0.0.0:8080（ほかのマシンからも見えます）", "address to listen on instead of 127.0.0.1, e.g. 0.0.0.0:8080 (others can then see it)"},
	"flag.serve.port":   {"127.0.0.1 のポート（0 なら空いているポート）", "port on 127.0.0.1 (0: a free port)"},
	"help.sim.use":      {"sim GAME", "sim GAME"},
	"help.sim.short":    {"ボットで多数のゲームを遊ぶ", "play a seeded batch of full games with bots"},
	"help.sim.long": {
		"--games 回のゲームを人数に振り分けて最後まで遊び（シードは --seed・人数・ゲーム番号から）、席ごとの勝率、\n" +
			"長さ、得点、カードごとの統計、使われないカード、未完了のゲーム、ルール違反を示します。\n" +
			"ルールを破ったゲームや終わらないゲームがあれば終了コードは 1 です。",
		"Sim plays --games full games spread over the player counts, each seeded from\n" +
			"(--seed, player count, game index), and reports seat win rates, lengths, scores,\n" +
			"per-card statistics, dead cards, unfinished games and rule violations.\n" +
			"Exit 1 when a game breaks a rule or does not finish.",
	},
	"flag.sim.bots":    {"席ごとのボット（足りなければ繰り返す）：例 random,greedy", "bots by seat, repeating: e.g. random,greedy"},
	"flag.sim.check":   {"準備が終わったときと選択のたびに不変条件を確かめる", "check invariants once each game is set up and after every decision"},
	"flag.sim.games":   {"遊ぶゲームの総数", "games to play in all"},
	"flag.sim.json":    {"報告を JSON で表示する", "print the report as JSON"},
	"flag.sim.seed":    {"試行のシード", "batch seed"},
	"flag.sim.shard":   {"試行の i/n 番目の分だけを遊ぶ（例 2/8）。分けた報告は bifrost report merge でまとめる", "play only slice i/n of the batch (e.g. 2/8); merge the slices' reports with bifrost report merge"},
	"help.sweep.use":   {"sweep GAME --set 'シート!ID.列=a..b' | --rule キー=a,b,c", "sweep GAME --set 'Sheet!ID.column=a..b' | --rule Key=a,b,c"},
	"help.sweep.short": {"値を変えながら同じシードで遊び比べる", "measure the game against a value"},
	"help.sweep.long": {
		"カードの項目（--set、シート・ID・列で指定）か Rules の変数（--rule）の値ごとに同じシードのゲームを遊び、\n" +
			"値に対する席ごとの勝率、勝率差（手番の順がランダムに決まるゲームでは手番の順による差）、長さ、得点を示します。\n" +
			"最初の値とはゲームを対にして比べ、勝率差の変化を 95 % 区間つきで示し、有意に違う値に * を付けます。\n" +
			"--set と --rule を複数指定すると格子になります。\n" +
			"--src のブックは変えません。各値はコピーで試します。値ごと・人数ごとのゲームの手ざわりと、最初の値との\n" +
			"有意な差も示します。",
		"Sweep plays the same seeded games for each value of a card field (--set, by sheet, ID\n" +
			"and column) or a Rules parameter (--rule), and reports seat win rates, the seat gap\n" +
			"(by turn order in a game that deals it at random), length and score against the value.\n" +
			"The games of each value pair with those of the first value: the change of the seat gap\n" +
			"shows its 95 % interval, and a value that differs significantly is marked *. Several\n" +
			"--set and --rule form a grid. The workbook under --src is never changed: each value is\n" +
			"tried on a copy. The design measures of each value per player count follow, with those\n" +
			"that differ significantly from the first value.",
	},
	"flag.sweep.format": {"text、json、html（表とグラフ）のどれか", "text, json, or html (a table and charts)"},
	"flag.sweep.games":  {"値ごとのゲーム数", "games per value"},
	"flag.sweep.rule":   {"Rules の変数とその値：'TiwazVP=0,1,2' または 'TiwazVP=0..2'", "a Rules parameter and its values: 'TiwazVP=0,1,2' or 'TiwazVP=0..2'"},
	"flag.sweep.seed":   {"すべての値で共通のシード", "seed shared by every value"},
	"flag.sweep.set":    {"カードの項目とその値：'Edda!E1-05.目標値=5..9' または '…=5,7,9'", "a card field and its values: 'Edda!E1-05.目標値=5..9' or '…=5,7,9'"},
	"help.tune.use":     {"tune GAME [--free 'シート!ID.列=a..b' ...] [--rule キー=a..b]", "tune GAME [--free 'Sheet!ID.column=a..b' ...] [--rule Key=a..b]"},
	"help.tune.short":   {"自由にしたセルの値を探して、バランスの目標を満たすブックの案を作る", "search the freed cells for values that meet the balance targets, and write the proposal"},
	"help.tune.long": {
		"--free で自由にしたカードの項目（シート!ID.列=a..b）や Rules の変数（Rules!キー=a..b、または --rule キー=a..b）を\n" +
			"範囲の中で 1 項目ずつ動かし、目標を満たす値の組を探します。目標は、各人数の席の勝率差が CheckMaxSeatGap 以下、\n" +
			"自由にしたカードの効果（使った席の勝率への効果、bifrost effects と同じ測り方）が同じ種類の中央値から\n" +
			"CheckCardEffectBand 以内です。どの試行も同じシードで遊びます。案はブックのコピーとして --out の tune/GAME.xlsx に書き\n" +
			"（--src には書きません）、元のブックとの差と、探索が使っていない新しいシードで測った元と案の値を示します。\n" +
			"人数ごとのゲームの手ざわりも、同じ新しいシードで元と案を対にして示します（目標にはしません）。\n" +
			"案が新しいシードで目標を満たさないときは、妨げになっている目標を示して終了コード 1 で終わります。\n" +
			"--free も --rule もないときは、カードのシートの調整列（Tune）に書いたセルを動かします（行ごとに「列=最小..最大」、\n" +
			"いくつかは「;」か「、」で区切る。例：EIN-104 の行に「スキル=1..6」）。",
		"Tune moves each freed cell — a card field (--free 'Sheet!ID.column=a..b') or a Rules parameter\n" +
			"('Rules!Key=a..b', or --rule Key=a..b as sweep takes it) — over its range, one field at a time,\n" +
			"for values that meet the targets: the seat gap at most CheckMaxSeatGap at every player count,\n" +
			"and each freed card's effect on the seat that uses it (measured as bifrost effects does) within\n" +
			"CheckCardEffectBand of its kind's median. Every trial plays the same seeds. The proposal is a copy\n" +
			"of the workbook, written to tune/GAME.xlsx under --out (never under --src); tune prints its changes\n" +
			"and the figures of the workbook and the proposal on fresh seeds the search never played, the design\n" +
			"measures per player count among them (paired on those seeds; no target). When the\n" +
			"proposal misses a target there, tune names the target in the way and exits 1. With neither --free\n" +
			"nor --rule, tune moves what the Tune column of the card sheets marks: in each row,\n" +
			"column=min..max, several separated by ';' or '、' (e.g. 'スキル=1..6' in the row of EIN-104).",
	},
	"flag.tune.out":    {"案のブック tune/GAME.xlsx を書くフォルダ", "folder for the proposal, tune/GAME.xlsx"},
	"flag.tune.free":   {"動かしてよいセルと範囲：'Einherjar!EIN-104.スキル=1..6'、'Rules!MajorityVP=0..12'（効果の列では最初の数を動かす）", "a cell that may move and its range: 'Einherjar!EIN-104.スキル=1..6', 'Rules!MajorityVP=0..12' (in an effect column, its first number)"},
	"flag.tune.rule":   {"動かしてよい Rules の変数と範囲（sweep と同じ形）：'MajorityVP=0..12'", "a Rules parameter that may move and its range, as sweep takes it: 'MajorityVP=0..12'"},
	"flag.tune.games":  {"試行ごとのゲーム数（確かめの新しいシードでも同じ数）", "games per trial (and on the fresh seeds that verify the proposal)"},
	"flag.tune.budget": {"試行の上限（既定は自由にした項目ごとに 40）", "the most trials (default 40 per free field)"},
	"flag.tune.seed":   {"探索のシード（どの試行も同じ。確かめは別のシード）", "the search's seed, shared by every trial (the verification plays other seeds)"},
	"flag.tune.json":   {"結果を JSON で表示する", "print the run as JSON"},
	"help.init.use":    {"init DIR", "init DIR"},
	"help.init.short":  {"同梱のブック・レイアウト・本を DIR に写して、自分のリポジトリを始める", "start a designer's own repository in DIR from the shipped workbooks, layouts and books"},
	"help.init.long": {
		"同梱のブック（cardsrc/<game>.xlsx と cardsrc/README.md）、カードのレイアウト（layout/<game>.yaml）、\n" +
			"本（rules/<game>/ の rulebook.md、summary.md、designer.md、RULINGS.md、glossary.yaml）を DIR に写します。\n" +
			"そのあと cd DIR して bifrost build を実行すると out/ に書き出されます。DIR のファイルは組み込みのものより\n" +
			"優先されるので、変えたいファイルだけを編集できます。写す先に中身のあるファイルが1つでもあれば、何も書かずに止まります。",
		"Init copies the shipped workbooks (cardsrc/<game>.xlsx and cardsrc/README.md), the card\n" +
			"layouts (layout/<game>.yaml) and the books (rules/<game>/: rulebook.md, summary.md,\n" +
			"designer.md, RULINGS.md, glossary.yaml) into DIR; then `cd DIR && bifrost build` writes out/.\n" +
			"Files in DIR take the place of the built-in ones, so edit just the ones you change. If any\n" +
			"file it would write is already there with something in it, init writes nothing.",
	},
	"help.new.use":   {"new GAME", "new GAME"},
	"help.new.short": {"ルールエンジンのない、印刷だけの新しいゲームを始める", "start a new print-only game, one without a rules engine"},
	"help.new.long": {
		"印刷だけの新しいゲーム GAME を始めます：カードのシートが1枚ある見本のブック（<src>/GAME.xlsx）、\n" +
			"そのシートを見出しで印刷するレイアウト（--src の隣の layout/GAME.yaml）、ルールブック（rules/GAME/rulebook.md）を\n" +
			"書き出します。GAME は英小文字・数字・「-」で書きます。ファイルが1つでもすでにあれば、何も書かずに止まります。\n" +
			"そのあと build、cards、rulebook、tts、serve、diff、watch、check がこのゲームにも使えます。",
		"New starts the print-only game GAME: a starter workbook with one card sheet\n" +
			"(<src>/GAME.xlsx), a layout that prints that sheet by its headers (layout/GAME.yaml beside\n" +
			"--src) and a rulebook (rules/GAME/rulebook.md). GAME is lowercase ASCII letters, digits and\n" +
			"'-'. If any of the files is already there, new writes nothing. Then build, cards, rulebook,\n" +
			"tts, serve, diff, watch and check work on the game.",
	},
	"help.template.use":   {"template GAME -o FILE.xlsx", "template GAME -o FILE.xlsx"},
	"help.template.short": {"空のワークブックを作る", "write an empty workbook with headers, dropdowns and notes"},
	"help.template.long": {
		"GAME の空のブックを書き出します。日本語の見出し（英語名はメモに）とドロップダウン付きです。\n" +
			"出力は元データなので、ほかのコマンドと違ってブックのフォルダ（新しいゲームなら cardsrc/<game>.xlsx）にも\n" +
			"書き込めますが、--force を付けない限り既存のファイルは上書きしません。",
		"Template writes an empty workbook for GAME: Japanese headers with the English name as a\n" +
			"note, and dropdowns. Its output is source data, so unlike every other\n" +
			"command it may write into the workbook folder (cardsrc/<game>.xlsx for a new game), but\n" +
			"never over an existing file unless --force is given.",
	},
	"flag.template.force":  {"FILE があれば上書きする", "overwrite FILE if it exists"},
	"flag.template.output": {"書き出すブック（必須）", "the workbook to write (required)"},
	"help.tts.use":         {"tts [GAME...]", "tts [GAME...]"},
	"help.tts.short":       {"TTS（テーブルトップ・シミュレーター）用のデッキ画像と JSON を作る", "Tabletop Simulator deck sheets and saved object"},
	"help.tts.long": {
		"各ゲームのブック（既定ではすべて）を検証し、out/<game>/tts/ に TTS（テーブルトップ・シミュレーター）\n" +
			"用のデッキ画像（1枚に最大 10 × 7 枚、最後の枠は他のプレイヤーから隠れたカードの絵）、デッキごとの\n" +
			"裏面画像、ボードごとの画像と、保存済みオブジェクト <game>.json を書き出します。デッキは準備で作る山ごとに1つ\n" +
			"（サンプルデッキを載せたブックではデッキごとに1つ）、枚数はブックのとおり、各カードに名前が付き、ボードはタイルに\n" +
			"なり、ゲームにサイコロやポーンがあればそれも置きます。画像は PDF に印刷されるカードと同じです。画像のアドレスは\n" +
			"out/<game>/tts/ のファイル URL で、このコンピューターでしか見えません。--base-url URL を付けると、画像を Web の1つのフォルダに置いたときのために、URL にファイル名を続けたもの\n" +
			"になります。以前の実行で out/<game>/tts/ に書き、今回は書かなかった画像は消します。",
		"Tts validates each game's workbook (every game by default) and writes, under\n" +
			"out/<game>/tts/, deck sheet images for Tabletop Simulator (at most 10 × 7 cards each, the\n" +
			"last slot holding the hidden card), a back image for each deck and an image for each board,\n" +
			"and the saved object <game>.json: one deck per setup pile (one per sample deck where the workbook lists them),\n" +
			"copies as the workbook says, each card named, boards as tiles, and the game's dice and pawns. The images\n" +
			"are the cards the PDF prints. Its image addresses are file URLs of out/<game>/tts/, which only this\n" +
			"computer can read; with --base-url URL they are\n" +
			"URL followed by the file name, for images uploaded to one folder on the web. Images an earlier\n" +
			"run left in out/<game>/tts/ and this one did not write are removed.",
	},
	"flag.tts.base-url":   {"画像を置く Web のフォルダ（既定は out/<game>/tts/ のファイル URL）", "the web folder the images are uploaded to (default: file URLs of out/<game>/tts/)"},
	"help.validate.use":   {"validate [GAME...|FILE.xlsx...]", "validate [GAME...|FILE.xlsx...]"},
	"help.validate.short": {"ワークブックを検証する", "check every cell of the workbooks"},
	"help.validate.long": {
		"各ゲームのブック（既定ではすべて）を読み、問題を1件1行（ファイル: シート!セル: メッセージ）で表示します。\n" +
			"ブックに誤りがなければ、本（rulebook.md、summary.md、designer.md）の差し込みがないカード・シート・列・\n" +
			"ルールを指していないかも確かめ、1件1行（ファイル:行: メッセージ）で表示します。\n" +
			"終了コードは、問題なしで 0、問題があれば 1、実行できなければ 2 です。",
		"Validate reads each game's workbook (every game by default) and prints every problem\n" +
			"as one line: file: Sheet!Cell: message. When the workbook has no errors, it also checks\n" +
			"that the books' placeholders (rulebook.md, summary.md, designer.md) name cards, sheets,\n" +
			"columns and Rules keys that exist, one line each: file:line: message.\n" +
			"Exit 0 when clean, 1 on problems, 2 when it cannot run.",
	},
	"flag.validate.json": {"結果を JSON で表示する", "print the result as JSON"},
	"help.watch.use":     {"watch [GAME...]", "watch [GAME...]"},
	"help.watch.short":   {"保存のたびに作り直す", "rebuild a game each time its workbook is saved"},
	"help.watch.long": {
		"ブックのフォルダを見張り、ブックが保存されると少し待ってそのゲームを作り直し（検証、試行ゲーム、出力）、\n" +
			"問題を表示します。Excel の ~$ と LibreOffice の .~lock のファイルは無視します。Ctrl-C で終了します。",
		"Watch follows the workbook folder and, a moment after a workbook is saved, rebuilds\n" +
			"that game (validate, smoke batch, outputs) and prints its problems. Excel's ~$ and\n" +
			"LibreOffice's .~lock files are ignored. Stop it with Ctrl-C.",
	},
	"flag.help": {"%s のヘルプ", "help for %s"},
	// The usage text's headings and notes.
	"heading.usage":    {"使い方：", "Usage:"},
	"heading.commands": {"コマンド：", "Available Commands:"},
	"heading.flags":    {"フラグ：", "Flags:"},
	"heading.global":   {"共通のフラグ：", "Global Flags:"},
	"heading.more":     {"コマンドの詳しい説明は \"%s [command] --help\" で表示します。", "Use \"%s [command] --help\" for more information about a command."},
	// The name of each flag's value in its help line, by flag or by
	// command and flag; the names follow the usage lines (GAME, REV, FILE).
	// Without one a flag would show its Go type (string, stringArray), which
	// a test forbids.
	"arg.base":              {"REV", "REV"},
	"arg.until-significant": {"ゲーム数", "N"},
	"arg.gutter":            {"ミリ", "MM"},
	"arg.margin":            {"ミリ", "MM"},
	"arg.base-url":          {"URL", "URL"},
	"arg.bots":              {"ボット", "BOTS"},
	"arg.budget":            {"整数", "N"},
	"arg.changed-since":     {"REV", "REV"},
	"arg.debounce":          {"時間", "DURATION"},
	"arg.duplex":            {"long|short", "long|short"},
	"arg.cut-svg":           {"フォルダ", "DIR"},
	"arg.dpi":               {"解像度", "DPI"},
	"arg.format":            {"形式", "FORMAT"},
	"arg.free":              {"シート!ID.列=a..b", "Sheet!ID.column=a..b"},
	"arg.games":             {"整数", "N"},
	"arg.html":              {"FILE.html", "FILE.html"},
	"arg.lang":              {"ja|en", "ja|en"},
	"arg.listen":            {"アドレス", "ADDR"},
	"arg.monster":           {"ID", "ID"},
	"arg.only":              {"ID,…", "ID,…"},
	"arg.out":               {"フォルダ", "DIR"},
	"arg.output":            {"FILE.pdf", "FILE.pdf"},
	"arg.png":               {"フォルダ", "DIR"},
	"arg.paper":             {"a4|letter", "a4|letter"},
	"arg.players":           {"人数", "all|2,3"},
	"arg.port":              {"整数", "PORT"},
	"arg.rule":              {"キー=a,b,c", "Key=a,b,c"},
	"arg.rules":             {"フォルダ", "DIR"},
	"arg.seed":              {"整数", "N"},
	"arg.set":               {"'シート!ID.列=a..b'", "'Sheet!ID.column=a..b'"},
	"arg.skill":             {"search:整数", "search:N"},
	"arg.skill-games":       {"整数", "N"},
	"arg.shard":             {"i/n", "i/n"},
	"arg.src":               {"フォルダ", "DIR"},
	"arg.workers":           {"整数", "N"},
	"arg.replay.index":      {"I", "I"},
	"arg.replay.players":    {"N", "N"},
	"arg.replay.seed":       {"S", "S"},
	"arg.template.output":   {"FILE.xlsx", "FILE.xlsx"},
}
