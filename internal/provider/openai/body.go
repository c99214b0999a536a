package openai

import (
	"encoding/json"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// bodyMessage finds the message in the error shapes compatible servers send:
// {"error":{"type","message"}} (OpenAI, Gemini, llama.cpp, whose code is a number),
// {"error":"text"} (Ollama) and {"object":"error","type","message"} (vLLM).
func bodyMessage(text string) string {
	var body struct {
		Error   json.RawMessage `json:"error"`
		Type    string          `json:"type"`
		Message string          `json:"message"`
	}
	if json.Unmarshal([]byte(text), &body) != nil {
		return ""
	}
	var nested struct{ Type, Message string }
	if json.Unmarshal(body.Error, &nested) == nil && nested.Message != "" {
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
