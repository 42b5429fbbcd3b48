package main

import "bifrost/schema"

// ttsMessages are the tts command's messages: Japanese, English.
var ttsMessages = schema.Catalogue{
	"tts_base_url": {"--base-url「%s」は絶対 URL ではありません（例 https://example.com/decks/）", "--base-url %q is not an absolute URL (e.g. https://example.com/decks/)"},
	"tts_hint":     {"%s を TTS（テーブルトップ・シミュレーター）の Saved Objects フォルダに置くと、保存済みオブジェクトとして読み込めます", "put %s in Tabletop Simulator's Saved Objects folder to load it as a saved object"},
}
