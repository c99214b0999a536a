package redact

import (
	"strings"
	"testing"
)

// Secrets is one made-up secret of every kind Text knows, for tests elsewhere to plant.
var secrets = map[string]string{
	"github classic":      "ghp_0123456789abcdefghijABCDEFGHIJ012345",
	"github fine-grained": "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
	"github app":          "ghs_0123456789abcdefghijABCDEFGHIJ01",
	"anthropic":           "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
	"openai":              "sk-proj-abcdefghijklmnopqrstuvwxyz0123",
	"google":              "AIzaSyA0123456789abcdefghijklmnopqrstuv",
	"slack bot":           "xoxb-1234567890-0987654321-abcdefghijklmnop",
	"slack user":          "xoxp-1234567890-0987654321-abcdefghijklmnop",
	"jwt":                 "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"aws key id":          "AKIAIOSFODNN7EXAMPLE",
	"aws session key id":  "ASIAIOSFODNN7EXAMPLE",
	"pem":                 "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\nabc+/=\n-----END RSA PRIVATE KEY-----",
}

// Every kind is found wherever it stands: at a line's start, after a letter that an escape
// left ("\nghp_…" in encoded JSON), inside quotes, next to punctuation.
func TestEveryKindIsRedactedWhereverItStands(t *testing.T) {
	for kind, secret := range secrets {
		for _, ctx := range []string{"%s", "token: %s.", `"\n%s"`, `\u003c%s\u003e`, "(%s)", "x\t%s"} {
			in := strings.Replace(ctx, "%s", secret, 1)
			got := Text(in)
			if strings.Contains(got, secret) || !strings.Contains(got, Redacted) {
				t.Errorf("%s in %q: %q", kind, ctx, got)
			}
		}
	}
	if got := Text("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"); got != "aws_secret_access_key = "+Redacted {
		t.Errorf("aws secret: %q", got)
	}
	if got := Text("-----BEGIN PRIVATE KEY-----\nMIIE cut short"); got != Redacted {
		t.Errorf("a PEM block cut short: %q", got)
	}
}

// Words that only look like a prefix stay: a task- or risk- word, a JWT-like word without
// three parts, an ordinary sentence.
func TestOrdinaryTextIsLeftAlone(t *testing.T) {
	for _, s := range []string{"risk-assessment-framework-v2", "task-scheduler-configuration", "eyJhbGciOi only",
		"Use the AIza prefix check.", "The queue handles 2k msgs per second.", "xoxb- is a Slack prefix"} {
		if got := Text(s); got != s {
			t.Errorf("Text(%q) = %q", s, got)
		}
	}
}
