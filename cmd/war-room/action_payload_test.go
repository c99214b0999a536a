package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// payload loads testdata/action/<name>.json, applies set (dotted paths) and writes the event
// file a runner would, returning its path.
func (w *actionWorld) payload(name string, set map[string]any) string {
	w.t.Helper()
	raw, err := os.ReadFile(testdataPath(w.t, name+".json"))
	if err != nil {
		w.t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(raw, &ev); err != nil {
		w.t.Fatal(err)
	}
	for path, v := range set {
		setPath(w.t, ev, path, v)
	}
	out, _ := json.MarshalIndent(ev, "", "  ")
	w.runs++
	p := filepath.Join(w.dir, fmt.Sprintf("event-%d.json", w.runs))
	if err := os.WriteFile(p, out, 0o600); err != nil {
		w.t.Fatal(err)
	}
	return p
}

func setPath(t *testing.T, m map[string]any, path string, v any) {
	keys := strings.Split(path, ".")
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("payload has no object at %q (in %s)", k, path)
		}
		m = next
	}
	m[keys[len(keys)-1]] = v
}

// commentEvent is an issue_comment delivery for a comment made with w.comment.
func (w *actionWorld) commentEvent(action string, n int, id int64, login, body string) string {
	typ := "User"
	if strings.HasSuffix(login, "[bot]") {
		typ = "Bot"
	}
	name := "issue_comment.created"
	if action == "edited" {
		name = "issue_comment.edited"
	}
	var title, text string
	for _, is := range w.f.Issues(aRepo) {
		if is.Number == n {
			title, text = is.Title, is.Body
		}
	}
	return w.payload(name, map[string]any{"action": action, "issue.number": n, "issue.title": title, "issue.body": text, "comment.id": id,
		"comment.body": body, "comment.user.login": login, "comment.user.type": typ,
		"sender.login": login, "sender.type": typ})
}
