package report

import (
	"encoding/json"
	"errors"
	"os"

	"bifrost/rules/sim"
	"bifrost/schema"
)

// ReadShards reads the reports of a batch played in shards (`sim --shard
// i/n --json`), in the order of files, each with its raw section, which
// sim.MergeReports needs. A file that is not such a report is an error
// that says why.
func ReadShards(files []string) ([]*sim.Report, [][]byte, error) {
	var reports []*sim.Report
	var raws [][]byte
	for _, f := range files {
		if err := schema.RegularFile(f); err != nil {
			return nil, nil, err
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		var r sim.Report
		var raw struct {
			Raw json.RawMessage `json:"raw"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, nil, Messages.Err("not_report", f, jsonReason(err))
		}
		if err := json.Unmarshal(data, &raw); err != nil || len(raw.Raw) == 0 {
			return nil, nil, Messages.Err("no_raw", f)
		}
		reports, raws = append(reports, &r), append(raws, raw.Raw)
	}
	return reports, raws, nil
}

// jsonReason puts why a file is not JSON of the wanted shape into the
// catalogue's words.
func jsonReason(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return Messages.Err("json_syntax", syntax.Offset)
	case errors.As(err, &typ):
		return Messages.Err("json_type", typ.Field)
	}
	return err
}
