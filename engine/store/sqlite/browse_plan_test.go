package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowseUsesTheIndexes: Browse reads the sessions in index order and each summary by its
// key, with or without words: no table scan of the summaries and no sort in memory, which
// with a thousand sessions is most of what listing them costs.
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
		for _, want := range []string{"SCAN s USING INDEX sessions_created", "SEARCH d USING INDEX sqlite_autoindex_decision_summaries_1 (session_id=?)"} {
			if !strings.Contains(got, want) {
				t.Errorf("Browse(%q) plan lacks %q:\n%s", words, want, got)
			}
		}
		if strings.Contains(got, "TEMP B-TREE") || strings.Contains(got, "SCAN d") {
			t.Errorf("Browse(%q) sorts or scans the summaries:\n%s", words, got)
		}
	}
}
