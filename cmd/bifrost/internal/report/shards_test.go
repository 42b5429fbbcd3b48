package report

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bifrost/schema"
)

// TestReadShardsRefusesWhatIsNoShardReport: a file that is not JSON, or
// is JSON of the wrong shape, is not a report, and says where; a report
// without its raw section cannot be merged; a shard report is read with
// its raw section.
func TestReadShardsRefusesWhatIsNoShardReport(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		data, key, says string
	}{
		{`{"game": "nastrond", "raw": {"games": 4}}`, "", ""},
		{`{"game": `, "not_report", "not JSON (at byte 9)"},
		{`{"game": 7}`, "not_report", `JSON field "game" has the wrong type`},
		{`{"game": "nastrond"}`, "no_raw", "has no raw section"},
	} {
		f := filepath.Join(dir, "shard.json")
		if err := os.WriteFile(f, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		reports, raws, err := ReadShards([]string{f})
		var m *schema.Message
		switch {
		case tt.key == "":
			if err != nil || len(reports) != 1 || reports[0].Game != "nastrond" || string(raws[0]) != `{"games": 4}` {
				t.Errorf("%s: %v, %q, %v; want the report and its raw section", tt.data, reports, raws, err)
			}
		case !errors.As(err, &m) || m.Key() != tt.key:
			t.Errorf("%s: %v; want %s", tt.data, err, tt.key)
		default:
			schema.SetLang(err, schema.NewLang("en"))
			if !strings.Contains(err.Error(), tt.says) || !strings.HasPrefix(err.Error(), f) {
				t.Errorf("%s: %q; want %s: …%s…", tt.data, err, f, tt.says)
			}
		}
	}
}
