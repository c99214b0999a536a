package discussions

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
)

func TestBrowseDecisions(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, worldOpts{withLabels: true})
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	w.seedDecision(1, "wr-0000000000000001", "Keep session state in SQLite, not PostgreSQL", "2")
	w.f.AddUser("mallory", "User")
	w.f.AddDiscussion(testRepo, githubfake.DiscussionSpec{Category: "decisions", Title: "not ours",
		Body: Marker{Session: "wr-x", Part: partBody}.String(), Author: "mallory"})
	p := New(Options{GraphQLURL: w.f.GraphQLURL(), HTTPClient: w.client(botToken), Login: botLogin, State: RecordState{Store: st}, MutationSpacing: time.Second})
	p.Now, p.Sleep = w.clk.Now, w.clk.Sleep
	d := loadDecision(t, "full_council")
	res, err := p.Publish(ctx, Request{Repo: w.repo, Decision: d, Supersedes: 1})
	if err != nil {
		t.Fatal(err)
	}

	rows, err := p.Decisions(ctx, w.repo)
	if err != nil || len(rows) != 2 {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	if r := rows[0]; r.Number != res.Number || r.Class != "type 1B" || r.Status != "active" || r.Session != d.SessionID || r.URL != res.URL {
		t.Errorf("newest row %+v", r)
	}
	if r := rows[1]; r.Number != 1 || r.Status != "superseded by #"+fmtNumber(res.Number) {
		t.Errorf("older row %+v", r)
	}

	hits, err := p.Search(ctx, w.repo, []string{"postgresql"}, 10)
	if err != nil || len(hits) != 2 {
		t.Errorf("search: %+v, %v", hits, err)
	}

	shown, err := p.Show(ctx, w.repo, res.Number)
	if err != nil || shown.Title != Title(d) || shown.Author != viewLogin {
		t.Errorf("show: %+v, %v", shown, err)
	}
	if _, err := p.Show(ctx, w.repo, 99); err == nil {
		t.Error("showing a missing discussion succeeded")
	}

	pub, err := PublishedSessions(ctx, st)
	if err != nil || len(pub[d.SessionID]) != 1 || pub[d.SessionID][0].Number != res.Number || pub[d.SessionID][0].Repo != "acme/widgets" {
		t.Errorf("published sessions %+v, %v", pub, err)
	}
}
