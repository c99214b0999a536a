package redact

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
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

// An error keeps its chain and loses its secrets; wrapping it again keeps both.
func TestErrorIsRedactedAndKeepsItsChain(t *testing.T) {
	base := &net.OpError{Op: "dial", Err: errors.New("refused: ghp_0123456789abcdefghijABCDEFGHIJ012345")}
	err := fmt.Errorf("premise: %w", Error(base))
	if strings.Contains(err.Error(), "ghp_0123") || !strings.Contains(err.Error(), Redacted) {
		t.Errorf("error text %q", err)
	}
	var oe *net.OpError
	if !errors.As(err, &oe) || oe != base {
		t.Error("errors.As lost the wrapped error")
	}
	if Error(nil) != nil {
		t.Error("Error(nil) is not nil")
	}
}

// A log line loses its secrets in the message, string, error and Stringer attributes, and
// in groups and attributes added with With.
func TestHandlerRedactsEveryAttribute(t *testing.T) {
	var b bytes.Buffer
	log := slog.New(Handler(slog.NewJSONHandler(&b, nil)))
	const secret = "AKIAIOSFODNN7EXAMPLE"
	log.With("repo", "acme "+secret).WithGroup("g").Warn("failed "+secret, "err", errors.New("body: "+secret),
		"url", &url.URL{Scheme: "https", Host: "example.com", Path: "/" + secret}, slog.Group("inner", "text", secret), "n", 3)
	if strings.Contains(b.String(), secret) || strings.Count(b.String(), Redacted) != 5 || !strings.Contains(b.String(), `"n":3`) {
		t.Errorf("log line: %s", b.String())
	}
}
