package main

import (
	"bytes"
	"context"

	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/outfile"
	"bifrost/cmd/bifrost/internal/playflags"
	"bifrost/cmd/bifrost/internal/report"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules/sim"
)

type reportOptions struct {
	*globalOptions
	src  string
	html string
}

func newReportCmd(g *globalOptions) *cobra.Command {
	opts := &reportOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "report",
		Short: "help.report.short",
	}
	merge := &cobra.Command{
		Use:   "merge",
		Short: "help.report.merge.short",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError{msgErr("merge_needs")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runReportMerge(cmd.Context(), opts, args) },
	}
	merge.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.report.merge.src")
	merge.Flags().StringVar(&opts.html, "html", "", "flag.report.merge.html")
	cmd.AddCommand(merge)
	return cmd
}

func runReportMerge(_ context.Context, opts *reportOptions, files []string) error {
	if opts.html != "" {
		if err := guardOutputs(opts.src, []string{opts.html}); err != nil {
			return err
		}
	}
	reports, raws, err := report.ReadShards(files)
	if err != nil {
		return err
	}
	game, err := opts.registry.ByID(reports[0].Game)
	if err != nil {
		return usageError{targets.Unknown(opts.registry, reports[0].Game)}
	}
	if game.New == nil {
		return msgErr("no_engine", reports[0].Game)
	}
	res, e, err := validEngine(opts.globalOptions, game, targets.WorkbookIn(opts.src, reports[0].Game), "")
	if err != nil {
		return err
	}
	merged, err := sim.MergeReports(e, reports, raws)
	if err != nil {
		return msgErr("merge_failed", err)
	}
	playflags.SrcReplays(merged, opts.src)
	if err := merged.WriteJSON(opts.stdout); err != nil {
		return err
	}
	if opts.html != "" {
		var buf bytes.Buffer
		if err := report.WritePage(&buf, opts.Lang(), game, merged, nil, res, nil); err != nil {
			return err
		}
		if err := outfile.WriteFile(opts.html, buf.Bytes()); err != nil {
			return err
		}
	}
	if merged.ViolationCount > 0 || merged.Unfinished > 0 {
		return errProblems
	}
	return nil
}
