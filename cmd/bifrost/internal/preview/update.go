package preview

import (
	"context"
	"html/template"
	"strings"
	"sync"

	"bifrost/layout/cards"
	"bifrost/layout/draw"
	"bifrost/schema"
)

// Save is what the command made of one save of a game's files: the
// gallery, shown at once, and how to make the books and the report that
// follow it.
type Save struct {
	// Game is the gallery: the validation problems and the cards painted
	// now; nil Cards (nothing could be painted) keeps the last cards shown.
	Game Game
	// Valid is set when the data has no errors: only then are new books
	// and a new report made; otherwise the last ones stay, marked stale,
	// the report with the note Stale.
	Valid bool
	Stale string
	// Books renders the game's books as HTML pages by name, with the
	// problems met making them.
	Books func() (map[string][]byte, []schema.Problem)
	// Report plays the game's batches and renders its report page; without
	// one, note says why. It stops early when ctx is cancelled.
	Report func(ctx context.Context) (page []byte, note string)
}

// Updater keeps a Server's pages of each game up to date with the saves
// of its files: the gallery at once, then, in the background, the books
// and the report, which a newer save of the same game cancels. Reports
// are made one at a time. What cannot be made from a save (cards that do
// not paint, books and a report from data with errors) stays as the last
// save that could make it left it.
type Updater struct {
	srv *Server

	mu      sync.Mutex
	last    map[string]shown // each game's last cards, books and report
	cancel  map[string]context.CancelFunc
	slow    sync.Mutex // one report at a time
	running sync.WaitGroup
}

// shown is what stays shown of a game while a newer save cannot make it.
type shown struct {
	cards  []Card
	books  map[string][]byte
	report []byte
}

// NewUpdater updates srv.
func NewUpdater(srv *Server) *Updater {
	return &Updater{srv: srv, last: map[string]shown{}, cancel: map[string]context.CancelFunc{}}
}

// Update shows the save that made makes of game id: the books and report
// of the game's last save, now moot, are stopped first, so that they leave
// the processor to this one; then the gallery is shown and the books and
// report are started. It returns the save.
func (u *Updater) Update(ctx context.Context, id string, made func() Save) Save {
	u.mu.Lock()
	if cancel := u.cancel[id]; cancel != nil {
		cancel()
	}
	u.mu.Unlock()
	s := made()
	u.mu.Lock()
	ctx, cancel := context.WithCancel(ctx)
	u.cancel[id] = cancel
	last := u.last[id]
	if s.Game.Cards == nil {
		s.Game.Cards = last.cards
	} else {
		last.cards = s.Game.Cards
		u.last[id] = last
	}
	u.mu.Unlock()
	u.srv.SetGame(s.Game)
	if !s.Valid {
		u.srv.SetBooks(id, last.books, nil, true)
		u.srv.SetReport(id, last.report, s.Stale)
		return s
	}
	u.running.Go(func() {
		books, problems := s.Books()
		if ctx.Err() != nil {
			return
		}
		u.keep(id, func(l *shown) { l.books = books })
		u.srv.SetBooks(id, books, problems, false)
		u.slow.Lock()
		defer u.slow.Unlock()
		if ctx.Err() != nil {
			return
		}
		page, note := s.Report(ctx)
		if ctx.Err() != nil {
			return
		}
		u.keep(id, func(l *shown) { l.report = page })
		u.srv.SetReport(id, page, note)
	})
	return s
}

// keep records what is shown now of game id.
func (u *Updater) keep(id string, set func(*shown)) {
	u.mu.Lock()
	l := u.last[id]
	set(&l)
	u.last[id] = l
	u.mu.Unlock()
}

// Wait cancels the books and reports being made and waits for them to stop.
func (u *Updater) Wait() {
	u.mu.Lock()
	for _, cancel := range u.cancel {
		cancel()
	}
	u.mu.Unlock()
	u.running.Wait()
}

// CardsOf is the gallery's cards: every design painted, each side as
// inline SVG, trimmed.
func CardsOf(painted *cards.Painted) ([]Card, error) {
	out := make([]Card, len(painted.Drawn))
	for i, d := range painted.Drawn {
		c := Card{ID: d.ID, Kind: d.Kind, Name: d.Name, Sheet: d.Sheet, Row: d.Row, Copies: d.Copies, Board: d.Board}
		var err error
		if c.Face, err = inlineSVG(d.Face); err == nil && d.Back != nil {
			c.Back, err = inlineSVG(d.Back)
		}
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// Faces maps each card ID to the first face of it among cs, for the
// report to show beside its findings.
func Faces(cs []Card) map[string]template.HTML {
	out := map[string]template.HTML{}
	for _, c := range cs {
		if _, ok := out[c.ID]; !ok && c.Face != "" {
			out[c.ID] = c.Face
		}
	}
	return out
}

func inlineSVG(l *draw.List) (template.HTML, error) {
	var b strings.Builder
	err := l.SVG(&b, true)
	return template.HTML(b.String()), err
}
