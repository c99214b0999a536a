package githubfake_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
)

func TestPullsDiffAndFiles(t *testing.T) {
	w := newWorld(t)
	n := addSamplePull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	pr, _, err := gh.PullRequests.Get(ctx, "acme", "widgets", n)
	if err != nil || pr.GetHead().GetSHA() != "f00d" || pr.GetBase().GetRef() != "main" || pr.GetChangedFiles() != 2 {
		t.Fatalf("get: %v %+v", err, pr)
	}
	diff, _, err := gh.PullRequests.GetRaw(ctx, "acme", "widgets", n, github.RawOptions{Type: github.Diff})
	if err != nil || diff != sampleDiff {
		t.Errorf("diff: %v %q", err, diff)
	}
	files, _, err := gh.PullRequests.ListFiles(ctx, "acme", "widgets", n, nil)
	if err != nil || len(files) != 2 || files[0].GetFilename() != "main.go" || files[0].GetAdditions() != 2 ||
		files[0].GetDeletions() != 1 || files[1].GetStatus() != "added" {
		t.Errorf("files: %v %+v", err, files)
	}
	w.MovePullHead(repoName, n, "beef", "")
	if pr, _, _ := gh.PullRequests.Get(ctx, "acme", "widgets", n); pr.GetHead().GetSHA() != "beef" {
		t.Errorf("moved head = %s", pr.GetHead().GetSHA())
	}
	if _, _, err := gh.PullRequests.Get(ctx, "acme", "widgets", w.AddIssue(repoName, 0, "t", "b", "alice")); err == nil {
		t.Errorf("an issue number is not a pull request")
	}
}

func TestCheckRuns(t *testing.T) {
	w := newWorld(t)
	addSamplePull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	cr, resp, err := gh.Checks.CreateCheckRun(ctx, "acme", "widgets", github.CreateCheckRunOptions{
		Name: "war-room/lane-1", HeadSHA: "f00d", Status: github.String("in_progress"), ExternalID: github.String("lane-1"),
	})
	if err != nil || resp.StatusCode != 201 || cr.GetStatus() != "in_progress" || cr.GetApp().GetSlug() != "war-room" {
		t.Fatalf("create: %v %+v", err, cr)
	}
	_, _, err = gh.Checks.UpdateCheckRun(ctx, "acme", "widgets", cr.GetID(), github.UpdateCheckRunOptions{Name: "war-room/lane-1", Status: github.String("completed")})
	if err == nil {
		t.Errorf("completed without a conclusion accepted")
	}
	up, _, err := gh.Checks.UpdateCheckRun(ctx, "acme", "widgets", cr.GetID(), github.UpdateCheckRunOptions{
		Name: "war-room/lane-1", Conclusion: github.String("success"),
		Output: &github.CheckRunOutput{Title: github.String("Confirmed"), Summary: github.String("All good")},
	})
	if err != nil || up.GetStatus() != "completed" || up.GetConclusion() != "success" || up.GetOutput().GetSummary() != "All good" {
		t.Errorf("update: %v %+v", err, up)
	}
	_, _, err = gh.Checks.UpdateCheckRun(ctx, "acme", "widgets", cr.GetID(), github.UpdateCheckRunOptions{
		Name: "x", Output: &github.CheckRunOutput{Title: github.String("t"), Summary: github.String(strings.Repeat("s", 65536))}})
	if err == nil {
		t.Errorf("summary over 65,535 characters accepted")
	}
	for _, ref := range []string{"f00d", "feature"} {
		res, _, err := gh.Checks.ListCheckRunsForRef(ctx, "acme", "widgets", ref, nil)
		if err != nil || res.GetTotal() != 1 || res.CheckRuns[0].GetConclusion() != "success" {
			t.Errorf("list for %s: %v %+v", ref, err, res)
		}
	}
	if _, resp, err := ghClient(t, w, userTok).Checks.CreateCheckRun(ctx, "acme", "widgets", github.CreateCheckRunOptions{Name: "x", HeadSHA: "f00d"}); err == nil || resp.StatusCode != 403 {
		t.Errorf("a personal token created a check run")
	}
	if got := w.CheckRuns(repoName); len(got) != 1 || got[0].Title != "Confirmed" || got[0].ExternalID != "lane-1" {
		t.Errorf("stored = %+v", got)
	}
}

func TestPermissionAndContents(t *testing.T) {
	w := newWorld(t)
	w.AddUser("maya", "User")
	w.SetPermission(repoName, "maya", "maintain")
	w.AddUser("tom", "User")
	w.SetPermission(repoName, "tom", "triage")
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	for login, want := range map[string][2]string{"maya": {"write", "maintain"}, "tom": {"read", "triage"}, "alice": {"write", "write"}, "acme": {}} {
		p, _, err := gh.Repositories.GetPermissionLevel(ctx, "acme", "widgets", login)
		if want[0] == "" {
			if err == nil {
				t.Errorf("%s: an organization is not a collaborator", login)
			}
			continue
		}
		if err != nil || p.GetPermission() != want[0] || p.GetUser().GetLogin() != login {
			t.Errorf("%s: %v %+v", login, err, p)
		}
		_, raw := doREST(t, w.Fake, botToken, "GET", "/repos/acme/widgets/collaborators/"+login+"/permission", nil)
		var body struct {
			RoleName string `json:"role_name"`
		}
		if json.Unmarshal(raw, &body) != nil || body.RoleName != want[1] {
			t.Errorf("%s: role_name = %q, want %q", login, body.RoleName, want[1])
		}
	}
	w.PutFile(repoName, "main", ".github/war-room.yml", "panel: [a, b]\n")
	w.PutFile(repoName, "f00d", ".github/war-room.yml", "panel: [evil]\n")
	fc, _, _, err := gh.Repositories.GetContents(ctx, "acme", "widgets", ".github/war-room.yml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := fc.GetContent(); s != "panel: [a, b]\n" || fc.GetEncoding() != "base64" {
		t.Errorf("default branch content = %q", s)
	}
	fc, _, _, err = gh.Repositories.GetContents(ctx, "acme", "widgets", ".github/war-room.yml", &github.RepositoryContentGetOptions{Ref: "f00d"})
	if s, _ := fc.GetContent(); err != nil || s != "panel: [evil]\n" {
		t.Errorf("content at ref = %q %v", s, err)
	}
	if _, _, resp, err := gh.Repositories.GetContents(ctx, "acme", "widgets", "missing.yml", nil); err == nil || resp.StatusCode != 404 {
		t.Errorf("missing file: %v", err)
	}
	resp, body := doREST(t, w.Fake, botToken, "GET", "/repos/acme/widgets/contents/.github/war-room.yml", nil, "Accept", "application/vnd.github.raw+json")
	if resp.StatusCode != 200 || string(body) != "panel: [a, b]\n" {
		t.Errorf("raw = %d %q", resp.StatusCode, body)
	}
}
