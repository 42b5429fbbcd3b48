package main

import "bifrost/schema"

// ttsMessages are the tts command's messages: Japanese, English.
var ttsMessages = schema.Catalogue{
	"tts_base_url": {"--base-url「%s」は絶対 URL ではありません（例 https://example.com/decks/）", "--base-url %q is not an absolute URL (e.g. https://example.com/decks/)"},
	"tts_hint":     {"%s を TTS（テーブルトップ・シミュレーター）の Saved Objects フォルダに置くと、保存済みオブジェクトとして読み込めます", "put %s in Tabletop Simulator's Saved Objects folder to load it as a saved object"},
}

// The tts command's help: the English Long text and flag usage, and their
// Japanese forms.
const (
	ttsLong = "Tts validates each game's workbook (all four by default) and writes, under\n" +
		"out/<game>/tts/, deck sheet images for Tabletop Simulator (at most 10 × 7 cards each, the\n" +
		"last slot holding the hidden card), a back image for each deck and an image for each board,\n" +
		"and the saved object <game>.json: one deck per card kind (for guardian, one per sample deck),\n" +
		"copies as the workbook says, each card named, boards as tiles. The images are the cards the\n" +
		"PDF prints. Its image addresses are file URLs of out/<game>/tts/; with --base-url URL they are\n" +
		"URL followed by the file name, for images uploaded to one folder on the web. Images an earlier\n" +
		"run left in out/<game>/tts/ and this one did not write are removed."
	ttsBaseURLUsage = "the web folder the images are uploaded to (default: file URLs of out/<game>/tts/)"
)

var ttsHelpJA = map[string]string{
	ttsLong: "各ゲームのブック（既定では4つすべて）を検証し、out/<game>/tts/ に TTS（テーブルトップ・シミュレーター）\n" +
		"用のデッキ画像（1枚に最大 10 × 7 枚、最後の枠は他のプレイヤーから隠れたカードの絵）、デッキごとの\n" +
		"裏面画像、ボードごとの画像と、保存済みオブジェクト <game>.json を書き出します。デッキはカードの種類ごとに1つ\n" +
		"（guardian はサンプルデッキごとに1つ）、枚数はブックのとおり、各カードに名前が付き、ボードはタイルに\n" +
		"なります。画像は PDF に印刷されるカードと同じです。画像のアドレスは out/<game>/tts/ のファイル URL です。\n" +
		"--base-url URL を付けると、画像を Web の1つのフォルダに置いたときのために、URL にファイル名を続けたもの\n" +
		"になります。以前の実行で out/<game>/tts/ に書き、今回は書かなかった画像は消します。",
	ttsBaseURLUsage: "画像を置く Web のフォルダ（既定は out/<game>/tts/ のファイル URL）",
}
