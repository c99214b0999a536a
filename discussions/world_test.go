package discussions

import (
	"fmt"
	"net/http"
	"net/http/httptrace"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

const (
	testRepo  = "acme/widgets"
	botToken  = "bot-token"
	botLogin  = "war-room[bot]"
	viewLogin = "war-room" // GraphQL drops the [bot] suffix
)

// world is a fake GitHub with one repository set up for publishing.
type world struct {
	t       *testing.T
	written atomic.Int64 // requests fully written to the fake's socket
	f       *githubfake.Fake
	clk     *githubfake.Clock
	state   MemoryState
	repo    Repo
}

type worldOpts struct {
	answerable  bool
	noCategory  bool
	disabled    bool
	withLabels  bool
	topicLabels bool
}

func newWorld(t *testing.T, o worldOpts) *world {
	t.Helper()
	f := githubfake.New(t)
	clk := githubfake.NewClock(time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	f.SetClock(clk.Now)
	f.SetMutationSpacing(time.Second, true)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: !o.disabled})
	f.AddToken(botToken, botLogin)
	f.SetPermission(testRepo, botLogin, "write")
	f.AddToken("observer-token", "observer")
	f.SetPermission(testRepo, "observer", "admin")
	if !o.noCategory {
		f.AddDiscussionCategory(testRepo, "Decisions", "decisions", o.answerable)
	}
	f.AddDiscussionCategory(testRepo, "General", "general", false)
	if o.withLabels {
		for _, l := range []string{"war-room", "type-2", "type-1b", deferredLabel} {
			f.AddLabel(testRepo, l)
		}
	}
	if o.topicLabels {
		f.AddLabel(testRepo, "storage")
	}
	w := &world{t: t, f: f, clk: clk, state: MemoryState{}, repo: Repo{"acme", "widgets"}}
	clk.Settle = w.settle
	return w
}

// settle waits until the fake has handled every request written to it. A request the client
// gave up on may still be in the server; the shared clock must not jump ahead of it, or the
// fake would date it after the retry that follows. It has no deadline of its own: a slow
// request ends when the server notices the client hung up or when its injected delay runs out,
// and a loaded machine only makes that later; the suite's own timeout bounds a real hang.
func (w *world) settle() {
	for len(w.f.Calls()) < int(w.written.Load()) {
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
}

// client is the bot's HTTP client, counting requests once fully written.
func (w *world) client(token string) *http.Client {
	hc := w.f.Client(token)
	// Request timeouts run on the world's clock too, so that a request the fake holds is
	// given up when a test moves the clock on.
	hc.Transport = github.NewTransport(traced{base: hc.Transport, wrote: func() { w.written.Add(1) }},
		github.Options{Key: "world:" + w.f.URL() + "|" + token, Now: w.clk.Now, Sleep: w.clk.Sleep, AfterFunc: w.clk.AfterFunc})
	return hc
}

type traced struct {
	base  http.RoundTripper
	wrote func()
}

func (t traced) RoundTrip(r *http.Request) (*http.Response, error) {
	trace := &httptrace.ClientTrace{WroteRequest: func(i httptrace.WroteRequestInfo) {
		if i.Err == nil {
			t.wrote()
		}
	}}
	return t.base.RoundTrip(r.WithContext(httptrace.WithClientTrace(r.Context(), trace)))
}

// publisher returns a new Publisher (as a restarted process would build) over the world's
// shared state store and clock.
func (w *world) publisher() *Publisher {
	p := New(Options{GraphQLURL: w.f.GraphQLURL(), APIURL: w.f.URL(), HTTPClient: w.client(botToken),
		State: w.state, DeferredIssues: true, Login: botLogin, MutationSpacing: defaultMutationSpacing})
	p.Now, p.Sleep = w.clk.Now, w.clk.Sleep
	return p
}

// seedDecision adds an earlier war-room decision by the bot, as an earlier publish left it:
// its meta line names the war-room type as its class.
func (w *world) seedDecision(number int, session, title, typ string) string {
	body := Marker{Session: session, Part: partBody}.String() + "\n" +
		newMeta("type "+typ, 0).String() + "\n\nearlier decision about " + title
	return w.f.AddDiscussion(testRepo, githubfake.DiscussionSpec{Number: number, Category: "decisions",
		Title: "[War Room] " + title, Body: body, Author: botLogin, CreatedAt: w.clk.Now().Add(-48 * time.Hour)})
}

// ours returns the discussions by the bot whose first-line marker has that part (and
// session, if set).
func ours(ds []githubfake.Discussion, session, part string) []githubfake.Discussion {
	var out []githubfake.Discussion
	for _, d := range ds {
		if m, ok := ParseMarker(d.Body); ok && m.Part == part && (session == "" || m.Session == session) && d.Author == botLogin {
			out = append(out, d)
		}
	}
	return out
}

// commentParts lists the marker session/part of a discussion's comments by the bot, in
// order.
func (w *world) commentParts(discussionID string) []string {
	var parts []string
	for _, c := range w.f.Comments(discussionID) {
		if m, ok := ParseMarker(c.Body); ok && c.Author == botLogin {
			parts = append(parts, m.Session+"/"+m.Part)
		}
	}
	return parts
}

func byNumber(ds []githubfake.Discussion, n int) githubfake.Discussion {
	for _, d := range ds {
		if d.Number == n {
			return d
		}
	}
	panic(fmt.Sprintf("no discussion #%d", n))
}

// assertCleanCalls fails the test for any call that was refused without an injected fault:
// every document the publisher sends must validate and succeed.
func (w *world) assertCleanCalls() {
	w.t.Helper()
	for _, c := range w.f.Calls() {
		if c.Fault == "" && (c.Status >= 300 || len(c.Errors) > 0) {
			w.t.Errorf("%s %s %v: status %d, errors %v", c.Method, c.Path, c.Fields, c.Status, c.Errors)
		}
	}
	if v := w.f.SpacingViolations(); v != 0 {
		w.t.Errorf("%d mutations arrived closer than the spacing", v)
	}
}

// parseLogNumbers reads the decision numbers of a log body's table rows.
func parseLogNumbers(body string) []int {
	var out []int
	for _, line := range strings.Split(body, "\n") {
		var n int
		if _, err := fmt.Sscanf(line, "| #%d |", &n); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func fmtNumber(n int) string { return fmt.Sprint(n) }
