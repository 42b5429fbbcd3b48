package previewsave

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/fsnotify/fsnotify"

	"bifrost/cmd/bifrost/internal/preview"
	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/cmd/bifrost/internal/watch"
	"bifrost/rules/sim"
	"bifrost/schema"
)

var nProblems = schema.Noun{"問題 %d 件", "%d problems", "%d problem"}

// Serving is how Serve serves: where, how long a save waits for quiet,
// and what it tells.
type Serving struct {
	Addr     string        // the address to listen on
	Debounce time.Duration // the quiet after a save before its game is made anew
	Log      io.Writer     // a line for each game made and one with the address
	Failed   func(error)   // told of an error following the files
	Ready    func(url string)
}

// Serve serves the live preview of list's games at s.Addr until ctx ends:
// each game is made at once, then again each time its files (workbook,
// layout, books) are saved, with a line on s.Log each time.
func (m Maker) Serve(ctx context.Context, list targets.List, s Serving) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	watched, err := watch.Inputs(w, m.Src, m.Rules, list)
	if err != nil {
		return err
	}
	ln, err := preview.Listen(s.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	var games []preview.Game
	byGame := map[*sim.Definition]targets.Target{}
	for _, t := range list {
		games = append(games, preview.Game{ID: t.Game.ID(), Title: t.Game.Schema.Title})
		byGame[t.Game] = t
	}
	srv := preview.New(games, m.Lang.English())
	up := preview.NewUpdater(srv)
	defer up.Wait()
	update := func(t targets.Target) {
		start := time.Now()
		save := up.Update(ctx, t.Game.ID(), func() preview.Save { return m.Save(t) })
		fmt.Fprintln(s.Log, m.say("serve_updated", start.Format("15:04:05"), t.Game.ID(), time.Since(start).Milliseconds(), nProblems.Of(len(save.Game.Problems))))
	}
	for _, t := range list {
		update(t)
	}
	url := "http://" + ln.Addr().String() + "/"
	if len(list) == 1 {
		url += list[0].Game.ID()
	}
	fmt.Fprintln(s.Log, m.say("serve_url", url))
	go watch.Loop(ctx, w, list.Games(), watched, s.Debounce, func(g *sim.Definition, files []string) {
		update(byGame[g])
	}, s.Failed)
	if s.Ready != nil {
		s.Ready(url)
	}
	return srv.Serve(ctx, ln)
}
