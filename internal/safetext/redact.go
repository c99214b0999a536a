package safetext

import "github.com/war-room/war-room/engine/redact"

// Redacted replaces a token-shaped secret in published text.
const Redacted = redact.Redacted

// Redact replaces every token-shaped secret in s and changes nothing else (engine/redact, the
// one redactor). It is what text read by a program gets (the CLI's --json), where defusing for
// a markdown renderer would corrupt data such as URLs.
func Redact(s string) string { return redact.Text(s) }
