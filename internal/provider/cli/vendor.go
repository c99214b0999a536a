package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/war-room/war-room/engine/provider"
)

// vendor is what differs between CLIs: how to ask, how to read the answer, and what of the
// environment it may see.
type vendor struct {
	// args returns argv after the binary name. It must never contain prompt text.
	args func(model string, effort provider.Effort) []string
	// parse reads the CLI's stdout. Errors are *provider.Error: refused where the CLI says so,
	// transport otherwise.
	parse func(stdout []byte) (provider.Response, error)
	// env are the CLI's own variables passed through when set: where it keeps its login and
	// settings, and which account or project it uses. None holds an API key.
	env []string
	// keyVar is the variable the CLI reads an API key from; the key is set only when the
	// profile's api_key_env names one, and then the CLI bills the API, not a subscription.
	keyVar string
	// settings, when set, writes files the CLI must read for this run into dir and returns
	// the variables that point it at them (gemini's tool lockdown).
	settings func(dir string) ([]string, error)
	// efforts are the levels the CLI's own effort flag takes.
	efforts []provider.Effort
}

var vendors = map[string]vendor{
	"claude": {args: claudeArgs, parse: parseClaude, env: []string{"CLAUDE_CONFIG_DIR", "CLAUDE_CODE_OAUTH_TOKEN"},
		keyVar: "ANTHROPIC_API_KEY", efforts: provider.Ladder},
	"codex": {args: codexArgs, parse: parseCodex, env: []string{"CODEX_HOME"}, keyVar: "CODEX_API_KEY",
		efforts: []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh, provider.EffortXHigh}},
	"gemini": {args: geminiArgs, parse: parseGemini, keyVar: "GEMINI_API_KEY", settings: geminiSettings,
		env: []string{"GEMINI_CLI_HOME", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_GENAI_USE_GCA"}},
}

// EffortLevels are the efforts the command's own flag takes (none for gemini, which has no
// such flag), the default effort_levels of a cli profile.
func EffortLevels(command string) []provider.Effort {
	return append([]provider.Effort{}, vendors[command].efforts...)
}

// Flags pinned per CLI, and why.
//
// claude: `-p` is print (non-interactive) mode, which reads the prompt from stdin when no prompt
// argument is given. `--output-format json` prints one result object at the end.
// `--tools ""` gives the agent no built-in tool at all (no Read, Glob, Grep, Bash, Edit,
// WebFetch), and `--strict-mcp-config` with no `--mcp-config` loads none of the MCP servers the
// user configured, so the model can read nothing but the prompt. `--permission-mode plan`
// stays as a second lock: should a future version ignore the empty tool list, edits and
// commands are still refused. `--model M` when a model is set. Effort maps one to one onto
// `--effort low|medium|high|xhigh|max` (the CLI falls back to the highest level a model
// supports).
//
// codex: `exec` is the non-interactive subcommand; `--json` prints JSONL events;
// `--sandbox read-only` makes the sandbox refuse writes and network for any command the agent
// runs, and `-c features.shell_tool=false` removes the shell tool, the one codex reads files
// with; `--skip-git-repo-check` because the working directory is an empty scratch directory,
// not a repository; `-m M` when a model is set; the trailing `-` tells codex to read the prompt
// from stdin. Effort maps onto `-c model_reasoning_effort="…"` (the value is TOML); codex has
// no level above xhigh, so max is sent as xhigh.
//
// gemini: `--output-format json` prints one object with `response` and `stats`. Tools are
// turned off by a settings file written for the run and named by GEMINI_CLI_SYSTEM_SETTINGS_PATH
// (system settings override the user's and the project's): `tools.core` is an empty allowlist,
// so no built-in tool (read_file, glob, shell, web fetch, …) is registered, and `mcp.allowed`
// names no server the user could have configured. `--approval-mode default` stays as a second
// lock: in headless mode every tool that would need a person's approval is denied. `-p` forces
// headless mode; its value is appended after stdin by the CLI, so it carries only a fixed
// sentence, never request text. `-m M` when a model is set. Gemini CLI has no effort flag:
// Effort is ignored.
//
// No CLI takes a max-token limit or a seed on its command line, so MaxTokens and Seed are
// ignored by this adapter.

func claudeArgs(model string, effort provider.Effort) []string {
	args := []string{"-p", "--output-format", "json", "--tools", "", "--strict-mcp-config", "--permission-mode", "plan"}
	if model != "" {
		args = append(args, "--model", model)
	}
	if effort != "" {
		args = append(args, "--effort", string(effort))
	}
	return args
}

func codexArgs(model string, effort provider.Effort) []string {
	args := []string{"exec", "--json", "--sandbox", "read-only", "-c", "features.shell_tool=false", "--skip-git-repo-check"}
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

// geminiLockdown is the system settings file of a gemini run: no built-in tool and no MCP
// server. mcp.allowed lists a name no server has, because an empty or absent list allows all.
const geminiLockdown = `{
  "tools": {"core": []},
  "mcp": {"allowed": ["war-room-allows-no-mcp-server"]}
}
`

func geminiSettings(dir string) ([]string, error) {
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte(geminiLockdown), 0o600); err != nil {
		return nil, fmt.Errorf("gemini settings: %w", err)
	}
	return []string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + path}, nil
}
