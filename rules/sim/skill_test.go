package sim

import "testing"

// TestSkillVerdictsComeFromDifferencesBeyondTheIntervals: the two bots
// disagree about a card only when the difference of their effects lies
// beyond the two intervals; then the verdict says which sees a sure effect,
// or whether the signs are opposite, or which way the size moved.
func TestSkillVerdictsComeFromDifferencesBeyondTheIntervals(t *testing.T) {
	p := func(win, low, high float64) Paired {
		return Paired{Games: 300, Changed: 200, Win: win, WinLow: low, WinHigh: high}
	}
	for _, tt := range []struct {
		name          string
		base, skilled Paired
		want          SkillVerdict
	}{
		{"the same effect", p(14, 10, 18), p(13, 8, 18), SkillAgree},
		{"different, but within the intervals", p(14, 10, 18), p(8, 2, 14), SkillAgree},
		{"wide intervals hide a large gap", p(14, -6, 34), p(-10, -30, 10), SkillAgree},
		{"greedy only: sure with greedy, none sure with search", p(14, 10, 18), p(2, -3, 7), SkillBaseOnly},
		{"search only: none sure with greedy, sure with search", p(1, -3, 5), p(12, 8, 16), SkillSkilledOnly},
		{"opposite signs, both sure", p(10, 6, 14), p(-8, -12, -4), SkillOpposite},
		{"a weak card the skilled player turns around", p(-9, -12, -6), p(6, 2, 10), SkillOpposite},
		{"both sure, smaller with search", p(20, 17, 23), p(8, 5, 11), SkillSmaller},
		{"both sure, larger with search", p(6, 4, 8), p(15, 12, 18), SkillLarger},
		{"a weak card weaker with search", p(-6, -8, -4), p(-15, -18, -12), SkillLarger},
		{"neither sure, apart beyond the intervals", p(4, -0.5, 8.5), p(-4, -8.5, 0.5), SkillSmaller},
		{"no effect with greedy, one with search", p(0, -4, 4), p(-9, -13, -5), SkillSkilledOnly},
		{"too few games with search", p(14, 10, 18), Paired{Games: MinUses - 1, Changed: MinUses - 1, Win: -30, WinLow: -31, WinHigh: -29}, SkillTooFew},
		{"too few games changed with search", p(14, 10, 18), Paired{Games: 300, Changed: MinChanged - 1, Win: -30, WinLow: -31, WinHigh: -29}, SkillTooFew},
	} {
		got := CompareSkill(tt.base, tt.skilled)
		if got != tt.want {
			t.Errorf("%s: %v against %v: %q, want %q", tt.name, tt.base, tt.skilled, got, tt.want)
		}
		if got.Disagrees() != (tt.want != SkillAgree && tt.want != SkillTooFew) {
			t.Errorf("%s: Disagrees() = %v", tt.name, got.Disagrees())
		}
	}
}
