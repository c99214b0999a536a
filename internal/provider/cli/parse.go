package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/war-room/war-room/engine/provider"
)

var errEmpty = errors.New("empty output")

// decodeObject decodes the JSON object that makes up stdout. Some CLI versions print a log line
// (for example about cached credentials) before it, so when the whole does not decode, the
// first line-leading '{' from which the rest decodes is used.
func decodeObject(stdout []byte, v any) error {
	b := bytes.TrimSpace(stdout)
	if len(b) == 0 {
		return errEmpty
	}
	err := json.Unmarshal(b, v)
	if err == nil {
		return nil
	}
	for i := 1; i < len(b); i++ {
		if b[i] == '{' && b[i-1] == '\n' && json.Unmarshal(b[i:], v) == nil {
			return nil
		}
	}
	return fmt.Errorf("malformed JSON output: %w", err)
}

func transportErr(format string, args ...any) error {
	return provider.Errorf(provider.ClassTransport, 0, format, args...)
}

// excerpt shortens a CLI's own error text for an error message.
func excerpt(s string) string {
	const n = 200
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// busiest returns the key whose value is largest, ties broken by name, "" for an empty map.
// CLIs may call a small helper model besides the main one; the main one writes the most.
func busiest(weights map[string]int64) string {
	names := make([]string, 0, len(weights))
	for n := range weights {
		names = append(names, n)
	}
	sort.Strings(names)
	best := ""
	for _, n := range names {
		if best == "" || weights[n] > weights[best] {
			best = n
		}
	}
	return best
}
