// Package migrations reads the numbered schema changes a store embeds. Each store applies
// them its own way; what they share is the rule that makes "schema version N" mean the same
// schema in every binary.
package migrations

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Migration is one numbered schema change.
type Migration struct {
	Version int
	Name    string // the file's base name, e.g. 0001_init.sql
	SQL     string
}

// Load reads fsys's migrations/*.sql, which must be numbered 1, 2, 3, … without gaps.
func Load(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for i, name := range names { // fs.Glob returns names sorted
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil || v != i+1 {
			return nil, fmt.Errorf("migration %s: want version %d as its numeric prefix", base, i+1)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(body)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no migrations embedded")
	}
	return out, nil
}
