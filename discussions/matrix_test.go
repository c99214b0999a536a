package discussions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/githubfake"
)

// faultKinds are the failures the fault matrix injects at every call position.
var faultKinds = []struct {
	name  string
	fault githubfake.Fault
	slow  bool
}{
	{"502-applied", githubfake.Fault{Kind: githubfake.ServerError, Status: 502, Applied: true}, false},
	{"504-applied", githubfake.Fault{Kind: githubfake.ServerError, Status: 504, Applied: true}, false},
	{"502-not-applied", githubfake.Fault{Kind: githubfake.ServerError, Status: 502}, false},
	{"403-secondary-retry-after", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 403, RetryAfter: 7 * time.Second}, false},
	{"429-secondary-retry-after", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 429, RetryAfter: 7 * time.Second}, false},
	{"403-secondary-reset", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 403}, false},
	{"429-secondary-reset", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 429}, false},
	{"primary-limit", githubfake.Fault{Kind: githubfake.PrimaryRateLimit}, false},
	{"errors-array-applied", githubfake.Fault{Kind: githubfake.GraphQLError, Applied: true}, false},
	{"errors-array", githubfake.Fault{Kind: githubfake.GraphQLError}, false},
	// The server holds the request (having applied it, or not) and the world's clock moves
	// past the client's request timeout (runFault): the client gives up, as on a request
	// that never answers, with no real time passing.
	{"hang-applied", githubfake.Fault{Kind: githubfake.Hang, Applied: true}, true},
	{"hang", githubfake.Fault{Kind: githubfake.Hang}, true},
}

// scenario is a repository state and a publish request the matrix runs faults against.
type scenario struct {
	name       string
	answerable bool
	setup      func(w *world) Request
}

var scenarios = []scenario{
	{"supersede-and-update-log", true, func(w *world) Request {
		w.seedDecision(1, "wr-0000000000000001", "Keep SQLite everywhere", "2")
		w.seedLog([]DecisionRow{{Number: 1, Title: "[War Room] Keep SQLite everywhere", Class: "type 2", Date: "2026-03-03", Status: "active"}})
		return Request{Repo: w.repo, Decision: loadDecision(w.t, "full_council"), Supersedes: 1}
	}},
	{"first-decision-not-answerable", false, func(w *world) Request {
		return Request{Repo: w.repo, Decision: loadDecision(w.t, "full_council")}
	}},
}

// seedLog adds a decision log as an earlier publish wrote it.
func (w *world) seedLog(rows []DecisionRow) {
	w.f.AddDiscussion(testRepo, githubfake.DiscussionSpec{Category: "decisions", Title: LogTitle,
		Body: renderLog(rows), Author: botLogin, CreatedAt: w.clk.Now().Add(-47 * time.Hour)})
}

// position is one call of a clean publish, as a fault's Match and Nth.
type position struct {
	match string
	nth   int
}

func (p position) String() string { return fmt.Sprintf("%s#%d", p.match, p.nth) }

// positions lists every GraphQL call of a clean run of sc, and the outcome to compare with.
func positions(t *testing.T, sc scenario) ([]position, []githubfake.Discussion, map[string][]string) {
	w := newWorld(t, worldOpts{answerable: sc.answerable, withLabels: true})
	req := sc.setup(w)
	if _, err := w.publisher().Publish(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	var out []position
	seen := map[string]int{}
	for _, c := range w.f.Calls() {
		if !c.GraphQL {
			continue
		}
		m := c.Fields[0]
		seen[m]++
		out = append(out, position{m, seen[m]})
	}
	ds := w.f.Discussions(testRepo)
	comments := map[string][]string{}
	for _, d := range ds {
		comments[d.Title] = w.commentParts(d.ID)
	}
	return out, ds, comments
}

// TestFaultMatrix: at every call position of a full publish, every fault kind, then a retry
// from a fresh process, ends in exactly the state of a clean publish: one discussion, every
// comment once and in order, labels, the answer, the forward link, one decision log updated
// once, and no two writes closer than the spacing.
func TestFaultMatrix(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			pos, want, wantComments := positions(t, sc)
			if len(pos) < 10 {
				t.Fatalf("a clean publish made only %d calls: %v", len(pos), pos)
			}
			for _, at := range pos {
				for _, fk := range faultKinds {
					for _, restart := range []bool{true, false} {
						mode := map[bool]string{true: "restart", false: "in-call"}[restart]
						t.Run(at.String()+"/"+fk.name+"/"+mode, func(t *testing.T) {
							t.Parallel()
							runFault(t, sc, at, fk.fault, fk.slow, restart, want, wantComments)
						})
					}
				}
			}
		})
	}
}

// runFault publishes with the fault injected. restart: a single-attempt publish fails and a
// new Publisher over the same state retries (a crashed or failed job run again); otherwise
// one Publish call retries by itself.
func runFault(t *testing.T, sc scenario, at position, fault githubfake.Fault, slow, restart bool, want []githubfake.Discussion, wantComments map[string][]string) {
	w := newWorld(t, worldOpts{answerable: sc.answerable, withLabels: true})
	req := sc.setup(w)
	fault.Match, fault.Nth = at.match, at.nth
	if slow {
		fault.OnHold = func() { w.clk.Advance(defaultRequestTimeout + time.Second) }
	}
	w.f.Inject(fault)
	publisher := w.publisher
	if restart {
		first := publisher()
		first.MaxAttempts = 1
		if _, err := first.Publish(context.Background(), req); err == nil {
			t.Fatal("the fault did not surface from a single-attempt publish")
		}
	}
	if _, err := publisher().Publish(context.Background(), req); err != nil {
		t.Fatalf("retry: %v", err)
	}
	got := w.f.Discussions(testRepo)
	if len(got) != len(want) {
		t.Fatalf("%d discussions, want %d", len(got), len(want))
	}
	for i := range want {
		g, wd := got[i], want[i]
		if g.Number != wd.Number || g.Title != wd.Title || g.Body != wd.Body || !sameSet(g.Labels, wd.Labels) || (g.AnswerID == "") != (wd.AnswerID == "") {
			t.Errorf("discussion #%d %q differs from a clean publish:\n%+v\nwant\n%+v", g.Number, g.Title, g, wd)
		}
		if parts := w.commentParts(g.ID); !slices.Equal(parts, wantComments[wd.Title]) {
			t.Errorf("#%d comments %v, want %v", g.Number, parts, wantComments[wd.Title])
		}
		if g.AnswerID != "" && !strings.Contains(commentBody(w, g.ID, g.AnswerID), "part=phase:synthesis") {
			t.Errorf("#%d: the answer is not the synthesis comment", g.Number)
		}
	}
	if n := effective(w.f.CallsTo("updateDiscussion")); n > 1 {
		t.Errorf("the decision log was updated %d times", n)
	}
	w.assertCleanCalls()
}

func commentBody(w *world, discussionID, commentID string) string {
	for _, c := range w.f.Comments(discussionID) {
		if c.ID == commentID {
			return c.Body
		}
	}
	return ""
}

// effective counts the calls that reached GitHub's state: unfaulted or applied anyway.
func effective(calls []githubfake.Call) int {
	n := 0
	for _, c := range calls {
		if c.Fault == "" || strings.Contains(c.Fault, "applied true") {
			n++
		}
	}
	return n
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
