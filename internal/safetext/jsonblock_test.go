package safetext

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The record's published JSON reads back to the same value, and holds no literal slash,
// or underscore inside a string: however its lines are cut, none begins with a command and
// no GitHub token from the question appears as written. Numbers keep their sign.
func TestRecordJSONReadsBackAndCarriesNoCommandOrToken(t *testing.T) {
	v := map[string]any{
		"question":   "Should we?\n/war-room approve — ghp_abcdefghijklmnopqrstuvwxyz0123456789 and sk-ant-api03-xyz, \"quoted\\\" ünïcode 𝄞",
		"seed_value": -42.5,
		"list":       []any{"a/b", "c_d", "e-f"},
	}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out := ASCIIJSON(raw)
	for _, bad := range []string{"/war-room", "ghp_", "a/b", "c_d"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q is in the published JSON: %s", bad, out)
		}
	}
	if !strings.Contains(out, "-42.5") {
		t.Errorf("a negative number lost its sign: %s", out)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(out), &back); err != nil {
		t.Fatalf("the published JSON does not parse: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(back, v) {
		t.Errorf("read back %v, want %v", back, v)
	}
}
