package script

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/war-room/war-room/engine/provider"
	"gopkg.in/yaml.v3"
)

// fileScript mirrors Script for YAML: provider.Usage carries JSON tags only, and yaml.v3 would
// otherwise expect keys like "inputtokens".
type fileScript struct {
	Responses []fileResponse `yaml:"responses"`
	Default   *fileResponse  `yaml:"default"`
	Latency   time.Duration  `yaml:"latency"`
}

type fileResponse struct {
	Role    string        `yaml:"role"`
	Index   *int          `yaml:"index"`
	Match   string        `yaml:"match"`
	Text    string        `yaml:"text"`
	Error   string        `yaml:"error"`
	Latency time.Duration `yaml:"latency"`
	Usage   struct {
		InputTokens      int64 `yaml:"input_tokens"`
		OutputTokens     int64 `yaml:"output_tokens"`
		CacheReadTokens  int64 `yaml:"cache_read_tokens"`
		CacheWriteTokens int64 `yaml:"cache_write_tokens"`
		ThinkingTokens   int64 `yaml:"thinking_tokens"`
	} `yaml:"usage"`
}

func (f fileResponse) response() Response {
	return Response{Role: f.Role, Index: f.Index, Match: f.Match, Text: f.Text, Error: f.Error,
		Latency: f.Latency, Usage: provider.Usage(f.Usage)}
}

// Load reads a Script from a YAML file. Unknown keys are errors, reported with the file name
// and line, and so is any defect New would otherwise defer to call time.
func Load(path string) (*Provider, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load script: %w", err)
	}
	var f fileScript
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := Script{Latency: f.Latency}
	for _, r := range f.Responses {
		s.Responses = append(s.Responses, r.response())
	}
	if f.Default != nil {
		d := f.Default.response()
		s.Default = &d
	}
	p := New(s)
	if p.err != nil {
		return nil, fmt.Errorf("%s: %w", path, p.err)
	}
	return p, nil
}
