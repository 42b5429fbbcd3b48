package preview

import (
	"errors"
	"net"
	"strconv"
	"strings"
	"syscall"

	"bifrost/schema"
)

// Messages are what Listen says when it cannot listen: Japanese, English.
var Messages = schema.Catalogue{
	"serve_listen": {"%s で待ち受けられません：%v", "cannot listen on %s: %v"},
	"serve_port":   {"--port %d：0〜65535 にしてください", "--port %d: must be 0 to 65535"},
}

// Addr is the address serve listens on: 127.0.0.1:port, unless listen
// names another host (and maybe its port). Its error, a port out of range,
// is the user's to fix.
func Addr(listen string, port int) (string, error) {
	if port < 0 || port > 65535 {
		return "", Messages.Err("serve_port", port)
	}
	if listen == "" {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), nil
	}
	if _, _, err := net.SplitHostPort(listen); err == nil {
		return listen, nil
	}
	return net.JoinHostPort(strings.Trim(listen, "[]"), strconv.Itoa(port)), nil
}

// Listen listens on addr over TCP; a failure says why in words, not as the
// socket call's text.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var errno syscall.Errno
		if errors.As(err, &errno) {
			err = errno
		}
		return nil, Messages.Err("serve_listen", addr, err)
	}
	return ln, nil
}
