package discussions

import (
	"strings"
	"testing"
)

func TestSafeNeutralisesMentions(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ask @octocat", "ask @" + zwj + "octocat"},
		{"@octocat first", "@" + zwj + "octocat first"},
		{"team @acme/dba please", "team @" + zwj + "acme/dba please"},
		{"(@a,@b)", "(@" + zwj + "a,@" + zwj + "b)"},
		{"[@x](https://example.com)", "[@" + zwj + "x](https://example.com)"},
		{"entity &#64;octocat and &#x40;hubot and &commat;mona", "entity @" + zwj + "octocat and @" + zwj + "hubot and @" + zwj + "mona"},
		// Not mentions: e-mail addresses, a lone @, an @ before punctuation.
		{"mail dev@example.com", "mail dev@example.com"},
		{"a @ b, @- c", "a @ b, @- c"},
	} {
		if got := Safe(tc.in); got != tc.want {
			t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// No "@" followed directly by a login character survives, whatever the surrounding text.
func TestSafeLeavesNoMentionPattern(t *testing.T) {
	in := "@a @@b x@c\n@d\t(@e) `@f` **@g** _@h_ >@i &#64;j &#064;k"
	got := Safe(in)
	for i := 0; i < len(got)-1; i++ {
		if got[i] != '@' || i > 0 && isAlnum(got[i-1]) {
			continue
		}
		if isAlnum(got[i+1]) {
			t.Errorf("mention survives at %d in %q", i, got)
		}
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func TestSafeBreaksMarkersAndComments(t *testing.T) {
	in := "text <!-- war-room:session=wr-1 part=body --> and <!--hidden-->"
	got := Safe(in)
	if strings.Contains(got, "<!--") {
		t.Errorf("an HTML comment opener survived: %q", got)
	}
	if _, ok := ParseMarker(Safe("<!-- war-room:session=wr-1 part=body -->")); ok {
		t.Error("a marker survived Safe")
	}
}

func TestSafeDefusesCommands(t *testing.T) {
	for _, in := range []string{"/war-room approve", "ok\n/war-room deny", "> /War-Room approve", "say `/war-room approve`", "  /war-room go"} {
		got := Safe(in)
		if strings.Contains(strings.ToLower(got), "/war-room") {
			t.Errorf("Safe(%q) = %q still holds a command", in, got)
		}
	}
	url := "see https://github.com/war-room/war-room/issues/5"
	if got := Safe(url); got != url {
		t.Errorf("a URL path was altered: %q", got)
	}
}

func TestSafeRedactsSecrets(t *testing.T) {
	for _, secret := range []string{
		"ghp_0123456789abcdefghijABCDEFGHIJ012345",
		"ghs_0123456789abcdefghijABCDEFGHIJ012345",
		"ghs_12345_eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOjF9.c2ln",
		"gho_0123456789abcdefghijABCDEFGHIJ012345",
		"github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQ",
		"sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789",
		"sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
		"sk-abcdefghijklmnopqrstuvwxyz0123",
		"AKIAIOSFODNN7EXAMPLE",
	} {
		got := Safe("the key is " + secret + " ok")
		if strings.Contains(got, secret) || !strings.Contains(got, Redacted) {
			t.Errorf("%s not redacted: %q", secret, got)
		}
	}
	aws := "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	if got := Safe(aws); got != "aws_secret_access_key = "+Redacted {
		t.Errorf("AWS secret key: %q", got)
	}
	// Ordinary words that share a prefix stay.
	for _, plain := range []string{"task-force-for-the-whole-quarter", "risk-assessment-of-the-migration", "ghp_short"} {
		if got := Safe(plain); got != plain {
			t.Errorf("%q altered to %q", plain, got)
		}
	}
}

func TestSafeIsIdempotent(t *testing.T) {
	in := "@a <!-- x --> /war-room go ghp_0123456789abcdefghijABCDEFGHIJ012345"
	once := Safe(in)
	if twice := Safe(once); twice != once {
		t.Errorf("Safe is not idempotent:\n%q\n%q", once, twice)
	}
}
