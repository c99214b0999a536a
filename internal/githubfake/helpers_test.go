package githubfake_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/githubfake"
)

const (
	repoName = "acme/widgets"
	botToken = "ghs_bot"
	userTok  = "ghp_alice"
)

// world is a fake with one repository, categories, labels, a bot and a user.
type world struct {
	*githubfake.Fake
	repoID, ideasID, qaID, decisionLabel string
}

func newWorld(t *testing.T) world {
	t.Helper()
	f := githubfake.New(t)
	clock := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.SetClock(func() time.Time { clock = clock.Add(time.Second); return clock })
	w := world{Fake: f}
	w.repoID = f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	w.ideasID = f.AddDiscussionCategory(repoName, "Ideas", "ideas", false)
	w.qaID = f.AddDiscussionCategory(repoName, "Decisions", "decisions", true)
	w.decisionLabel = f.AddLabel(repoName, "war-room")
	f.AddUser("war-room[bot]", "Bot")
	f.AddToken(botToken, "war-room[bot]")
	f.AddUser("alice", "User")
	f.AddToken(userTok, "alice")
	f.SetPermission(repoName, "alice", "write")
	return w
}

// gqlResult is a decoded GraphQL answer; Raw keeps the top-level keys to tell a missing
// "data" from a null one.
type gqlResult struct {
	Status int
	Raw    map[string]json.RawMessage
	Data   map[string]any
	Errors []map[string]any
}

func postGQL(t *testing.T, f *githubfake.Fake, token, query string, vars map[string]any) gqlResult {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	resp, err := f.Client(token).Post(f.GraphQLURL(), "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("post graphql: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	res := gqlResult{Status: resp.StatusCode}
	if err := json.Unmarshal(b, &res.Raw); err != nil {
		t.Fatalf("graphql answer is not JSON (%d): %s", resp.StatusCode, b)
	}
	_ = json.Unmarshal(res.Raw["data"], &res.Data)
	_ = json.Unmarshal(res.Raw["errors"], &res.Errors)
	return res
}

// dig walks a decoded JSON value by keys and indexes.
func dig(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func doREST(t *testing.T, f *githubfake.Fake, token, method, path string, body any, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, f.URL()+path, rd)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := f.Client(token).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
