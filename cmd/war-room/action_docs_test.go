package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/war-room/war-room/bot"
)

// actionMeta is what the tests read from action.yml.
type actionMeta struct {
	Inputs  map[string]any `yaml:"inputs"`
	Outputs map[string]any `yaml:"outputs"`
}

type workflow struct {
	On          map[string]any                            `yaml:"on"`
	Permissions map[string]string                         `yaml:"permissions"`
	Jobs        map[string]struct{ Steps []workflowStep } `yaml:"jobs"`
}

type workflowStep struct {
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestExampleWorkflowsMatchTheAction holds the copy-paste workflows to the Action they use:
// only real inputs and outputs, only events a handler takes, the documented permissions, the
// action pinned by commit, and provider keys passed through env from secrets, never inputs.
func TestExampleWorkflowsMatchTheAction(t *testing.T) {
	var meta actionMeta
	readYAML(t, filepath.Join("..", "..", "action.yml"), &meta)
	handled := map[string]bool{}
	for _, h := range actionHandlers(&bot.Deps{}) {
		for _, e := range h.Handles() {
			handled[e] = true
		}
	}
	allowedPerms := map[string]bool{"contents": true, "issues": true, "pull-requests": true, "discussions": true, "checks": true}
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "workflows", "*.yml"))
	if len(files) < 4 {
		t.Fatalf("found %d example workflows", len(files))
	}
	outputRef := regexp.MustCompile(`steps\.[\w-]+\.outputs\.([\w-]+)`)
	for _, f := range files {
		var wf workflow
		readYAML(t, f, &wf)
		raw, _ := os.ReadFile(f)
		if len(wf.On) == 0 || len(wf.Permissions) == 0 {
			t.Errorf("%s: no triggers or no permissions read", f)
		}
		for ev := range wf.On {
			if !handled[ev] {
				t.Errorf("%s: triggers on %s, which no handler takes", f, ev)
			}
		}
		for p, v := range wf.Permissions {
			if !allowedPerms[p] || (v != "read" && v != "write") || p == "contents" && v != "read" {
				t.Errorf("%s: permission %s: %s is not one the docs list", f, p, v)
			}
		}
		uses := 0
		for _, job := range wf.Jobs {
			for _, s := range job.Steps {
				if !strings.HasPrefix(s.Uses, "war-room/war-room@") {
					continue
				}
				uses++
				if s.Uses != "war-room/war-room@<commit-sha>" {
					t.Errorf("%s: uses %s; pin by commit", f, s.Uses)
				}
				for k := range s.With {
					if _, ok := meta.Inputs[k]; !ok {
						t.Errorf("%s: input %q is not in action.yml", f, k)
					}
				}
				for k, v := range s.Env {
					if strings.HasSuffix(k, "_KEY") && !strings.HasPrefix(v, "${{ secrets.") {
						t.Errorf("%s: %s does not come from a secret", f, k)
					}
				}
			}
		}
		if uses != 1 {
			t.Errorf("%s: %d war-room steps", f, uses)
		}
		for _, m := range outputRef.FindAllStringSubmatch(string(raw), -1) {
			if _, ok := meta.Outputs[m[1]]; !ok {
				t.Errorf("%s: output %q is not in action.yml", f, m[1])
			}
		}
	}
}

// TestActionDocsListEveryInputAndOutput keeps docs/action.md's tables in step with
// action.yml and with the outputs the bot writes.
func TestActionDocsListEveryInputAndOutput(t *testing.T) {
	var meta actionMeta
	readYAML(t, filepath.Join("..", "..", "action.yml"), &meta)
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "action.md"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range meta.Inputs {
		names = append(names, k)
	}
	for k := range meta.Outputs {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		if !strings.Contains(string(doc), "| `"+n+"` |") {
			t.Errorf("docs/action.md has no table row for %q", n)
		}
	}
	for _, o := range []string{bot.OutputSessionID, bot.OutputDiscussionURL, bot.OutputDecision, bot.OutputLaneResults} {
		if _, ok := meta.Outputs[o]; !ok {
			t.Errorf("the bot writes output %q, which action.yml does not declare", o)
		}
	}
	for _, in := range []string{inputToken, inputConfig, inputProtocol, inputQuestion, inputPublish, inputReview} {
		if _, ok := meta.Inputs[in]; !ok {
			t.Errorf("war-room action reads input %q, which action.yml does not declare", in)
		}
	}
	block := "permissions:\n  contents: read\n  issues: write\n  pull-requests: write\n  discussions: write\n  checks: write\n"
	if !strings.Contains(string(doc), block) {
		t.Errorf("docs/action.md lacks the exact permissions block:\n%s", block)
	}
	if !slices.Contains(names, "github-token") {
		t.Error("action.yml declares no github-token input")
	}
}

// TestActionDocsQuickStartIsTheExample: the workflow a reader copies from docs/action.md's
// quick start is, comments aside, examples/workflows/war-room.yml, which the test above holds
// to the Action.
func TestActionDocsQuickStartIsTheExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "action.md"))
	if err != nil {
		t.Fatal(err)
	}
	var example map[string]any
	readYAML(t, filepath.Join("..", "..", "examples", "workflows", "war-room.yml"), &example)
	found := 0
	for _, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if !strings.HasPrefix(block[1], "name: ") {
			continue // a fragment, such as the permissions block
		}
		found++
		var quick map[string]any
		if err := yaml.Unmarshal([]byte(block[1]), &quick); err != nil {
			t.Fatalf("the quick-start workflow does not parse: %v", err)
		}
		if !reflect.DeepEqual(quick, example) {
			t.Errorf("docs/action.md's workflow differs from examples/workflows/war-room.yml:\n%v\n%v", quick, example)
		}
	}
	if found != 1 {
		t.Errorf("docs/action.md has %d whole workflows, want the one quick start", found)
	}
}
