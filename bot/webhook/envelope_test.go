package webhook_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
)

// decodedEnvelope is what decoding the whole payload with encoding/json gives, the reading
// ParseEnvelope must agree with.
func decodedEnvelope(payload []byte) (*webhook.Envelope, error) {
	var env webhook.Envelope
	if err := json.Unmarshal(payload, &env); err != nil {
		return nil, err
	}
	if env.Installation == nil || env.Installation.ID <= 0 {
		return nil, errNoInstallationForTest
	}
	return &env, nil
}

var errNoInstallationForTest = &json.UnsupportedValueError{Str: "no installation"}

// ParseEnvelope reads what decoding the whole payload reads, and refuses what it refuses:
// GitHub's example payloads, with and without an installation, and payloads that are not
// JSON, not an object, or have a field of the wrong type.
func TestEnvelopeReadsWhatDecodingReads(t *testing.T) {
	withInstallation := string(webhooktest.Read(t, "issue_comment.created.with-installation.json"))
	cases := map[string]string{
		"issue_comment":              withInstallation,
		"command":                    string(webhooktest.CommandPayload(t, "/war-room help \u00e9 \\\"quoted\\\"")),
		"repository webhook":         string(webhooktest.Read(t, "issue_comment.created.json")),
		"pull_request":               string(webhooktest.Read(t, "pull_request.opened.json")),
		"discussion":                 string(webhooktest.Read(t, "discussion.created.json")),
		"discussion_comment":         string(webhooktest.Read(t, "discussion_comment.created.json")),
		"discussion a string":        `{"installation":{"id":1},"discussion":"4"}`,
		"ping":                       string(webhooktest.Read(t, "ping.json")),
		"key given twice":            `{"installation":{"id":1},"action":"deleted","action":"created"}`,
		"null installation":          `{"installation":null,"action":"created"}`,
		"nulls":                      `{"installation":{"id":3},"action":null,"comment":null,"issue":{"number":null}}`,
		"not JSON":                   `{`,
		"trailing garbage":           `{"installation":{"id":1}} x`,
		"not an object":              `[1,2]`,
		"id a string":                `{"installation":{"id":"12"}}`,
		"id a fraction":              `{"installation":{"id":1.5}}`,
		"action a number":            `{"installation":{"id":1},"action":5}`,
		"issue a string":             `{"installation":{"id":1},"issue":"12"}`,
		"number too large":           `{"installation":{"id":1},"number":123456789012345678901234567890}`,
		"body escaped":               `{"installation":{"id":1},"comment":{"body":"\/war-room \u0068elp \ud83d\ude80"}}`,
		"installation after comment": `{"comment":{"body":"/war-room go"},"issue":{"number":7},"repository":{"full_name":"o/r"},"installation":{"id":9}}`,
	}
	if !strings.Contains(withInstallation, `"installation"`) {
		t.Fatal("the fixture has no installation")
	}
	for name, payload := range cases {
		t.Run(name, func(t *testing.T) {
			want, wantErr := decodedEnvelope([]byte(payload))
			got, err := webhook.ParseEnvelope([]byte(payload))
			if (err != nil) != (wantErr != nil) {
				t.Fatalf("ParseEnvelope: %v; decoding: %v", err, wantErr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("ParseEnvelope read %+v, decoding %+v", got, want)
			}
		})
	}
}

// A job's log lines name the thread it is about: an issue, a pull request or a discussion.
func TestEnvelopeNamesTheThread(t *testing.T) {
	for file, want := range map[string]string{
		"issue_comment.created.with-installation.json": "Codertocat/Hello-World#1",
		"discussion_comment.created.json":              "Codertocat/Hello-World#4",
	} {
		env, err := webhook.ParseEnvelope(webhooktest.Read(t, file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if got := env.Thread(); got != want {
			t.Errorf("%s: thread %q, want %q", file, got, want)
		}
	}
}
