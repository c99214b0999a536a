package main

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

//go:embed testdata/*.yaml
var scripts embed.FS

// fiveVendors are the profiles of a panel of five families, as a team with one key per vendor
// would configure them.
var fiveVendors = [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}, {"gemini", "google"}, {"qwen", "qwen"}, {"glm", "zhipu"}}

// oneVendor is a panel on a single profile, every seat on it.
var oneVendor = [][2]string{{"claude", "anthropic"}}

// panel is a configuration of scripted profiles answering from one of testdata's scripts.
type panel struct {
	script   string
	profiles [][2]string
	latency  time.Duration
	// vendor, when set, is the base URL of an HTTP vendor stand-in every profile calls through
	// the OpenAI adapter instead of the script provider.
	vendor string
}

// benchKeyEnv names the API key variable of the stand-in's profiles.
const benchKeyEnv = "WAR_ROOM_BENCH_KEY"

// write puts the configuration and its script into dir and returns the configuration's path.
// Every profile takes the defaults (max_concurrency included): the figures are about the
// default configuration.
func (p panel) write(dir string) (string, error) {
	body, err := scripts.ReadFile("testdata/" + p.script)
	if err != nil {
		return "", err
	}
	script := filepath.Join(dir, p.script)
	text := fmt.Sprintf("latency: %s\n%s", p.latency, body)
	if err := os.WriteFile(script, []byte(text), 0o600); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, v := range p.profiles {
		if p.vendor != "" {
			fmt.Fprintf(&b, "  %s: {type: openai, family: %s, model: %s-model, base_url: %q, api_key_env: %s}\n", v[0], v[1], v[0], p.vendor, benchKeyEnv)
			continue
		}
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n", v[0], v[1], v[0], script)
	}
	cfg := filepath.Join(dir, "war-room.yml")
	return cfg, os.WriteFile(cfg, []byte(b.String()), 0o600)
}
