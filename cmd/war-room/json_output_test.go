package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/safetext"
)

// --json output redacts a secret a model echoed and leaves every other byte of data alone.
func TestPrintJSONRedactsSecretsOnly(t *testing.T) {
	e, out, _ := testEnv(nil)
	secret := "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	d := &decision.Decision{SessionID: "wr-1", Outcome: "use " + secret + " <b>now</b> @octocat",
		Notes: []string{"see https://github.com/acme/w/issues/5#issuecomment-1"}}
	if err := printDecision(e, d, true); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), secret) {
		t.Fatalf("the secret was printed:\n%s", out)
	}
	var got decision.Decision
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if want := "use " + safetext.Redacted + " <b>now</b> @octocat"; got.Outcome != want {
		t.Errorf("outcome %q, want %q", got.Outcome, want)
	}
	if got.Notes[0] != d.Notes[0] {
		t.Errorf("a URL was altered: %q", got.Notes[0])
	}
}
