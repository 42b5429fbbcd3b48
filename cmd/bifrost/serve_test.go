package main

import (
	"bifrost/rules"
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/xuri/excelize/v2"
)

// startServe runs `bifrost serve games…` as launchServe does and returns
// its address. The server stops when the test ends, and must stop cleanly.
func startServe(tb testing.TB, src, rulesDir string, games ...string) string {
	tb.Helper()
	return startServeOn(tb, rules.All(), src, rulesDir, games...)
}

// startServeOn is startServe knowing the games of registry.
func startServeOn(tb testing.TB, registry rules.Games, src, rulesDir string, games ...string) string {
	tb.Helper()
	url, stop := launchServeOn(tb, registry, src, rulesDir, games...)
	tb.Cleanup(func() {
		if err := stop(); err != nil {
			tb.Error(err)
		}
	})
	return url
}

// launchServe runs `bifrost serve games…` in-process on a free loopback
// port with src as the workbook folder and rulesDir as the books' folder,
// waits until it is up and returns its address (http://127.0.0.1:port/) and
// stop, which does what Ctrl-C does and says whether serve then ended
// cleanly within 10 s.
func launchServe(tb testing.TB, src, rulesDir string, games ...string) (string, func() error) {
	tb.Helper()
	return launchServeOn(tb, rules.All(), src, rulesDir, games...)
}

// launchServeOn is launchServe knowing the games of registry.
func launchServeOn(tb testing.TB, registry rules.Games, src, rulesDir string, games ...string) (string, func() error) {
	tb.Helper()
	g := &globalOptions{lang: "ja", stdout: io.Discard, stderr: io.Discard, registry: registry}
	ready := make(chan string, 1)
	opts := &serveOptions{globalOptions: g, src: src, rules: rulesDir, debounce: 150 * time.Millisecond, games: 20,
		ready: func(url string) { ready <- url }}
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, opts, games) }()
	var url string
	select {
	case url = <-ready:
	case err := <-done:
		tb.Fatalf("serve stopped before it was ready: %v", err)
	case <-time.After(2 * time.Minute):
		tb.Fatal("serve not ready after 2 minutes")
	}
	stop := func() error {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("serve after Ctrl-C: %v", err)
			}
			return nil
		case <-time.After(10 * time.Second):
			return errors.New("serve did not stop within 10 s of its context ending")
		}
	}
	base, _, _ := strings.Cut(strings.TrimPrefix(url, "http://"), "/")
	return "http://" + base + "/", stop
}

// browser starts headless Chromium for a test; a missing Chromium skips
// the test, or fails it under CI.
func browser(t *testing.T) context.Context {
	t.Helper()
	bin := needTool(t, "chromium", "chromium")
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]), chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1400, 1800), chromedp.UserDataDir(t.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancelTime)
	return ctx
}

// openGallery opens a game's gallery and marks the page, so that a test
// can tell that it was never reloaded.
func openGallery(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#live .card svg") !== null`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("no card drawn on %s: %v", url, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.bifrostMarker = "never reloaded"; true`)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// notReloaded fails the test when the page lost the mark openGallery put.
func notReloaded(t *testing.T, ctx context.Context) {
	t.Helper()
	mark, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.bifrostMarker || ""`))
	if err != nil || mark != "never reloaded" {
		t.Errorf("the page was reloaded (mark %q, %v)", mark, err)
	}
}

// pageText is the start of the gallery's text, for a failure message.
func pageText(ctx context.Context) string {
	s, err := chromedp.Run(context.WithoutCancel(ctx), chromedp.Evaluate[string](`document.querySelector("#live").textContent.slice(0, 2000)`))
	if err != nil {
		return err.Error()
	}
	return s
}

func TestRenamedCardShowsInTheOpenGalleryWithoutReload(t *testing.T) {
	src := copySrc(t)
	url := startServe(t, src, "../../rules", "nastrond")
	ctx := browser(t)
	openGallery(t, ctx, url+"nastrond")
	const name = "改名した物語"
	if was, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.body.textContent.includes(%q)`, name))); err != nil || was {
		t.Fatalf("the new name is on the page before the edit (%v)", err)
	}
	breakCell(t, src, "nastrond", "Edda", "名前", 2, name)
	saved := time.Now()
	// The card's own drawing (its SVG), not only its caption, shows the new name.
	inCard := fmt.Sprintf(`[...document.querySelectorAll("#live figure.card")].some(f =>
		f.querySelector("figcaption").textContent.includes("Edda の 2 行目") &&
		[...f.querySelectorAll("svg text")].some(t => t.textContent.includes(%q)))`, name)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](inCard, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the renamed card of Edda row 2 did not appear: %v\n%s", err, pageText(ctx))
	}
	t.Logf("the new name showed %v after the save (debounce 150 ms)", time.Since(saved).Round(10*time.Millisecond))
	notReloaded(t, ctx)
}

func TestBrokenCellShowsItsProblemOnThePage(t *testing.T) {
	src := copySrc(t)
	url := startServe(t, src, "../../rules", "nastrond")
	ctx := browser(t)
	openGallery(t, ctx, url+"nastrond")
	var cell string
	edit(t, src, "nastrond", func(f *excelize.File) error {
		var err error
		if cell, err = cellOf(f, "Edda", "目標値", 3); err != nil {
			return err
		}
		return f.SetCellValue("Edda", cell, "たくさん")
	})
	where := filepath.Join(src, "nastrond.xlsx") + ": Edda!" + cell
	// In the list at the top, and beside the card of Edda row 3.
	js := fmt.Sprintf(`[...document.querySelectorAll("#live .problems li")].some(l => l.textContent.includes(%q)) &&
		[...document.querySelectorAll("#live figure.card.bad")].some(f =>
			f.querySelector("figcaption").textContent.includes("Edda の 3 行目") &&
			f.querySelector(".card-problems").textContent.includes(%q))`, where, where)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the problem at %s did not appear in the list and beside its card: %v\n%s", where, err, pageText(ctx))
	}
	notReloaded(t, ctx)
	// Fixing the cell takes the problem away again.
	breakCell(t, src, "nastrond", "Edda", "目標値", 3, 5)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#live .ok") !== null && !document.querySelector("#live .card.bad")`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Errorf("the problem stayed after the cell was fixed: %v", err)
	}
}

func TestSavedRulebookUpdatesItsOpenPage(t *testing.T) {
	root := copyProject(t, "nastrond")
	src := filepath.Join(root, "cardsrc")
	rules := filepath.Join(root, "rules", "nastrond")
	url := startServe(t, src, filepath.Join(root, "rules"), "nastrond")
	ctx := browser(t)
	// The page may be swapped for the made book while it loads: poll, as a
	// node found early may leave the page.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"nastrond/rulebook")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("h1.title") !== null`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the rulebook did not come: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.bifrostMarker = "never reloaded"; true`)); err != nil {
		t.Fatal(err)
	}
	const added = "保存したばかりの段落です。"
	f, err := os.OpenFile(filepath.Join(rules, "rulebook.md"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n\n" + added + "\n")
	f.Close()
	js := fmt.Sprintf(`document.body.textContent.includes(%q)`, added)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the paragraph saved in rulebook.md did not appear on the open rulebook page: %v", err)
	}
	notReloaded(t, ctx)
}

func TestServeListensOnLoopbackUnlessTold(t *testing.T) {
	url := startServe(t, copySrc(t), "../../rules", "nastrond")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("serve listens on %s, not on 127.0.0.1", url)
	}
	req, _ := http.NewRequest("GET", url+"nastrond", nil)
	req.Host = "attacker.example"
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("a request for another host name: %v %v, want 403", res.StatusCode, err)
	}
	if r := bifrost(t, "serve", "nastrond", "--port", "70000", "--lang", "en"); r.code != 2 || !strings.Contains(r.stderr, "--port 70000") {
		t.Errorf("--port 70000: exit %d, %s", r.code, r.stderr)
	}
	if r := bifrost(t, "serve", "../../cardsrc/nastrond.xlsx", "--lang", "en"); r.code != 2 {
		t.Errorf("serve takes game names, not workbooks: exit %d, %s", r.code, r.stderr)
	}
}

func TestServeStopsCleanlyWithAPageOpen(t *testing.T) {
	url, stop := launchServe(t, copySrc(t), "../../rules", "guardian")
	base := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	res, err := http.Get(url + "events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if line, err := bufio.NewReader(res.Body).ReadString('\n'); err != nil || !strings.HasPrefix(line, "retry:") {
		t.Fatalf("event stream: %q %v", line, err)
	}
	start := time.Now()
	if err := stop(); err != nil { // what Ctrl-C does
		t.Fatalf("with an event stream open: %v", err)
	}
	t.Logf("stopped in %v", time.Since(start).Round(time.Millisecond))
	if _, err := io.ReadAll(res.Body); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("the event stream did not end cleanly: %v", err)
	}
	if c, err := net.DialTimeout("tcp", base, time.Second); err == nil {
		c.Close()
		t.Error("the port still accepts connections after serve stopped")
	}
}

func TestServeWritesNothing(t *testing.T) {
	src := copySrc(t)
	list := func() []string {
		var names []string
		filepath.WalkDir(filepath.Dir(src), func(p string, d os.DirEntry, err error) error {
			names = append(names, p)
			return nil
		})
		return names
	}
	before := list()
	url := startServe(t, src, "../../rules", "nastrond")
	for _, page := range []string{"nastrond", "nastrond/rulebook", "nastrond/designer", "nastrond/summary", "nastrond/report"} {
		res, err := http.Get(url + page)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("GET %s: %v %v", page, res.StatusCode, err)
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", page, ct)
		}
		res.Body.Close()
	}
	if after := list(); !slices.Equal(before, after) {
		t.Errorf("serve wrote files:\nbefore %v\nafter  %v", before, after)
	}
}

// A port another program holds is said in the user's words, with what to
// do, not as the socket call's English.
func TestServePortInUseSpeaksTheUsersLanguage(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	for _, tt := range []struct{ lang, want string }{
		{"ja", "そのポートはほかのプログラムが使っています。--port で別の番号を指定してください"},
		{"en", "the port is in use by another program; choose another with --port"},
	} {
		r := bifrost(t, "serve", "nastrond", "--port", port, "--lang", tt.lang)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) || strings.Contains(r.stderr, "bind:") {
			t.Errorf("--lang %s: exit %d, stderr %q; want 2 and %q", tt.lang, r.code, r.stderr, tt.want)
		}
	}
}
