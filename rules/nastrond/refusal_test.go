package nastrond

import (
	"bifrost/schema"
	"testing"
)

// TestNastrondEngineRefusalSpeaksBothLanguages builds the engine
// from data it refuses (validation would catch these first) and checks the
// Japanese and the English form.
func TestNastrondEngineRefusalSpeaksBothLanguages(t *testing.T) {
	shippedEngine(t) // loads shippedData
	for _, tt := range []struct {
		edit   func(d *Data)
		ja, en string
	}{
		{func(d *Data) { d.Nidhogg = nil },
			"ニーズヘッグが 0 体います。ちょうど 1 体にしてください", "nastrond: want exactly 1 Nidhogg, got 0"},
		{func(d *Data) { d.Keepers = nil },
			"第1階層はエッダ 20 枚とキーパー 0 枚で 20 枚ですが、マスは 24 あります", "nastrond: layer 1 has 20 Edda and 0 Keepers, 20 cards for 24 squares"},
	} {
		d := *shippedData
		tt.edit(&d)
		_, err := New(&d)
		if err == nil {
			t.Fatalf("New accepted data that should give %q", tt.en)
		}
		if got := schema.Japanese.ErrText(err); got != tt.ja {
			t.Errorf("Japanese %q, want %q", got, tt.ja)
		}
		if got := err.Error(); got != tt.en || schema.English.ErrText(err) != tt.en {
			t.Errorf("English %q, want %q", got, tt.en)
		}
	}
}
