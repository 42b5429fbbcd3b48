package valkyrie

import (
	"strings"
	"testing"
)

// TestFromData: the registry's constructor takes the validated data and
// refuses anything else.
func TestFromData(t *testing.T) {
	e, err := FromData(loadData(t, nil))
	if err != nil || e.Name() != "valkyrie" || len(e.PlayerCounts()) != 3 || e.TurnCap() != 400 {
		t.Fatalf("FromData: %v, %v", e, err)
	}
	if _, err := FromData(42); err == nil || !strings.Contains(err.Error(), "ValkyrieData") {
		t.Errorf("FromData(42): %v", err)
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) succeeded")
	}
}
