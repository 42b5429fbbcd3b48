package main

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/rules"
	"bifrost/schema"
)

// globalOptions are the flags every subcommand shares.
type globalOptions struct {
	lang   string
	stdout io.Writer
	stderr io.Writer
	// registry lists the games the commands know, given to newRootCmd as
	// a go/analysis driver is given its analyzers.
	registry rules.Games
}

// Lang returns the message language chosen by --lang or the environment.
func (g *globalOptions) Lang() *schema.Lang { return schema.NewLang(g.lang) }

// newRootCmd builds the command tree to run args on games. Help, usage and flag
// errors speak the language of --lang, read from args before cobra parses
// them, or else of the environment.
func newRootCmd(stdout, stderr io.Writer, args []string, games rules.Games) *cobra.Command {
	g := &globalOptions{stdout: stdout, stderr: stderr, registry: games}
	root := &cobra.Command{
		Use:           "bifrost",
		Short:         "help.bifrost.short",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	// The root runs only for a word that names no command: cobra's own
	// "unknown command" error would be English whatever --lang says.
	root.Args = cobra.ArbitraryArgs
	root.SuggestionsMinimumDistance = 2
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		if near := cmd.SuggestionsFor(args[0]); len(near) > 0 {
			return g.localize(usageError{msgErr("unknown_command_near", args[0], strings.Join(near, ", "))})
		}
		return g.localize(usageError{msgErr("unknown_command", args[0])})
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&g.lang, "lang", schema.LangFromEnv(), "flag.lang")
	if lang := argLang(args); lang != "" {
		g.lang = lang // cobra sets it again when it parses --lang
	}
	root.SetArgs(args)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return g.localize(flagError(err)) })
	// The shell-completion scripts' help is English only; bifrost offers none.
	root.CompletionOptions.DisableDefaultCmd = true
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		localizeHelp(c.Root(), g.Lang())
		help(c, args)
	})
	root.AddCommand(
		newValidateCmd(g),
		newTemplateCmd(g),
		newInitCmd(g),
		newNewCmd(g),
		newBuildCmd(g),
		newSimCmd(g),
		newLadderCmd(g),
		newCompareCmd(g),
		newEffectsCmd(g),
		newSweepCmd(g),
		newTuneCmd(g),
		newReplayCmd(g),
		newCheckCmd(g),
		newReportCmd(g),
		newDiffCmd(g),
		newWatchCmd(g),
		newRulebookCmd(g),
		newCardsCmd(g),
		newServeCmd(g),
		newTTSCmd(g),
	)
	var each func(*cobra.Command)
	each = func(c *cobra.Command) {
		for _, s := range c.Commands() {
			each(s)
		}
		if run := c.RunE; run != nil {
			c.RunE = func(cmd *cobra.Command, args []string) error {
				defer protectSource(cmd)()
				return g.localize(run(cmd, args))
			}
		}
		if check := c.Args; check != nil {
			c.Args = func(cmd *cobra.Command, args []string) error { return g.localize(check(cmd, args)) }
		}
	}
	for _, c := range root.Commands() {
		each(c)
	}
	return root
}

// exactArgs is cobra.ExactArgs returning a usageError from the catalogue.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageError{msgErr("args_count", n, len(args))}
		}
		return nil
	}
}

// protectSource makes every file the command writes refuse the --src
// folder, checked as each file is written (outfile.Protect), and returns
// the undoing. The commands that start a workbook there (new) write into
// it by design.
func protectSource(cmd *cobra.Command) func() {
	src := cmd.Flags().Lookup("src")
	if src == nil || cmd.Name() == "new" {
		return func() {}
	}
	outfile.Protect(src.Value.String())
	return func() { outfile.Protect("") }
}
