package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/pgtest"
)

// Three repositories on one installation of a real `war-room serve` with two workers. The
// attacker's configuration points both its profiles at an endpoint that accepts and never
// answers, and it sends two commands; two other repositories then send one each. The
// attacker holds one worker — its share — and its second command waits, making no call,
// while both victims' commands run to a published decision. Counts, not clocks: the hanging
// endpoint has received exactly the one call of the attacker's first job when the victims
// are done.
func TestServeAHangingRepositoryHoldsOnlyItsShareOfWorkers(t *testing.T) {
	for _, store := range []string{"sqlite", "postgres"} {
		t.Run(store, func(t *testing.T) {
			files := newAppFiles(t)
			if store == "postgres" {
				files.databaseURL = pgtest.Schema(t)
			}
			testHangingRepository(t, files)
		})
	}
}

func testHangingRepository(t *testing.T, files appFiles) {
	var received atomic.Int64
	stop := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		received.Add(1)
		select { // accepted, never answered
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(hang.Close)

	w := newAppWorld(t)
	const attacker, victim = "mallory/hang", "acme/gadgets"
	for _, full := range []string{attacker, victim} {
		owner, name, _ := strings.Cut(full, "/")
		w.f.AddRepo(owner, name, githubfake.RepoOptions{DiscussionsEnabled: true, DefaultBranch: aBranch})
		w.f.AddDiscussionCategory(full, "Decisions", "decisions", true)
		w.f.SetPermission(full, "alice", "write")
	}
	w.f.PutFile(victim, aBranch, ".github/war-room.yml", reasonConfig(t, ""))
	w.f.PutFile(attacker, aBranch, ".github/war-room.yml", fmt.Sprintf(`version: 1
providers:
  alpha: {type: openai, family: openai, model: m, base_url: %[1]s/v1, timeout: 50m}
  beta: {type: openai, family: anthropic, model: m, base_url: %[1]s/v1, timeout: 50m}
protocols:
  default: reason
  reason:
    pool: [alpha, beta]
`, hang.URL))

	s := startServe(t, w, files, "--allow-local-providers", "--allow-base-url", hang.URL+"/v1")
	t.Cleanup(func() { close(stop) }) // runs before the server stops: the hung calls end first

	command := func(repo, delivery string) int {
		n := w.f.AddIssue(repo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
		body := "/war-room Should we move the job queue into PostgreSQL?"
		id := repoComment(t, w, repo, n, body)
		if got := s.deliver("issue_comment", delivery, repoEvent(t, w, repo, n, id, body), appSecret); got != http.StatusAccepted {
			t.Fatalf("delivery %s: %d\n%s", delivery, got, s.log())
		}
		return n
	}
	command(attacker, "d-attack-1")
	eventually(t, s, "the attacker's first call to reach the hanging endpoint", func() bool { return received.Load() == 1 })
	command(attacker, "d-attack-2")
	command(aRepo, "d-victim-1")
	command(victim, "d-victim-2")

	state := func(id string) string {
		if files.databaseURL != "" {
			return pgJobState(t, files.databaseURL, id)
		}
		return queuedJobs(t, files)[id]
	}
	for _, id := range []string{"d-victim-1", "d-victim-2"} {
		eventually(t, s, id+" to complete while the attacker hangs", func() bool { return state(id) == "completed" })
	}
	for _, repo := range []string{aRepo, victim} {
		decided := 0
		for _, d := range w.f.Discussions(repo) {
			if strings.HasPrefix(d.Title, "[Reason] ") {
				decided++
			}
		}
		if decided != 1 {
			t.Errorf("%s: %d decisions published, want 1\n%s", repo, decided, s.log())
		}
	}
	if got := received.Load(); got != 1 {
		t.Errorf("the hanging endpoint received %d calls, want the attacker's first job's one: its second ran beside it", got)
	}
	for id, want := range map[string]string{"d-attack-1": "running", "d-attack-2": ""} {
		got := state(id)
		if want == "" && (got == "running" || got == "completed") || want != "" && got != want {
			t.Errorf("%s is %q while the victims finished\n%s", id, got, s.log())
		}
	}
	if !strings.Contains(s.log(), "snoozed") {
		t.Errorf("the attacker's second job was never held back for its repository's share\n%s", s.log())
	}
}

// repoComment posts body on issue n of repo as alice, through the REST API, and returns the
// comment's id.
func repoComment(t *testing.T, w *actionWorld, repo string, n int, body string) int64 {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"body": body})
	url := fmt.Sprintf("%s/repos/%s/issues/%d/comments", w.f.URL(), repo, n)
	resp, err := w.f.Client(w.tokens["alice"]).Post(url, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID int64 }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("post comment on %s#%d: %d %v", repo, n, resp.StatusCode, err)
	}
	return out.ID
}

// repoEvent is the App's issue_comment payload for alice's comment id on issue n of repo.
func repoEvent(t *testing.T, w *actionWorld, repo string, n int, id int64, body string) []byte {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal(appEvent(t, w, n, id, body), &ev); err != nil {
		t.Fatal(err)
	}
	owner, name, _ := strings.Cut(repo, "/")
	r := ev["repository"].(map[string]any)
	r["full_name"], r["name"] = repo, name
	r["owner"].(map[string]any)["login"] = owner
	for _, is := range w.f.Issues(repo) {
		if is.Number == n {
			ev["issue"].(map[string]any)["title"], ev["issue"].(map[string]any)["body"] = is.Title, is.Body
		}
	}
	out, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
