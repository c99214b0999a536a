package cli

import "github.com/war-room/war-room/engine/provider"

// vendor is what differs between CLIs: how to ask, and how to read the answer.
type vendor struct {
	// args returns argv after the binary name. It must never contain prompt text.
	args func(model string, effort provider.Effort) []string
	// parse reads the CLI's stdout. Errors are *provider.Error: refused where the CLI says so,
	// transport otherwise.
	parse func(stdout []byte) (provider.Response, error)
}

var vendors = map[string]vendor{
	"claude": {args: claudeArgs, parse: parseClaude},
	"codex":  {args: codexArgs, parse: parseCodex},
	"gemini": {args: geminiArgs, parse: parseGemini},
}

// Flags pinned per CLI, and why.
//
// claude: `-p` is print (non-interactive) mode, which reads the prompt from stdin when no prompt
// argument is given. `--output-format json` prints one result object at the end.
// `--permission-mode plan` is Claude Code's read-only mode: tools that edit files or run
// commands are refused. `--model M` when a model is set. Effort maps one to one onto
// `--effort low|medium|high|xhigh|max` (the CLI falls back to the highest level a model
// supports).
//
// codex: `exec` is the non-interactive subcommand; `--json` prints JSONL events;
// `--sandbox read-only` makes the sandbox refuse writes and network for any command the agent
// runs; `--skip-git-repo-check` because the default working directory is an empty scratch
// directory, not a repository; `-m M` when a model is set; the trailing `-` tells codex to read
// the prompt from stdin. Effort maps onto `-c model_reasoning_effort="…"` (the value is TOML);
// codex has no level above xhigh, so max is sent as xhigh.
//
// gemini: `--output-format json` prints one object with `response` and `stats`.
// `--approval-mode default` because in headless mode every tool that would need a person's
// approval (writes, shell) is denied, which is read-only in effect; "plan" mode is not used
// because headless runs may leave it on their own to implement the plan. `-p` forces headless
// mode; its value is appended after stdin by the CLI, so it carries only a fixed sentence, never
// request text. `-m M` when a model is set. Gemini CLI has no effort flag: Effort is ignored.
//
// No CLI takes a max-token limit or a seed on its command line, so MaxTokens and Seed are
// ignored by this adapter.

func claudeArgs(model string, effort provider.Effort) []string {
	args := []string{"-p", "--output-format", "json", "--permission-mode", "plan"}
	if model != "" {
		args = append(args, "--model", model)
	}
	if effort != "" {
		args = append(args, "--effort", string(effort))
	}
	return args
}

func codexArgs(model string, effort provider.Effort) []string {
	args := []string{"exec", "--json", "--sandbox", "read-only", "--skip-git-repo-check"}
	if model != "" {
		args = append(args, "-m", model)
	}
	if effort != "" {
		if effort == provider.EffortMax {
			effort = provider.EffortXHigh
		}
		args = append(args, "-c", `model_reasoning_effort="`+string(effort)+`"`)
	}
	return append(args, "-")
}

// geminiDirective is the fixed -p value; the real prompt is on stdin, ahead of it.
const geminiDirective = "Answer the request given above on standard input."

func geminiArgs(model string, _ provider.Effort) []string {
	args := []string{"--output-format", "json", "--approval-mode", "default"}
	if model != "" {
		args = append(args, "-m", model)
	}
	return append(args, "-p", geminiDirective)
}
