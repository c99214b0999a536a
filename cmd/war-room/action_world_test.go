package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/testwait"
)

// The fake GitHub every end-to-end Action test runs against: the repository of the adapted
// payloads in testdata/action, its Decisions category, and the Actions bot.
const (
	aOwner    = "acme"
	aRepo     = "acme/widgets"
	aBranch   = "master" // the payloads' default_branch
	aBotLogin = "github-actions[bot]"
	aBotToken = "ghs_actionsactionsactionsactions01"
)

// actionWorld is one repository on the fake GitHub plus a workspace for runs.
type actionWorld struct {
	t      *testing.T
	f      *githubfake.Fake
	dir    string
	tokens map[string]string
	runs   int
}

func newActionWorld(t *testing.T, configYAML string) *actionWorld {
	t.Helper()
	f := githubfake.New(t)
	f.AddRepo(aOwner, "widgets", githubfake.RepoOptions{DiscussionsEnabled: true, DefaultBranch: aBranch})
	f.AddDiscussionCategory(aRepo, "Decisions", "decisions", true)
	for _, l := range []string{"war-room", "type-2"} {
		f.AddLabel(aRepo, l)
	}
	f.AddUser(aBotLogin, "Bot")
	f.AddToken(aBotToken, aBotLogin)
	w := &actionWorld{t: t, f: f, dir: t.TempDir(), tokens: map[string]string{}}
	if configYAML != "" {
		f.PutFile(aRepo, aBranch, ".github/war-room.yml", configYAML)
	}
	return w
}

// testdataPath is the absolute path of a file in testdata/action.
func testdataPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "action", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// reasonConfig is a configuration whose default protocol is the reasoning chain on two
// scripted profiles of different families, publishing with no mutation spacing to wait out.
func reasonConfig(t *testing.T, extra string) string {
	return reasonProfiles(t) + `github:
  write_spacing: 1ms
  progress:
    throttle: 1s
` + extra
}

// reasonProfiles is the configuration's profiles and protocols: the reasoning chain on two
// scripted profiles of different families.
func reasonProfiles(t *testing.T) string {
	script := testdataPath(t, "reason-script.yaml")
	return fmt.Sprintf(`version: 1
providers:
  alpha: {type: script, family: anthropic, responses: %[1]s}
  beta: {type: script, family: openai, responses: %[1]s}
protocols:
  default: reason
  reason:
    pool: [alpha, beta]
`, script)
}

// user gives login a permission on the repository and a token of its own.
func (w *actionWorld) user(login, perm string) {
	w.f.SetPermission(aRepo, login, perm)
	tok := "ghp_" + strings.Repeat(login[:1], 8) + fmt.Sprint(len(w.tokens)) + "usertokenusertoken"
	w.f.AddToken(tok, login)
	w.tokens[login] = tok
}

// comment posts body on issue n as login, through the REST API as a person would, and
// returns the new comment's id.
func (w *actionWorld) comment(login string, n int, body string) int64 {
	w.t.Helper()
	raw, _ := json.Marshal(map[string]string{"body": body})
	url := fmt.Sprintf("%s/repos/%s/issues/%d/comments", w.f.URL(), aRepo, n)
	resp, err := w.f.Client(w.tokens[login]).Post(url, "application/json", bytes.NewReader(raw))
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID int64 }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusCreated {
		w.t.Fatalf("post comment: %d %v", resp.StatusCode, err)
	}
	return out.ID
}

// actionRun is what one run of `war-room action` left behind.
type actionRun struct {
	code           int
	stdout, stderr string
	outputs        map[string]string
	summary        string
	db             string
}

// run executes the built binary exactly as a runner would: the GITHUB_* variables, the
// INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, a fresh state file. Like a
// runner, it sets no GITHUB_TOKEN variable: the token arrives only as the github-token input.
func (w *actionWorld) run(event, eventPath string, inputs, extraEnv map[string]string) actionRun {
	w.t.Helper()
	env, r, dir := w.runEnv(event, eventPath, inputs, extraEnv)
	ctx, cancel := testwait.Context(w.t) // a run that hangs must not outlive the test binary
	defer cancel()
	cmd := exec.CommandContext(ctx, actionBinary, "action")
	cmd.Env, cmd.Dir = env, dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		w.t.Fatal(err)
	}
	r.stdout, r.stderr = out.String(), errb.String()
	return w.collect(r, dir)
}

// runEnv is the environment a runner gives a run (as NAME=VALUE), the run to fill in, and
// its directory.
func (w *actionWorld) runEnv(event, eventPath string, inputs, extraEnv map[string]string) ([]string, actionRun, string) {
	w.t.Helper()
	w.runs++
	dir := filepath.Join(w.dir, fmt.Sprintf("run-%d", w.runs))
	if err := os.MkdirAll(filepath.Join(dir, "tmp"), 0o700); err != nil {
		w.t.Fatal(err)
	}
	r := actionRun{db: filepath.Join(dir, "state.db")}
	outFile, sumFile := filepath.Join(dir, "output"), filepath.Join(dir, "summary.md")
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "TMPDIR=" + filepath.Join(dir, "tmp"),
		"GITHUB_ACTIONS=true", "CI=true", "GITHUB_EVENT_NAME=" + event, "GITHUB_EVENT_PATH=" + eventPath,
		"GITHUB_API_URL=" + w.f.URL(), "GITHUB_GRAPHQL_URL=" + w.f.GraphQLURL(), "GITHUB_SERVER_URL=https://github.example",
		"GITHUB_REPOSITORY=" + aRepo, "GITHUB_REPOSITORY_OWNER=" + aOwner, "GITHUB_RUN_ID=" + fmt.Sprint(9000+w.runs),
		"GITHUB_RUN_ATTEMPT=1", "GITHUB_WORKSPACE=" + dir, "RUNNER_TEMP=" + filepath.Join(dir, "tmp"),
		"GITHUB_OUTPUT=" + outFile, "GITHUB_STEP_SUMMARY=" + sumFile,
		"WAR_ROOM_DB=" + r.db, "INPUT_GITHUB-TOKEN=" + aBotToken, "INPUT_PUBLISH=true", "INPUT_REVIEW=true"}
	for k, v := range inputs {
		env = append(env, "INPUT_"+strings.ToUpper(k)+"="+v)
	}
	for k, v := range extraEnv {
		env = append(env, k+"="+v)
	}
	return env, r, dir
}

// collect reads a finished run's step outputs and job summary.
func (w *actionWorld) collect(r actionRun, dir string) actionRun {
	r.outputs = readOutputs(w.t, filepath.Join(dir, "output"))
	if b, err := os.ReadFile(filepath.Join(dir, "summary.md")); err == nil {
		r.summary = string(b)
	}
	return r
}

// readOutputs parses a GITHUB_OUTPUT file (name<<DELIM ... DELIM blocks, or name=value).
func readOutputs(t *testing.T, path string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return out
	} else if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw, _ := io.ReadAll(f)
	lines := strings.Split(string(raw), "\n")
	for i := 0; i < len(lines); i++ {
		if name, delim, ok := strings.Cut(lines[i], "<<"); ok {
			var val []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				val = append(val, lines[i])
			}
			out[name] = strings.Join(val, "\n")
		} else if name, val, ok := strings.Cut(lines[i], "="); ok {
			out[name] = val
		}
	}
	return out
}

// recordBody is a discussion body as war-room publishes a decision: the body marker of
// session on the first line and the meta line on the second. Only such a body, by war-room's
// own account, is a prior decision.
func recordBody(session, text string) string {
	return discussions.Marker{Session: session, Part: "body"}.String() +
		"\n<!-- war-room:meta class=type%202 supersedes= -->\n\n" + text
}
