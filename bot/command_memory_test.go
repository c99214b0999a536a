package bot

import (
	"errors"
	"reflect"
	"testing"
)

func TestParseMemoryAndOutcomeCommands(t *testing.T) {
	for body, want := range map[string]command{
		"/war-room memory review":                                 {Kind: kindMemory, Memory: memoryReview},
		"/war-room memory approve m-1a2b3c4d5e":                   {Kind: kindMemory, Memory: memoryApprove, IDs: []string{"m-1a2b3c4d5e"}},
		"/war-room MEMORY reject m-1a2b3c4d5e m-00ff11":           {Kind: kindMemory, Memory: memoryReject, IDs: []string{"m-1a2b3c4d5e", "m-00ff11"}},
		"/war-room outcome #12 reversed Spend doubled  by March.": {Kind: kindOutcome, Number: 12, Verdict: "reversed", Text: "Spend doubled  by March."},
		"/war-room outcome Held it ran a quarter":                 {Kind: kindOutcome, Verdict: "held", Text: "it ran a quarter"},
		"/war-room outcome partly\nRetries needed a second queue.\n\n- one\n- two": {Kind: kindOutcome, Verdict: "partly",
			Text: "Retries needed a second queue.\n\n- one\n- two"},
	} {
		got, ok, err := parse(body, testGrammar)
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v %v %v, want %+v", body, got, ok, err, want)
		}
	}
	for _, body := range []string{"/war-room memory", "/war-room memory approve", "/war-room memory approve DROP-TABLE",
		"/war-room memory forget m-1a2b3c", "/war-room memory review now", "/war-room outcome 12 text", "/war-room outcome #12",
		"/war-room outcome", "/war-room outcome #12 Spend doubled", "/war-room outcome held", "/war-room outcome #x held text",
		"/war-room outcome maybe it held"} {
		_, ok, err := parse(body, testGrammar)
		var ue *UsageError
		if !ok || !errors.As(err, &ue) {
			t.Errorf("%s: want a usage error, got %v", body, err)
		}
	}
	if c, _, _ := parse("/war-room memory review", testGrammar); c.Answer() != "" {
		t.Errorf("a memory command answers a gate: %q", c.Answer())
	}
}
