package nastrond

import (
	"testing"

	"bifrost/rules/sim/simtest"
)

// TestEngineConformsToTheHarness runs the checks every engine passes
// (sim/simtest.Conformance).
func TestEngineConformsToTheHarness(t *testing.T) {
	simtest.Conformance(t, shippedEngine(t), recount())
}
