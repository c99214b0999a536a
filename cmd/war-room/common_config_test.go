package main

import (
	"os"
	"path/filepath"
	"strings"
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

// A hint repeats the flags that find the session, quoted for a shell where a path needs it;
// a database URL, which may hold a password, is named by its variable instead.
func TestResumeHintsCarryTheStoreFlags(t *testing.T) {
	e := &env{}
	e.storeArgs = (&commonFlags{config: "/srv/my configs/war-room.yml", db: "/var/lib/wr/state.db"}).args()
	if got, want := e.resume("wr-1"), "war-room resume wr-1 --config '/srv/my configs/war-room.yml' --db /var/lib/wr/state.db"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	e.storeArgs = (&commonFlags{databaseURL: "postgres://u:secret@h/db"}).args()
	if got := e.resume("wr-1"); strings.Contains(got, "secret") || !strings.Contains(got, `--database-url "$WAR_ROOM_DATABASE_URL"`) {
		t.Errorf("got %s", got)
	}
	if got := shellWord("it's"); got != `'it'\''s'` {
		t.Errorf("shellWord: %s", got)
	}
}
