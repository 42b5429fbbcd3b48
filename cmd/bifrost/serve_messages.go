package main

import "bifrost/schema"

// serveMessages are what `bifrost serve` says: Japanese, English.
var serveMessages = schema.Catalogue{
	"serve_url":           {"プレビュー：%s （Ctrl-C で終了）", "Preview: %s (Ctrl-C to stop)"},
	"serve_listen":        {"%s で待ち受けられません：%v", "cannot listen on %s: %v"},
	"serve_port":          {"--port %d：0〜65535 にしてください", "--port %d: must be 0 to 65535"},
	"serve_updated":       {"%s %s：プレビューを更新しました（%d ミリ秒、%v）", "%s %s: preview updated (%d ms, %v)"},
	"serve_no_engine":     {"このゲームのルールエンジンはまだないので、報告はありません。", "This game has no rules engine yet, so there is no report."},
	"serve_report_errors": {"データに誤りがあるため、新しい報告は作れません。", "The data has errors, so no new report can be made."},
	"serve_report_failed": {"報告を作れませんでした：%v", "The report could not be made: %v"},
}

// serveHelpJA is the Japanese of serve's help texts.
var serveHelpJA = map[string]string{
	"Serve starts a web server on this machine (127.0.0.1; --port, default a free port) and\n" +
		"prints its address. For each game it shows every card face and back grouped by kind,\n" +
		"the rulebook, turn summary and designer's book, and the balance report of a small batch\n" +
		"(--games). When a workbook, layout/<game>.yaml, rulebook.md, designer.md or RULINGS.md\n" +
		"is saved, the open pages update themselves within about a second, with each problem\n" +
		"found listed at the top and beside its card. --listen ADDR answers on another address,\n" +
		"such as 0.0.0.0:8080 for other machines. Nothing is written. Stop it with Ctrl-C.": "このマシン上に Web サーバーを立て（127.0.0.1。--port、既定は空いているポート）、そのアドレスを表示します。\n" +
		"ゲームごとに、すべてのカードの表と裏を種類別に、ルールブック・早見表・設計者向け資料、小さな試行（--games）の\n" +
		"バランス報告を表示します。ブック、layout/<game>.yaml、rulebook.md、designer.md、RULINGS.md を保存すると、\n" +
		"開いているページが1秒ほどで自動的に更新され、見つかった問題が一覧とそのカードの横に表示されます。\n" +
		"--listen ADDR で別のアドレス（ほかのマシンから見るなら 0.0.0.0:8080 など）で待ち受けます。\n" +
		"ファイルは何も書き出しません。Ctrl-C で終了します。",
	"port on 127.0.0.1 (0: a free port)":                                                    "127.0.0.1 のポート（0 なら空いているポート）",
	"address to listen on instead of 127.0.0.1, e.g. 0.0.0.0:8080 (others can then see it)": "127.0.0.1 の代わりに待ち受けるアドレス。例 0.0.0.0:8080（ほかのマシンからも見えます）",
	"games of the report's batch":                                                           "報告のために遊ぶゲーム数",
}
