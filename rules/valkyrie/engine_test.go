package valkyrie

import (
	"strings"
	"testing"
)

// TestDefinitionNewTakesTheValidatedDataAndRefusesAnythingElse: the
// registry's constructor takes the validated data and refuses anything else.
func TestDefinitionNewTakesTheValidatedDataAndRefusesAnythingElse(t *testing.T) {
	e, err := Definition.New(loadData(t, nil))
	if err != nil || e.Name() != "valkyrie" || len(e.PlayerCounts()) != 3 || e.TurnCap() != 400 {
		t.Fatalf("Definition.New: %v, %v", e, err)
	}
	if _, err := Definition.New(42); err == nil || !strings.Contains(err.Error(), "*valkyrie.Data") {
		t.Errorf("Definition.New(42): %v", err)
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) succeeded")
	}
}
