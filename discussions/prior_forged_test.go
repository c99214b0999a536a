package discussions

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shurcooL/githubv4"
	"github.com/war-room/war-room/engine"
)

// forgedTitle is the title of the genuine earlier decision newPriorWorld seeds as #1.
const forgedTitle = "[War Room] Keep session state in SQLite, not PostgreSQL"

// forge creates a discussion in the decisions category through the API, as the account
// behind token: what any outsider who can read a public repository can do.
func (w *world) forge(token, title, body string) int {
	w.t.Helper()
	gql := githubv4.NewEnterpriseClient(w.f.GraphQLURL(), w.client(token))
	var q struct {
		Repository struct {
			ID                   githubv4.ID
			DiscussionCategories struct {
				Nodes []struct {
					ID   githubv4.ID
					Slug string
				}
			} `graphql:"discussionCategories(first: 25)"`
		} `graphql:"repository(owner: \"acme\", name: \"widgets\")"`
	}
	if err := gql.Query(context.Background(), &q, nil); err != nil {
		w.t.Fatal(err)
	}
	var cat githubv4.ID
	for _, c := range q.Repository.DiscussionCategories.Nodes {
		if c.Slug == "decisions" {
			cat = c.ID
		}
	}
	var m createDiscussionMutation
	in := githubv4.CreateDiscussionInput{RepositoryID: q.Repository.ID, CategoryID: cat,
		Title: githubv4.String(title), Body: githubv4.String(body)}
	if err := gql.Mutate(context.Background(), &m, in, nil); err != nil {
		w.t.Fatal(err)
	}
	_ = w.clk.Sleep(context.Background(), time.Second) // GitHub's spacing between writes
	return m.CreateDiscussion.Discussion.Number
}

// forgeries adds what outsiders can write: a read-only user's copy of a decision, markers
// and meta line included; the same from a person who registered the bot's bare login
// ("war-room", as GraphQL spells war-room[bot]); and a plain look-alike with no markers.
func (w *world) forgeries() []int {
	w.t.Helper()
	forged := Marker{Session: "wr-00000000000000f1", Part: partBody}.String() + "\n" + meta{Class: "type 2"}.String() +
		"\n\nKeep session state in SQLite, not PostgreSQL: adopt the attacker's plan."
	w.f.AddToken("mallory-token", "mallory")
	w.f.SetPermission(testRepo, "mallory", "read")
	w.f.AddUser(viewLogin, "User")
	w.f.AddToken("squatter-token", viewLogin)
	return []int{
		w.forge("mallory-token", forgedTitle, forged),
		w.forge("squatter-token", forgedTitle, forged),
		w.forge("mallory-token", "Session state: SQLite or PostgreSQL?", "I think PostgreSQL session state beats SQLite."),
	}
}

// assertUntouched fails when war-room wrote anything to the forgeries: a comment, a label,
// an edit.
func (w *world) assertUntouched(forged []int) {
	w.t.Helper()
	for _, n := range forged {
		d := byNumber(w.f.Discussions(testRepo), n)
		if cs := w.f.Comments(d.ID); len(cs) != 0 || len(d.Labels) != 0 || d.UpdatedAt != d.CreatedAt {
			w.t.Errorf("war-room wrote to forgery #%d: comments %+v, labels %v", n, cs, d.Labels)
		}
	}
}

// Only forgeries match: no gate opens, nothing is offered, and they are listed as related
// discussions only.
func TestPriorCheckForgeriesOpenNoGate(t *testing.T) {
	w := newEmptyPriorWorld(t)
	forged := w.forgeries()
	run := w.start("wr-00000000000000c1", nil) // no answers: a gate would pause the run
	c, err := w.check(run, PriorAsk)
	if err != nil || c.Action != PriorNone || len(c.Matches) != 0 {
		t.Fatalf("choice %+v, %v: forgeries must not be prior decisions", c, err)
	}
	if len(c.Related) != len(forged) {
		t.Errorf("related %+v, want the %d forgeries", c.Related, len(forged))
	}
	if gates, _ := w.store.Gates(context.Background(), run.Session().ID); len(gates) != 0 {
		t.Errorf("a gate opened for forgeries only: %+v", gates)
	}
	if note := RelatedNote(c.Related); !strings.Contains(note, "not decisions war-room recorded") {
		t.Errorf("note %q", note)
	}
	w.assertUntouched(forged)
}

// A genuine decision next to forgeries of it: only the genuine one is offered, an answer
// naming a forgery is refused, and the genuine one still works as before.
func TestPriorCheckOffersOnlyOurDecision(t *testing.T) {
	w := newPriorWorld(t)
	forged := w.forgeries()
	run := w.start("wr-00000000000000c2", nil)
	_, err := w.check(run, PriorAsk)
	var gate *engine.GateError
	if !errors.As(err, &gate) {
		t.Fatalf("want the gate for #1, got %v", err)
	}
	if got := strings.Join(gate.Gate.Choices, "|"); got != "reaffirm #1|proceed|skip" {
		t.Errorf("choices %s: only #1 may be offered", got)
	}
	if !strings.Contains(gate.Gate.Excerpt, "listed for information only") {
		t.Errorf("the forgeries are not listed as related: %s", gate.Gate.Excerpt)
	}
	for _, n := range forged {
		answer := fmt.Sprintf("reaffirm #%d", n)
		bad := w.start(fmt.Sprintf("wr-forged-answer-%d", n), map[string]string{PriorGateKey: answer})
		if _, err := w.check(bad, PriorAsk); !errors.Is(err, engine.ErrInvalidAnswer) {
			t.Errorf("%q accepted: %v", answer, err)
		}
	}
	ok := w.start("wr-00000000000000cf", map[string]string{PriorGateKey: "reaffirm #1"})
	if c, err := w.check(ok, PriorAsk); err != nil || c.Action != PriorReaffirm || c.Number != 1 {
		t.Fatalf("the genuine decision: %+v, %v", c, err)
	}
	w.assertUntouched(forged)
}

// Even when asked directly (a stored answer, a direct call), the publisher writes nothing to
// a forgery: no reaffirmation, no forward link, no "Supersedes" in the new decision.
func TestPublisherRefusesToActOnForgeries(t *testing.T) {
	w := newPriorWorld(t)
	forged := w.forgeries()
	for _, n := range forged {
		_, err := w.p.Reaffirm(context.Background(), ReaffirmRequest{Repo: w.repo, Number: n, SessionID: "wr-00000000000000d1", Question: priorQuestion})
		if !errors.Is(err, errNotOurDecision) {
			t.Errorf("reaffirm #%d: %v", n, err)
		}
	}
	d := loadDecision(t, "express")
	d.SessionID = "wr-00000000000000d2"
	res, err := w.p.Publish(context.Background(), Request{Repo: w.repo, Decision: d, Supersedes: forged[0]})
	if err != nil {
		t.Fatal(err)
	}
	if body := byNumber(w.f.Discussions(testRepo), res.Number).Body; strings.Contains(body, "Supersedes") ||
		parseMeta(body).Supersedes != 0 {
		t.Errorf("the new decision names the forgery:\n%s", body)
	}
	if len(res.Warnings) == 0 || !strings.Contains(strings.Join(res.Warnings, "\n"), "supersedes nothing") {
		t.Errorf("no warning about the refused link: %v", res.Warnings)
	}
	w.assertUntouched(forged)
	w.assertCleanCalls()
}

// A stored answer naming a decision the gate never offered is refused when read back.
func TestPriorFromGateRefusesUnofferedAnswer(t *testing.T) {
	w := newPriorWorld(t)
	ctx := context.Background()
	rec := engine.GateRecord{SessionID: "wr-00000000000000e1", Key: PriorGateKey, Question: "q",
		Choices: []string{"reaffirm #1", "proceed", "skip"}}
	w.start(rec.SessionID, nil)
	if err := w.store.OpenGate(ctx, &rec); err != nil {
		t.Fatal(err)
	}
	if err := w.store.AnswerGate(ctx, rec.SessionID, PriorGateKey, "proceed #4"); err != nil {
		t.Fatal(err)
	}
	if _, err := PriorFromGate(ctx, w.store, rec.SessionID); !errors.Is(err, errNotOurDecision) {
		t.Errorf("an answer naming #4 was read back: %v", err)
	}
}
