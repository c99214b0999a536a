package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A broken configuration is reported with file, line and key, and exits 2 as the docs say,
// before any session exists.
func TestConfigurationErrorsExitTwo(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
	os.WriteFile(r.config, []byte("version: 1\nproviders:\n  claude: {type: script, famly: anthropic, responses: x.yaml}\n"), 0o600)
	res := r.run(false, "", "Q?")
	wantCode(t, exitUsage, res)
	wantIn(t, res.stderr, "war-room.yml:3:26: providers.claude.famly: unknown key")

	// A profile that cannot be built (its key variable unset) is the same kind of problem.
	os.WriteFile(r.config, []byte("version: 1\nproviders:\n  gpt: {type: openai, model: m, family: openai, api_key_env: WR_TEST_KEY}\n"), 0o600)
	res = r.run(false, "", "Q?")
	wantCode(t, exitUsage, res)
	wantIn(t, res.stderr, "WR_TEST_KEY")

	r.config = filepath.Join(r.dir, "absent.yml")
	wantCode(t, exitUsage, r.run(false, "", "Q?"))
	ss, _ := r.sessions()
	wantEq(t, 0, len(ss))
}
