package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// councilScript answers every call of a standing-team session. Templates read the member
// labels out of the prompt, so the answers fit whatever seating the seed drew. The arbiter's
// answer comes first because its prompt quotes the phase names the seats' answers match on.
// The skeptic votes for Option 2 and the arbiter names whoever did in its dissent.
const councilScript = `responses:
  - role: triage
    text: |
      SHAPE: team

      ## Why
      It trades a running cost against operational risk.
  - role: arbiter
    match: 'Ruling\.'
    text: |
      SELECTED: Option 1

      ## Decision
      Move billing to the queue in two steps.

      ## Rationale
      Retries are the measured pain.

      ## Dissent
      - {{match "Option 2 \\([^)]*\\): [0-9]+ vote\\(s\\) — ([^\\n]*)" .User}}: cron is cheaper to run.

      ## Trip-wires
      - Reopen if queue spend exceeds the cron hosts' cost by half.
  - role: steward
    match: 'Blind round'
    text: |
      ## Position
      Move billing to a queue, reversibly.
      ## Grounds
      - the question asks for fewer night failures
      ## Risks
      - NONE_FOUND: checked the load numbers
      ## Provisional intent
      - Billing jobs stop failing at night.
      - The change can be rolled back within a day.
  - role: steward
    match: 'Closing ballot'
    text: |
      VOTE: Option 1
      ## Final position
      Queue.
      ## Objections
      - Option 2: retries stay
      ## Trip-wires
      - Reopen if p99 latency passes 200 ms.
      ## Intent alignment
      - Intent 1 / Option 1: pass — the queue retries outside the night window
      - Intent 1 / Option 2: unknown — hardened cron was not measured
      - Intent 2 / Option 1: pass — the cron jobs stay deployable until the queue has run a month
      - Intent 2 / Option 2: pass — cron stays as it is
  - match: 'Blind round'
    text: |
      ## Position
      Move billing to a queue.
      ## Grounds
      - retries pile up at night
      ## Risks
      - NONE_FOUND: checked the load numbers
  - role: clerk
    match: 'File the docket'
    text: |
      ## Options
      - Option 1: Adopt a queue — move billing jobs onto a managed queue. Held by: {{match "The blind positions of ([^.]*) are above" .User}}
      - Option 2: Keep cron — harden the existing cron jobs. Held by: {{match "The blind positions of (Member [A-Z]+)" .User}}

      ## Points in dispute
      - Whether the retry load justifies a new service.
  - match: 'Cross-examination, round'
    text: |
      ## Challenges
      - {{match "Challenge the other members \\((Member [A-Z]+)" .User}}: the load figure is a guess.
      ## Concessions
      - none
  - role: skeptic
    match: 'Closing ballot'
    text: |
      VOTE: Option 2
      ## Final position
      Cron is enough.
      ## Objections
      - Option 1: a new service to run
      ## Trip-wires
      - Reopen if retries double.
  - match: 'Closing ballot'
    text: |
      VOTE: Option 1
      ## Final position
      Queue.
      ## Objections
      - Option 2: retries stay
      ## Trip-wires
      - Reopen if p99 latency passes 200 ms.
      ## Intent alignment
      - Option 1: serves — it is what was asked.
`

// councilEnv is one isolated CLI environment for convene: five scripted vendors of five
// families answering from a script, and a state file.
type councilEnv struct {
	t                  *testing.T
	dir                string
	config, db, script string
}

// newCouncilEnv writes the config and the script (with extra responses placed first, so they
// win) into a fresh directory.
func newCouncilEnv(t *testing.T, extra string) *councilEnv {
	t.Helper()
	return councilEnvAt(t, t.TempDir(), extra, "")
}

// councilEnvAt writes into dir; latency, when set, is every call's simulated latency.
func councilEnvAt(t *testing.T, dir, extra, latency string) *councilEnv {
	t.Helper()
	c := &councilEnv{t: t, dir: dir, config: filepath.Join(dir, "war-room.yml"), db: filepath.Join(dir, "state.db"),
		script: filepath.Join(dir, "council-script.yaml")}
	text := strings.Replace(councilScript, "responses:\n", "responses:\n"+extra, 1)
	if latency != "" {
		text = "latency: " + latency + "\n" + text
	}
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}, {"gemini", "google"}, {"qwen", "qwen"}, {"glm", "zhipu"}} {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n", p[0], p[1], p[0], c.script)
	}
	for path, body := range map[string]string{c.script: text, c.config: b.String()} {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// run runs any war-room subcommand against the env's config and state file.
func (c *councilEnv) run(name string, args ...string) cliResult {
	c.t.Helper()
	return c.runOn(false, name, args...)
}

// runOn is run with stdout a terminal or not.
func (c *councilEnv) runOn(stdoutTTY bool, name string, args ...string) cliResult {
	c.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: c.getenv, stdoutTTY: stdoutTTY}
	code := run(context.Background(), e, append([]string{name, "--config", c.config, "--db", c.db}, args...))
	return cliResult{out.String(), errb.String(), code}
}

// getenv is the environment a command sees: the env's directory is the project (its layer of
// the catalog, its intent, its repository), and nothing else is set.
func (c *councilEnv) getenv(k string) string {
	if k == "WAR_ROOM_PROJECT_DIR" {
		return c.dir
	}
	return ""
}

func (c *councilEnv) store() engine.Store {
	c.t.Helper()
	st, err := sqlite.Open(context.Background(), c.db)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { st.Close() })
	return st
}

// sessions returns the env's council sessions.
func (c *councilEnv) sessions() []engine.Session {
	c.t.Helper()
	ss, err := c.store().ListSessions(context.Background(), "council", 0)
	if err != nil {
		c.t.Fatal(err)
	}
	return ss
}
