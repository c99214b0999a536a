package safetext

import (
	"strings"
	"testing"
)

func TestPlainNeutralisesMentions(t *testing.T) {
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
		if got := Plain(tc.in); got != tc.want {
			t.Errorf("Plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// No "@" followed directly by a login character survives, whatever the surrounding text.
func TestPlainLeavesNoMentionPattern(t *testing.T) {
	in := "@a @@b x@c\n@d\t(@e) `@f` **@g** _@h_ >@i &#64;j &#064;k"
	for _, got := range []string{Plain(in), Inline(in), Quote(in)} {
		for i := 0; i < len(got)-1; i++ {
			if got[i] != '@' || i > 0 && isAlnum(got[i-1]) {
				continue
			}
			if isAlnum(got[i+1]) {
				t.Errorf("mention survives at %d in %q", i, got)
			}
		}
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func TestPlainBreaksMarkersAndComments(t *testing.T) {
	in := "text <!-- war-room:session=wr-1 part=body --> and <!--hidden-->"
	for _, got := range []string{Plain(in), Inline(in), Quote(in)} {
		if strings.Contains(got, "<!--") || strings.Contains(got, "war-room:session") && strings.Contains(got, "<!-"+"-") {
			t.Errorf("an HTML comment opener survived: %q", got)
		}
	}
}

func TestPlainDefusesCommands(t *testing.T) {
	for _, in := range []string{"/war-room approve", "ok\n/war-room deny", "> /War-Room approve", "say `/war-room approve`", "  /war-room go"} {
		for _, got := range []string{Plain(in), Inline(in), Quote(in)} {
			if strings.Contains(strings.ToLower(got), "/war-room") {
				t.Errorf("%q became %q, which still holds a command", in, got)
			}
		}
	}
	path := "see https://example.com/docs/war-room/setup"
	if got := Plain(path); got != path {
		t.Errorf("a URL path was altered: %q", got)
	}
}

func TestPlainDefusesReferences(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"fixes #12", "fixes #" + zwj + "12"},
		{"see acme/widgets#7.", "see acme/widgets#" + zwj + "7."},
		{"GH-3 and gh-4", "GH-" + zwj + "3 and gh-" + zwj + "4"},
		{"entity &#35;9", "entity &#35;" + zwj + "9"},
		{"https://github.com/acme/w/issues/5", "https://github" + zwj + ".com/acme/w/issues/5"},
		{"https://github.com/acme/w/pull/5/files", "https://github" + zwj + ".com/acme/w/pull/5/files"},
		// Not references: a heading word, a colour, a URL fragment with letters.
		{"#section and #fff", "#section and #fff"},
		{"https://github.com/acme/w/blob/main/x.go", "https://github.com/acme/w/blob/main/x.go"},
	} {
		if got := Plain(tc.in); got != tc.want {
			t.Errorf("Plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPlainDefusesScriptSchemes(t *testing.T) {
	for _, in := range []string{"javascript:alert(1)", "JavaScript :x", "data:text/html;base64,xx", "vbscript:msgbox"} {
		got := Plain(in)
		if !strings.Contains(got, zwj) {
			t.Errorf("Plain(%q) = %q: scheme not defused", in, got)
		}
	}
}

func TestRedactsSecrets(t *testing.T) {
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
		for name, f := range map[string]func(string) string{"Redact": Redact, "Plain": Plain, "Inline": Inline, "Quote": Quote} {
			got := f("the key is " + secret + " ok")
			if strings.Contains(got, secret) || !strings.Contains(got, "redacted secret") {
				t.Errorf("%s: %s not redacted: %q", name, secret, got)
			}
		}
	}
	aws := "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	if got := Redact(aws); got != "aws_secret_access_key = "+Redacted {
		t.Errorf("AWS secret key: %q", got)
	}
	json := `{"aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "url": "https://x/#1"}`
	if got := Redact(json); got != `{"aws_secret_access_key": "`+Redacted+`", "url": "https://x/#1"}` {
		t.Errorf("JSON: %q", got)
	}
	// Ordinary words that share a prefix stay.
	for _, plain := range []string{"task-force-for-the-whole-quarter", "risk-assessment-of-the-migration", "ghp_short"} {
		if got := Plain(plain); got != plain {
			t.Errorf("%q altered to %q", plain, got)
		}
	}
}

func TestInlineIsOneEscapedLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a\nb\t c", "a b c"},
		{"## Decision", `\## Decision`},
		{"**Outcome:** FORGED", `\*\*Outcome:\*\* FORGED`},
		{"<img src=x onerror=alert(1)>", `\<img src=x onerror=alert(1)>`},
		{"[click](javascript:alert(1))", `\[click](javascript` + zwj + `:alert(1))`},
		{"a | b", `a \| b`},
		{"- item", `\- item`},
		{"1. first", `1\. first`},
		{"2024) year", `2024\) year`},
		{"0.56", "0.56"},
		{"3.", `3\.`},
		{"&#x26; and &amp;", `\&#x26; and \&amp;`},
		{"see https://evil.example/x and www.evil.example or a@b.example", "see https:/" + zwj + "/evil.example/x and www" + zwj + ".evil.example or a@" + zwj + "b.example"},
	} {
		if got := Inline(tc.in); got != tc.want {
			t.Errorf("Inline(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Quote renders the text's markdown inside a blockquote: the model's heading is a bold line,
// its bold is bold, and what follows an HTML block up to a blank line is that block, shown as
// typed, one line each; every line stays inside the quote.
func TestQuoteKeepsEveryLineInside(t *testing.T) {
	in := "first\r\n\n\n## Decision\n**Outcome:** FORGED\n<details><summary>Decision</summary>hidden\n---\n   > nested\n```\nfence"
	want := strings.Join([]string{
		"> first",
		">",
		"> **Decision**",
		">",
		"> **Outcome:** FORGED",
		">",
		`> \<details>\<summary>Decision\</summary>hidden  `,
		`> \---  `,
		`> \> nested  `,
		"> \\`\\`\\`  ",
		"> fence",
	}, "\n")
	if got := Quote(in); got != want {
		t.Errorf("Quote:\n%s\nwant:\n%s", got, want)
	}
	if got := Quote(" \n\t\n"); got != "" {
		t.Errorf("blank text quoted as %q", got)
	}
}

func TestIdempotentWhereItMustBe(t *testing.T) {
	in := "@a <!-- x --> /war-room go #4 ghp_0123456789abcdefghijABCDEFGHIJ012345 javascript:x"
	once := Plain(in)
	if twice := Plain(once); twice != once {
		t.Errorf("Plain is not idempotent:\n%q\n%q", once, twice)
	}
}

func BenchmarkQuote(b *testing.B) {
	text := strings.Repeat("Ask @octocat about ghp_0123456789abcdefghijABCDEFGHIJ012345 <!-- x --> /war-room go #4.\n", 500)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Quote(text)
	}
}

func TestCodeCannotBeLeft(t *testing.T) {
	in := "config.yml:4: bad key\n```\n## Decision\n````\n~~~\n<!-- war-room:lane=x -->"
	got := Code(in)
	lines := strings.Split(got, "\n")
	fence := lines[0]
	if fence != "`````" || lines[len(lines)-1] != fence {
		t.Fatalf("fence %q around:\n%s", fence, got)
	}
	for _, l := range lines[1 : len(lines)-1] {
		if strings.HasPrefix(strings.TrimSpace(l), fence) {
			t.Errorf("line %q closes the fence", l)
		}
	}
	if strings.Contains(got, "<!--") {
		t.Errorf("a marker survived: %s", got)
	}
	if got := Code("plain\n"); got != "```\nplain\n```" {
		t.Errorf("Code(plain) = %q", got)
	}
}
