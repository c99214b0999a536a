// Package demo is war-room's built-in simulated panel: scripted answers for one example
// question per protocol, given by profiles of five simulated families, so that a newcomer can
// watch a whole deliberation — the protocol, the engine, the store, the card and the record —
// before configuring any vendor. Nothing here calls a model, and everything it produces is
// marked scripted in the ledger and the record.
package demo

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

//go:embed panel/*.yaml
var panel embed.FS

// examples are each protocol's example question, the one its script answers, and the flags
// the demo sets (the standing team's --go: nobody is there to confirm a scripted roster).
var examples = map[string]struct {
	script, question string
	flags            map[string]string
}{
	"reason":   {"reason.yaml", "Should the job queue stay in PostgreSQL, or move to Redis?", nil},
	"war-room": {"war-room.yaml", "Should the App move its session state from SQLite to PostgreSQL before we run a second replica?", nil},
	"council":  {"council.yaml", "Should the billing service move from cron jobs to a message queue?", map[string]string{"go": "true"}},
}

// Flags are the protocol's flags the demo sets whatever was given.
func Flags(protocol string) map[string]string { return examples[protocol].flags }

// Banner says what the demo is, for the top of its output.
const Banner = "war-room demo: a built-in panel of five simulated families answers from a script. " +
	"No model is called; the ledger and the record mark every answer as scripted."

// Question is the example question the demo's script answers for protocol; ok is false for
// a protocol with no demo.
func Question(protocol string) (string, bool) {
	ex, ok := examples[protocol]
	return ex.question, ok
}

// Script is the demo's scripted answers for protocol.
func Script(protocol string) ([]byte, error) {
	ex, ok := examples[protocol]
	if !ok {
		return nil, fmt.Errorf("war-room has no demo of protocol %q", protocol)
	}
	return panel.ReadFile("panel/" + ex.script)
}

// families are the simulated panel's profiles and families.
var families = [][2]string{{"sim-claude", "sim-anthropic"}, {"sim-gpt", "sim-openai"}, {"sim-gemini", "sim-google"},
	{"sim-qwen", "sim-qwen"}, {"sim-glm", "sim-zhipu"}}

// Config writes protocol's script and a configuration of the simulated panel into dir and
// returns the configuration's path, for the loader every command uses.
func Config(dir, protocol string) (string, error) {
	script, err := Script(protocol)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	responses := filepath.Join(dir, protocol+"-panel.yaml")
	if err := os.WriteFile(responses, script, 0o600); err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	var b strings.Builder
	b.WriteString("# war-room's built-in simulated panel (war-room --demo): scripted, not models.\nversion: 1\nproviders:\n")
	for _, f := range families {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: simulated, responses: %q}\n", f[0], f[1], responses)
	}
	b.WriteString("protocols:\n  war_room:\n    timeouts: {expert: 5s, synthesis: 5s}\n")
	path := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return "", fmt.Errorf("demo: %w", err)
	}
	return path, nil
}
