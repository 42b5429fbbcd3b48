package main

import (
	"io/fs"
	"maps"

	"bifrost/cmd/bifrost/internal/batches"
	"bifrost/cmd/bifrost/internal/comparison"
	"bifrost/cmd/bifrost/internal/designtext"
	"bifrost/cmd/bifrost/internal/edits"
	"bifrost/cmd/bifrost/internal/effectscan"
	"bifrost/cmd/bifrost/internal/gate"
	"bifrost/cmd/bifrost/internal/gitrev"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/cmd/bifrost/internal/previewsave"
	"bifrost/cmd/bifrost/internal/printout"
	"bifrost/cmd/bifrost/internal/problems"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/scaffold"
	"bifrost/cmd/bifrost/internal/sweepgrid"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/tune"
	"bifrost/cmd/bifrost/internal/wrote"
	"bifrost/schema"
)

// messages is the catalogue of what the commands themselves say (validation
// messages have theirs in schema): each key's Japanese and English form,
// assembled from the commands' own catalogues.
var messages = joinCatalogues(cliMessages, wrote.Messages, edits.Messages, batches.Messages, effectscan.Messages, ttsMessages, previewsave.Messages, newGameMessages, scaffold.Messages, problems.Messages, sweepgrid.Messages, tune.Messages, report.Messages, gate.Messages, gitrev.Messages, playflags.Messages, printout.Messages, preview.Messages, targets.Messages, comparison.Messages, designtext.Messages)

// joinCatalogues is one catalogue holding every entry of cs.
func joinCatalogues(cs ...schema.Catalogue) schema.Catalogue {
	all := schema.Catalogue{}
	for _, c := range cs {
		maps.Copy(all, c)
	}
	return all
}

// cliMessages are what the commands say that is not tts's or serve's.
var cliMessages = schema.Catalogue{
	"changed_since":        {"--changed-since：%v", "--changed-since: %v"},
	"base_flag":            {"--base：%v", "--base: %v"},
	"min_games":            {"--games は %d 以上にしてください", "--games must be at least %d"},
	"until_below_games":    {"--until-significant（%d）は --games（%d）以上にしてください", "--until-significant (%d) must be at least --games (%d)"},
	"diff_textconv":        {"diff --textconv にはブックを 1 つ指定してください", "diff --textconv takes one workbook"},
	"diff_needs":           {"diff には OLD.xlsx と NEW.xlsx が必要です", "diff takes OLD.xlsx and NEW.xlsx"},
	"two_bots":             {"--bots：ボットを 2 つ以上指定してください", "--bots: name at least two bots"},
	"bad_index":            {"--index %d：0 以上にしてください", "--index %d: must be 0 or more"},
	"merge_needs":          {"report merge には分割したレポートのファイルが必要です", "report merge needs the shard reports"},
	"sweep_needs":          {"sweep には --set か --rule が 1 つ以上必要です", "sweep needs at least one --set or --rule"},
	"tune_needs":           {"tune には --free か --rule が 1 つ以上（例：--free 'Einherjar!EIN-104.スキル=1..6'）、またはブックの調整列が必要です（例：EIN-104 の行の調整に「スキル=1..6」）", "tune needs at least one --free or --rule, e.g. --free 'Einherjar!EIN-104.スキル=1..6', or a Tune column in the workbook, e.g. 'スキル=1..6' in the row of EIN-104"},
	"changed_none":         {"%s：%s 以降に変わったカードはありません", "%s: no card changed since %s"},
	"changed_some":         {"%s：%[3]s 以降に変わったカード %[2]v：%[4]s", "%s: %v changed since %s: %s"},
	"watch_error":          {"見張りの誤り：%v", "watch: %v"},
	"unknown_command":      {"「%s」というコマンドはありません（bifrost --help で一覧を表示します）", "unknown command %q (bifrost --help lists them)"},
	"unknown_command_near": {"「%s」というコマンドはありません。%s のことですか？", "unknown command %q; did you mean %s?"},
	"already_exists":       {"%s はすでにあります。テンプレートで上書きするとデータが消えます（上書きするなら --force を付けてください）", "%s already exists; a template would replace its data (use --force to overwrite)"},
	"init_done":            {"%d 個のファイルを %s に書き出しました。cd %s して bifrost build を実行してください", "wrote %d files into %s; cd %s and run bifrost build"},
	"template_needs_o":     {"template には出力先 -o ファイル.xlsx が必要です", "template needs -o FILE.xlsx"},
	"inside_src":           {"%s：元データのフォルダ --src %s の中には書き込みません。--out にその外のフォルダを指定してください", "%s: refusing to write inside the source folder --src %s; choose an --out outside it"},
	"bad_format":           {"--format「%s」は使えません（%s のどれか）", "--format %q: want %s"},
	"args_count":           {"引数の数が違います（%d 個必要ですが %d 個あります）", "wrong number of arguments (want %d, got %d)"},
	"check_no_args":        {"check は引数を取りません（%q が指定されました）", "check takes no arguments (got %q)"},
	"bad_flag":             {"コマンドラインの誤り：%v", "command line: %v"},
	"flag_unknown":         {"%s というフラグはありません（--help で一覧を表示します）", "unknown flag %s (--help lists them)"},
	"flag_unknown_short":   {"-%s というフラグはありません（%s の中。--help で一覧を表示します）", "unknown flag -%s in %s (--help lists them)"},
	"flag_needs_arg":       {"%s には値が必要です", "flag %s needs a value"},
	"flag_bad_value":       {"%[2]s の値「%[1]s」が不正です", "invalid value %q for %s"},
	"flag_bad_syntax":      {"フラグの書き方が不正です：%s", "bad flag syntax: %s"},
	"watching":             {"%s を見張っています（Ctrl-C で終了）", "watching %s (Ctrl-C to stop)"},
	"watch_changed":        {"%s：%s が変わったので作り直します", "%s: %s changed, rebuilding"},
	"watch_initial":        {"%s：最初のビルド", "%s: initial build"},
	"progress_speed":       {"%%.0f ゲーム/秒", "%%.0f games/s"},
	"build_violation":      {"%s: %s（再現: %s）", "%s: %s (replay: %s)"},
	"build_invalid":        {"%s：ワークブックのエラー %vのため、何も書きませんでした", "%s: wrote nothing: the workbook has %v"},
	"skipped_book":         {"%[1]s：%[2]s は書きませんでした（%[3]s に差し込みなどのエラーが %[4]v、上記）", "%[1]s: skipped %[2]s (%[4]v in %[3]s, above)"},
	"skipped_output":       {"%s：%s は書きませんでした（%v）", "%s: skipped %s (%v)"},
	"cards_draft_hint":     {"%s：データにエラーがあるので印刷しませんでした。--draft を付けると、エラーのあるカードに DRAFT の帯を掛けて印刷します", "%s: not printed, the data has errors; --draft prints it anyway, each invalid card under a DRAFT band"},
	"merge_failed":         {"分割したレポートを統合できません。同じ sim の --shard で作ったものか確かめてください（%v）", "cannot merge the shard reports: %v"},
	"os_error":             {"%v", "%v"},
}

// nCards counts cards, in both languages (see schema.Noun).
var nCards = schema.Noun{"%d 枚", "%d cards", "%d card"}

// msg renders the catalogue message key in the chosen language.
func (g *globalOptions) msg(key string, args ...any) string {
	return render(g.Lang(), key, args...)
}

func render(lang *schema.Lang, key string, args ...any) string {
	return messages.Err(key, args...).In(lang)
}

// msgErr is an error from the catalogue, rendered in the language the
// command runs in (set by localize before it is printed).
func msgErr(key string, args ...any) error { return messages.Err(key, args...) }

// localize sets the language of every catalogue error inside err, and puts
// an operating system's file error, which reads in English, into the
// catalogue's words.
func (g *globalOptions) localize(err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case usageError:
		err = usageError{osWords(e.error)}
	case edits.DataError:
		err = edits.DataError{Err: osWords(e.Err)}
	case targets.UsageError:
		err = targets.UsageError{Err: osWords(e.Err)}
	default:
		err = osWords(err)
	}
	setLang(err, g.Lang())
	return err
}

// setLang sets lang on every catalogue error inside err.
func setLang(err error, lang *schema.Lang) { schema.SetLang(err, lang) }

func osWords(err error) error {
	if _, ok := err.(*fs.PathError); ok {
		return msgErr("os_error", err)
	}
	return err
}
