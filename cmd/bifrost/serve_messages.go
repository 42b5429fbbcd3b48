package main

import "bifrost/schema"

// serveMessages are what `bifrost serve` says: Japanese, English.
var serveMessages = schema.Catalogue{
	"serve_url":           {"プレビュー：%s （Ctrl-C で終了）", "Preview: %s (Ctrl-C to stop)"},
	"serve_updated":       {"%s %s：プレビューを更新しました（%d ミリ秒、%v）", "%s %s: preview updated (%d ms, %v)"},
	"serve_no_engine":     {"このゲームのルールエンジンはまだないので、報告はありません。", "This game has no rules engine yet, so there is no report."},
	"serve_report_errors": {"データに誤りがあるため、新しい報告は作れません。", "The data has errors, so no new report can be made."},
	"serve_report_failed": {"報告を作れませんでした：%v", "The report could not be made: %v"},
}
