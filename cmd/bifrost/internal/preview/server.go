package preview

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"bifrost/schema"
)

// Card is one card (or board) design as the gallery shows it.
type Card struct {
	ID, Kind, Name string
	Sheet          string // the workbook sheet of its row
	Row            int    // its 1-based workbook row; 0 if none
	Copies         int
	Board          bool
	Face, Back     template.HTML // each an inline <svg>; Back is empty when the kind has none
}

// Game is what the preview shows of one game at one moment.
type Game struct {
	ID, Title string
	Cards     []Card
	// Problems are the problems found in the game's files: the workbook's
	// and the layout's, sorted.
	Problems []schema.Problem
	Updated  time.Time
}

// Server is the preview's HTTP handler and the state it shows.
type Server struct {
	en  bool
	mux *http.ServeMux
	// idle is how long a kept-alive connection may wait for its next
	// request (IdleTimeout); writes of a page must end within write,
	// the live-update streams excepted.
	idle, write time.Duration

	mu    sync.RWMutex
	games map[string]*state
	order []string // game IDs, in the order given to New
	hub   hub
}

// state is one game's current pages and their versions, which count the
// updates so that a page can tell whether it shows the latest.
type state struct {
	game         Game
	books        map[string][]byte
	bookProblems []schema.Problem
	booksStale   bool
	report       []byte // nil while the report is being made
	reportNote   string // why there is no report yet
	gameVer      int    // the gallery's version
	booksVer     int    // counts SetBooks
	reportVer    int    // counts SetReport
}

// New returns a server for the games named (ID and Title are used; the
// rest comes with SetGame), speaking English when en, else Japanese.
func New(games []Game, en bool) *Server {
	s := &Server{en: en, games: map[string]*state{}, mux: http.NewServeMux(), idle: 60 * time.Second, write: 60 * time.Second}
	for _, g := range games {
		s.games[g.ID] = &state{game: Game{ID: g.ID, Title: g.Title}}
		s.order = append(s.order, g.ID)
	}
	s.hub.init()
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /live.js", asset("text/javascript; charset=utf-8", liveJS))
	s.mux.HandleFunc("GET /preview.css", asset("text/css; charset=utf-8", previewCSS))
	s.mux.HandleFunc("GET /events", s.events)
	s.mux.HandleFunc("GET /{game}", s.gallery("gallery"))
	s.mux.HandleFunc("GET /{game}/cards", s.gallery("cards"))
	s.mux.HandleFunc("GET /{game}/report", s.reportPage)
	s.mux.HandleFunc("GET /{game}/{book}", s.bookPage)
	return s
}

// SetGame replaces the gallery of game g.ID and tells the open pages.
func (s *Server) SetGame(g Game) {
	s.mu.Lock()
	st, ok := s.games[g.ID]
	if ok {
		st.game = g
		st.gameVer++
	}
	s.mu.Unlock()
	if ok {
		s.hub.publish(g.ID)
	}
}

// SetBooks replaces game's books, HTML pages by name ("rulebook",
// "summary", "designer"), and the problems met making them, which the
// gallery lists too; a book that could not be made is missing. stale says
// the books come from older data than the gallery's (books are made only
// from data without errors).
func (s *Server) SetBooks(game string, books map[string][]byte, problems []schema.Problem, stale bool) {
	s.mu.Lock()
	st, ok := s.games[game]
	if ok {
		if len(problems) > 0 || len(st.bookProblems) > 0 {
			st.gameVer++
		}
		st.books, st.bookProblems, st.booksStale = books, problems, stale
		st.booksVer++
	}
	s.mu.Unlock()
	if ok {
		s.hub.publish(game)
	}
}

// SetReport replaces game's balance report page; a nil page says the report
// is being made, and note (may be empty) says why there is none yet.
func (s *Server) SetReport(game string, page []byte, note string) {
	s.mu.Lock()
	st, ok := s.games[game]
	if ok {
		st.report, st.reportNote = page, note
		st.reportVer++
	}
	s.mu.Unlock()
	if ok {
		s.hub.publish(game)
	}
}

// ServeHTTP serves the preview's routes with its security headers; any
// other path is 404 and any method but GET and HEAD 405.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	secure(w.Header())
	s.mux.ServeHTTP(w, r)
}

// secure sets the headers every response carries, refusals included.
func secure(h http.Header) {
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
}

// csp lets a page run only the preview's own script and load only its own
// style sheet, talk only to its own server, and embed nothing. Inline
// styles stay allowed: the books and the report carry theirs, and the
// cards' SVG uses style attributes; they cannot run code.
const csp = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

//go:embed live.js
var liveJS []byte

//go:embed preview.css
var previewCSS []byte

func asset(contentType string, data []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Write(data)
	}
}

// snapshot is a copy of one game's state taken under the lock.
func (s *Server) snapshot(id string) (state, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	st, ok := s.games[id]
	if !ok {
		return state{}, false
	}
	return *st, true
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	var games []Game
	for _, id := range s.order {
		games = append(games, s.games[id].game)
	}
	s.mu.RUnlock()
	s.render(w, "index", struct {
		Lang  string
		T     map[string]string
		Games []Game
	}{s.lang(), s.texts(), games}, 0)
}

// gallery serves a game's gallery through the template page: the whole
// page, or only the part a live update swaps in.
func (s *Server) gallery(page string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		st, ok := s.snapshot(r.PathValue("game"))
		if !ok {
			http.NotFound(w, r)
			return
		}
		s.render(w, page, s.galleryView(st), st.gameVer)
	}
}

// bookPage serves a book as the book renderer made it, with the preview's
// script added, and a line saying so when it is older than the data.
func (s *Server) bookPage(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("book")
	st, ok := s.snapshot(r.PathValue("game"))
	if !ok || !knownBook(name) {
		http.NotFound(w, r)
		return
	}
	page, ok := st.books[name]
	if !ok {
		v := s.galleryView(st)
		v.Script.Part, v.Script.Version, v.Script.Fragment = "books", st.booksVer, ""
		note := s.text("no_book")
		if st.booksVer == 0 {
			note = s.text("making_books")
		}
		s.render(w, "nobook", struct {
			galleryView
			Note string
		}{v, note}, st.booksVer)
		return
	}
	var note string
	if st.booksStale {
		note = s.text("books_stale")
	}
	s.document(w, page, st.game.ID, "books", st.booksVer, note)
}

func (s *Server) reportPage(w http.ResponseWriter, r *http.Request) {
	st, ok := s.snapshot(r.PathValue("game"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	if st.report == nil {
		v := s.galleryView(st)
		v.Script = scriptView{Game: st.game.ID, Part: "report", Version: st.reportVer, Lost: s.text("lost")}
		s.render(w, "noreport", struct {
			galleryView
			Note string
		}{v, st.reportNote}, st.reportVer)
		return
	}
	s.document(w, st.report, st.game.ID, "report", st.reportVer, st.reportNote)
}

// document writes a whole HTML page made elsewhere, with the preview's
// script in its head and note, if any, at the top of its body.
func (s *Server) document(w http.ResponseWriter, page []byte, game, part string, version int, note string) {
	var script bytes.Buffer
	if err := pages.ExecuteTemplate(&script, "script", scriptView{Game: game, Part: part, Version: version, Lost: s.text("lost")}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out := insertBefore(page, []byte("</head>"), script.Bytes())
	if note != "" {
		banner := fmt.Appendf(nil, `<p style="margin:0;padding:.5rem 1rem;background:#fdf1d6;border-bottom:2px solid #e0a526">%s</p>`, template.HTMLEscapeString(note))
		out = insertAfterTag(out, []byte("<body"), banner)
	}
	send(w, out, version)
}

// insertBefore puts add before the first marker in page, or at the end.
func insertBefore(page, marker, add []byte) []byte {
	i := bytes.Index(page, marker)
	if i < 0 {
		i = len(page)
	}
	return bytes.Join([][]byte{page[:i], add, page[i:]}, nil)
}

// insertAfterTag puts add just after the start tag that begins with open,
// or at the start when there is none.
func insertAfterTag(page, open, add []byte) []byte {
	i := bytes.Index(page, open)
	if i >= 0 {
		if j := bytes.IndexByte(page[i:], '>'); j >= 0 {
			i += j + 1
		}
	}
	i = max(i, 0)
	return bytes.Join([][]byte{page[:i], add, page[i:]}, nil)
}

// render executes the named page template and sends it as version.
func (s *Server) render(w http.ResponseWriter, name string, data any, version int) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	send(w, buf.Bytes(), version)
}

// send writes an HTML page; version goes in a header for the page's
// script, which compares it with the version it shows.
func send(w http.ResponseWriter, page []byte, version int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Preview-Version", strconv.Itoa(version))
	w.Write(page)
}

func (s *Server) lang() string {
	if s.en {
		return "en"
	}
	return "ja"
}

// Serve answers on ln until ctx ends, then shuts down cleanly: the open
// event streams end and requests in flight finish (for up to five seconds).
// On a loopback address it answers only requests that name a loopback host.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	var h http.Handler = s
	if isLoopback(ln.Addr()) {
		h = loopbackOnly(s)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: s.write, IdleTimeout: s.idle}
	srv.RegisterOnShutdown(s.hub.close)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		s.hub.close()
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(shut)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}

func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}

// loopbackOnly refuses requests whose Host names anything but this
// machine, as a page on another site would after rebinding its name to
// 127.0.0.1.
func loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.Host)
		if err != nil {
			host = r.Host
		}
		ip := net.ParseIP(host)
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			secure(w.Header())
			http.Error(w, "forbidden host", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}
