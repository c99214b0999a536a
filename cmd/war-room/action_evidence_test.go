package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/gittest"
)

// skepticAsking is a skeptic blind position that asks the repository for evidence: reads, a
// listing, a log, a search, and three requests no seat may make (a write, a command, a path
// outside the repository).
const skepticAsking = `  - role: skeptic
    match: 'Blind round'
    text: |
      ## Position
      Keep cron.
      ## Grounds
      - retries are capped
      ## Risks
      - NONE_FOUND: checked the cap
      ## Evidence requests
      - read billing/retry.go:3-3
      - log billing/retry.go
      - list billing
  - role: architect
    match: 'Blind round'
    text: |
      ## Position
      Queue.
      ## Grounds
      - load
      ## Risks
      - none
      ## Evidence requests
      - write billing/retry.go MaxRetries = 0
      - run make test
      - read ../../etc/passwd
  - role: operations-lead
    match: 'Blind round'
    text: |
      ## Position
      Queue.
      ## Grounds
      - on-call load
      ## Risks
      - none
      ## Evidence requests
      - search "MaxRetries"
`

// gitCheckout commits files into a fresh repository, as actions/checkout leaves one in the
// workspace, and returns its directory and HEAD.
func gitCheckout(t *testing.T, files map[string]string) (string, string) {
	t.Helper()
	r, head := gittest.Commit(t, files, "add the retry cap")
	return r.Dir, head
}

// evidencePhase runs /war-room convene with the asking seats and returns the decision's
// evidence phase and its notes.
func evidencePhase(t *testing.T, w *actionWorld, extraEnv map[string]string) (string, decision.Decision) {
	t.Helper()
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	body := "/war-room convene --go --rounds=1 Should billing move to a queue?"
	id := w.comment("alice", n, body)
	r := w.run("issue_comment", w.commentEvent("created", n, id, "alice", body), nil, extraEnv)
	wantNoError(t, r)
	var d decision.Decision
	if err := json.Unmarshal([]byte(r.outputs["decision"]), &d); err != nil {
		t.Fatalf("decision output: %v\nstderr:\n%s", err, r.stderr)
	}
	for _, ph := range d.Phases {
		if ph.Key == "evidence" {
			return ph.Markdown(), d
		}
	}
	t.Fatalf("no evidence phase in %+v", d.Phases)
	return "", d
}

// The refusals every surface records the same way: a write, a command, a path outside.
func wantRefusals(t *testing.T, ev string) {
	t.Helper()
	for _, want := range []string{`"write" is not an allowed probe`, `"run" is not an allowed probe`, "is outside the repository"} {
		if !strings.Contains(ev, want) {
			t.Errorf("the evidence phase lacks %q:\n%s", want, ev)
		}
	}
}

// In the Action, the seats' probes read the workspace's checkout at its HEAD through git:
// the answer is the checkout's, not the default branch's on GitHub.
func TestActionEvidenceReadsTheCheckout(t *testing.T) {
	w := newActionWorld(t, councilActionConfigWith(t, skepticAsking))
	w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "on GitHub"},
		Files: map[string]string{"billing/retry.go": "package billing\n\nconst MaxRetries = 1 // API-FACT\n"}})
	dir, head := gitCheckout(t, map[string]string{"billing/retry.go": "package billing\n\nconst MaxRetries = 7 // CHECKOUT-FACT\n"})
	ev, _ := evidencePhase(t, w, map[string]string{"GITHUB_WORKSPACE": dir})
	for _, want := range []string{"3: const MaxRetries = 7 // CHECKOUT-FACT", "add the retry cap", "retry.go", "at commit " + head,
		"MaxRetries = 7"} {
		if !strings.Contains(ev, want) {
			t.Errorf("the evidence phase lacks %q:\n%s", want, ev)
		}
	}
	if strings.Contains(ev, "API-FACT") {
		t.Errorf("the Action read GitHub instead of its checkout:\n%s", ev)
	}
	wantRefusals(t, ev)
	if b, _ := os.ReadFile(filepath.Join(dir, "billing/retry.go")); !strings.Contains(string(b), "MaxRetries = 7") {
		t.Errorf("the checkout was written: %s", b)
	}
}

// Where there is no checkout (the App; an Action job without actions/checkout) the probes
// read the default branch's head, pinned once when the team convenes, through GitHub's API:
// a file's line, a directory, the log of a path, a search over the commit's tree and blobs;
// the requests no seat may make are refused. A commit pushed after the pin (here, the moment
// the search lists the tree) is not seen.
func TestEvidenceWithoutACheckoutReadsThePinnedCommitThroughTheAPI(t *testing.T) {
	w := newActionWorld(t, councilActionConfigWith(t, skepticAsking))
	w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "cap the retries\n\nbody"},
		Files: map[string]string{"billing/retry.go": "package billing\n\nconst MaxRetries = 5 // API-FACT\n"}})
	head := w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "document billing"},
		Files: map[string]string{"billing/README.md": "billing jobs\n"}})
	pushLater(t, w)
	ev, d := evidencePhase(t, w, nil)
	for _, want := range []string{"3: const MaxRetries = 5 // API-FACT", "cap the retries", "README.md", "retry.go",
		"at commit " + head, "billing/retry.go:3:const MaxRetries = 5 // API-FACT"} {
		if !strings.Contains(ev, want) {
			t.Errorf("the evidence phase lacks %q:\n%s", want, ev)
		}
	}
	if strings.Contains(ev, "document billing") {
		t.Errorf("the log of billing/retry.go lists a commit that did not touch it:\n%s", ev)
	}
	if strings.Contains(ev, "LATER-FACT") || strings.Contains(ev, "search is not available") {
		t.Errorf("the evidence saw a commit pushed after the pin, or refused the search:\n%s", ev)
	}
	wantRefusals(t, ev)
	found := false
	for _, n := range d.Notes {
		found = found || strings.HasPrefix(n, "Evidence: 4 request(s) answered from the repository, 3 refused")
	}
	if !found {
		t.Errorf("no evidence note in %q", d.Notes)
	}
}

// On the App (war-room serve, its own process, the installation's token) a seat's request is
// answered from the repository at the default branch's head through the API, a search too
// (at the pinned commit, not a later push), and the published record shows the answers and
// the refusals.
func TestServeEvidenceIsAnsweredFromTheRepository(t *testing.T) {
	w := newActionWorld(t, councilActionConfigWith(t, skepticAsking))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	head := w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "cap the retries"},
		Files: map[string]string{"billing/retry.go": "package billing\n\nconst MaxRetries = 5 // APP-FACT\n"}})
	pushLater(t, w)
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	body := "/war-room convene --go --rounds=1 Should billing move to a queue?"
	id := w.comment("alice", n, body)
	if got := s.deliver("issue_comment", "d-evidence", appEvent(t, w, n, id, body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202\n%s", got, s.log())
	}
	eventually(t, s, "the job completes", func() bool { return queuedJobs(t, files)["d-evidence"] == "completed" })
	var published strings.Builder
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council] ") {
			for _, c := range w.f.Comments(d.ID) {
				published.WriteString(c.Body + "\n")
			}
		}
	}
	ev := published.String()
	for _, want := range []string{"APP-FACT", "cap the retries", "at commit " + head, "billing/retry.go:3:const MaxRetries = 5 // APP-FACT"} {
		if !strings.Contains(ev, want) {
			t.Errorf("the published record lacks %q:\n%s\n%s", want, ev, s.log())
		}
	}
	if strings.Contains(ev, "LATER-FACT") {
		t.Errorf("the published record shows a commit pushed after the pin:\n%s", ev)
	}
	wantRefusals(t, ev)
}

// pushLater pushes, the moment a search lists the tree (so after the session was pinned), a
// commit that changes the searched file and adds another match: an answer that shows
// LATER-FACT read the branch, not the pinned commit.
func pushLater(t *testing.T, w *actionWorld) {
	t.Helper()
	w.f.BeforeCall("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", func() {
		w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "after the pin"},
			Files: map[string]string{"billing/retry.go": "const MaxRetries = 9 // LATER-FACT\n", "billing/later.go": "MaxRetries LATER-FACT\n"}})
	})
}
