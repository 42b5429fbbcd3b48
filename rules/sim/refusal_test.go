package sim

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// engineFiles build the engines from validated data; what they refuse is
// shown to the designer.
var engineFiles = []string{"valkyrie/engine.go", "nastrond/engine.go", "nastrond/skills.go", "guardian/engine.go", "bloodrage/engine.go", "bloodrage/effects.go"}

// TestEngineRefusalsHaveBothForms checks that the engines'
// load-time refusals build no English-only error and that each schema.Errorf
// gives two forms with the same verbs.
func TestEngineRefusalsHaveBothForms(t *testing.T) {
	calls := 0
	for _, name := range engineFiles {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join("..", name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range errorfProblems(f, true, &calls, new(int)) {
			t.Errorf("%s: %s", fset.Position(msg.pos), msg.text)
		}
	}
	if calls < 70 {
		t.Errorf("only %d schema.Errorf calls in %v", calls, engineFiles)
	}
}
