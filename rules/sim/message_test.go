package sim

import (
	"bifrost/schema"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestViolationRecordsBothForms: a violation keeps an engine message's two
// forms and Text picks the one of the language asked for; a plain error has
// its text as the English form and no Japanese one.
func TestViolationRecordsBothForms(t *testing.T) {
	p := NewPlayer(&race{goal: 20}, []string{"random"}, nil)
	v := p.violation(Config{Players: 2}, 1, 3, schema.Errorf("違反 %d", "violation %d", 7))
	if v.Message != "violation 7" || v.MessageJA != "違反 7" || v.Text(schema.Japanese) != "違反 7" || v.Text(schema.English) != "violation 7" {
		t.Errorf("violation %+v", v)
	}
	v = p.violation(Config{Players: 2}, 1, 3, errors.New("plain"))
	if v.MessageJA != "" || v.Text(schema.Japanese) != "plain" {
		t.Errorf("a plain error gave %+v, want English only", v)
	}
}

// TestErrorfFormsTakeTheSameArguments parses every Go source of the module
// and checks that every schema.Errorf call gives two literal forms, and
// every two-form Sprintf call (Lang.Sprintf) two forms, that use the same
// verb for each argument, and as many arguments as they use; and that the
// engines' invariant files (check.go, step.go) build no English-only error.
func TestErrorfFormsTakeTheSameArguments(t *testing.T) {
	errorf, sprintf := 0, 0
	err := filepath.WalkDir(filepath.Join("..", ".."), func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if base := d.Name(); base == "testdata" || (strings.HasPrefix(base, ".") && base != "." && base != "..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return err
		}
		engine := filepath.Base(filepath.Dir(filepath.Dir(name))) == "rules" && filepath.Base(filepath.Dir(name)) != "sim"
		invariants := engine && (filepath.Base(name) == "check.go" || filepath.Base(name) == "step.go")
		for _, msg := range errorfProblems(f, invariants, &errorf, &sprintf) {
			t.Errorf("%s: %s", fset.Position(msg.pos), msg.text)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if errorf < 200 || sprintf < 120 {
		t.Errorf("only %d schema.Errorf and %d two-form Sprintf calls in the module", errorf, sprintf)
	}
}

func TestErrorfCheckCatchesAMissingForm(t *testing.T) {
	src := `package p
func f() {
	_ = schema.Errorf("P%d の山札", "P%d's deck", 1)
	_ = schema.Errorf("P%d's deck", 1)
	_ = schema.Errorf("P%d の%s", "P%d's %d", 1, 2)
	_ = schema.Errorf("%[2]s の P%[1]d", "P%d's %s", 1, "x")
	_ = schema.Errorf("P%d", "P%d", 1, 2)
	_ = l.Sprintf("%s の P%d", "P%d's %s", 1, "x")
	_ = l.Sprintf("「%s」の山札", "%q's deck", "x")
	_ = fmt.Sprintf("P%d", 1)
	_ = fmt.Errorf("English only")
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	errorf, sprintf := 0, 0
	var got []string
	for _, m := range errorfProblems(f, true, &errorf, &sprintf) {
		got = append(got, m.text)
	}
	if len(got) != 5 || errorf != 5 || sprintf != 2 {
		t.Errorf("%d Errorf and %d Sprintf calls, problems %q; want 5, 2 and 5 problems (missing form, %%s against %%d, extra argument, swapped verbs, fmt.Errorf)", errorf, sprintf, got)
	}
}

type astProblem struct {
	pos  token.Pos
	text string
}

// errorfProblems lists what is wrong with f's schema.Errorf calls and
// two-form Sprintf calls (counting them in errorf and sprintf) and, when
// invariants is set, its English-only errors.
func errorfProblems(f *ast.File, invariants bool, errorf, sprintf *int) []astProblem {
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
		case "schema.Errorf":
			*errorf++
			if p := errorfCall(call); p != "" {
				out = append(out, astProblem{call.Pos(), p})
			}
		default:
			if sel.Sel.Name != "Sprintf" || pkg.Name == "fmt" || len(call.Args) < 2 {
				break
			}
			if _, ok := literal(call.Args[1]); !ok {
				break // a one-form Sprintf, or forms chosen at run time (Message.In)
			}
			*sprintf++
			if p := errorfCall(call); p != "" {
				out = append(out, astProblem{call.Pos(), p})
			}
		}
		return true
	})
	return out
}

// errorfCall says what is wrong with one two-form call, or "".
func errorfCall(call *ast.CallExpr) string {
	if len(call.Args) < 2 {
		return "a two-form call needs a Japanese and an English form"
	}
	ja, okJA := literal(call.Args[0])
	en, okEN := literal(call.Args[1])
	if !okJA || !okEN {
		return "a two-form call needs a Japanese and an English form as string literals"
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
		verb := rune(format[i])
		if verb == 'q' {
			verb = 's' // 「%s」 in Japanese is "%q" in English
		}
		if v, ok := out[next]; ok && v != verb {
			return nil, fmt.Errorf("argument %d is both %%%c and %%%c in %q", next, v, verb, format)
		}
		out[next] = verb
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
