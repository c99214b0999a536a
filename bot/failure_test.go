package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

type selfClassed struct{}

func (selfClassed) Error() string        { return "protocol failure" }
func (selfClassed) FailureClass() string { return "contract" }

func TestFailureClass(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("run: %w", &engine.CallError{Class: "transport"}), "transport"},
		{fmt.Errorf("wrapped: %w", selfClassed{}), "contract"},
		{&UsageError{Reason: "bad flag"}, classUsage},
		{&configError{Where: "x", Err: errors.New("bad")}, classConfiguration},
		{fmt.Errorf("publish: %w", &discussions.APIError{Op: "createDiscussion"}), classGitHub},
		{fmt.Errorf("call: %w", context.DeadlineExceeded), ledger.ClassTimeout},
		{errors.New("something else"), classInternal},
	}
	for _, tc := range cases {
		if got := errorClass(tc.err); got != tc.want {
			t.Errorf("FailureClass(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// TestThreadDetailQuotesNoModelText: a contract violation may quote the answer that broke
// the format; the thread's version names who failed and where the details are instead.
func TestThreadDetailQuotesNoModelText(t *testing.T) {
	quoted := fmt.Errorf("phase 0: %w", &engine.CallError{Role: "chief-strategist", Profile: "claude", Class: ledger.ClassContract,
		Attempts: 2, Err: errors.New(`contract violated: score "SECRETPLAN" is not an integer`)})
	got := threadDetail(ledger.ClassContract, quoted, "https://github.example/acme/widgets/actions/runs/7")
	if strings.Contains(got, "SECRETPLAN") || !strings.Contains(got, "chief-strategist") || !strings.Contains(got, "actions/runs/7") {
		t.Errorf("contract detail: %q", got)
	}
	if got := threadDetail(ledger.ClassContract, selfClassed{}, ""); strings.Contains(got, "protocol failure") || !strings.Contains(got, "run's log") {
		t.Errorf("contract detail without a call error: %q", got)
	}
	chain := errors.New(`reasoning chain failed at synthesis on profile alpha (contract, 2 attempt(s)): contract violated: got "SECRETPLAN"`)
	if got := threadDetail(ledger.ClassContract, chain, ""); strings.Contains(got, "SECRETPLAN") ||
		got != "reasoning chain failed at synthesis on profile alpha (contract, 2 attempt(s)): the answer broke its role's format; the run's log has the details." {
		t.Errorf("a protocol's own call failure: %q", got)
	}
	refusal := &engine.CallError{Role: "attacker", Profile: "gpt", Class: "refused", Attempts: 1,
		Err: errors.New("openai: model refused: I will not discuss SECRETPLAN")}
	if got := threadDetail("refused", refusal, ""); strings.Contains(got, "SECRETPLAN") || !strings.Contains(got, "declined") {
		t.Errorf("refusal detail: %q", got)
	}
	// Any other failure of a call says its class and status, never the endpoint's text: a
	// repository's endpoint could answer with whatever its network holds.
	leaky := &engine.CallError{Role: "attacker", Profile: "gpt", Class: "invalid-request", Attempts: 1,
		Err: provider.Errorf(provider.ClassInvalidRequest, 403, "internal service said: Token=INTERNALSECRET")}
	if got := threadDetail("invalid-request", leaky, ""); strings.Contains(got, "INTERNALSECRET") ||
		got != "role attacker on profile gpt failed (invalid-request) after 1 attempt(s), status 403; the run's log has the details." {
		t.Errorf("an endpoint's error text reached the thread: %q", got)
	}
	if got := threadDetail("", nil, ""); got != "" {
		t.Errorf("no error: %q", got)
	}
}
