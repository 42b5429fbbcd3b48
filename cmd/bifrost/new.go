package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/scaffold"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/schema"
)

type newOptions struct {
	*globalOptions
	src string
}

func newNewCmd(g *globalOptions) *cobra.Command {
	opts := &newOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "new",
		Short: "help.new.short",
		Long:  "help.new.long",
		Args:  exactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runNew(cmd.Context(), opts, args[0]) },
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src")
	return cmd
}

// newGameMessages are what `bifrost new` says.
var newGameMessages = schema.Catalogue{
	"new_bad_id": {"「%s」はゲームの名前に使えません。英小文字・数字・「-」だけで書いてください（例：poster）",
		"%q cannot name a game: use lowercase ASCII letters, digits and '-' (for example poster)"},
	"new_engine_game": {"%s はルールエンジンのあるゲームです。new は印刷だけの新しいゲームを始めるコマンドです（同梱のゲームを写すなら bifrost init）",
		"%s is a game with a rules engine; new starts a new print-only game (to copy the shipped games, use bifrost init)"},
	"new_done": {"印刷だけのゲーム %s を始めました。bifrost build %s で out/%s/ にカードとルールブックを書き出します",
		"started the print-only game %s; bifrost build %s writes its cards and rulebook into out/%s/"},
	"print_only_no_report": {"%s：ルールエンジンのない印刷だけのゲームなので、報告（report.json・report.html）は書き出しません",
		"%s: a print-only game without a rules engine, so no report (report.json, report.html) is written"},
	"print_only_no_games": {"%s：ルールエンジンのない印刷だけのゲームなので、試行ゲームは遊びません（検証だけをします）",
		"%s: a print-only game without a rules engine, so no games are played (validation only)"},
}

// runNew starts the print-only game id beside src: a starter workbook
// <src>/<id>.xlsx with one card sheet, the layout layout/<id>.yaml that
// prints it, and the rulebook rules/<id>/rulebook.md. It refuses, before
// writing anything, a name that is no safe id or is a game with an engine,
// and any of the three files already there.
func runNew(_ context.Context, opts *newOptions, id string) error {
	if !targets.SafeID(id) {
		return usageError{msgErr("new_bad_id", id)}
	}
	if _, err := opts.registry.ByID(id); err == nil {
		return usageError{msgErr("new_engine_game", id)}
	}
	files, err := scaffold.Starter(opts.src, id)
	if err != nil {
		return err
	}
	if err := scaffold.Write(files, opts.stderr); err != nil {
		return err
	}
	fmt.Fprintln(opts.stderr, opts.msg("new_done", id, id, id))
	return nil
}
