package preview

import (
	"strings"
	"testing"

	"bifrost/schema"
)

// TestAddr_LoopbackUnlessListenNamesAHost: the preview listens on
// 127.0.0.1 at --port unless --listen names a host, whose own port, when it
// has one, wins; a port out of range is refused in the user's language.
func TestAddr_LoopbackUnlessListenNamesAHost(t *testing.T) {
	for _, c := range []struct {
		listen string
		port   int
		want   string
	}{
		{"", 0, "127.0.0.1:0"},
		{"", 8080, "127.0.0.1:8080"},
		{"0.0.0.0", 8080, "0.0.0.0:8080"},
		{"0.0.0.0:9000", 8080, "0.0.0.0:9000"},
		{"::1", 5000, "[::1]:5000"},
		{"[::1]:9000", 0, "[::1]:9000"},
	} {
		if got, err := Addr(c.listen, c.port); err != nil || got != c.want {
			t.Errorf("--listen %q --port %d: %s %v, want %s", c.listen, c.port, got, err, c.want)
		}
	}
	_, err := Addr("", 70000)
	if err == nil {
		t.Fatal("--port 70000 was taken")
	}
	if en, ja := schema.NewLang("en").ErrText(err), schema.NewLang("ja").ErrText(err); !strings.Contains(en, "must be 0 to 65535") || !strings.Contains(ja, "0〜65535") {
		t.Errorf("--port 70000: %q, %q", en, ja)
	}
}

// TestListen_SaysWhyInWords: an address already taken is refused with
// the address and the reason, not the socket call's text.
func TestListen_SaysWhyInWords(t *testing.T) {
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = Listen(ln.Addr().String())
	if err == nil {
		t.Fatal("an address in use was listened on twice")
	}
	if msg := schema.NewLang("en").ErrText(err); !strings.Contains(msg, "cannot listen on "+ln.Addr().String()) || strings.Contains(msg, "bind:") {
		t.Errorf("listening on an address in use: %q", msg)
	}
}
