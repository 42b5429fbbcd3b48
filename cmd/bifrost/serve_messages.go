package main

import "bifrost/schema"

// serveMessages are what `bifrost serve` says: Japanese, English.
var serveMessages = schema.Catalogue{
	"serve_url":     {"プレビュー：%s （Ctrl-C で終了）", "Preview: %s (Ctrl-C to stop)"},
	"serve_updated": {"%s %s：プレビューを更新しました（%d ミリ秒、%v）", "%s %s: preview updated (%d ms, %v)"},
}
