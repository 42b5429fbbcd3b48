package cards

import "bifrost/schema"

// messages is what the painter says about card art it cannot use, in
// Japanese and English (the layout file's own problems are package spec's).
var messages = schema.Catalogue{
	"not_regular":   {"通常のファイルではありません（%s）", "not a regular file (%s)"},
	"art_file":      {"%s: %v", "%s: %v"},
	"art_too_big":   {"%d MB より大きい画像は使えません", "larger than %d MB"},
	"art_format":    {"PNG か JPEG の画像として読めません", "not a readable PNG or JPEG image"},
	"art_truncated": {"%s の画像が途中で切れています。画像を書き出し直してください", "%s image cut short; export the image again"},
	"art_damaged":   {"%s の画像が壊れています。画像を書き出し直してください", "damaged %s image; export the image again"},
	"art_area":      {"画像が %d×%d ピクセルで、%d00万画素までにしてください。印刷の解像度を1インチ300点としても、カード1枚に約 750×1040 ピクセル（用紙いっぱいの盤面で約 3500×2500）あれば足ります。画像を縮小して保存しなおしてください", "image is %d×%d pixels, past the limit of %d megapixels; at 300 dpi a card needs about 750×1040 pixels (an A4 board about 3500×2500): save it smaller"},
	"art_pixels":    {"画像が %d×%d ピクセルです。縦横とも 1〜%d ピクセルにしてください", "image is %d×%d pixels; art must be 1 to %d pixels each way"},
	"art_kind":      {"%s の画像です。PNG か JPEG にしてください", "a %s image; art must be PNG or JPEG"},
}
