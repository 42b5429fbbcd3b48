package main

import (
	"io"

	"github.com/spf13/cobra"

	"bifrost/schema"
)

// globalOptions are the flags every subcommand shares.
type globalOptions struct {
	lang   string
	stdout io.Writer
	stderr io.Writer
}

// Lang returns the message language chosen by --lang or the environment.
func (g *globalOptions) Lang() *schema.Lang { return schema.NewLang(g.lang) }

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	g := &globalOptions{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:           "bifrost",
		Short:         "カードゲームのデータ検証・シミュレーション・印刷ツール / card-game data toolchain",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&g.lang, "lang", schema.LangFromEnv(), "message language: ja or en (default from LANG)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newValidateCmd(g),
		newTemplateCmd(g),
		newBuildCmd(g),
		newSimCmd(g),
		newLadderCmd(g),
		newCompareCmd(g),
		newSweepCmd(g),
		newReplayCmd(g),
		newCheckCmd(g),
		newReportCmd(g),
		newDiffCmd(g),
		newWatchCmd(g),
		newRulebookCmd(g),
		newCardsCmd(g),
	)
	return root
}

// exactArgs is cobra.ExactArgs returning a usageError.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}
