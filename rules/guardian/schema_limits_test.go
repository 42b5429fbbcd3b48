package guardian

import (
	"bifrost/schema/schematest"
	"strings"
	"testing"
)

// limitCase is one workbook shape at or past an engine limit: the cell of
// the error it must raise, or "" when it must validate without errors.
type limitCase struct {
	name string
	edit func(t *testing.T, s map[string][][]string)
	cell string // "Sheet!A1" of the error, or ""
	want string // the error's message, in part
}

// pays repeats a guardian pay condition n times.
func pays(n int) string { return strings.Repeat("【消費 1 火】", n) }

// TestGuardianPaymentsPerUse: one use pays at most GuardianMaxPayments times, each pay
// condition counting one and an Advance's cost (when not 0) one more. Past
// that the engine refused the data, so validation reports it at the cell,
// at the pay condition that passes the limit.
func TestGuardianPaymentsPerUse(t *testing.T) {
	const key = "too many payments"
	for _, tc := range []limitCase{
		{"advance cost and three pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Advance", 1, "コスト", "1")
			schematest.SetCell(t, s, "Advance", 1, "条件", pays(3))
		}, "", ""},
		{"advance cost and four pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Advance", 1, "コスト", "1")
			schematest.SetCell(t, s, "Advance", 1, "条件", pays(4))
		}, "Advance!F2", "effect, character 26: one use asks for too many payments (at most 4"},
		{"advance without cost, four pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Advance", 1, "コスト", "0")
			schematest.SetCell(t, s, "Advance", 1, "条件", "【応援属性 火 >= 1】"+pays(4))
		}, "", ""},
		{"advance without cost, five pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Advance", 1, "コスト", "0")
			schematest.SetCell(t, s, "Advance", 1, "条件", pays(5))
		}, "Advance!F2", "effect, character 34:"},
		{"advance cheer, five pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Advance", 1, "効果", "応援: "+pays(5)+"ポイント +1")
		}, "Advance!G2", "one use asks for too many payments"},
		{"guardian cheer, four pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Guardian", 2, "効果", "応援: "+pays(4)+"引く 1; 応援: ポイント +1")
		}, "", ""},
		{"guardian cheer, five pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Guardian", 2, "効果", "シップ時: ポイント +1; 応援: "+pays(5)+"引く 1")
		}, "Guardian!D3", "one use asks for too many payments"},
		{"order, five pays", func(t *testing.T, s map[string][][]string) {
			schematest.SetCell(t, s, "Order", 2, "効果", pays(5)+"ポイント +2; 引く 1")
		}, "Order!D3", "one use asks for too many payments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := guardianSheets()
			tc.edit(t, s)
			schematest.CheckLimit(t, validateGuardian(s), tc.cell, tc.want, key)
		})
	}
}
