package scaffold

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"bifrost/cmd/bifrost/internal/books"
	"bifrost/layout/spec"
	"bifrost/schema"
)

// Starter are the files that start the print-only game id beside src: a
// starter workbook <src>/<id>.xlsx with one card sheet, the layout
// layout/<id>.yaml that prints it, and the rulebook rules/<id>/rulebook.md;
// or an error when one of them, or the game's workbook saved as .ods, is
// already there.
func Starter(src, id string) ([]File, error) {
	book, err := starterWorkbook(id)
	if err != nil {
		return nil, err
	}
	files := []File{
		{filepath.Join(src, id+".xlsx"), book},
		{filepath.Join(spec.LayoutDir(src), id+".yaml"), []byte(strings.ReplaceAll(starterLayout, "GAME", id))},
		{filepath.Join(books.Dir(src, ""), id, "rulebook.md"), []byte(strings.ReplaceAll(starterRulebook, "GAME", id))},
	}
	taken := []string{filepath.Join(src, id+".ods")} // the game's workbook, saved by LibreOffice
	for _, f := range files {
		taken = append(taken, f.Path)
	}
	for _, path := range taken {
		if _, err := os.Lstat(path); err == nil {
			return nil, Messages.Err("new_exists", path)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return files, nil
}

// starterSheet is the name of the starter workbook's card sheet.
const starterSheet = "カード"

// starterTab is one sheet of the starter workbook.
type starterTab struct {
	name   string
	rows   [][]any
	widths []float64 // of the columns from A
}

// starterSheets are the starter workbook's sheets, each its rows and its
// columns' widths: the card sheet with its headers and two example cards,
// and the Rules sheet with the game's title.
func starterSheets(id string) []starterTab {
	return []starterTab{
		{starterSheet, [][]any{
			{"ID", "名前", "枚数", "テキスト"},
			{"C1", "はじまりのカード", 2, "カードを1枚引く。"},
			{"C2", "おわりのカード", 1, "このカードを出したら、ゲームが終わる。"},
		}, []float64{8, 20, 6, 48}},
		{schema.RulesSheet.JA, [][]any{
			{"キー", "値", "説明"},
			{"Title", id, "ゲームの名前。カードの裏と本が印刷します"},
		}, []float64{12, 24, 48}},
	}
}

// starterWorkbook is the starter workbook of game id: a sheet of cards,
// printed as every sheet of a print-only game is, and its Rules.
func starterWorkbook(id string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	for i, s := range starterSheets(id) {
		if i == 0 {
			if err := f.SetSheetName(f.GetSheetName(0), s.name); err != nil {
				return nil, err
			}
		} else if _, err := f.NewSheet(s.name); err != nil {
			return nil, err
		}
		for r, row := range s.rows {
			if err := f.SetSheetRow(s.name, "A"+strconv.Itoa(r+1), &row); err != nil {
				return nil, err
			}
		}
		for c, w := range s.widths {
			col, err := excelize.ColumnNumberToName(c + 1)
			if err != nil {
				return nil, err
			}
			if err := f.SetColWidth(s.name, col, col, w); err != nil {
				return nil, err
			}
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// starterLayout prints the starter workbook's card sheet on poker-size
// cards, its columns bound by their headers; GAME is the game's id.
const starterLayout = `# The cards of GAME: one kind per sheet of layout/../cardsrc/GAME.xlsx.
# Each {…} is a column of the sheet, named by its header as typed.
# The keys are described in bifrost's layout/README.md.
game: GAME
card: {width: 63, height: 88}
bleed: 3
safe: 3
palettes:
  ink: {default: "#222222"}
  frame: {default: "#35586e"}
kinds:
  - name: card
    title: カード
    sheet: ` + starterSheet + `
    face:
      - {type: rect, x: -3, y: -3, w: 69, h: 94, fill: frame}
      - {type: rect, x: 3, y: 3, w: 57, h: 82, r: 2, fill: "#fbf8f1"}
      - {type: text, x: 6, y: 6, w: 51, h: 10, text: "{名前}", size: 12, min_size: 7, lines: 1, bold: true, colour: ink}
      - {type: text, x: 6, y: 40, w: 51, h: 35, text: "{テキスト}", size: 9, min_size: 6, colour: ink}
      - {type: text, x: 6, y: 80, w: 30, h: 3, text: "{ID}", size: 5, colour: "#8a8a8a"}
    back:
      - {type: rect, x: -3, y: -3, w: 69, h: 94, fill: frame}
      - {type: text, x: 6, y: 38, w: 51, h: 12, text: "{$game}", size: 16, align: center, bold: true, colour: white}
`

// starterRulebook is the starter player's rulebook; GAME is the game's id.
const starterRulebook = `---
title: GAME ルールブック
paper: A5
---

# 概要

ここにゲームの目的と、勝ち方を書きます。

{{card "C1"}}

# 準備

カードをよく切って、山札にします。

# 手番

手番の人はカードを1枚引いて、1枚出します。
`
