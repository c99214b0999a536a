package discussions

import (
	"context"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/war-room/war-room/internal/safetext"

	"github.com/shurcooL/githubv4"
)

// LogTitle is the title of the decision log discussion.
const LogTitle = "Decision log"

// DecisionRow is one published decision as the decision log lists it. Title is as GitHub
// holds it (untrusted text).
type DecisionRow struct {
	Number int    `json:"number"`
	Title  string `json:"title"`
	// Class is the decision's classification as its protocol gave it ("—" for none).
	Class   string `json:"class"`
	Date    string `json:"date"`
	Status  string `json:"status"`
	URL     string `json:"url,omitempty"`
	Session string `json:"session,omitempty"`
	// Supersedes is the number of the decision this one replaced (0: none).
	Supersedes int `json:"supersedes,omitempty"`
}

// logRows builds the table from what the category holds plus the decision being published,
// which the listing taken before it was created may lack. It is rebuilt from GitHub each
// time, so a publish from another machine is never dropped.
func logRows(j *job) []DecisionRow {
	var extra *DecisionRow
	var extraMeta meta
	if dd := j.st.Discussion; dd != nil {
		extra = &DecisionRow{Number: dd.Number, Title: j.r.Title, Date: dateOf(dd.CreatedAt), URL: dd.URL, Session: j.Decision.SessionID}
		extraMeta = newMeta(j.Decision.Class, j.Supersedes)
	}
	return decisionRows(j.listing, extra, extraMeta)
}

// decisionRows lists our decision bodies in the listing (plus extra), newest first, with
// the status each one's successors give it.
func decisionRows(l categoryListing, extra *DecisionRow, extraMeta meta) []DecisionRow {
	rows := map[int]DecisionRow{}
	metas := map[int]meta{}
	for m, d := range l.ours {
		if m.Part == partBody {
			rows[d.Number] = DecisionRow{Number: d.Number, Title: d.Title, Date: dateOf(d.CreatedAt), URL: d.URL, Session: m.Session}
			metas[d.Number] = parseMeta(d.Body)
		}
	}
	if extra != nil {
		rows[extra.Number], metas[extra.Number] = *extra, extraMeta
	}
	supersededBy := map[int]int{}
	for n, m := range metas {
		if s := m.Supersedes; s > 0 && n > supersededBy[s] {
			supersededBy[s] = n
		}
	}
	out := make([]DecisionRow, 0, len(rows))
	for n, r := range rows {
		r.Class, r.Status, r.Supersedes = metas[n].Class, "active", metas[n].Supersedes
		if r.Class == "" {
			r.Class = "—"
		}
		if by := supersededBy[n]; by > 0 {
			r.Status = fmt.Sprintf("superseded by #%d", by)
		}
		out = append(out, r)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Number > out[b].Number })
	return out
}

// renderLog renders the log body, dropping the oldest rows (with a note) to fit GitHub. The
// fewest rows to drop is found by bisection: the size only grows with the rows kept.
func renderLog(in []DecisionRow) string {
	rows := make([]DecisionRow, len(in))
	for i, r := range in {
		r.Title, r.Class = safetext.Inline(r.Title), safetext.Inline(r.Class)
		rows[i] = r
	}
	render := func(omitted int) string {
		return Marker{Part: partDecisionLog}.String() + "\n" +
			execute("log.md.tmpl", map[string]any{"Rows": rows[:len(rows)-omitted], "Omitted": omitted}) + "\n"
	}
	fits := func(omitted int) bool { return utf8.RuneCountInString(render(omitted)) <= maxBodyChars }
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
