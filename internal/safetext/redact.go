package safetext

import "regexp"

// Redacted replaces a token-shaped secret in published text.
const Redacted = "[redacted secret]"

// secretPatterns match token-shaped secrets; the replacement keeps any named prefix group.
// None of them can match a quote mark or a backslash, so Redact is safe on encoded JSON.
var secretPatterns = []struct {
	re   *regexp.Regexp
	repl string
}{
	// GitHub: fine-grained and classic PATs, OAuth, user-to-server, server-to-server (incl.
	// the stateless ghs_APPID_JWT form) and refresh tokens.
	{regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`), Redacted},
	{regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9_.\-]{20,}`), Redacted},
	// Anthropic, then OpenAI-style keys (sk-..., sk-proj-...).
	{regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{16,}`), Redacted},
	{regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{16,}`), Redacted},
	// AWS access key ids, and a secret access key written next to its name.
	{regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`), Redacted},
	{regexp.MustCompile(`(?i)(aws_secret_access_key|secret_access_key|aws_secret)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}`), "${1}${2}" + Redacted},
}

// Redact replaces every token-shaped secret in s and changes nothing else. It is what text
// read by a program gets (the CLI's --json), where defusing for a markdown renderer would
// corrupt data such as URLs.
func Redact(s string) string {
	for _, p := range secretPatterns {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	return s
}
