package openai

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// bodyMessage finds the message in the error shapes compatible servers send:
// {"error":{"type","message"}} (OpenAI, Gemini, llama.cpp, whose code is a number),
// {"error":"text"} (Ollama) and {"object":"error","type","message"} (vLLM).
func bodyMessage(text string) string {
	if first, ok := listed(text); ok {
		return bodyMessage(first) // Gemini wraps its error object in a list
	}
	var body struct {
		Error   json.RawMessage `json:"error"`
		Type    string          `json:"type"`
		Message string          `json:"message"`
	}
	if json.Unmarshal([]byte(text), &body) != nil {
		return ""
	}
	var nested struct{ Type, Status, Message string }
	if json.Unmarshal(body.Error, &nested) == nil && nested.Message != "" {
		if nested.Type == "" {
			nested.Type = nested.Status // Google's RESOURCE_EXHAUSTED, INVALID_ARGUMENT, …
		}
		return httpvendor.Join(nested.Type, nested.Message)
	}
	var flat string
	if json.Unmarshal(body.Error, &flat) == nil && flat != "" {
		return flat
	}
	if body.Message != "" {
		return httpvendor.Join(body.Type, body.Message)
	}
	return ""
}

// listed returns the first element of a JSON list body, as Gemini's OpenAI-compatible
// endpoint sends its errors ([{"error":{…}}]).
func listed(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "[") {
		return "", false
	}
	var items []json.RawMessage
	if json.Unmarshal([]byte(t), &items) != nil || len(items) == 0 {
		return "", false
	}
	return string(items[0]), true
}

// retryDelay is the wait Google asks for in an error body (google.rpc.RetryInfo's retryDelay,
// "28s"), listed or not; zero when there is none.
func retryDelay(text string) time.Duration {
	if first, ok := listed(text); ok {
		text = first
	}
	var body struct {
		Error struct {
			Details []struct {
				RetryDelay string `json:"retryDelay"`
			} `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(text), &body) != nil {
		return 0
	}
	for _, d := range body.Error.Details {
		if v, err := time.ParseDuration(d.RetryDelay); err == nil && v > 0 {
			return v
		}
	}
	return 0
}
