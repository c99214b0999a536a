// Package redact removes token-shaped secrets from text. It runs on text, before anything is
// encoded, stored, sealed or published: a model's answer as the engine receives it, a
// session's question and context as they are stored, an error's text before it is logged. So
// the record seals the redacted text, and what is published and what verifies are the same.
//
// It imports only the standard library: the engine and every surface use it.
package redact

import "regexp"

// Redacted replaces a secret.
const Redacted = "[redacted secret]"

// patterns match token-shaped secrets. A prefix that no word ends in (ghp_, AIza, xoxb-,
// sk-ant-) needs no word boundary, so a token right after an escape such as "\n" or "\u003c"
// in text a caller encoded anyway is still found; a short one (sk-) keeps the boundary so that
// "task-…" is left alone (an escape just before it, "\n" or "\u003c", counts as a boundary).
var patterns = []struct {
	re   *regexp.Regexp
	repl string
}{
	// PEM private keys (the App's own key type among them), whole blocks; a block cut short
	// is redacted to the end of the text.
	{regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\z)`), Redacted},
	// GitHub: fine-grained and classic PATs, OAuth, user-to-server, server-to-server (incl.
	// the stateless ghs_APPID_JWT form) and refresh tokens.
	{regexp.MustCompile(`github_pat_[A-Za-z0-9_]{20,}`), Redacted},
	{regexp.MustCompile(`gh[pousr]_[A-Za-z0-9_.\-]{20,}`), Redacted},
	// Anthropic, then OpenAI-style keys (sk-..., sk-proj-...).
	{regexp.MustCompile(`sk-ant-[A-Za-z0-9_\-]{16,}`), Redacted},
	{regexp.MustCompile(`(^|[^A-Za-z0-9_]|\\[nrtbf]|\\u[0-9A-Fa-f]{4})sk-[A-Za-z0-9_\-]{16,}`), "${1}" + Redacted},
	// Google API keys (Gemini among them).
	{regexp.MustCompile(`AIza[0-9A-Za-z_\-]{35}`), Redacted},
	// Slack bot, user, app and refresh tokens.
	{regexp.MustCompile(`xox[abposr]-[A-Za-z0-9-]{10,}`), Redacted},
	// JSON Web Tokens: a header and a payload that are base64url JSON, and a signature.
	{regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), Redacted},
	// AWS access key ids, and a secret access key written next to its name.
	{regexp.MustCompile(`(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`), Redacted},
	{regexp.MustCompile(`(?i)(aws_secret_access_key|secret_access_key|aws_secret)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}`), "${1}${2}" + Redacted},
}

// Text replaces every token-shaped secret in s and changes nothing else.
func Text(s string) string {
	for _, p := range patterns {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	return s
}
