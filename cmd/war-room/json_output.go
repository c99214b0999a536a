package main

import (
	"encoding/json"
	"fmt"

	"github.com/war-room/war-room/internal/safetext"
)

// printJSON writes v as indented JSON: every --json output goes through it. A script may post
// that output anywhere, so token-shaped secrets are redacted (safetext.Redact); nothing else
// changes, since defusing for a markdown renderer would corrupt data such as URLs.
func printJSON(e *env, v any) error {
	raw, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode JSON: %w", err)
	}
	_, err = fmt.Fprintln(e.stdout, safetext.Redact(string(raw)))
	return err
}
