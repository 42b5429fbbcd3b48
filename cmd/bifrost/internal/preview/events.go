package preview

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"
)

// hub tells the open pages' event streams which games changed.
type hub struct {
	mu     sync.Mutex
	subs   map[*subscriber]bool
	closed chan struct{} // closed when the server shuts down
	once   sync.Once
}

// subscriber is one event stream: the games changed since it last looked,
// and a wake-up signal. Updates never wait for a slow page; several updates
// of a game before it looks become one.
type subscriber struct {
	mu      sync.Mutex
	pending []string
	wake    chan struct{}
}

func (h *hub) init() {
	h.subs = map[*subscriber]bool{}
	h.closed = make(chan struct{})
}

// maxLive is how many pages may follow the live updates at once: a
// designer keeps a few open; more is a runaway script or an attack.
const maxLive = 64

// subscribe adds a stream, or returns nil when maxLive are open.
func (h *hub) subscribe() *subscriber {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs) >= maxLive {
		return nil
	}
	sub := &subscriber{wake: make(chan struct{}, 1)}
	h.subs[sub] = true
	return sub
}

func (h *hub) unsubscribe(sub *subscriber) {
	h.mu.Lock()
	delete(h.subs, sub)
	h.mu.Unlock()
}

func (h *hub) publish(game string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		sub.mu.Lock()
		if !slices.Contains(sub.pending, game) {
			sub.pending = append(sub.pending, game)
		}
		sub.mu.Unlock()
		select {
		case sub.wake <- struct{}{}:
		default:
		}
	}
}

// take returns and forgets the games changed since the last take.
func (sub *subscriber) take() []string {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	games := sub.pending
	sub.pending = nil
	return games
}

// close ends every event stream, so that a shutdown need not wait for them.
func (h *hub) close() { h.once.Do(func() { close(h.closed) }) }

// versions is the data of an "update" event: a game's parts' versions.
type versions struct {
	Game   string `json:"game"`
	Cards  int    `json:"cards"`
	Books  int    `json:"books"`
	Report int    `json:"report"`
}

// events streams an "update" event with the versions of every game on
// connecting (so that a page that missed updates while disconnected catches
// up), then one each time a game changes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	sub := s.hub.subscribe()
	if sub == nil {
		http.Error(w, "too many live pages", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.unsubscribe(sub)
	// A stream lasts as long as the page: no write deadline.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	fmt.Fprint(w, "retry: 1000\n\n")
	s.sendVersions(w, s.order)
	flusher.Flush()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.closed:
			return
		case <-ping.C:
			fmt.Fprint(w, ": ping\n\n")
		case <-sub.wake:
			s.sendVersions(w, sub.take())
		}
		flusher.Flush()
	}
}

func (s *Server) sendVersions(w http.ResponseWriter, games []string) {
	for _, id := range games {
		st, ok := s.snapshot(id)
		if !ok {
			continue
		}
		data, _ := json.Marshal(versions{Game: id, Cards: st.gameVer, Books: st.booksVer, Report: st.reportVer})
		fmt.Fprintf(w, "event: update\ndata: %s\n\n", data)
	}
}
