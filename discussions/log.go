package discussions

import (
	"context"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/shurcooL/githubv4"
)

// LogTitle is the title of the decision log discussion.
const LogTitle = "Decision log"

// logRow is one decision in the log.
type logRow struct {
	Number                    int
	Title, Type, Date, Status string
}

// logRows builds the table from what the category holds (our decision bodies only) plus the
// decision being published, which the listing taken before it was created may lack. It is
// rebuilt from GitHub each time, so a publish from another machine is never dropped.
func logRows(j *job) []logRow {
	type entry struct {
		number int
		title  string
		date   string
		meta   meta
	}
	byNumber := map[int]entry{}
	for m, d := range j.listing.ours {
		if m.Part == partBody {
			byNumber[d.Number] = entry{d.Number, d.Title, dateOf(d.CreatedAt), parseMeta(d.Body)}
		}
	}
	if dd := j.st.Discussion; dd != nil {
		byNumber[dd.Number] = entry{dd.Number, j.r.Title, dateOf(dd.CreatedAt), meta{j.Decision.Type, j.Supersedes}}
	}
	supersededBy := map[int]int{}
	for _, e := range byNumber {
		if s := e.meta.Supersedes; s > 0 && e.number > supersededBy[s] {
			supersededBy[s] = e.number
		}
	}
	rows := make([]logRow, 0, len(byNumber))
	for _, e := range byNumber {
		status := "active"
		if by := supersededBy[e.number]; by > 0 {
			status = fmt.Sprintf("superseded by #%d", by)
		}
		typ := e.meta.Type
		if typ == "" {
			typ = "—"
		}
		rows = append(rows, logRow{Number: e.number, Title: cell(Safe(e.title)), Type: cell(typ), Date: e.date, Status: status})
	}
	sort.Slice(rows, func(a, b int) bool { return rows[a].Number > rows[b].Number })
	return rows
}

// renderLog renders the log body, dropping the oldest rows (with a note) to fit GitHub. The
// fewest rows to drop is found by bisection: the size only grows with the rows kept.
func renderLog(rows []logRow) string {
	render := func(omitted int) string {
		return Marker{Part: partDecisionLog}.String() + "\n" +
			execute("log.md.tmpl", map[string]any{"Rows": rows[:len(rows)-omitted], "Omitted": omitted}) + "\n"
	}
	fits := func(omitted int) bool { return utf8.RuneCountInString(render(omitted)) <= MaxBodyChars }
	if fits(0) {
		return render(0)
	}
	lo, hi := 0, len(rows) // !fits(lo), fits(hi)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return render(hi)
}

type updateDiscussionMutation struct {
	UpdateDiscussion struct {
		ClientMutationID *string
	} `graphql:"updateDiscussion(input: $input)"`
}

// ensureLog creates the decision log or rewrites it when its table changed.
func (p *Publisher) ensureLog(ctx context.Context, j *job) error {
	body := renderLog(logRows(j))
	if cur, ok := j.listing.ours[Marker{Part: partDecisionLog}]; ok {
		j.res.LogNumber = cur.Number
		if cur.Body == body {
			return nil
		}
		if err := p.pending(ctx, j, partDecisionLog); err != nil {
			return err
		}
		var m updateDiscussionMutation
		b := githubv4.String(body)
		in := githubv4.UpdateDiscussionInput{DiscussionID: cur.ID, Body: &b}
		if err := p.c.mutate(ctx, "updateDiscussion", &m, in, nil); err != nil {
			return fmt.Errorf("update the decision log: %w", err)
		}
	} else {
		if err := p.pending(ctx, j, partDecisionLog); err != nil {
			return err
		}
		d, err := p.createDiscussion(ctx, j.info, LogTitle, body)
		if err != nil {
			return fmt.Errorf("create the decision log: %w", err)
		}
		j.res.LogNumber = d.Number
	}
	j.st.Pending = ""
	return p.save(ctx, j)
}
