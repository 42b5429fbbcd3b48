package sim

import (
	"bifrost/schema"
	"encoding/json"
	"fmt"
)

// statsJSON is the stored form of Stats; engine tallies are kept raw until
// an engine is at hand to decode them.
type statsJSON struct {
	Games      int                        `json:"games"`
	Unfinished int                        `json:"unfinished"`
	Violations []Violation                `json:"violations"`
	Stalled    []Violation                `json:"stalled"`
	ByPlayers  map[int]*PlayerStats       `json:"by_players"`
	Cards      []CardStats                `json:"cards"`
	Extra      map[string]json.RawMessage `json:"extra,omitempty"`
}

// MarshalJSON stores every count, so that a report's raw section can be merged later.
func (s *Stats) MarshalJSON() ([]byte, error) {
	out := statsJSON{Games: s.Games, Unfinished: s.Unfinished, Violations: s.Violations, Stalled: s.Stalled, ByPlayers: s.ByPlayers, Cards: s.Cards}
	if out.Violations == nil {
		out.Violations = []Violation{}
	}
	if out.Stalled == nil {
		out.Stalled = []Violation{}
	}
	for k, t := range s.Extra {
		raw, err := json.Marshal(t)
		if err != nil {
			return nil, err
		}
		if out.Extra == nil {
			out.Extra = map[string]json.RawMessage{}
		}
		out.Extra[k] = raw
	}
	return json.Marshal(out)
}

// DecodeStats reads stored Stats back for engine e, whose tallies decode
// their own raw sections.
func DecodeStats(e Engine, data []byte) (*Stats, error) {
	var in statsJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, err
	}
	s := NewStats(e)
	if len(in.Cards) != len(s.Cards) {
		return nil, schema.Errorf("レポートのカードは %d 種類ですが、%s には %d 種類あります", "the report counts %d cards but %s has %d", len(in.Cards), e.Name(), len(s.Cards))
	}
	s.Games, s.Unfinished, s.Violations, s.Stalled, s.Cards = in.Games, in.Unfinished, in.Violations, in.Stalled, in.Cards
	for n, ps := range in.ByPlayers {
		s.ByPlayers[n] = ps
	}
	for k, raw := range in.Extra {
		t, ok := e.(Tallier)
		if !ok {
			return nil, schema.Errorf("レポートに %[2]s が記録しない「%[1]s」の集計があります", "the report has a %q section that %s does not keep", k, e.Name())
		}
		tally := t.NewTally()
		if err := json.Unmarshal(raw, tally); err != nil {
			return nil, schema.Errorf("集計「%s」：%v", "section %q: %v", k, err)
		}
		if s.Extra == nil {
			s.Extra = map[string]Tally{}
		}
		s.Extra[k] = tally
	}
	return s, nil
}

// MergeReports combines the raw statistics of shard reports of one batch into
// the report a single run would give. Timing fields are summed.
func MergeReports(e Engine, reports []*Report, raws [][]byte) (*Report, error) {
	if len(reports) == 0 {
		return nil, schema.Errorf("まとめるレポートがありません", "no reports to merge")
	}
	first := reports[0]
	total := NewStats(e)
	var elapsed float64
	workers := 0
	for i, r := range reports {
		if r.Game != first.Game || r.Seed != first.Seed || fmt.Sprint(r.PlayerCounts) != fmt.Sprint(first.PlayerCounts) || fmt.Sprint(r.Bots) != fmt.Sprint(first.Bots) {
			return nil, schema.Errorf("%d 番目のレポートは別のバッチのものです（ゲーム、シード、人数かボットが違います）", "report %d is from another batch (game, seed, players or bots differ)", i+1)
		}
		s, err := DecodeStats(e, raws[i])
		if err != nil {
			return nil, schema.Errorf("%d 番目のレポート：%v", "report %d: %v", i+1, err)
		}
		total.Merge(s)
		elapsed += r.ElapsedS
		workers += r.Workers
	}
	total.sortViolations()
	out := NewReport(e, BatchOptions{Seed: first.Seed, Players: first.PlayerCounts, Bots: first.Bots}, total)
	out.ElapsedS, out.Workers = elapsed, workers
	if elapsed > 0 {
		out.GamesPerSecond = float64(out.Games) / elapsed
	}
	return out, nil
}
