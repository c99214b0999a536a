package githubfake_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Every JSON response the fake gives must fit GitHub's published schema for that
// operation and status.
func TestRESTResponsesMatchGitHubsSchemas(t *testing.T) {
	w := newWorld(t)
	sp := loadSpec(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	pr := addSamplePull(w)
	w.PutFile(repoName, "main", "a.txt", "hi")
	steps := []struct {
		method, path string
		body         any
	}{
		{"GET", "/repos/acme/widgets", nil},
		{"POST", "/repos/acme/widgets/issues", map[string]any{"title": "new", "labels": []any{"war-room"}}},
		{"GET", "/repos/acme/widgets/issues/1", nil},
		{"POST", "/repos/acme/widgets/issues/1/comments", map[string]any{"body": "hello"}},
		{"GET", "/repos/acme/widgets/issues/1/comments", nil},
		{"GET", "/repos/acme/widgets/issues/comments/{comment}", nil},
		{"PATCH", "/repos/acme/widgets/issues/comments/{comment}", map[string]any{"body": "edited"}},
		{"POST", "/repos/acme/widgets/issues/comments/{comment}/reactions", map[string]any{"content": "+1"}},
		{"GET", "/repos/acme/widgets/issues/comments/{comment}/reactions", nil},
		{"POST", "/repos/acme/widgets/issues/1/reactions", map[string]any{"content": "eyes"}},
		{"POST", "/repos/acme/widgets/issues/1/labels", map[string]any{"labels": []any{"war-room"}}},
		{"GET", "/repos/acme/widgets/pulls/2", nil},
		{"GET", "/repos/acme/widgets/pulls/2/files", nil},
		{"GET", "/repos/acme/widgets/pulls/2/commits", nil},
		{"POST", "/repos/acme/widgets/check-runs", map[string]any{"name": "lane", "head_sha": "f00d", "status": "completed", "conclusion": "neutral",
			"output": map[string]any{"title": "t", "summary": "s", "annotations": []any{map[string]any{
				"path": "main.go", "start_line": 2, "end_line": 2, "annotation_level": "warning", "message": "m"}}}}},
		{"GET", "/repos/acme/widgets/check-runs/{check}/annotations", nil},
		{"POST", "/repos/acme/widgets/pulls/2/reviews", map[string]any{"body": "b", "event": "COMMENT", "comments": []any{
			map[string]any{"path": "main.go", "line": 2, "side": "RIGHT", "body": "c"},
			map[string]any{"path": "main.go", "start_line": 1, "line": 3, "body": "range"}}}},
		{"GET", "/repos/acme/widgets/pulls/2/reviews", nil},
		{"GET", "/repos/acme/widgets/pulls/2/comments", nil},
		{"GET", "/repos/acme/widgets/check-runs/{check}", nil},
		{"PATCH", "/repos/acme/widgets/check-runs/{check}", map[string]any{"conclusion": "success"}},
		{"GET", "/repos/acme/widgets/commits/f00d/check-runs", nil},
		{"GET", "/repos/acme/widgets/collaborators/alice/permission", nil},
		{"GET", "/repos/acme/widgets/contents/a.txt", nil},
		{"GET", "/rate_limit", nil},
	}
	if n != 1 || pr != 2 {
		t.Fatalf("numbers %d %d", n, pr)
	}
	ids := map[string]string{}
	for _, s := range steps {
		path := s.path
		for k, v := range ids {
			path = strings.ReplaceAll(path, "{"+k+"}", v)
		}
		resp, body := doREST(t, w.Fake, botToken, s.method, path, s.body)
		if resp.StatusCode >= 300 {
			t.Errorf("%s %s: %d %s", s.method, path, resp.StatusCode, body)
			continue
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Errorf("%s %s: not JSON", s.method, path)
			continue
		}
		if strings.HasSuffix(path, "/comments") && s.method == "POST" {
			ids["comment"] = jsonID(v)
		}
		if strings.HasSuffix(path, "/check-runs") && s.method == "POST" && resp.StatusCode == 201 {
			ids["check"] = jsonID(v)
		}
		call := w.Calls()[len(w.Calls())-1]
		route := strings.Replace(call.Route, "{path...}", "{path}", 1)
		method, tmpl, _ := strings.Cut(route, " ")
		sch, ok := sp.responseSchema(method, tmpl, resp.StatusCode)
		if !ok {
			t.Errorf("%s: no schema in the REST description for %d", route, resp.StatusCode)
			continue
		}
		for _, e := range sp.check(sch, v, route) {
			t.Error(e)
		}
	}
}

func jsonID(v any) string {
	id, _ := v.(map[string]any)["id"].(float64)
	return strconv.FormatInt(int64(id), 10)
}

// A review GitHub cannot anchor is refused in the shape its description gives the
// create-review 422 (validation-error-simple: a list of plain messages).
func TestReviewRefusalMatchesGitHubsSchema(t *testing.T) {
	w := newWorld(t)
	sp := loadSpec(t)
	pr := addSamplePull(w)
	resp, body := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/pulls/"+strconv.Itoa(pr)+"/reviews", map[string]any{
		"body": "b", "event": "COMMENT", "comments": []any{map[string]any{"path": "main.go", "line": 40, "body": "c"}}})
	if resp.StatusCode != 422 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	for _, e := range sp.check(map[string]any{"$ref": "#/components/schemas/validation-error-simple"}, v, "create-review 422") {
		t.Error(e)
	}
}
