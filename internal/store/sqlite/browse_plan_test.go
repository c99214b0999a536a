package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowseUsesTheIndexes: Browse never reads a session's row (a page each, for its
// protocol options) but the identifiers, protocols and times from covering index scans, and
// each summary by its key; the rows are matched through an index, not a nested scan.
func TestBrowseUsesTheIndexes(t *testing.T) {
	st, err := Open(t.Context(), filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, words := range [][]string{nil, {"queue", "cron"}} {
		q, args := browseQuery(words)
		rows, err := st.r.QueryContext(t.Context(), "EXPLAIN QUERY PLAN "+q, args...)
		if err != nil {
			t.Fatalf("EXPLAIN %q: %v", words, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		got := strings.Join(plan, "\n")
		for _, want := range []string{
			"SCAN sessions USING COVERING INDEX sessions_protocol_created",
			"SCAN sessions USING COVERING INDEX sqlite_autoindex_sessions_1",
			"SEARCH ids USING AUTOMATIC ", // an index built for the join (COVERING, or PARTIAL COVERING after a Bloom filter)
			"SEARCH d USING INDEX sqlite_autoindex_decision_summaries_1 (session_id=?)",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("Browse(%q) plan lacks %q:\n%s", words, want, got)
			}
		}
		for _, line := range plan {
			if strings.Contains(line, "sessions") && !strings.Contains(line, "COVERING INDEX") {
				t.Errorf("Browse(%q) reads the sessions' rows (%q):\n%s", words, line, got)
			}
		}
		if strings.Contains(got, "SCAN d") || strings.Contains(got, "SCAN ids") {
			t.Errorf("Browse(%q) scans inside the join:\n%s", words, got)
		}
	}
}
