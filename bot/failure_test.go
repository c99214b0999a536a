package bot

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
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
		{&UsageError{Reason: "bad flag"}, ClassUsage},
		{&ConfigError{Where: "x", Err: errors.New("bad")}, ClassConfiguration},
		{fmt.Errorf("publish: %w", &discussions.APIError{Op: "createDiscussion"}), ClassGitHub},
		{fmt.Errorf("call: %w", context.DeadlineExceeded), engine.ClassTimeout},
		{errors.New("something else"), ClassInternal},
	}
	for _, tc := range cases {
		if got := FailureClass(tc.err); got != tc.want {
			t.Errorf("FailureClass(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
