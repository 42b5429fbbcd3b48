package workbook

import "bifrost/schema"

// messages are the reasons a file is no workbook this package reads, in
// Japanese and English, each saying what the designer can do.
var messages = schema.Catalogue{
	"encrypted":      {"暗号化されたブックか、古い .xls 形式のファイルです。Excel で開いてパスワードを外し、.xlsx 形式で保存し直してください", "encrypted workbook or legacy .xls file; save it as an unencrypted .xlsx"},
	"too_many_parts": {".xlsx ファイルではありません（zip の中身が %d 個を超えています）", "not an .xlsx file (more than %d zip entries)"},
	"not_zip":        {".xlsx ファイルではありません（zip 形式でないか、途中で切れています）。Excel で .xlsx 形式で保存し直してください", "not an .xlsx file (not a zip archive, or truncated)"},
	"unzip_too_big":  {"展開すると %d MiB を超えます（zip 爆弾のおそれがあるので読みません）", "unzips to more than %d MiB (zip bomb?)"},
	"ratio":          {"部品「%s」が %d 倍を超えて圧縮されています（zip 爆弾のおそれがあるので読みません）", "part %q is compressed more than %d:1 (zip bomb?)"},
	"not_workbook":   {".xlsx でも .ods でもありません（zip ですが、.xlsx の [Content_Types].xml と xl/workbook.xml も、.ods の mimetype と content.xml もありません）", "neither an .xlsx nor an .ods file (a zip archive without .xlsx's [Content_Types].xml and xl/workbook.xml or .ods's mimetype and content.xml)"},
	"damaged":        {"部品「%s」が壊れています。Excel で開いて保存し直してください（詳細: %s）", "part %q is damaged: %s"},
	"too_big":        {"ファイルが %d MiB より大きいので読みません", "file is larger than %d MiB"},
	"unreadable":     {"ブックとして読めません。Excel で開いて保存し直してください（詳細: %s）", "not a readable workbook: %s"},
	"part":           {"部品「%s」を読めません。Excel で開いて保存し直してください（詳細: %s）", "%s: %s"},
	"sheet":          {"シート「%s」を読めません。Excel で開いて保存し直してください（詳細: %s）", "sheet %q: %s"},
	"not_regular":    {"通常のファイルではありません", "not a regular file"},
	"cell_too_long":  {"シート「%[1]s」の %[2]s に %[3]d 文字を超える値があります。Excel のセルに入るのは %[3]d 文字までなので、壊れたファイルか、ほかのソフトで作られたファイルです", "sheet %[1]q, cell %[2]s holds more than %[3]d characters, and an Excel cell holds at most %[3]d: the file is damaged or was not saved by a spreadsheet"},
	"too_much_text":  {"シート「%[1]s」まで読んだところで、セルの文字がブック全体で %[2]d MB を超えました。カードのデータならずっと少ないはずです", "sheet %[1]q: the cells of the workbook hold more than %[2]d MB of text, far more than card data needs"},
	"too_many_cells": {"シート「%[1]s」まで読んだところで、値のあるセルがブック全体で%[2]d個を超えました。カードのデータならずっと少ないはずです。使っていないセルを削除するか、メモなどを別のファイルに移してください",
		"sheet %[1]q: the workbook has more than %[2]d filled cells, far more than card data needs; delete the cells you do not use, or move notes to another file"},
}
