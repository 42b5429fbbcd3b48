package preview

import (
	"context"
	"slices"
	"testing"

	"bifrost/schema"
)

// TestUpdater_KeepsWhatASaveCannotMake: a valid save shows its cards, its
// books and its report; a later save whose data has errors and whose cards
// could not be painted keeps showing the last cards, the last books marked
// stale and the last report with its note, and makes neither books nor a
// report.
func TestUpdater_KeepsWhatASaveCannotMake(t *testing.T) {
	g := sample()
	srv := New([]Game{g}, false)
	u := NewUpdater(srv)
	u.Update(context.Background(), g.ID, func() Save {
		return Save{Game: g, Valid: true,
			Books:  func() (map[string][]byte, []schema.Problem) { return rulebook, nil },
			Report: func(context.Context) ([]byte, string) { return []byte("<p>report</p>"), "" }}
	})
	u.running.Wait() // the books and reports made, none cancelled
	broken := Game{ID: g.ID, Title: g.Title, Problems: g.Problems}
	made := false
	s := u.Update(context.Background(), g.ID, func() Save {
		return Save{Game: broken, Stale: "stale",
			Books:  func() (map[string][]byte, []schema.Problem) { made = true; return nil, nil },
			Report: func(context.Context) ([]byte, string) { made = true; return nil, "" }}
	})
	u.running.Wait() // the books and reports made, none cancelled
	st, _ := srv.snapshot(g.ID)
	if !slices.Equal(ids(st.game.Cards), ids(g.Cards)) || !slices.Equal(ids(s.Game.Cards), ids(g.Cards)) {
		t.Errorf("the gallery shows %q, want the last cards %q", ids(st.game.Cards), ids(g.Cards))
	}
	if !st.booksStale || string(st.books["rulebook"]) != string(rulebook["rulebook"]) {
		t.Errorf("books stale %v, %q: want the last books, stale", st.booksStale, st.books)
	}
	if string(st.report) != "<p>report</p>" || st.reportNote != "stale" {
		t.Errorf("report %q, note %q: want the last report and the save's note", st.report, st.reportNote)
	}
	if made {
		t.Error("books or a report were made from data with errors")
	}
}

// TestUpdater_ANewerSaveCancelsTheReportBeingMade: the report of a save
// that a newer save of the same game overtakes is stopped and never shown;
// the newer save's report is.
func TestUpdater_ANewerSaveCancelsTheReportBeingMade(t *testing.T) {
	g := sample()
	srv := New([]Game{g}, false)
	u := NewUpdater(srv)
	started := make(chan struct{})
	u.Update(context.Background(), g.ID, func() Save {
		return Save{Game: g, Valid: true,
			Books: func() (map[string][]byte, []schema.Problem) { return rulebook, nil },
			Report: func(ctx context.Context) ([]byte, string) {
				close(started)
				<-ctx.Done()
				return []byte("old"), ""
			}}
	})
	<-started
	u.Update(context.Background(), g.ID, func() Save {
		return Save{Game: g, Valid: true,
			Books:  func() (map[string][]byte, []schema.Problem) { return rulebook, nil },
			Report: func(context.Context) ([]byte, string) { return []byte("new"), "" }}
	})
	u.running.Wait() // the books and reports made, none cancelled
	if st, _ := srv.snapshot(g.ID); string(st.report) != "new" {
		t.Errorf("the report shown is %q, want the newer save's", st.report)
	}
}

func ids(cs []Card) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}
