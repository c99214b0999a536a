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

// A reader's tick is not an edit: a task-list box clicked on GitHub (which rewrites the text)
// leaves the published digest as it was, while any word changed, an item added or a line of
// another list made to look ticked changes it. A digest taken before ticks were set aside, of a
// text that held one, still matches that text.
func TestPublishedDigestSetsTicksAside(t *testing.T) {
	body := "## What would change this decision\n\n- [ ] p99 latency over 200 ms\n- [ ] cost over budget\n"
	want := PublishedDigest(body)
	ticked := strings.Replace(body, "- [ ] p99", "- [x] p99", 1)
	if PublishedDigest(ticked) != want || !PublishedMatches(ticked, want) || !PublishedMatches(strings.ReplaceAll(ticked, "\n", "\r\n"), want) {
		t.Error("a ticked box changed the digest")
	}
	for name, edited := range map[string]string{
		"a word":      strings.Replace(body, "200 ms", "300 ms", 1),
		"an item":     body + "- [ ] a third\n",
		"unticked to": strings.Replace(body, "- [ ] cost", "- cost", 1),
	} {
		if PublishedMatches(edited, want) {
			t.Errorf("%s edited, and the digest still matches", name)
		}
	}
	older := "- [x] shipped\n"
	if !PublishedMatches(older, digestOf(older)) {
		t.Error("a record's digest of a ticked text, taken before ticks were set aside, no longer matches")
	}
}
