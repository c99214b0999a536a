package cli

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

const (
	secretName  = "GITHUB_TOKEN"
	secretValue = "ghs_notARealTokenButSecretLooking0123456789"
)

var testReq = provider.Request{
	Role:   "expert",
	System: "You are the devil's advocate SYSTEM-MARKER-7d1.",
	User:   "Should we adopt the queue? USER-MARKER-93a",
}

func run(t *testing.T, command string, s *stub, req provider.Request, cfg Config) (provider.Response, error) {
	t.Helper()
	cfg.Command, cfg.Binary = command, s.path
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c.Complete(context.Background(), req)
}

// checkIsolation asserts what every CLI run must guarantee about its process.
func checkIsolation(t *testing.T, s *stub) {
	t.Helper()
	argv := strings.Join(s.argv(t), "\n")
	lacks(t, argv, "USER-MARKER")
	lacks(t, argv, "SYSTEM-MARKER")
	stdin := s.read(t, "stdin")
	contains(t, stdin, testReq.User)
	contains(t, stdin, testReq.System)
	if strings.Index(stdin, "SYSTEM-MARKER") > strings.Index(stdin, "USER-MARKER") {
		t.Error("system text must come before user text")
	}
	env := s.read(t, "env")
	lacks(t, env, secretName)
	lacks(t, env, secretValue)
	for _, key := range vendorKeys {
		lacks(t, env, key+"=")
	}
	lacks(t, env, "sk-ant-test")
	contains(t, env, "WAR_ROOM_EXTRA=1\n")
	eq(t, "", s.read(t, "listing")) // the working directory was empty while the CLI ran
	pwd := strings.TrimSpace(s.read(t, "pwd"))
	if _, err := os.Stat(pwd); !os.IsNotExist(err) {
		t.Errorf("scratch work dir %s should be removed after the run (stat err %v)", pwd, err)
	}
}

// vendorKeys are API key variables a CLI must never inherit from war-room's environment.
var vendorKeys = []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "CODEX_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"}

// isolatedEnv sets a secret and every vendor's key in war-room's own environment: none of them
// may reach a CLI whose profile names no key.
func isolatedEnv(t *testing.T) Config {
	t.Setenv(secretName, secretValue)
	for _, k := range vendorKeys {
		t.Setenv(k, "sk-ant-test-"+k)
	}
	return Config{Env: []string{"WAR_ROOM_EXTRA=1"}}
}

func TestClaudeSuccess(t *testing.T) {
	cfg := isolatedEnv(t)
	cfg.Model = "claude-opus-4-1"
	s := newStub(t, fixture(t, "claude_ok.json"), 0, "")
	req := testReq
	req.Effort = provider.EffortHigh
	resp, err := run(t, "claude", s, req, cfg)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "VERDICT: keep the queue", resp.Text)
	eq(t, provider.Usage{InputTokens: 1200, OutputTokens: 85, CacheReadTokens: 4500, CacheWriteTokens: 300}, resp.Usage)
	eq(t, "claude-opus-4-1", resp.Model)
	eq(t, "end_turn", resp.StopReason)
	eq(t, false, resp.Scripted)
	eq(t, []string{"-p", "--output-format", "json", "--tools", "", "--strict-mcp-config", "--permission-mode", "plan",
		"--model", "claude-opus-4-1", "--effort", "high"}, s.argv(t))
	checkIsolation(t, s)
}

func TestCodexSuccess(t *testing.T) {
	cfg := isolatedEnv(t)
	s := newStub(t, fixture(t, "codex_ok.jsonl"), 0, "")
	req := testReq
	req.Model, req.Effort = "gpt-5-codex", provider.EffortMax
	resp, err := run(t, "codex", s, req, cfg)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "JUDGMENT: REFUTED", resp.Text)
	eq(t, provider.Usage{InputTokens: 2000, OutputTokens: 250, CacheReadTokens: 3000}, resp.Usage)
	eq(t, "gpt-5-codex", resp.Model)
	eq(t, []string{"exec", "--json", "--sandbox", "read-only", "-c", "features.shell_tool=false", "--skip-git-repo-check",
		"-m", "gpt-5-codex", "-c", `model_reasoning_effort="xhigh"`, "-"}, s.argv(t))
	checkIsolation(t, s)
}

func TestGeminiSuccess(t *testing.T) {
	cfg := isolatedEnv(t)
	cfg.Model = "gemini-2.5-pro"
	s := newStub(t, fixture(t, "gemini_ok.json"), 0, "")
	req := testReq
	req.Effort = provider.EffortLow // gemini has no effort flag: must not appear
	resp, err := run(t, "gemini", s, req, cfg)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "Recommendation: ship behind a flag.", resp.Text)
	eq(t, provider.Usage{InputTokens: 700 + 3000, OutputTokens: 10 + 120 + 380, CacheReadTokens: 6000, ThinkingTokens: 380}, resp.Usage)
	eq(t, "gemini-2.5-pro", resp.Model)
	eq(t, []string{"--output-format", "json", "--approval-mode", "default",
		"-m", "gemini-2.5-pro", "-p", geminiDirective}, s.argv(t))
	checkIsolation(t, s)
	contains(t, s.read(t, "gemini_settings"), `"core": []`)
	contains(t, s.read(t, "gemini_settings"), `"mcp": {"allowed": ["war-room-allows-no-mcp-server"]}`)
}

func TestRequestModelOverridesConfigAndNoOptionalFlags(t *testing.T) {
	s := newStub(t, fixture(t, "claude_ok.json"), 0, "")
	if _, err := run(t, "claude", s, provider.Request{User: "hi"}, Config{}); err != nil {
		t.Fatal(err)
	}
	eq(t, []string{"-p", "--output-format", "json", "--tools", "", "--strict-mcp-config", "--permission-mode", "plan"}, s.argv(t))
	eq(t, "hi", s.read(t, "stdin")) // no system text: the user text is sent as is
}

func TestConfiguredWorkDirIsUsedAndKept(t *testing.T) {
	dir := t.TempDir()
	s := newStub(t, fixture(t, "claude_ok.json"), 0, "")
	if _, err := run(t, "claude", s, testReq, Config{WorkDir: dir}); err != nil {
		t.Fatal(err)
	}
	eq(t, dir, strings.TrimSpace(s.read(t, "pwd")))
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("configured work dir must be kept: %v", err)
	}
}

func TestLargePromptTravelsOnStdin(t *testing.T) {
	s := newStub(t, fixture(t, "claude_ok.json"), 0, "")
	big := strings.Repeat("0123456789abcdef", 1<<16) // 1 MiB, far beyond a pipe buffer
	if _, err := run(t, "claude", s, provider.Request{User: big}, Config{}); err != nil {
		t.Fatal(err)
	}
	eq(t, len(big), len(s.read(t, "stdin")))
}
