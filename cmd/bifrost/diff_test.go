package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestDiff_NamesTheChangedCardAndField(t *testing.T) {
	t.Parallel()
	src := copySrc(t)
	var id, name, oldTarget string
	edit(t, src, "nastrond", func(f *excelize.File) error {
		var err error
		if id, err = getByHeader(f, "Edda", "ID", 4); err != nil {
			return err
		}
		name, _ = getByHeader(f, "Edda", "名前", 4)
		oldTarget, _ = getByHeader(f, "Edda", "目標値", 4)
		if err := setByHeader(f, "Edda", "目標値", 4, 42); err != nil {
			return err
		}
		return f.RemoveRow("Keeper", 2)
	})
	r := bifrost(t, "diff", filepath.Join(shippedSrc, "nastrond.xlsx"), filepath.Join(src, "nastrond.xlsx"))
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := "~ Edda " + id + " " + name + ": 目標値 " + oldTarget + " → 42"
	if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "- Keeper ") {
		t.Errorf("want %q and a removed Keeper in:\n%s", want, r.stdout)
	}
	if strings.Count(strings.TrimSpace(r.stdout), "\n") != 1 {
		t.Errorf("want exactly 2 changes:\n%s", r.stdout)
	}
}

func TestDiff_TextconvOneLinePerCard(t *testing.T) {
	t.Parallel()
	r := bifrost(t, "diff", "--textconv", filepath.Join(shippedSrc, "nastrond.xlsx"))
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	edda := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "[Edda] ") {
			edda++
		}
	}
	if r.code != 0 || edda != 38 {
		t.Errorf("exit %d, %d Edda lines (want 38 designs)", r.code, edda)
	}
}
