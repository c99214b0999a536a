package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/decision"
)

// browseSQL lists every session newest first with its summary's columns, NULL where it has
// none; browseQuery's WHERE keeps those without a summary and the summaries holding every
// word. A session's row holds its protocol options (kilobytes of JSON) and takes a page of
// its own, so reading the rows is a page read per session: the two CTEs read the identifiers
// and the protocols and times from their indexes instead (covering scans of a few pages),
// and the rows are matched up by rowid and sorted in memory.
const browseSQL = `WITH ids AS MATERIALIZED (SELECT rowid AS r, id FROM sessions),
	pc AS MATERIALIZED (SELECT rowid AS r, protocol, created_at FROM sessions)
	SELECT ids.id, pc.protocol, pc.created_at, d.session_id IS NOT NULL,
	COALESCE(d.class, ''), COALESCE(d.title, '')
	FROM pc JOIN ids ON ids.r = pc.r LEFT JOIN decision_summaries d ON d.session_id = ids.id
	WHERE d.session_id IS NULL OR (1`

// Browse reads in one query (one snapshot) what `decisions list` and `decisions search` show: each
// session's identifier, protocol and date and its summary's class and title. It reads no
// decision, no session's inputs and no summary's text except to match words.
func (s *Store) Browse(ctx context.Context, words []string) ([]decision.BrowseEntry, error) {
	q, args := browseQuery(words)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("browse sessions: %w", err)
	}
	defer rows.Close()
	var out []decision.BrowseEntry
	var created string
	for rows.Next() {
		var e decision.BrowseEntry
		if err := rows.Scan(&e.SessionID, &e.Protocol, &created, &e.Summarised, &e.Class, &e.Title); err != nil {
			return nil, fmt.Errorf("browse sessions: %w", err)
		}
		if e.CreatedAt, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("session %s: %w", e.SessionID, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("browse sessions: %w", err)
	}
	return out, nil
}

// browseQuery is Browse's query for words and its arguments.
func browseQuery(words []string) (string, []any) {
	var q strings.Builder
	q.WriteString(browseSQL)
	args := make([]any, 0, len(words))
	for _, w := range words {
		q.WriteString(" AND instr(d.text, ?) > 0")
		args = append(args, []byte(w))
	}
	q.WriteString(") ORDER BY pc.created_at DESC, pc.r DESC")
	return q.String(), args
}
