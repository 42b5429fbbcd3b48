package sim

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestMessageHasBothForms(t *testing.T) {
	inner := Errorf("P%d の山札", "P%d's deck", 2)
	err := Errorf("%s が %s にあります（%d）", "%s is in the %s (%d)", inner, Word{"手札", "hand"}, 3)
	if got, want := err.Error(), "P2's deck is in the hand (3)"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	if got, want := Localized(err, true), "P2 の山札 が 手札 にあります（3）"; got != want {
		t.Errorf("Japanese %q, want %q", got, want)
	}
	if got := Localized(err, false); got != err.Error() {
		t.Errorf("Localized(en) = %q, want the English form", got)
	}
	plain := errors.New("plain English")
	if got := Localized(plain, true); got != "plain English" {
		t.Errorf("a plain error reads %q in Japanese, want its English text", got)
	}
}

func TestViolationRecordsBothForms(t *testing.T) {
	p := NewPlayer(&race{goal: 20}, []string{"random"}, nil)
	v := p.violation(Config{Players: 2}, 1, 3, Errorf("違反 %d", "violation %d", 7))
	if v.Message != "violation 7" || v.MessageJA != "違反 7" || v.Text("ja") != "違反 7" || v.Text("en") != "violation 7" {
		t.Errorf("violation %+v", v)
	}
	v = p.violation(Config{Players: 2}, 1, 3, errors.New("plain"))
	if v.MessageJA != "" || v.Text("ja") != "plain" {
		t.Errorf("a plain error gave %+v, want English only", v)
	}
}

// errorfPackages are the engines whose invariant messages come in both forms.
var errorfPackages = []string{"guardian", "valkyrie", "bloodrage", "nastrond"}

// TestErrorfFormsTakeTheSameArguments parses the engines' sources
// and checks that every sim.Errorf call gives two literal forms that use the
// same verb for each argument, and as many arguments as they use; and that
// the invariant files (check.go, step.go) build no English-only error.
func TestErrorfFormsTakeTheSameArguments(t *testing.T) {
	calls := 0
	for _, pkg := range errorfPackages {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no sources (%v)", pkg, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			invariants := filepath.Base(name) == "check.go" || filepath.Base(name) == "step.go"
			for _, msg := range errorfProblems(f, invariants, &calls) {
				t.Errorf("%s: %s", fset.Position(msg.pos), msg.text)
			}
		}
	}
	if calls < 50 {
		t.Errorf("only %d sim.Errorf calls in %v", calls, errorfPackages)
	}
}

func TestErrorfCheckCatchesAMissingForm(t *testing.T) {
	src := `package p
func f() {
	_ = sim.Errorf("P%d の山札", "P%d's deck", 1)
	_ = sim.Errorf("P%d's deck", 1)
	_ = sim.Errorf("P%d の%s", "P%d's %d", 1, 2)
	_ = sim.Errorf("%[2]s の P%[1]d", "P%d's %s", 1, "x")
	_ = sim.Errorf("P%d", "P%d", 1, 2)
	_ = fmt.Errorf("English only")
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	var got []string
	for _, m := range errorfProblems(f, true, &calls) {
		got = append(got, m.text)
	}
	if len(got) != 4 || calls != 5 {
		t.Errorf("%d calls, problems %q; want 5 calls and 4 problems (missing form, %%s against %%d, extra argument, fmt.Errorf)", calls, got)
	}
}

type astProblem struct {
	pos  token.Pos
	text string
}

// errorfProblems lists what is wrong with f's sim.Errorf calls (counting
// them in calls) and, when invariants is set, its English-only errors.
func errorfProblems(f *ast.File, invariants bool, calls *int) []astProblem {
	var out []astProblem
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		pkg, _ := sel.X.(*ast.Ident)
		if pkg == nil {
			return true
		}
		switch name := pkg.Name + "." + sel.Sel.Name; name {
		case "fmt.Errorf", "errors.New":
			if invariants {
				out = append(out, astProblem{call.Pos(), name + " gives an English-only message"})
			}
		case "sim.Errorf":
			*calls++
			if p := errorfCall(call); p != "" {
				out = append(out, astProblem{call.Pos(), p})
			}
		}
		return true
	})
	return out
}

// errorfCall says what is wrong with one sim.Errorf call, or "".
func errorfCall(call *ast.CallExpr) string {
	if len(call.Args) < 2 {
		return "sim.Errorf needs a Japanese and an English form"
	}
	ja, okJA := literal(call.Args[0])
	en, okEN := literal(call.Args[1])
	if !okJA || !okEN {
		return "sim.Errorf needs a Japanese and an English form as string literals"
	}
	vja, err := verbs(ja)
	if err != nil {
		return err.Error()
	}
	ven, err := verbs(en)
	if err != nil {
		return err.Error()
	}
	if !maps.Equal(vja, ven) {
		return fmt.Sprintf("the forms use different verbs: %s against %s", verbList(vja), verbList(ven))
	}
	if n := len(call.Args) - 2; len(ven) != n || (n > 0 && slices.Max(slices.Collect(maps.Keys(ven))) != n) {
		return fmt.Sprintf("%d arguments for the verbs %s", n, verbList(ven))
	}
	return ""
}

// literal evaluates a string literal or a sum of them.
func literal(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, okA := literal(e.X)
		b, okB := literal(e.Y)
		return a + b, okA && okB && e.Op == token.ADD
	case *ast.ParenExpr:
		return literal(e.X)
	}
	return "", false
}

// verbs maps each argument (from 1) a format uses to its verb.
func verbs(format string) (map[int]rune, error) {
	out := map[int]rune{}
	next := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
	spec:
		for i++; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '[':
				end := strings.IndexByte(format[i:], ']')
				if end < 0 {
					return nil, fmt.Errorf("bad index in %q", format)
				}
				n, err := strconv.Atoi(format[i+1 : i+end])
				if err != nil {
					return nil, fmt.Errorf("bad index in %q", format)
				}
				next, i = n, i+end
				continue
			case strings.IndexByte("+-# 0123456789.", c) >= 0:
				continue
			}
			break spec
		}
		if i >= len(format) {
			return nil, fmt.Errorf("%q ends inside a verb", format)
		}
		if format[i] == '%' {
			continue
		}
		if v, ok := out[next]; ok && v != rune(format[i]) {
			return nil, fmt.Errorf("argument %d is both %%%c and %%%c in %q", next, v, format[i], format)
		}
		out[next] = rune(format[i])
		next++
	}
	return out, nil
}

func verbList(m map[int]rune) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d:%%%c", k, m[k]))
	}
	return "[" + strings.Join(parts, " ") + "]"
}
