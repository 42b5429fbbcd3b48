package preview

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"bifrost/schema"
)

// sample is a small game: two kinds, one card with a problem at its row.
func sample() Game {
	return Game{
		ID: "nastrond", Title: "ナーストレンド", Updated: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC),
		Cards: []Card{
			{ID: "E1-01", Kind: "Edda", Name: "トールの釣り", Sheet: "Edda", Row: 2, Copies: 1, Face: `<svg id="f1"></svg>`, Back: `<svg id="b1"></svg>`},
			{ID: "E1-02", Kind: "Edda", Name: "<b>ロキ</b>", Sheet: "Edda", Row: 3, Copies: 2, Face: `<svg id="f2"></svg>`},
			{ID: "U-01", Kind: "Urd", Name: "ウルズ", Sheet: "Urd", Row: 2, Copies: 4, Face: `<svg id="f3"></svg>`},
		},
		Problems: []schema.Problem{
			{Severity: schema.Error, File: "cardsrc/nastrond.xlsx", Sheet: "Edda", Cell: "D3", Column: "目標値", Message: "目標値は整数にしてください"},
			{Severity: schema.Warning, File: "layout/nastrond.yaml:12", Message: "font missing"},
		},
	}
}

// rulebook is a book page as the book renderer makes it.
var rulebook = map[string][]byte{"rulebook": []byte(`<!DOCTYPE html><html><head><style>p{}</style></head><body class="x"><p>本文</p></body></html>`)}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
	return w
}

func TestGalleryPutsEachProblemBesideItsCard(t *testing.T) {
	s := New([]Game{{ID: "nastrond", Title: "ナーストレンド"}}, false)
	s.SetGame(sample())
	w := get(t, s, "GET", "/nastrond")
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("gallery: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	page := w.Body.String()
	// The card of Edda row 3 is the second card: anchor card-1.
	card := page[strings.Index(page, `id="card-1"`):]
	card = card[:strings.Index(card, "</figure>")]
	if !strings.Contains(card, "cardsrc/nastrond.xlsx: Edda!D3") || !strings.Contains(card, "目標値は整数にしてください") {
		t.Errorf("the problem at Edda!D3 is not beside card E1-02:\n%s", card)
	}
	if !strings.Contains(page, `<a href="#card-1"><span class="where">cardsrc/nastrond.xlsx: Edda!D3</span></a>`) {
		t.Error("the list at the top does not link the problem to its card")
	}
	if !strings.Contains(page, "layout/nastrond.yaml:12") || !strings.Contains(page, "問題 2 件") {
		t.Error("the top list lacks the layout's problem or the count")
	}
	if strings.Count(page, `class="card-problems"`) != 1 {
		t.Error("a problem was put beside a card whose row it does not name")
	}
	for _, want := range []string{"Edda（2 種・3 枚）", "Urd（1 種・4 枚）", `<svg id="f1"></svg>`, `<svg id="b1"></svg>`, "&lt;b&gt;ロキ&lt;/b&gt;", "更新 12:00:00"} {
		if !strings.Contains(page, want) {
			t.Errorf("gallery lacks %q", want)
		}
	}
	en := New([]Game{{ID: "nastrond"}}, true)
	en.SetGame(sample())
	if page := get(t, en, "GET", "/nastrond").Body.String(); !strings.Contains(page, "Edda (2 designs, 3 cards)") || !strings.Contains(page, "2 problems") {
		t.Error("the English gallery is not in English")
	}
}

func TestOnlyItsOwnRoutesAnswer(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}}, false)
	s.SetGame(sample())
	for _, target := range []string{"/", "/live.js", "/preview.css", "/nastrond", "/nastrond/cards", "/nastrond/rulebook", "/nastrond/summary", "/nastrond/report"} {
		w := get(t, s, "GET", target)
		if w.Code != 200 || w.Header().Get("Content-Type") == "" {
			t.Errorf("GET %s: %d, Content-Type %q", target, w.Code, w.Header().Get("Content-Type"))
		}
		csp := w.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src 'self';") || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: weak security headers: %q", target, csp)
		}
	}
	for _, target := range []string{"/nope", "/valkyrie", "/nastrond/", "/valkyrie/rulebook", "/nastrond/nope", "/nastrond/cards/x", "/live.js/x", "/nastrond/rulebook.md", "/cardsrc/nastrond.xlsx", "/go.mod"} {
		if w := get(t, s, "GET", target); w.Code != 404 {
			t.Errorf("GET %s: %d, want 404", target, w.Code)
		}
	}
	if w := get(t, s, "POST", "/nastrond"); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", w.Code)
	}
}

func TestNoPathReachesAFile(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}}, false)
	s.SetGame(sample())
	for _, target := range []string{"/../go.mod", "/nastrond/../../go.mod", "/%2e%2e/%2e%2e/go.mod", "/nastrond/..%2f..%2f..%2fgo.mod",
		"/nastrond/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..\\..\\go.mod", "/nastrond/....//....//go.mod", "/etc/passwd", "//etc/passwd"} {
		w := get(t, s, "GET", target)
		body := w.Body.String()
		if w.Code == 200 || strings.Contains(body, "module bifrost") || strings.Contains(body, "root:") {
			t.Errorf("GET %s: %d %q", target, w.Code, body)
		}
		if loc := w.Header().Get("Location"); loc != "" {
			if w := get(t, s, "GET", loc); w.Code != 404 {
				t.Errorf("GET %s redirects to %s, which answers %d", target, loc, w.Code)
			}
		}
	}
}

func TestBooksCarryTheScriptAndSayWhenStale(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}}, false)
	s.SetGame(sample())
	if page := get(t, s, "GET", "/nastrond/rulebook").Body.String(); !strings.Contains(page, "本を作っています") || !strings.Contains(page, `data-part="books" data-version="0"`) {
		t.Errorf("the book page before the books:\n%s", page)
	}
	s.SetBooks("nastrond", rulebook, []schema.Problem{{Severity: schema.Error, File: "rules/nastrond/designer.md", Message: "line 3: 閉じていない {{"}}, true)
	page := get(t, s, "GET", "/nastrond/rulebook").Body.String()
	if !strings.Contains(page, `<script src="/live.js" defer data-game="nastrond" data-part="books" data-version="1"`) || strings.Index(page, "live.js") > strings.Index(page, "</head>") {
		t.Errorf("no preview script in the book's head:\n%s", page)
	}
	if !strings.Contains(page, `<body class="x"><p style=`) || !strings.Contains(page, "最後に正しいデータから作った版") {
		t.Errorf("no stale note at the top of the body:\n%s", page)
	}
	// A book that could not be made shows the problems instead.
	page = get(t, s, "GET", "/nastrond/designer").Body.String()
	if !strings.Contains(page, "まだ作れていません") || !strings.Contains(page, `<span class="where">rules/nastrond/designer.md</span>: line 3: 閉じていない {{`) || !strings.Contains(page, `data-part="books"`) {
		t.Errorf("a missing book does not show the problems:\n%s", page)
	}
	// The gallery lists the books' problems too.
	if page := get(t, s, "GET", "/nastrond").Body.String(); !strings.Contains(page, "rules/nastrond/designer.md") || !strings.Contains(page, "問題 3 件") {
		t.Errorf("the gallery does not list the books' problem")
	}
	page = get(t, s, "GET", "/nastrond/report").Body.String()
	if !strings.Contains(page, "報告を作っています") || !strings.Contains(page, `data-part="report" data-version="0"`) {
		t.Errorf("the report page before the report:\n%s", page)
	}
	s.SetReport("nastrond", []byte("<html><head></head><body>報告</body></html>"), "")
	if page := get(t, s, "GET", "/nastrond/report").Body.String(); !strings.Contains(page, "報告") || !strings.Contains(page, `data-part="report" data-version="1"`) {
		t.Errorf("the report page after the report:\n%s", page)
	}
}

// serve starts s on a loopback port and returns its address and a stop
// function that returns Serve's error.
func serve(t *testing.T, s *Server) (string, func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(6 * time.Second):
			t.Fatal("Serve did not return after its context ended")
			return nil
		}
	}
}

func TestLoopbackRefusesOtherHostNames(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}}, false)
	addr, stop := serve(t, s)
	defer stop()
	_, port, _ := net.SplitHostPort(addr)
	for host, want := range map[string]int{addr: 200, "localhost:" + port: 200, "[::1]:" + port: 200, "evil.example:" + port: 403, "evil.example": 403, "192.168.1.10:" + port: 403} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, res.StatusCode, want)
		}
		// The refusal carries the headers every page does.
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("Host %s: answered without the security headers: %v", host, res.Header)
		}
	}
}

// The server bounds what idle or runaway clients hold: at most maxLive
// live-update streams (the next is told 503), and a kept-alive connection
// that sends nothing is closed after the idle timeout, while a stream that
// outlives the write timeout goes on.
func TestServeBoundsIdleConnectionsAndLiveClients(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}}, false)
	s.idle, s.write = 300*time.Millisecond, 300*time.Millisecond
	addr, stop := serve(t, s)
	defer stop()
	var streams []*http.Response
	defer func() {
		for _, r := range streams {
			r.Body.Close()
		}
	}()
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for range maxLive {
		res, err := client.Get("http://" + addr + "/events")
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 {
			t.Fatalf("stream %d: %d", len(streams)+1, res.StatusCode)
		}
		streams = append(streams, res)
	}
	res, err := client.Get("http://" + addr + "/events")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("stream %d: %d, want 503", maxLive+1, res.StatusCode)
	}
	// A stream older than the write timeout still carries updates.
	time.Sleep(2 * s.write)
	s.SetGame(sample())
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(streams[0].Body)
		for sc.Scan() {
			if strings.Contains(sc.Text(), `"cards":1`) {
				line <- sc.Text()
				return
			}
		}
		close(line)
	}()
	select {
	case _, ok := <-line:
		if !ok {
			t.Error("the stream ended at the write timeout")
		}
	case <-time.After(5 * time.Second):
		t.Error("no update on a stream older than the write timeout")
	}

	// An idle kept-alive connection is closed.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	r := bufio.NewReader(conn)
	if resp, err := http.ReadResponse(r, nil); err != nil {
		t.Fatal(err)
	} else {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := r.ReadByte(); err != io.EOF {
		t.Errorf("an idle connection was not closed after %v: %v", s.idle, err)
	}
}

func TestEventsTellTheUpdateAndShutdownEndsThemCleanly(t *testing.T) {
	s := New([]Game{{ID: "nastrond"}, {ID: "guardian"}}, false)
	addr, stop := serve(t, s)
	res, err := http.Get("http://" + addr + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" {
		t.Errorf("events Content-Type %q", ct)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if l, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				lines <- l
			}
		}
		close(lines)
	}()
	next := func() string {
		select {
		case l := <-lines:
			return l
		case <-time.After(5 * time.Second):
			t.Fatal("no event within 5 s")
			return ""
		}
	}
	for _, want := range []string{`{"game":"nastrond","cards":0,"books":0,"report":0}`, `{"game":"guardian","cards":0,"books":0,"report":0}`} {
		if got := next(); got != want {
			t.Errorf("first events: %s, want %s", got, want)
		}
	}
	s.SetGame(sample())
	if got := next(); got != `{"game":"nastrond","cards":1,"books":0,"report":0}` {
		t.Errorf("after SetGame: %s", got)
	}
	s.SetBooks("nastrond", rulebook, nil, false)
	if got := next(); got != `{"game":"nastrond","cards":1,"books":1,"report":0}` {
		t.Errorf("after SetBooks: %s", got)
	}
	s.SetReport("guardian", []byte("<html></html>"), "")
	if got := next(); got != `{"game":"guardian","cards":0,"books":0,"report":1}` {
		t.Errorf("after SetReport: %s", got)
	}
	start := time.Now()
	if err := stop(); err != nil {
		t.Errorf("Serve after shutdown: %v", err)
	}
	select {
	case _, open := <-lines:
		if open {
			t.Error("an event after shutdown")
		}
	case <-time.After(time.Second):
		t.Error("the event stream is still open after shutdown")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("shutdown took %v with an event stream open", d)
	}
	if _, err := http.Get("http://" + addr + "/"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}
