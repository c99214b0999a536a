package main

import (
	"strings"
	"testing"
)

// TestStoreTarget pins which store a command opens: a flag beats a variable, a URL names
// PostgreSQL, and two flags naming two stores, or a URL of another database, are usage errors.
func TestStoreTarget(t *testing.T) {
	const pg, file = "postgres://wr@db/war_room", "/state/w.db"
	for _, c := range []struct {
		name     string
		flags    commonFlags
		vars     map[string]string
		want     string
		wantCode int // exitOK: no error
	}{
		{"default file", commonFlags{}, map[string]string{"HOME": "/home/a"}, "/home/a/.local/state/war-room/war-room.db", exitOK},
		{"--db", commonFlags{db: file}, nil, file, exitOK},
		{"--database-url", commonFlags{databaseURL: pg}, nil, pg, exitOK},
		{"variable", commonFlags{}, map[string]string{"WAR_ROOM_DATABASE_URL": pg, "WAR_ROOM_DB": file}, pg, exitOK},
		{"--db beats the variable", commonFlags{db: file}, map[string]string{"WAR_ROOM_DATABASE_URL": pg}, file, exitOK},
		{"both flags", commonFlags{db: file, databaseURL: pg}, nil, "", exitUsage},
		{"not PostgreSQL", commonFlags{databaseURL: "mysql://db/x"}, nil, "", exitUsage},
		{"variable not PostgreSQL", commonFlags{}, map[string]string{"WAR_ROOM_DATABASE_URL": "db.sqlite"}, "", exitUsage},
	} {
		e, _, _ := testEnv(c.vars)
		got, err := c.flags.target(e)
		if got != c.want || exitCode(err) != c.wantCode {
			t.Errorf("%s: target = %q, %v; want %q, exit %d", c.name, got, err, c.want, c.wantCode)
		}
	}
	e, _, _ := testEnv(map[string]string{"WAR_ROOM_DATABASE_URL": "postgres://wr:hunter2@db/war_room"})
	if w := (&commonFlags{}).where(e); strings.Contains(w, "hunter2") || !strings.Contains(w, "db/war_room") {
		t.Errorf("where = %q", w)
	}
}
