package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// TestVerifyFromGitHubAlone: a decision of each protocol, published, verifies from what GitHub
// serves with no state file at all; after an admin edits one word of the card or of a phase
// comment, verify fails and names that comment; after one contribution in a published record
// block, it names that node and the comment it is in.
func TestVerifyFromGitHubAlone(t *testing.T) {
	warroom := filepath.Join("testdata", "warroom", "council.yaml")
	reasonScript := filepath.Join("testdata", "reason", "conforming.yaml")
	council := filepath.Join(t.TempDir(), "council-script.yaml")
	if err := os.WriteFile(council, []byte(councilScript), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string][]profileSpec{
		"deliberate": {scriptProfile("claude", "anthropic", warroom), scriptProfile("gemini", "google", warroom),
			scriptProfile("glm", "zhipu", warroom), scriptProfile("qwen", "qwen", warroom)},
		"reason": {scriptProfile("claude", "anthropic", reasonScript), scriptProfile("gpt", "openai", reasonScript)},
		"convene": {scriptProfile("claude", "anthropic", council), scriptProfile("gpt", "openai", council),
			scriptProfile("gemini", "google", council)},
	}
	for name, profiles := range cases {
		t.Run(name, func(t *testing.T) {
			f := githubfake.New(t)
			f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
			f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
			f.AddToken("bot", "github-actions[bot]")
			f.SetPermission("acme/widgets", "github-actions[bot]", "write")
			f.AddToken("reader", "outsider")
			vars := map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
			extra := ""
			if name == "reason" {
				extra = "  reason: {pool: [claude, gpt]}\n"
			}
			w := newIndepEnv(t, profiles, extra)
			mustExit(t, w.run(vars, commands[name][0], append(commands[name][1:len(commands[name]):len(commands[name])], "--seed", "4")...), 0)
			mustExit(t, w.run(vars, "publish", w.onlySession(), "--repo", "acme/widgets", "--as", "github-actions[bot]"), 0)

			// Anyone with read access, no state file: the reader's token, the publishing account named.
			reader := map[string]string{"GITHUB_TOKEN": "reader", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
			verify := func() cliResult {
				var out, errb strings.Builder
				e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return reader[k] }}
				code := run(t.Context(), e, []string{"verify", "--repo", "acme/widgets", "--discussion", "1", "--as", "github-actions[bot]"})
				return cliResult{out.String(), errb.String(), code}
			}
			res := verify()
			mustExit(t, res, 0)
			if !strings.HasPrefix(res.stdout, "OK ") {
				t.Fatalf("untouched:\n%s", res.stdout)
			}

			// One word of what a person reads — the card in the body, the summary of a
			// phase — edited by an admin: verify fails and names the comment; put back, it
			// passes again.
			d := f.Discussions("acme/widgets")[0]
			cardEdit := strings.Replace(d.Body, "**Decided:**", "**Decided:** Not", 1)
			if cardEdit == d.Body {
				t.Fatalf("no card in the body:\n%s", d.Body)
			}
			f.EditDiscussionBody(d.ID, cardEdit)
			res = verify()
			if res.code != exitFailure || !strings.Contains(res.stderr, "published body") {
				t.Fatalf("after editing the card: exit %d\n%s%s", res.code, res.stdout, res.stderr)
			}
			f.EditDiscussionBody(d.ID, d.Body)
			mustExit(t, verify(), 0)

			// A reader ticks a box of the task list of what would change the decision, as
			// GitHub rewrites the body when one is clicked: still verifies.
			if ticked := strings.Replace(d.Body, "\n- [ ] ", "\n- [x] ", 1); ticked != d.Body {
				f.EditDiscussionBody(d.ID, ticked)
				mustExit(t, verify(), 0)
				f.EditDiscussionBody(d.ID, d.Body)
			} else if name != "reason" {
				t.Fatalf("no task list in the body:\n%s", d.Body)
			}
			var phase githubfake.DiscussionComment
			for _, c := range f.Comments(d.ID) {
				if strings.Contains(c.Body, "part=phase:") && phase.ID == "" {
					phase = c
				}
			}
			words := strings.Fields(phase.Body[strings.Index(phase.Body, "\n### "):])
			edited := strings.Replace(phase.Body, words[len(words)/2], words[len(words)/2]+"s", 1)
			f.EditCommentBody(phase.ID, edited)
			res = verify()
			part := regexp.MustCompile(`part=(phase:\S+)`).FindStringSubmatch(phase.Body)[1]
			if res.code != exitFailure || !strings.Contains(res.stderr, "published "+part) {
				t.Fatalf("after editing a word of %s: exit %d\n%s%s", part, res.code, res.stdout, res.stderr)
			}
			f.EditCommentBody(phase.ID, phase.Body)
			mustExit(t, verify(), 0)

			var target githubfake.DiscussionComment
			for _, c := range f.Comments(d.ID) {
				if strings.Contains(c.Body, "part=record-1 ") {
					target = c
				}
			}
			ids := regexp.MustCompile(`"id":"([0-9a-f]{16})","round":\d+,"phase":"[^"]*","label":"[^"]*","content":"`).FindAllStringSubmatch(strings.ReplaceAll(target.Body, "\n", ""), -1)
			if target.ID == "" || len(ids) == 0 {
				t.Fatalf("no record comment with contributions on #%d", d.Number)
			}
			victim := ids[len(ids)/2][1]
			f.EditCommentBody(target.ID, editNodeContent(t, target.Body, victim))
			res = verify()
			if res.code != exitFailure || !strings.Contains(res.stderr, "contribution "+victim) || !strings.Contains(res.stderr, "record-1 ") {
				t.Fatalf("after editing node %s: exit %d\n%s%s", victim, res.code, res.stdout, res.stderr)
			}
		})
	}
}

// editNodeContent changes the first letters of one node's content inside a record comment,
// keeping the JSON well formed (the lines are joined and wrapped again as published).
func editNodeContent(t *testing.T, body, id string) string {
	t.Helper()
	lines := strings.Split(body, "\n")
	var head, tail []string
	var payload strings.Builder
	in := false
	for _, l := range lines {
		switch {
		case !in && strings.HasPrefix(l, "````") && strings.HasSuffix(l, "json"):
			in = true
			head = append(head, l)
		case in && strings.HasPrefix(l, "````"):
			in = false
			tail = append(tail, l)
		case in:
			payload.WriteString(l)
		case payload.Len() == 0:
			head = append(head, l)
		default:
			tail = append(tail, l)
		}
	}
	key := `"id":"` + id + `"`
	p := payload.String()
	i := strings.Index(p, key)
	j := strings.Index(p[i:], `"content":"`) + i + len(`"content":"`)
	p = p[:j] + "EDITED " + p[j:]
	var b strings.Builder
	for len(p) > 0 {
		n := min(100, len(p))
		b.WriteString(p[:n] + "\n")
		p = p[n:]
	}
	return strings.Join(head, "\n") + "\n" + b.String() + strings.Join(tail, "\n")
}
