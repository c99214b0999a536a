package bot

import (
	"errors"
	"reflect"
	"testing"
)

func TestParseMemoryAndOutcomeCommands(t *testing.T) {
	for body, want := range map[string]Command{
		"/war-room memory review":                        {Kind: KindMemory, Memory: MemoryReview},
		"/war-room memory approve m-1a2b3c4d5e":          {Kind: KindMemory, Memory: MemoryApprove, IDs: []string{"m-1a2b3c4d5e"}},
		"/war-room MEMORY reject m-1a2b3c4d5e m-00ff11":  {Kind: KindMemory, Memory: MemoryReject, IDs: []string{"m-1a2b3c4d5e", "m-00ff11"}},
		"/war-room outcome #12 Spend doubled  by March.": {Kind: KindOutcome, Number: 12, Text: "Spend doubled  by March."},
	} {
		got, ok, err := Parse(body, testGrammar)
		if !ok || err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v %v %v, want %+v", body, got, ok, err, want)
		}
	}
	for _, body := range []string{"/war-room memory", "/war-room memory approve", "/war-room memory approve DROP-TABLE",
		"/war-room memory forget m-1a2b3c", "/war-room memory review now", "/war-room outcome 12 text", "/war-room outcome #12",
		"/war-room outcome"} {
		_, ok, err := Parse(body, testGrammar)
		var ue *UsageError
		if !ok || !errors.As(err, &ue) {
			t.Errorf("%s: want a usage error, got %v", body, err)
		}
	}
	if c, _, _ := Parse("/war-room memory review", testGrammar); c.Answer() != "" {
		t.Errorf("a memory command answers a gate: %q", c.Answer())
	}
}
