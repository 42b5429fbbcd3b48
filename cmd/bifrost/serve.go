package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/rules/sim"
)

type serveOptions struct {
	*globalOptions
	src, rules string
	port       int
	listen     string
	debounce   time.Duration
	games      int              // games of the report's batch
	ready      func(url string) // tests: called once the pages are up
}

func newServeCmd(g *globalOptions) *cobra.Command {
	opts := &serveOptions{globalOptions: g}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "help.serve.short",
		Long:  "help.serve.long",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			return runServe(ctx, opts, args)
		},
	}
	cmd.Flags().StringVar(&opts.src, "src", "cardsrc", "flag.src.art")
	cmd.Flags().StringVar(&opts.rules, "rules", "", "flag.rules.books")
	cmd.Flags().IntVar(&opts.port, "port", 0, "flag.serve.port")
	cmd.Flags().StringVar(&opts.listen, "listen", "", "flag.serve.listen")
	cmd.Flags().DurationVar(&opts.debounce, "debounce", 150*time.Millisecond, "flag.debounce")
	cmd.Flags().IntVar(&opts.games, "games", 100, "flag.serve.games")
	return cmd
}

func runServe(ctx context.Context, opts *serveOptions, args []string) error {
	known := gamesAt(opts.registry, opts.src)
	for _, a := range args {
		if _, err := known.ByID(a); err != nil { // the files watched are the game's under --src and --rules
			return usageError{unknownGame(known, a)}
		}
	}
	targets, err := resolveTargets(opts.registry, opts.src, args)
	if err != nil {
		return err
	}
	addr, err := listenAddr(opts.listen, opts.port)
	if err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	watched, err := watchInputs(w, opts.src, opts.rules, targets)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var errno syscall.Errno // say why in words, not as the socket call's text
		if errors.As(err, &errno) {
			err = errno
		}
		return msgErr("serve_listen", addr, err)
	}
	defer ln.Close()
	var games []preview.Game
	for _, t := range targets {
		games = append(games, preview.Game{ID: t.game.ID(), Title: t.game.Schema.Title})
	}
	p := newPreviewer(opts, preview.New(games, opts.Lang().English()))
	defer p.wait()
	for _, t := range targets {
		p.update(ctx, t)
	}
	url := "http://" + ln.Addr().String() + "/"
	if len(targets) == 1 {
		url += targets[0].game.ID()
	}
	fmt.Fprintln(opts.stderr, opts.msg("serve_url", url))
	byGame := map[*sim.Definition]target{}
	for _, t := range targets {
		byGame[t.game] = t
	}
	go watchLoop(ctx, w, targetDefs(targets), watched, opts.debounce, func(g *sim.Definition, files []string) {
		p.update(ctx, byGame[g])
	}, func(err error) { fmt.Fprintln(opts.stderr, opts.msg("watch_error", err)) })
	if opts.ready != nil {
		opts.ready(url)
	}
	return p.srv.Serve(ctx, ln)
}

// listenAddr is the address serve listens on: 127.0.0.1:port, unless
// --listen names another host (and maybe its port).
func listenAddr(listen string, port int) (string, error) {
	if port < 0 || port > 65535 {
		return "", usageError{msgErr("serve_port", port)}
	}
	if listen == "" {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), nil
	}
	if _, _, err := net.SplitHostPort(listen); err == nil {
		return listen, nil
	}
	return net.JoinHostPort(strings.Trim(listen, "[]"), strconv.Itoa(port)), nil
}
