package previewsave

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/cmd/bifrost/internal/targets"
	"bifrost/rules"
	"bifrost/rules/sim"
	"bifrost/schema"
)

var src = filepath.Join("..", "..", "..", "..", "cardsrc")

func maker() Maker {
	en := schema.NewLang("en")
	return Maker{Src: src, Games: 2, Lang: en, Localize: func(err error) error { schema.SetLang(err, en); return err }}
}

func TestAValidGameShowsItsCardsBooksAndReportFromOnePainting(t *testing.T) {
	game, err := rules.All().ByID("guardian")
	if err != nil {
		t.Fatal(err)
	}
	s := maker().Save(targets.Target{Game: game, Path: filepath.Join(src, "guardian.xlsx")})
	if !s.Valid || schema.HasErrors(s.Game.Problems) || len(s.Game.Cards) == 0 {
		t.Fatalf("valid %v, %d cards, problems %v", s.Valid, len(s.Game.Cards), s.Game.Problems)
	}
	if s.Stale != "The data has errors, so no new report can be made." {
		t.Errorf("stale note %q", s.Stale)
	}
	books, ps := s.Books()
	if len(ps) > 0 || !strings.Contains(string(books["rulebook"]), "<html") {
		t.Errorf("books %d (rulebook %d bytes), problems %v", len(books), len(books["rulebook"]), ps)
	}
	page, note := s.Report(context.Background())
	if note != "" || !strings.Contains(string(page), s.Game.Cards[0].ID) {
		t.Errorf("report of %d bytes, note %q", len(page), note)
	}
}

func TestAWorkbookThatDoesNotOpenIsOneProblemInTheGallery(t *testing.T) {
	game, err := rules.All().ByID("guardian")
	if err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "guardian.xlsx")
	s := maker().Save(targets.Target{Game: game, Path: missing})
	if s.Valid || len(s.Game.Problems) != 1 || !strings.Contains(s.Game.Problems[0].Message, "guardian.xlsx") || s.Game.Cards != nil {
		t.Errorf("valid %v, cards %d, problems %v", s.Valid, len(s.Game.Cards), s.Game.Problems)
	}
}

func TestAGameWithoutAnEngineHasANoteForItsReport(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(src, "guardian.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "guardian.xlsx")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	game, err := rules.All().ByID("guardian")
	if err != nil {
		t.Fatal(err)
	}
	printOnly := &sim.Definition{Schema: game.Schema}
	page, note := maker().Save(targets.Target{Game: printOnly, Path: path}).Report(context.Background())
	if page != nil || note != "This game has no rules engine yet, so there is no report." {
		t.Errorf("page of %d bytes, note %q", len(page), note)
	}
}

func TestServeMakesEachGameThenTellsItsAddress(t *testing.T) {
	game, err := rules.All().ByID("guardian")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log strings.Builder
	got := make(chan string, 1)
	err = maker().Serve(ctx, targets.List{{Game: game, Path: filepath.Join(src, "guardian.xlsx")}}, Serving{Addr: "127.0.0.1:0", Log: &log,
		Failed: func(err error) { t.Error(err) },
		Ready: func(url string) {
			go func() { // the pages answer once Serve goes on
				defer cancel()
				resp, err := http.Get(url)
				if err != nil {
					got <- err.Error()
					return
				}
				resp.Body.Close()
				got <- fmt.Sprint(url, " ", resp.StatusCode)
			}()
		}})
	if err != nil {
		t.Fatal(err)
	}
	page := <-got
	if !strings.HasSuffix(page, "/guardian 200") {
		t.Errorf("the one game's page: %s", page)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], " guardian: preview updated (") || lines[1] != "Preview: "+strings.TrimSuffix(page, " 200")+" (Ctrl-C to stop)" {
		t.Errorf("log:\n%s", log.String())
	}
}
