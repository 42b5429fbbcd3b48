package text

import (
	"testing"

	"bifrost/layout/testenv"
)

// installedOrSkip finds a family, skipping the test when it is not installed
// (failing it under CI, where .ci/run installs the Debian TrueType fonts).
func installedOrSkip(t *testing.T, family string) *Installed {
	t.Helper()
	in, ok := Find(family)
	if !ok {
		testenv.Missing(t, "the font "+family, "apt-get install fonts-morisawa-bizud-gothic fonts-ipaexfont-gothic")
	}
	return in
}

// TestFindsInstalledFontsByFamilyName: a family is found by its
// English or Japanese name, whatever the case and spacing, with its bold
// face when it has one.
func TestFindsInstalledFontsByFamilyName(t *testing.T) {
	biz := installedOrSkip(t, "BIZ UDPGothic")
	if biz.Regular == "" || biz.Bold == "" {
		t.Errorf("BIZ UDPGothic: regular %q, bold %q; want both", biz.Regular, biz.Bold)
	}
	for _, alias := range []string{"biz udpgothic", "BIZ-UDPGothic", "BIZ UDPゴシック"} {
		if in, ok := Find(alias); !ok || in.Regular != biz.Regular {
			t.Errorf("Find(%q) = %v, %v; want %s", alias, in, ok, biz.Regular)
		}
	}
	ipa := installedOrSkip(t, "IPAexゴシック")
	if ipa.Bold != "" {
		t.Errorf("IPAex Gothic has no bold face, found %s", ipa.Bold)
	}
	if _, ok := Find("No Such Family"); ok {
		t.Error("found a family that does not exist")
	}
}

// TestChainPicksTheFirstFontThatHasTheCharacter: with IPAex
// Gothic first, 碾 comes from it and nothing is missing; the embedded M+ 1p
// alone lacks it, and 龘 is in no font of either chain.
func TestChainPicksTheFirstFontThatHasTheCharacter(t *testing.T) {
	face, err := LoadInstalled(installedOrSkip(t, "IPAexGothic"))
	if err != nil {
		t.Fatal(err)
	}
	c := NewChain(face)
	if c.Pick('碾') != 0 || c.Pick('A') != 0 || len(c.Missing("グロッティの碾き臼")) != 0 {
		t.Errorf("IPAex chain: Pick(碾) = %d, missing %q", c.Pick('碾'), c.Missing("グロッティの碾き臼"))
	}
	bare := NewChain()
	if got := bare.Missing("グロッティの碾き臼"); len(got) != 1 || got[0] != '碾' {
		t.Errorf("M+ alone: missing %q, want 碾", got)
	}
	if c.Pick('龘') != -1 || string(c.Missing("龘")) != "龘" {
		t.Errorf("龘 is in no font, yet Pick gives %d", c.Pick('龘'))
	}
	if c.Names() != "IPAexGothic, M+ 1p" {
		t.Errorf("Names() = %q", c.Names())
	}
}
