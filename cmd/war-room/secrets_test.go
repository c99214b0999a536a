package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// plantedSecrets are one made-up secret of every kind war-room redacts.
var plantedSecrets = []string{
	"ghp_0123456789abcdefghijABCDEFGHIJ012345", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
	"sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345", "sk-proj-abcdefghijklmnopqrstuvwxyz0123",
	"AIzaSyA0123456789abcdefghijklmnopqrstuv", "xoxb-1234567890-0987654321-abcdefghijklmnop",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"AKIAIOSFODNN7EXAMPLE", "MIIEowIBAAKCAQEA7bqSECRETKEYBODY",
}

// A question and every model answer that carry a secret of each kind — tokens after a line
// break, inside angle brackets, a PEM block — leave none in any output: the decision printed
// as JSON, the Discussion's body, its phase comments and the verifiable record's comments.
// The record seals the redacted text, so the published decision still verifies.
func TestNoSecretReachesAnyOutput(t *testing.T) {
	leak := "\nghp_0123456789abcdefghijABCDEFGHIJ012345 <github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF>\n" +
		"\tsk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 sk-proj-abcdefghijklmnopqrstuvwxyz0123\n" +
		"AIzaSyA0123456789abcdefghijklmnopqrstuv xoxb-1234567890-0987654321-abcdefghijklmnop\n" +
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U AKIAIOSFODNN7EXAMPLE\n" +
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bqSECRETKEYBODY\n-----END RSA PRIVATE KEY-----\n"
	raw, err := os.ReadFile(filepath.Join("testdata", "reason", "conforming.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	indented := strings.ReplaceAll(strings.TrimSuffix(leak, "\n"), "\n", "\n      ")
	script := strings.NewReplacer(
		"      Keep PostgreSQL.\n", "      Keep PostgreSQL. Our key: "+indented+"\n",
		"      weakened: nobody ran a load test.\n", "      weakened: nobody ran a load test. "+indented+"\n",
		"      Answer: Keep PostgreSQL for now.\n", "      Answer: Keep PostgreSQL for now. "+indented+"\n",
	).Replace(string(raw))
	if strings.Count(script, "AKIAIOSFODNN7EXAMPLE") != 3 {
		t.Fatal("the secrets were not planted in three answers")
	}
	path := filepath.Join(t.TempDir(), "leaky.yaml")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
	f.AddToken("bot", "github-actions[bot]")
	f.SetPermission("acme/widgets", "github-actions[bot]", "write")
	vars := map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
	w := newIndepEnv(t, []profileSpec{scriptProfile("claude", "anthropic", path), scriptProfile("gpt", "openai", path)},
		"  reason: {pool: [claude, gpt]}\n")
	res := w.run(vars, "reason", "Should we keep PostgreSQL? Our token is"+strings.ReplaceAll(leak, "\n", " "), "--seed", "4", "--json")
	mustExit(t, res, 0)
	var decoded map[string]any
	if err := json.Unmarshal([]byte(res.stdout), &decoded); err != nil {
		t.Fatalf("--json is not JSON: %v\n%s", err, res.stdout)
	}
	mustExit(t, w.run(vars, "publish", w.onlySession(), "--repo", "acme/widgets", "--as", "github-actions[bot]"), 0)
	outputs := map[string]string{"--json": res.stdout, "--json decoded": flatten(decoded)}
	d := f.Discussions("acme/widgets")[0]
	outputs["body"] = d.Body
	records := 0
	for _, c := range f.Comments(d.ID) {
		outputs[c.ID] = c.Body
		if strings.Contains(c.Body, "part=record-") {
			records++
		}
	}
	if records == 0 {
		t.Fatal("no record comment was published")
	}
	for name, text := range outputs {
		for _, secret := range plantedSecrets {
			if strings.Contains(text, secret) || strings.Contains(strings.ReplaceAll(text, `\u005f`, "_"), secret) {
				t.Errorf("%s holds %s", name, secret[:12])
			}
		}
	}
	if !strings.Contains(outputs["body"], "[redacted secret]") {
		t.Error("the body does not show where a secret was redacted")
	}
	mustExit(t, w.run(map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()},
		"verify", "--repo", "acme/widgets", "--discussion", "1", "--as", "github-actions[bot]"), 0)
}

// flatten is every string of a decoded JSON value, one per line: what a JSON reader sees.
func flatten(v any) string {
	switch v := v.(type) {
	case string:
		return v + "\n"
	case map[string]any:
		var b strings.Builder
		for _, x := range v {
			b.WriteString(flatten(x))
		}
		return b.String()
	case []any:
		var b strings.Builder
		for _, x := range v {
			b.WriteString(flatten(x))
		}
		return b.String()
	}
	return ""
}
