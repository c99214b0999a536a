package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// codexEvent is one line of `codex exec --json`. Only the fields used are declared.
type codexEvent struct {
	Type string `json:"type"`
	Item struct {
		Type     string `json:"type"`
		ItemType string `json:"item_type"` // name used by early versions
		Text     string `json:"text"`
	} `json:"item"`
	Usage struct {
		InputTokens       int64 `json:"input_tokens"`
		CachedInputTokens int64 `json:"cached_input_tokens"`
		OutputTokens      int64 `json:"output_tokens"`
	} `json:"usage"`
	Error struct {
		Message string `json:"message"`
	} `json:"error"`
	Message string `json:"message"`
}

// parseCodex takes the last agent message as the answer and sums turn usage. OpenAI counts
// cached tokens inside input_tokens; they are moved to CacheReadTokens so Total is not doubled.
// Codex reports no model name and no distinguishable refusal, so neither is detected.
func parseCodex(stdout []byte) (provider.Response, error) {
	var (
		resp            provider.Response
		events          int
		failed, lastErr string
		haveText        bool
	)
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(make([]byte, 0, 64<<10), maxOutput)
	for sc.Scan() {
		var ev codexEvent
		if line := bytes.TrimSpace(sc.Bytes()); len(line) == 0 || json.Unmarshal(line, &ev) != nil || ev.Type == "" {
			continue
		}
		events++
		switch ev.Type {
		case "item.completed":
			if ev.Item.Type == "agent_message" || ev.Item.ItemType == "assistant_message" {
				resp.Text, haveText = ev.Item.Text, true
			}
		case "turn.completed":
			u := ev.Usage
			resp.Usage = resp.Usage.Add(provider.Usage{InputTokens: max(u.InputTokens-u.CachedInputTokens, 0),
				OutputTokens: u.OutputTokens, CacheReadTokens: u.CachedInputTokens})
		case "turn.failed":
			failed = ev.Error.Message
		case "error":
			lastErr = ev.Message
		}
	}
	switch {
	case sc.Err() != nil:
		return provider.Response{}, transportErr("read events: %v", sc.Err())
	case events == 0 && len(bytes.TrimSpace(stdout)) == 0:
		return provider.Response{}, transportErr("%v", errEmpty)
	case events == 0:
		return provider.Response{}, transportErr("malformed JSON output: no events")
	case failed != "":
		return provider.Response{}, transportErr("turn failed: %s", excerpt(failed))
	case !haveText || strings.TrimSpace(resp.Text) == "":
		return provider.Response{}, transportErr("no agent message%s", errSuffix(lastErr))
	}
	return resp, nil
}

func errSuffix(msg string) string {
	if msg == "" {
		return ""
	}
	return ": " + excerpt(msg)
}
