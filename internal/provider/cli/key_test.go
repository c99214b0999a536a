package cli

import "testing"

// TestAConfiguredKeyReachesOnlyItsOwnCLIVariable: with api_key_env set, each CLI gets the key
// under its own vendor's variable (which switches it to API billing), and still no other
// vendor's key from war-room's environment.
func TestAConfiguredKeyReachesOnlyItsOwnCLIVariable(t *testing.T) {
	want := map[string]string{"claude": "ANTHROPIC_API_KEY", "codex": "CODEX_API_KEY", "gemini": "GEMINI_API_KEY"}
	for cmd, keyVar := range want {
		cfg := isolatedEnv(t)
		cfg.APIKey = "configured-key-123"
		s := newStub(t, fixture(t, okFixture[cmd]), 0, "")
		if _, err := run(t, cmd, s, testReq, cfg); err != nil {
			t.Fatal(err)
		}
		env := s.read(t, "env")
		contains(t, env, keyVar+"=configured-key-123\n")
		for _, other := range vendorKeys {
			if other != keyVar {
				lacks(t, env, other+"=")
			}
		}
		lacks(t, env, "sk-ant-test")
	}
}

// TestTheCLIsOwnSettingsPassButNoOtherVendors: a CLI sees where its own login lives, never
// another CLI's.
func TestTheCLIsOwnSettingsPassButNoOtherVendors(t *testing.T) {
	t.Setenv("CLAUDE_CONFIG_DIR", "/home/u/.claude-work")
	t.Setenv("CODEX_HOME", "/home/u/.codex")
	s := newStub(t, fixture(t, "claude_ok.json"), 0, "")
	if _, err := run(t, "claude", s, testReq, Config{}); err != nil {
		t.Fatal(err)
	}
	env := s.read(t, "env")
	contains(t, env, "CLAUDE_CONFIG_DIR=/home/u/.claude-work\n")
	lacks(t, env, "CODEX_HOME")
}
