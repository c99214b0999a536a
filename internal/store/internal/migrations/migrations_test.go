package migrations

import (
	"testing"
	"testing/fstest"
)

func TestLoad(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	ok := fstest.MapFS{"migrations/0001_a.sql": file("A"), "migrations/0002_b.sql": file("B")}
	ms, err := Load(ok)
	if err != nil || len(ms) != 2 || ms[1].Version != 2 || ms[1].SQL != "B" || ms[0].Name != "0001_a.sql" {
		t.Fatalf("Load = %+v, %v", ms, err)
	}
	for name, fsys := range map[string]fstest.MapFS{
		"gap":       {"migrations/0001_a.sql": file("A"), "migrations/0003_c.sql": file("C")},
		"no number": {"migrations/init.sql": file("A")},
		"not one":   {"migrations/0002_b.sql": file("B")},
		"empty":     {},
	} {
		if _, err := Load(fsys); err == nil {
			t.Errorf("%s: Load accepted it", name)
		}
	}
}
