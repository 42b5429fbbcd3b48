package main

import "bifrost/schema"

// ttsMessages are the tts command's messages: Japanese, English.
var ttsMessages = schema.Catalogue{
	"tts_base_url": {"--base-url「%s」は絶対 URL ではありません（例 https://example.com/decks/）", "--base-url %q is not an absolute URL (e.g. https://example.com/decks/)"},
	"tts_hint":     {"%s を TTS（テーブルトップ・シミュレーター）の Saved Objects フォルダ（Windows：Documents\\My Games\\Tabletop Simulator\\Saves\\Saved Objects、macOS：~/Library/Tabletop Simulator/Saves/Saved Objects）に置くと、保存済みオブジェクトとして読み込めます", "put %s in Tabletop Simulator's Saved Objects folder (Windows: Documents\\My Games\\Tabletop Simulator\\Saves\\Saved Objects; macOS: ~/Library/Tabletop Simulator/Saves/Saved Objects) to load it as a saved object"},
	"tts_local":    {"画像はこのコンピューターのファイル（file:// の URL）なので、ほかのプレイヤーには見えません。共有するには画像をウェブに置き、その場所を --base-url で指定してください", "the images are files on this computer only (file:// URLs), which other players cannot see; to share them, put the images on the web and give their address with --base-url"},
}
